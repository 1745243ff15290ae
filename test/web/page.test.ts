/**
 * The web page in a real browser: Debian's Chromium driven by playwright-core (test/web/harness.ts
 * builds and serves the page). The main journeys: find, play back, export, share, play, teach,
 * import, big boards.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { XMLValidator } from "fast-xml-parser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTourJson } from "../../src/core/index.js";
import { Board, formatTourJson, solve, TeachingReplay, validateTour } from "../../src/index.js";
import { traceWindow } from "../../src/play/index.js";
import {
  clickCell,
  Harness,
  OUTPUT,
  type PageState,
  runAndWait,
  setBoard,
  stateOf,
  tourOf,
} from "./harness.js";

const h = new Harness();
const metrics: Record<string, unknown> = {};
/**
 * The page on 8×8 by default, by a link: a first visit (no link) opens on a tour being drawn,
 * which features.test.ts checks; here it would only animate beside each test.
 */
const open = (hash = "#b=8x8", viewport = { width: 1280, height: 900 }): Promise<Page> =>
  h.open(hash, viewport);

function validated(json: unknown, closed: boolean): ReturnType<typeof parseTourJson> {
  const tour = parseTourJson(JSON.stringify(json));
  const verdict = validateTour(tour.board, tour.path, { closed });
  expect(verdict.valid, verdict.valid ? "" : verdict.message).toBe(true);
  return tour;
}

// The build and the browser's start-up: minutes on a loaded machine.
beforeAll(() => h.start(), 300_000);

afterAll(async () => {
  await h.stop();
  if (Object.keys(metrics).length > 0) {
    writeFileSync(join(OUTPUT, "web-metrics.json"), `${JSON.stringify(metrics, null, 2)}\n`);
  }
});

describe("the web page", () => {
  it("finds a closed 8×8 tour in the worker; the tour read back from the page is valid", async () => {
    const page = await open();
    await page.check("#closed");
    expect(await runAndWait(page)).toBe("found");
    const tour = validated(await tourOf(page), true);
    expect([tour.board.rows, tour.board.cols, tour.closed]).toEqual([8, 8, true]);
    expect(await page.textContent("#message")).toMatch(/a closed tour of 8×8/);
    await page.screenshot({ path: join(OUTPUT, "web-8x8-closed.png") });

    // Playback: keyboard steps, scrub, play (the keys work anywhere but on the board, where
    // arrow keys move the cursor).
    await page.focus("#play");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect((await stateOf(page)).step).toBe(2);
    await page.keyboard.press("ArrowLeft");
    expect((await stateOf(page)).step).toBe(1);
    await page.keyboard.press(" ");
    expect((await stateOf(page)).playing).toBe(true);
    await page.waitForFunction(
      () => Number(document.querySelector<HTMLCanvasElement>("#board")!.dataset.step) > 3,
    );
    await page.keyboard.press(" ");
    expect((await stateOf(page)).playing).toBe(false);
    await page.locator("#scrub").fill("30");
    expect((await stateOf(page)).step).toBe(30);
    await page.screenshot({ path: join(OUTPUT, "web-8x8-step30.png") });

    // Exports: the SVG holds the same tour as one polyline; the JSON is the tour itself.
    const [svgDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.click("#export-svg"),
    ]);
    const svg = readFileSync(await svgDownload.path(), "utf8");
    expect(XMLValidator.validate(svg)).toBe(true);
    const points = /<polyline[^>]* points="([^"]+)"/.exec(svg)![1]!.split(" ");
    expect(
      points.map((p) =>
        p
          .split(",")
          .map((v) => Number(v) - 0.5)
          .reverse(),
      ),
    ).toEqual(((await tourOf(page)) as { path: number[][] }).path);
    const [jsonDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.click("#export-json"),
    ]);
    expect(JSON.parse(readFileSync(await jsonDownload.path(), "utf8"))).toEqual(await tourOf(page));
    const [pngDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.click("#export-png"),
    ]);
    expect(
      readFileSync(await pngDownload.path())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");

    // The address reproduces the view: same settings, same tour, same step.
    const link = page.url();
    expect(link).toContain("step=30");
    const again = await open(new URL(link).hash);
    await again.waitForFunction(
      () =>
        (window as unknown as { __knight: { state(): PageState } }).__knight.state().step === 30,
    );
    expect(await tourOf(again)).toEqual(await tourOf(page));
    await again.close();
    await page.close();
  });

  it("finds a tour unchanged by a half turn, and shows the statistics module's figures", async () => {
    const page = await open();
    await page.selectOption("#symmetry", "180");
    expect(await runAndWait(page)).toBe("found");
    const tour = validated(await tourOf(page), true);
    const { rows, cols } = tour.board;
    const edges = new Set<string>();
    const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
    const n = tour.path.length;
    for (let i = 0; i < n; i++) edges.add(key(tour.path[i]!, tour.path[(i + 1) % n]!));
    const turn = (cell: number) => rows * cols - 1 - cell; // (r, c) → (rows-1-r, cols-1-c)
    for (let i = 0; i < n; i++) {
      expect(edges.has(key(turn(tour.path[i]!), turn(tour.path[(i + 1) % n]!)))).toBe(true);
    }
    const stats = await page.textContent("#stats");
    expect(stats).toMatch(/Crossings/);
    expect(stats).toMatch(/Methodsymmetric search \(180°\)/);
    expect(stats).toMatch(/Symmetry.*rotate180/);
    await page.close();
  });

  it("says why an impossible board has no tour", async () => {
    const page = await open();
    await setBoard(page, 4, 4);
    await page.check("#closed");
    expect(await runAndWait(page)).toBe("impossible");
    const message = await page.textContent("#message");
    expect(message).toMatch(/No such tour/);
    expect(message!.length).toBeGreaterThan(30);
    await page.close();
  });

  it("asks for no animation frames at rest; Play runs the clock until the tour is drawn", async () => {
    const page = await open("#b=5x5");
    await page.evaluate(() => {
      const w = window as unknown as { frames: number; requestAnimationFrame: typeof rAF };
      const rAF = window.requestAnimationFrame.bind(window);
      w.frames = 0;
      w.requestAnimationFrame = (callback) => {
        w.frames++;
        return rAF(callback);
      };
    });
    /** The frames the page asks for in the next `ms`. */
    const framesIn = async (ms: number): Promise<number> => {
      await page.evaluate(() => {
        (window as unknown as { frames: number }).frames = 0;
      });
      // Absence can only be watched for a while: a running clock asks 60 times a second.
      await page.waitForTimeout(ms);
      return page.evaluate(() => (window as unknown as { frames: number }).frames);
    };
    expect(await framesIn(400)).toBe(0);
    expect(await runAndWait(page)).toBe("found");
    expect(await framesIn(400)).toBe(0);
    await page.locator("#speed").fill("45");
    await page.click("#play");
    expect((await stateOf(page)).playing).toBe(true);
    expect(await framesIn(300)).toBeGreaterThan(0);
    await page.waitForFunction(
      () => !(window as unknown as { __knight: { state(): PageState } }).__knight.state().playing,
    );
    expect(await framesIn(400)).toBe(0);
    await page.close();
  });

  it("stops a long search with Stop, showing progress meanwhile", async () => {
    const page = await open();
    await page.check("#closed");
    await page.selectOption("#method", "stack"); // the articles' fixed-order search: very slow on 8×8
    await page.click("#run");
    await page.waitForFunction(() =>
      /Searching… [\d,]+ nodes/.test(document.querySelector("#message")!.textContent ?? ""),
    );
    await page.click("#stop");
    expect((await stateOf(page)).status).toBe("stopped");
    expect(await page.textContent("#message")).toMatch(/stopped/);
    // The page is usable again: a quick search still works.
    await page.selectOption("#method", "auto");
    expect(await runAndWait(page)).toBe("found");
    validated(await tourOf(page), true);
    await page.close();
  });

  it("play mode: legal clicks move the knight, illegal ones are refused, undo works", async () => {
    const page = await open("#mode=play&b=5x5");
    await clickCell(page, 0, 0);
    await clickCell(page, 0, 1); // not a knight's move
    expect(await page.textContent("#message")).toMatch(/not a knight's move/);
    expect(await page.getAttribute("#board", "data-refused")).toBe("1");
    await clickCell(page, 1, 2);
    await clickCell(page, 0, 0); // visited
    expect(await page.textContent("#message")).toMatch(/already visited/);
    await clickCell(page, 2, 4);
    const played = (await tourOf(page)) as { path: number[][] };
    expect(played.path).toEqual([
      [0, 0],
      [1, 2],
      [2, 4],
    ]);
    await page.screenshot({ path: join(OUTPUT, "web-play.png") });
    // The link holds the moves.
    const again = await open(new URL(page.url()).hash);
    expect(await tourOf(again)).toEqual(played);
    await again.close();
    await page.click("#undo");
    expect(((await tourOf(page)) as { path: number[][] }).path).toHaveLength(2);
    expect((await stateOf(page)).game).toBe("playing");
    await page.close();
  });

  it("play mode: following a real tour ends with 'finished'", async () => {
    const result = solve(new Board(5, 5), {});
    const tour = result.tour!;
    const page = await open("#mode=play&b=5x5");
    for (const cell of tour.path) await clickCell(page, Math.floor(cell / 5), cell % 5);
    expect((await stateOf(page)).game).toBe("open-tour");
    expect(await page.textContent("#message")).toMatch(/open tour/);
    validated(await tourOf(page), false);
    await page.close();
  });

  it("teaching mode steps through the backtracking search", async () => {
    const page = await open("#mode=teach&b=5x5");
    for (let i = 0; i < 40; i++) await page.click("#teach-step");
    const stepped = (await stateOf(page)).teach!;
    expect(stepped.tried).toBeGreaterThan(10);
    expect(stepped.path).toBeGreaterThan(1);
    await page.screenshot({ path: join(OUTPUT, "web-teach.png") });
    // Watch at full speed until the search reaches a dead end and backtracks.
    await page.locator("#speed").fill("100");
    await page.click("#teach-run");
    await page.waitForFunction(
      () =>
        (window as unknown as { __knight: { state(): PageState } }).__knight.state().teach!
          .backtracks > 5,
    );
    await page.click("#teach-run");
    const watched = (await stateOf(page)).teach!;
    expect(watched.deadEnds).toBeGreaterThan(0);
    await page.close();
  });

  it("teaching mode plays the solver's own trace, window after window from the worker", async () => {
    // 45,000 events of the fixed-order search on 6×6 from a8: more than two of the worker's
    // windows. The page's counters must be the library's, replaying the same trace.
    const wanted = 45_000;
    const trace = traceWindow(new Board(6, 6), { start: 0 }, 0, wanted);
    expect(trace.events).toHaveLength(wanted);
    const replay = new TeachingReplay();
    for (const event of trace.events) replay.apply(event);
    const page = await open("#mode=teach&b=6x6");
    await page.evaluate(
      (n) =>
        (window as unknown as { __knight: { teachSteps(n: number): void } }).__knight.teachSteps(n),
      wanted,
    );
    await page.waitForFunction(
      (n) =>
        (window as unknown as { __knight: { state(): PageState } }).__knight.state().teach!
          .events === n,
      wanted,
      { timeout: 30_000 },
    );
    const teach = (await stateOf(page)).teach!;
    expect(teach).toEqual({
      path: replay.path.length,
      tried: replay.tried,
      deadEnds: replay.deadEnds,
      backtracks: replay.backtracks,
      done: false,
      events: wanted,
      // The solver's nodes: every square put on the path, the start included.
      nodes: replay.tried + replay.restarts + 1,
    });
    await page.close();
  });

  it("imports a tour JSON file", async () => {
    const result = solve(new Board(6, 7), { closed: true });
    const page = await open();
    await page.setInputFiles("#import", {
      name: "tour.json",
      mimeType: "application/json",
      buffer: Buffer.from(formatTourJson(result.tour!)),
    });
    await page.waitForFunction(() =>
      /Imported/.test(document.querySelector("#message")!.textContent ?? ""),
    );
    const tour = validated(await tourOf(page), true);
    expect(Array.from(tour.path)).toEqual(Array.from(result.tour!.path));
    expect(page.url()).toContain("p=");
    await page.close();
  });

  it("renders a 100×100 tour and plays it back; draws 200×200 quickly (figures in test-output)", async () => {
    const page = await open();
    await setBoard(page, 100, 100);
    expect(await runAndWait(page)).toBe("found");
    validated(await tourOf(page), false);
    await page.screenshot({ path: join(OUTPUT, "web-100x100.png") });
    const frames = (await page.evaluate(() =>
      (
        window as unknown as { __knight: { benchmarkPlayback(n: number): number[] } }
      ).__knight.benchmarkPlayback(240),
    )) as number[];
    frames.sort((a, b) => a - b);
    metrics.playback100 = {
      frames: frames.length,
      medianMs: frames[Math.floor(frames.length / 2)],
      p95Ms: frames[Math.floor(frames.length * 0.95)],
      maxMs: frames.at(-1),
    };
    expect(frames).toHaveLength(240);
    // Real playback at the top speed (2000 moves/s): intervals between animation frames.
    await page.evaluate(() => {
      (
        window as unknown as { __knight: { metrics: { frameIntervals: number[] } } }
      ).__knight.metrics.frameIntervals.length = 0;
    });
    await page.locator("#speed").fill("100");
    await page.click("#first");
    await page.click("#play");
    // At least 11 frame intervals, however long a loaded machine takes to draw them.
    await page.waitForFunction(
      () =>
        (window as unknown as { __knight: { metrics: { frameIntervals: number[] } } }).__knight
          .metrics.frameIntervals.length > 10,
    );
    await page.click("#play");
    const intervals = (await page.evaluate(
      () =>
        (window as unknown as { __knight: { metrics: { frameIntervals: number[] } } }).__knight
          .metrics.frameIntervals,
    )) as number[];
    intervals.sort((a, b) => a - b);
    expect(intervals.length).toBeGreaterThan(10);
    metrics.playback100Intervals = {
      frames: intervals.length,
      medianMs: intervals[Math.floor(intervals.length / 2)],
      p95Ms: intervals[Math.floor(intervals.length * 0.95)],
    };

    await setBoard(page, 200, 200);
    expect(await runAndWait(page)).toBe("found");
    validated(await tourOf(page), false);
    metrics.resultToDrawn200Ms = await page.evaluate(
      () =>
        (window as unknown as { __knight: { metrics: { lastResultDrawMs: number } } }).__knight
          .metrics.lastResultDrawMs,
    );
    await page.screenshot({ path: join(OUTPUT, "web-200x200.png") });
    await page.close();
  });

  it("fits a phone screen without sideways scrolling", async () => {
    const page = await open("#b=8x8&closed=1&run=1", { width: 390, height: 844 });
    await page.waitForFunction(
      () => document.querySelector<HTMLCanvasElement>("#board")!.dataset.status === "found",
    );
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      canvas: document.querySelector("#board")!.getBoundingClientRect().width,
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.canvas).toBeGreaterThan(250);
    await page.screenshot({ path: join(OUTPUT, "web-phone.png"), fullPage: true });
    await page.close();
  });

  it("logged no console errors", () => {
    expect(h.consoleErrors).toEqual([]);
  });
});
