// The web page (web/): its bundle as Vite builds it for `knight serve`, and how soon a first
// visit shows a tour. The timed figure is the Vite build of the page; the sizes (every file the
// page loads: HTML, CSS, the main script and the worker, minified, and gzipped with node:zlib at
// its default level) go to the report's "Package size" table; the note gives the time from
// navigation to the first tour on the canvas (the page's `knight:first-tour` performance mark,
// set in the frame after the tour is drawn), over several loads in Chromium.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { build } from "vite";
import { startStaticServer } from "../../dist/cli/commands/serve.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LOADS = 7;

async function buildPage(outDir) {
  await build({
    configFile: join(root, "web/vite.config.ts"),
    logLevel: "error",
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

/** Bytes of every file the page loads (no source maps), raw and gzipped. */
function pageSizes(dir) {
  let minifiedBytes = 0;
  let gzipBytes = 0;
  const files = [
    join(dir, "index.html"),
    ...readdirSync(join(dir, "assets")).map((f) => join(dir, "assets", f)),
  ];
  for (const file of files) {
    if (file.endsWith(".map")) continue;
    const bytes = readFileSync(file);
    minifiedBytes += bytes.length;
    gzipBytes += gzipSync(bytes).length;
  }
  return { minifiedBytes, gzipBytes };
}

/** Milliseconds from navigation to the first tour, for each of `LOADS` fresh page loads. */
async function firstTourTimes(dir) {
  if (!existsSync(CHROMIUM)) return null;
  const server = await startStaticServer(dir, 0);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  const times = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(server.url);
      await page.waitForFunction(
        () => performance.getEntriesByName("knight:first-tour").length > 0,
      );
      times.push(
        await page.evaluate(() => performance.getEntriesByName("knight:first-tour")[0].startTime),
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return times.sort((a, b) => a - b);
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

export default [
  {
    group: "web page",
    name: "Vite build of the page (web/dist)",
    iterations: 3,
    setup: async () => {
      const dir = mkdtempSync(join(tmpdir(), "knight-web-bench-"));
      await buildPage(dir);
      const sizes = pageSizes(dir);
      const times = await firstTourTimes(dir);
      rmSync(dir, { recursive: true, force: true });
      return { sizes, times, scratch: mkdtempSync(join(tmpdir(), "knight-web-bench-")) };
    },
    fn: (state) => buildPage(state.scratch),
    note: ({ sizes, times }) =>
      `build time; page ${kB(sizes.minifiedBytes)} minified, ${kB(sizes.gzipBytes)} gzipped; ${
        times === null
          ? "no Chromium for the first-tour time"
          : `first tour on screen ${times[Math.floor(times.length / 2)].toFixed(0)} ms after navigation (median of ${times.length} loads, max ${times.at(-1).toFixed(0)} ms)`
      }`,
    sizes: (state) => state.sizes,
  },
];
