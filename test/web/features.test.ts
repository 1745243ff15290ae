/**
 * What the page offers beyond finding a tour, in a real Chromium (see harness.ts): the tour on
 * first sight, teaching with narration and the CLI's counters, counting, the gallery, charts;
 * and for every mode, at 1280×800 and 390×844: the primary controls on the first screen,
 * axe-core's verdict (a sample here, the whole matrix in test/long/web-matrix.test.ts),
 * keyboard-only use, screenshots in test-output/.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTourJson } from "../../src/core/index.js";
import { Board, solve, tourStats, validateTour } from "../../src/index.js";
import { teachingSolveOptions } from "../../src/play/index.js";
import { Harness, messageOf, OUTPUT, type PageState, stateOf, tourOf } from "./harness.js";
import { walkMatrix } from "./layout-matrix.js";

const h = new Harness();
// The build and the browser's start-up: minutes on a loaded machine.
beforeAll(() => h.start(), 300_000);
afterAll(() => h.stop());

function validTour(json: unknown, closed: boolean) {
  const tour = parseTourJson(JSON.stringify(json));
  const verdict = validateTour(tour.board, tour.path, { closed });
  expect(verdict.valid, verdict.valid ? "" : verdict.message).toBe(true);
  return tour;
}

describe("the page beyond the search", () => {
  it("opens on a closed 8×8 tour being drawn", async () => {
    const page = await h.open("");
    const first = await stateOf(page);
    expect(first.status).toBe("found");
    expect(first.playing).toBe(true);
    await page.waitForFunction(
      () => Number(document.querySelector<HTMLCanvasElement>("#board")!.dataset.step) > 3,
    );
    const tour = validTour(await tourOf(page), true);
    expect([tour.board.rows, tour.board.cols]).toEqual([8, 8]);
    expect(await messageOf(page)).toMatch(/closed knight's tour/);
    // The performance mark the benchmark reads.
    const marks = await page.evaluate(
      () => performance.getEntriesByName("knight:first-tour").length,
    );
    expect(marks).toBe(1);
    await page.screenshot({ path: join(OUTPUT, "web-first-sight.png") });
    await page.close();
  });

  it("teach mode narrates each step, and its counters are the solver's (the CLI's)", async () => {
    const page = await h.open("#mode=teach");
    for (let i = 0; i < 3; i++) await page.click("#teach-step");
    await page.waitForFunction(() =>
      /Move 2: .*Warnsdorff's rule/.test(document.querySelector("#message")!.textContent!),
    );
    await page.screenshot({ path: join(OUTPUT, "web-teach-narration.png") });
    // Run to the end: the figures must be those of the same search run by solve() (as
    // `knight tour 5x5 --start a5 --method backtrack --stats` does).
    const expected = solve(new Board(5, 5), teachingSolveOptions({ start: 0 }));
    await page.evaluate(() =>
      (window as unknown as { __knight: { teachSteps(n: number): void } }).__knight.teachSteps(
        100_000,
      ),
    );
    await page.waitForFunction(
      () =>
        (window as unknown as { __knight: { state(): PageState } }).__knight.state().teach?.done,
    );
    const teach = (await stateOf(page)).teach!;
    expect(teach.nodes).toBe(expected.stats.nodes);
    expect(teach.backtracks).toBe(expected.stats.backtracks);
    const message = await messageOf(page);
    expect(message).toContain(`${expected.stats.nodes.toLocaleString("en")} nodes`);
    expect(message).toContain("knight tour 5x5 --start a5 --method backtrack --stats");
    await page.close();
  });

  it("answers 0 at once from a theorem where no tour exists (7×7 closed), as knight count", async () => {
    const page = await h.open("#mode=count&b=7x7");
    await page.check("#count-closed");
    await page.click("#count-run");
    await page.waitForFunction(
      () => document.querySelector<HTMLCanvasElement>("#board")!.dataset.count === "done",
      undefined,
      { timeout: 5000 },
    );
    expect(await messageOf(page)).toMatch(
      /7×7 has no closed tours: a closed tour alternates colours/,
    );
    expect(await page.textContent("#stats")).toMatch(/Tours0/);
    await page.close();
  });

  it("counts 6×8's closed tours by the frontier sweep in its worker (WebAssembly there), as knight count", async () => {
    const page = await h.open("#mode=count&b=6x8");
    await page.check("#count-closed");
    await page.click("#count-run");
    await page.waitForFunction(
      () => document.querySelector<HTMLCanvasElement>("#board")!.dataset.count === "done",
      undefined,
      { timeout: 60_000 },
    );
    expect(await messageOf(page)).toMatch(/6×8 has 55,488,142 closed tours/);
    expect(await page.textContent("#stats")).toMatch(/Enginefrontier/);
    await page.close();
  });

  it("counts the closed tours of 6×6 in a worker, and Stop ends a long count", async () => {
    const page = await h.open("#mode=count");
    expect((await stateOf(page)).rows).toBe(6);
    await page.click("#count-run");
    await page.waitForFunction(
      () => document.querySelector<HTMLCanvasElement>("#board")!.dataset.count === "done",
      undefined,
      { timeout: 60_000 },
    );
    expect(await messageOf(page)).toMatch(/6×6 has 9,862 closed tours/);
    expect(await page.textContent("#stats")).toMatch(/Tours9,862/);
    // The engine `knight count 6 --closed` takes by default.
    expect(await page.textContent("#stats")).toMatch(/Enginecensus/);
    await page.screenshot({ path: join(OUTPUT, "web-count.png") });
    // Open tours of 6×6 take seconds: progress shows, and Stop stops.
    await page.uncheck("#count-closed");
    await page.click("#count-run");
    await page.waitForFunction(() =>
      /Counting/.test(document.querySelector("#message")!.textContent!),
    );
    await page.click("#count-stop");
    expect(await page.getAttribute("#board", "data-count")).toBe("stopped");
    expect(await messageOf(page)).toMatch(/stopped/);
    expect(await page.isDisabled("#count-run")).toBe(false);
    // The census of 6×6: every closed tour visited, its statistics charted.
    await page.click("#census-run");
    await page.waitForFunction(
      () => document.querySelector<HTMLCanvasElement>("#board")!.dataset.count === "census",
      undefined,
      { timeout: 60_000 },
    );
    expect(await messageOf(page)).toMatch(/9,862 closed tours of 6×6/);
    const charts = await page.$$eval("#charts svg", (svgs) =>
      svgs.map((s) => s.getAttribute("aria-label")),
    );
    expect(charts).toHaveLength(6);
    // The census's histogram of obtuse turns (180° included) on 6×6 starts at 9 turns, in 8 tours.
    expect(charts[1]).toMatch(
      /^Obtuse turns \(over 90°, straight passes included\) over the 9,862 tours: 9 8, 10 132/,
    );
    await page.screenshot({ path: join(OUTPUT, "web-census.png") });
    await page.close();
  });

  it("the gallery: every exhibit is checked by the library as it is shown", async () => {
    const page = await h.open("#mode=gallery");
    const items = await page.$$eval("#gallery button", (buttons) =>
      buttons.map((b) => (b as HTMLButtonElement).dataset.item!),
    );
    expect(items).toEqual([
      "adli",
      "half-turn",
      "quarter-turn",
      "fewest-obtuse",
      "dead-end",
      "huge",
    ]);
    for (const item of items) {
      await page.click(`#gallery button[data-item='${item}']`);
      await page.waitForFunction(
        (id) => document.querySelector<HTMLCanvasElement>("#board")!.dataset.item === id,
        item,
      );
      const json = await tourOf(page);
      if (item === "dead-end") {
        const walk = parseTourJson(JSON.stringify(json));
        expect(walk.path.length).toBe(60);
        expect(await messageOf(page)).toMatch(/stuck after 60 of 64/);
        continue;
      }
      const tour = validTour(json, true);
      const stats = tourStats(tour);
      const turns = stats.symmetries.map((s) => s.transform);
      if (item === "half-turn") expect(turns).toContain("rotate180");
      if (item === "quarter-turn") expect(turns).toContain("rotate90");
      if (item === "fewest-obtuse") {
        // Knuth's tour: 4 obtuse turns with straight passes counted, invariant under a half turn.
        expect([stats.angles.obtuse, stats.angles.straight]).toEqual([4, 0]);
        expect(turns).toContain("rotate180");
      }
      if (item === "huge") {
        expect(tour.board.cells).toBe(40_000);
        // Zoomed in: the canvas shows a window of the board, not all 200 columns.
        expect(await page.isChecked("#zoom")).toBe(true);
        const cellSize = Number(await page.getAttribute("#board", "data-cell-size"));
        expect(cellSize).toBeGreaterThan(15);
        // Its statistics come from a Web Worker, then the charts.
        await page.waitForFunction(() =>
          /Crossings[\d,]+;/.test(document.querySelector("#stats")!.textContent!),
        );
        expect(await page.$$eval("#charts svg", (svgs) => svgs.length)).toBe(2);
        await page.screenshot({ path: join(OUTPUT, "web-gallery-huge-zoomed.png") });
        await page.uncheck("#zoom");
        expect(Number(await page.getAttribute("#board", "data-cell-size"))).toBeLessThan(5);
      }
      if (item === "adli") expect(tour.path[0]).toBe(7); // step 1 is h8 in the grid
      if (item !== "huge") await page.screenshot({ path: join(OUTPUT, `web-gallery-${item}.png`) });
    }
    expect(page.url()).toContain("item=huge");
    await page.close();
  });

  it("charts the shown tour's turns and slopes; crossings and tarnish over the board", async () => {
    const page = await h.open("#b=8x8&closed=1&run=1");
    await page.waitForFunction(
      () => document.querySelector<HTMLCanvasElement>("#board")!.dataset.status === "found",
    );
    const labels = await page.$$eval("#charts svg", (svgs) =>
      svgs.map((s) => s.getAttribute("aria-label")),
    );
    expect(labels).toHaveLength(2);
    expect(labels[0]).toMatch(/^Turn angles: 36.9° \d+/);
    expect(labels[1]).toMatch(/^Move slopes: 2 \d+/);
    await page.check("#show-crossings");
    await page.check("#show-tarnish");
    await page.screenshot({ path: join(OUTPUT, "web-crossings-tarnish.png") });
    await page.close();
  });

  it("every mode at 1280×800 and 390×844: controls on the first screen; axe finds nothing serious on the desktop, nor in the dark", async () => {
    // A sample of the matrix (the whole of it, with screenshots, in test/long/web-matrix.test.ts):
    // each mode at both sizes; axe in the light scheme on the desktop, and in the dark one on
    // the search, whose colours the other modes share.
    await walkMatrix(h, {
      schemes: (mode, size) =>
        mode === "solve" && size === "desktop" ? ["light", "dark"] : ["light"],
      axe: ({ size, scheme, mode }) =>
        size === "desktop" && (scheme === "light" || mode === "solve"),
      screenshots: false,
    });
  });

  it("works from the keyboard alone, with the focus always visible", async () => {
    const page = await h.open("#b=5x5");
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { id: el.id, outline: style.outlineStyle, width: style.outlineWidth };
      });
    /** Tab until the element `id` has the focus (at most 40 presses). */
    const tabTo = async (id: string) => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Tab");
        const now = await focused();
        if (now.id === id) {
          expect(now.outline, `focus on #${id}`).not.toBe("none");
          return;
        }
      }
      throw new Error(`Tab never reached #${id}`);
    };
    await tabTo("mode-solve");
    await page.keyboard.press("ArrowRight");
    expect((await stateOf(page)).mode).toBe("teach");
    await page.keyboard.press("ArrowRight");
    expect((await stateOf(page)).mode).toBe("play");
    // Play a few moves with the board cursor: a1 (from a5, four down), then b3.
    await tabTo("board");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    expect(((await tourOf(page)) as { path: number[][] }).path).toEqual([
      [4, 0],
      [2, 1],
    ]);
    await tabTo("undo");
    await page.keyboard.press("Enter");
    expect(((await tourOf(page)) as { path: number[][] }).path).toHaveLength(1);
    // Back to the tabs (Shift+Tab) and on to Tour mode; find a tour with the keyboard.
    for (let i = 0; i < 40 && (await focused()).id !== "mode-play"; i++)
      await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Home");
    expect((await stateOf(page)).mode).toBe("solve");
    await tabTo("run");
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      () => document.querySelector<HTMLCanvasElement>("#board")!.dataset.status === "found",
    );
    await tabTo("play");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    expect((await stateOf(page)).step).toBe(1);
    await page.close();
  });

  it("logged no console errors", () => {
    expect(h.consoleErrors).toEqual([]);
  });
});
