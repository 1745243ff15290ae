/**
 * What the browser tests share: the page built by Vite once per test run (the first file to start
 * builds it; the others, running in parallel, wait for it), served by the same static server as
 * `knight serve`, one Chromium per file, pages opened with their console watched, and the page's
 * test hooks.
 * Needs /usr/bin/chromium (or CHROMIUM_PATH); .ci/run installs it with apt-get.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { build } from "vite";
import { type StaticServer, startStaticServer } from "../../src/cli/commands/serve.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const OUTPUT = join(ROOT, "test-output");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** How long a wait on the page or the browser may take on a loaded machine before it fails. */
export const LOADED_TIMEOUT_MS = 120_000;

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface PageState {
  mode: string;
  rows: number;
  cols: number;
  start: number;
  step: number;
  playing: boolean;
  cellSize: number;
  status: string;
  game: string | null;
  teachEnd: string;
  teach: {
    path: number;
    tried: number;
    deadEnds: number;
    backtracks: number;
    done: boolean;
    events: number;
    nodes: number;
  } | null;
}

/** Build the page with Vite into `outDir`. */
async function buildPage(outDir: string): Promise<void> {
  await build({
    configFile: join(ROOT, "web/vite.config.ts"),
    logLevel: "error",
    build: { outDir, emptyOutDir: true },
  });
}

/**
 * The page built once into `dist` for all the test files of a run (vitest.config.ts names the
 * folder): the file that takes the lock folder builds beside it and renames the build into
 * place, so the others never serve half a build; they wait for the folder, or for the failure
 * the builder left.
 */
async function buildOnce(dist: string): Promise<void> {
  const failed = `${dist}.failed`;
  try {
    mkdirSync(`${dist}.lock`);
  } catch {
    const until = Date.now() + LOADED_TIMEOUT_MS * 2;
    while (!existsSync(dist)) {
      if (existsSync(failed)) throw new Error(`the page's build failed: ${readFileSync(failed)}`);
      if (Date.now() > until) throw new Error(`no page build appeared at ${dist}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return;
  }
  try {
    await buildPage(`${dist}.building`);
    renameSync(`${dist}.building`, dist);
  } catch (error) {
    writeFileSync(failed, String(error));
    throw error;
  }
}

/** One browser and one server for a test file. */
export class Harness {
  browser!: Browser;
  /**
   * The one browser context the file's pages open in: a context per page cost about half a
   * second each (hundreds of pages a run), and the page keeps nothing in storage that one page
   * could leave for the next. Pages still share the HTTP cache, which spares reparsing the
   * bundle.
   */
  private context!: BrowserContext;
  server!: StaticServer;
  private dist = "";
  private ownDist = false;
  readonly consoleErrors: string[] = [];

  async start(): Promise<void> {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `the browser tests need Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`,
      );
    }
    mkdirSync(OUTPUT, { recursive: true });
    const shared = process.env.KNIGHT_TEST_WEB_DIST;
    if (shared) {
      await buildOnce(shared);
      this.dist = shared;
    } else {
      this.dist = mkdtempSync(join(tmpdir(), "knight-web-"));
      this.ownDist = true;
      await buildPage(this.dist);
    }
    this.server = await startStaticServer(this.dist, 0);
    // playwright gives every launch a fresh temporary profile (its --user-data-dir).
    this.browser = await chromium.launch({
      executablePath: CHROMIUM,
      // Start-up takes seconds, far longer on a loaded machine (two test runs side by side).
      timeout: LOADED_TIMEOUT_MS,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    this.context = await this.browser.newContext();
  }

  async stop(): Promise<void> {
    await this.browser?.close();
    await this.server?.close();
    if (this.ownDist) rmSync(this.dist, { recursive: true, force: true });
  }

  /** Open the page at `hash` and wait until it is ready. */
  async open(
    hash = "",
    viewport = DESKTOP,
    options: { colorScheme?: "light" | "dark" } = {},
  ): Promise<Page> {
    const page = await this.context.newPage();
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: options.colorScheme ?? "light" });
    // Generous waits, never fixed sleeps: a loaded machine is slow, not wrong.
    page.setDefaultTimeout(LOADED_TIMEOUT_MS);
    pollEvery50ms(page);
    page.on("console", (message) => {
      if (message.type() === "error") this.consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => this.consoleErrors.push(`${page.url()}: ${error.message}`));
    await page.goto(`${this.server.url}${hash}`);
    // Attached, not visible: Puzzle mode hides the canvas (its grid is a table).
    await page.waitForSelector("canvas#board[data-ready='1']", { state: "attached" });
    return page;
  }
}

/**
 * Playwright polls a waited-for function on every animation frame unless told otherwise, which
 * keeps the page producing frames for the whole wait: about a tenth of a core in Chromium,
 * while the page itself (test/web/page.test.ts checks) asks for no frames at rest. The tests
 * wait through searches and counts of seconds, so their waits poll every 50 ms instead.
 */
function pollEvery50ms(page: Page): void {
  const wait = page.waitForFunction.bind(page) as (...args: unknown[]) => unknown;
  page.waitForFunction = ((fn: unknown, arg?: unknown, options?: { polling?: number | "raf" }) =>
    wait(fn, arg, { polling: 50, ...options })) as Page["waitForFunction"];
}

export const stateOf = (page: Page): Promise<PageState> =>
  page.evaluate(() => (window as unknown as { __knight: { state(): PageState } }).__knight.state());

export const tourOf = (page: Page): Promise<unknown> =>
  page.evaluate(() => (window as unknown as { __knight: { tour(): unknown } }).__knight.tour());

export const messageOf = async (page: Page): Promise<string> =>
  (await page.textContent("#message")) ?? "";

export async function setBoard(page: Page, rows: number, cols: number): Promise<void> {
  await page.fill("#rows", String(rows));
  await page.dispatchEvent("#rows", "change");
  await page.fill("#cols", String(cols));
  await page.dispatchEvent("#cols", "change");
}

/** Wait until the board's data-status is no longer empty or "searching". */
export async function settled(page: Page): Promise<string> {
  await page.waitForFunction(
    () => {
      const s = document.querySelector<HTMLCanvasElement>("#board")!.dataset.status;
      return s !== undefined && s !== "" && s !== "searching";
    },
    undefined,
    { timeout: 60_000 },
  );
  return (await stateOf(page)).status;
}

export async function runAndWait(page: Page): Promise<string> {
  await page.click("#run");
  return settled(page);
}

/** Click the centre of cell (r, c) on the board canvas (the board starts after the rank labels). */
export async function clickCell(page: Page, r: number, c: number): Promise<void> {
  const box = (await page.locator("#board").boundingBox())!;
  const { left, cellSize } = await page.evaluate(() =>
    (
      window as unknown as { __knight: { geometry(): { left: number; cellSize: number } } }
    ).__knight.geometry(),
  );
  await page.mouse.click(box.x + left + (c + 0.5) * cellSize, box.y + (r + 0.5) * cellSize);
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** axe-core run inside the page: the serious and critical violations, as readable lines. */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window)))
    await page.addScriptTag({ content: AXE_SOURCE });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<unknown> } }).axe;
    const result = (await axe.run(document)) as { violations: unknown[]; passes: unknown[] };
    // An engine that checked nothing would find nothing: make sure it ran its rules.
    if (result.passes.length < 10) throw new Error(`axe ran only ${result.passes.length} rules`);
    return result.violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`,
    );
}

/** The parts of `selectors` that lie outside the first screen (their bottom below the window). */
export async function offScreen(page: Page, selectors: readonly string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const out: string[] = [];
    for (const selector of list) {
      const el = document.querySelector(selector);
      if (!el) {
        out.push(`${selector}: missing`);
        continue;
      }
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) out.push(`${selector}: not shown`);
      else if (box.bottom > window.innerHeight || box.right > window.innerWidth || box.top < 0)
        out.push(`${selector}: at ${Math.round(box.top)}–${Math.round(box.bottom)}`);
    }
    return out;
  }, selectors);
}
