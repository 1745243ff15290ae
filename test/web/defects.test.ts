/**
 * The defects a first trial of the page as a new user found, one test each (in a real Chromium;
 * see harness.ts).
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDuration, frontierSeconds, LONG_WORK_SECONDS } from "../../src/engines.js";
import { Board, formatBinaryTour, formatTourJson, solve } from "../../src/index.js";
import {
  clickCell,
  Harness,
  messageOf,
  OUTPUT,
  offScreen,
  PHONE,
  runAndWait,
  setBoard,
  settled,
  stateOf,
  tourOf,
} from "./harness.js";

const h = new Harness();
// The build and the browser's start-up: minutes on a loaded machine.
beforeAll(() => h.start(), 300_000);
afterAll(() => h.stop());

/** Pixels of the board canvas in a CSS-pixel rectangle, as [r, g, b] triples. */
async function pixels(
  page: Page,
  x: number,
  y: number,
  w: number,
  h: number,
): Promise<Array<[number, number, number]>> {
  return page.evaluate(
    ([x, y, w, h]) => {
      const canvas = document.querySelector<HTMLCanvasElement>("#board")!;
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      const data = canvas
        .getContext("2d")!
        .getImageData(
          Math.round(x! * scale),
          Math.round(y! * scale),
          Math.round(w! * scale),
          Math.round(h! * scale),
        ).data;
      const out: Array<[number, number, number]> = [];
      for (let i = 0; i < data.length; i += 4) out.push([data[i]!, data[i + 1]!, data[i + 2]!]);
      return out;
    },
    [x, y, w, h],
  );
}

const geometry = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { __knight: { geometry(): { left: number; cellSize: number } } }
    ).__knight.geometry(),
  );

describe("the defects of the first trial", () => {
  it("step numbers: no spike sticks out of the 4 (the halo has round joins)", async () => {
    const page = await h.open("#b=8x8");
    for (const n of [4, 14, 44]) {
      const halo = await page.evaluate(
        (n) =>
          (
            window as unknown as {
              __knight: { haloOutside(n: number, size: number): Record<string, number> };
            }
          ).__knight.haloOutside(n, 240),
        n,
      );
      const reach = Object.values(halo);
      // A round halo reaches as far on every side; a mitred one juts out at the 4's sharp corner.
      expect(Math.min(...reach), JSON.stringify(halo)).toBeGreaterThan(0);
      expect(Math.max(...reach) - Math.min(...reach), JSON.stringify(halo)).toBeLessThanOrEqual(
        Math.min(...reach) * 0.5 + 2,
      );
    }
    await page.close();
  });

  it("messages name the page's controls, not CLI flags; no bidirectional without an end cell", async () => {
    const page = await h.open("#b=6x6");
    const methods = await page.$$eval("#method option", (options) =>
      options.map((o) => (o as HTMLOptionElement).value),
    );
    expect(methods).not.toContain("bidirectional");
    expect(methods).toContain("neural");
    await page.uncheck("#closed");
    await page.selectOption("#method", "neural");
    await runAndWait(page);
    const message = await messageOf(page);
    expect(message).toMatch(/Closed tour/);
    expect(message).not.toMatch(/--[a-z]/);
    await page.close();
  });

  it("teach mode: 5×5 by default, narration replaces the instructions, the move order fits", async () => {
    const page = await h.open("#b=8x8");
    await page.click("#mode-teach");
    let state = await stateOf(page);
    expect([state.mode, state.rows, state.cols]).toEqual(["teach", 5, 5]);
    expect(await messageOf(page)).toMatch(/Press Watch/);
    await page.click("#teach-step");
    await page.click("#teach-step");
    await page.waitForFunction(() =>
      /Move 1/.test(document.querySelector("#message")!.textContent!),
    );
    await page.locator("#speed").fill("60");
    await page.click("#teach-run");
    await page.waitForFunction(
      () =>
        (
          window as unknown as { __knight: { state(): { teach: { events: number } } } }
        ).__knight.state().teach.events > 6,
    );
    expect(await messageOf(page)).not.toMatch(/Press Watch/);
    await page.click("#teach-run");
    // The move-order menu shows its whole choice.
    const fits = await page.$eval("#teach-order", (select) => {
      const s = select as HTMLSelectElement;
      const probe = document.createElement("span");
      probe.style.font = getComputedStyle(s).font;
      probe.style.whiteSpace = "nowrap";
      probe.textContent = s.selectedOptions[0]!.textContent;
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      return { text, box: s.clientWidth };
    });
    expect(fits.text + 20).toBeLessThanOrEqual(fits.box);
    // Back in Tour mode the 8×8 board is as it was.
    await page.click("#mode-solve");
    state = await stateOf(page);
    expect([state.rows, state.cols]).toEqual([8, 8]);
    await page.close();
  });

  it("a link that cannot be followed says so and why, and runs nothing", async () => {
    const page = await h.open("#b=300x300&run=1");
    expect(await messageOf(page)).toMatch(/could not be followed.*300×300.*200×200/);
    expect(await page.getAttribute("#board", "data-link")).toBe("invalid");
    expect((await stateOf(page)).status).toBe("");
    const other = await h.open("#b=8x8&s=z9");
    expect(await messageOf(other)).toMatch(/start square “z9” is not on the 8×8 board/);
    await other.close();
    await page.close();
  });

  it("play mode: the start line follows the game, no speed or space there, hints are badges", async () => {
    const page = await h.open("#mode=play&b=5x5");
    expect(await page.textContent("#start-label")).toMatch(/Start: not chosen yet/);
    expect(await page.isVisible("#speed")).toBe(false);
    expect(await page.textContent("#keys")).not.toMatch(/space/);
    await clickCell(page, 4, 0);
    expect(await page.textContent("#start-label")).toMatch(/Started at: a1/);
    await page.keyboard.press(" ");
    expect((await stateOf(page)).playing).toBe(false);
    // The hint on b3 (a knight's move from a1): the centre of the square holds no text (a
    // centred number is a step number); the badge sits in its top-right corner.
    const { left, cellSize } = await geometry(page);
    const x = left + 1 * cellSize;
    const y = 2 * cellSize;
    const dark = (p: [number, number, number]) => p[0] + p[1] + p[2] < 200;
    const centre = await pixels(
      page,
      x + cellSize * 0.25,
      y + cellSize * 0.45,
      cellSize * 0.3,
      cellSize * 0.3,
    );
    expect(centre.filter(dark)).toHaveLength(0);
    const corner = await pixels(page, x + cellSize * 0.6, y, cellSize * 0.4, cellSize * 0.4);
    expect(corner.filter(dark).length).toBeGreaterThan(10);
    await page.close();
  });

  it("a phone: Find a tour, its result, playback and play feedback on the first screen", async () => {
    const page = await h.open("#b=8x8&closed=1&run=1", PHONE);
    expect(await settled(page)).toBe("found");
    expect(
      await offScreen(page, ["#board", "#run", "#message", "#play", "#scrub", "#step-label"]),
    ).toEqual([]);
    // "64 / 64" on one line.
    const label = (await page.locator("#step-label").boundingBox())!;
    expect(label.height).toBeLessThan(30);
    expect(await page.textContent("#step-label")).toBe("64 / 64");
    await page.screenshot({ path: join(OUTPUT, "web-phone-found.png") });
    await page.click("#mode-play");
    await clickCell(page, 0, 0);
    await clickCell(page, 0, 1);
    expect(await messageOf(page)).toMatch(/not a knight's move/);
    expect(await offScreen(page, ["#message", "#undo", "#play-reset"])).toEqual([]);
    await page.screenshot({ path: join(OUTPUT, "web-phone-play.png") });
    await page.close();
  });

  it("import: the Closed box follows the tour, binary files are read or refused in words, PNG waits for a tour", async () => {
    const page = await h.open("#b=6x6");
    expect(await page.isDisabled("#export-png")).toBe(true);
    expect(await page.isDisabled("#export-svg")).toBe(true);
    await page.check("#closed");
    const open = solve(new Board(5, 5), {}).tour!;
    await page.setInputFiles("#import", {
      name: "open.json",
      mimeType: "application/json",
      buffer: Buffer.from(formatTourJson(open)),
    });
    await page.waitForFunction(() =>
      /Imported/.test(document.querySelector("#message")!.textContent!),
    );
    expect(await page.isChecked("#closed")).toBe(false);
    expect(page.url()).not.toContain("closed=1");
    expect(await page.isDisabled("#export-png")).toBe(false);
    await page.setInputFiles("#import", {
      name: "garbage.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from([0xff, 0xfe, 0x00, 0x81, 0xc3, 0x28, 0xa0, 0xa1]),
    });
    await page.waitForFunction(() =>
      /not UTF-8/.test(document.querySelector("#message")!.textContent!),
    );
    const closed = solve(new Board(6, 6), { closed: true }).tour!;
    await page.setInputFiles("#import", {
      name: "tour.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(formatBinaryTour(closed)),
    });
    await page.waitForFunction(() =>
      /Imported a closed/.test(document.querySelector("#message")!.textContent!),
    );
    expect(((await tourOf(page)) as { rows: number }).rows).toBe(6);
    expect(await page.isChecked("#closed")).toBe(true);
    await page.close();
  });

  it("import reads JSON lines (enumerate's and sample's output): each tour checked, Next steps through them", async () => {
    const page = await h.open("#b=6x6");
    const board = new Board(5, 5);
    const tours = [0, 2, 4].map((start) => solve(board, { start }).tour!);
    const lines = tours.map((tour) => formatTourJson(tour));
    // Line 3 repeats a cell: it is named and skipped, the others are shown.
    const broken = JSON.stringify({
      rows: 5,
      cols: 5,
      closed: false,
      path: [
        [0, 0],
        [2, 1],
        [0, 0],
      ],
    });
    await page.setInputFiles("#import", {
      name: "tours.ndjson",
      mimeType: "application/x-ndjson",
      buffer: Buffer.from(`${lines[0]}\n${lines[1]}\n${broken}\n${lines[2]}\n`),
    });
    await page.waitForFunction(() =>
      /Imported tour 1 of 3/.test(document.querySelector("#message")!.textContent!),
    );
    expect(await messageOf(page)).toMatch(/Skipped 1 line .*line 3/);
    expect(await page.isVisible("#import-next")).toBe(true);
    const shown = async () => JSON.stringify(((await tourOf(page)) as { path: unknown }).path);
    const pathOf = (k: number) => JSON.stringify(JSON.parse(lines[k]!).path);
    expect(await shown()).toBe(pathOf(0));
    for (const k of [1, 2, 0]) {
      await page.click("#import-next");
      await page.waitForFunction(
        (n) =>
          new RegExp(`Imported tour ${n} of 3`).test(
            document.querySelector("#message")!.textContent!,
          ),
        k + 1,
      );
      expect(await shown()).toBe(pathOf(k));
    }
    // A file of lines none of which is a tour is refused, naming the first bad line.
    await page.setInputFiles("#import", {
      name: "bad.ndjson",
      mimeType: "application/x-ndjson",
      buffer: Buffer.from(`${broken}\n${broken}\n`),
    });
    await page.waitForFunction(() =>
      /No valid tour in bad.ndjson: line 1/.test(document.querySelector("#message")!.textContent!),
    );
    // A single tour hides the button again.
    await page.setInputFiles("#import", {
      name: "one.json",
      mimeType: "application/json",
      buffer: Buffer.from(lines[1]!),
    });
    await page.waitForFunction(() =>
      /^Imported an open tour of 5×5/.test(document.querySelector("#message")!.textContent!),
    );
    expect(await page.isVisible("#import-next")).toBe(false);
    await page.close();
  });

  it("statistics speak each method's language; a limit shows the partial path, numbers grouped", async () => {
    const page = await h.open("#b=40x40");
    await page.selectOption("#method", "construct");
    expect(await runAndWait(page)).toBe("found");
    const stats = (await page.textContent("#stats"))!;
    expect(stats).toMatch(/construction/);
    expect(stats).not.toMatch(/Search nodes/);
    expect(stats).toMatch(/Sourcefound on this page/);

    await setBoard(page, 6, 6);
    await page.check("#closed");
    await page.selectOption("#method", "neural");
    expect(await runAndWait(page)).toBe("found");
    const neural = (await page.textContent("#stats"))!;
    expect(neural).toMatch(/Neuron updates/);
    expect(neural).not.toMatch(/Search nodes/);

    await setBoard(page, 20, 20);
    await page.uncheck("#closed");
    await page.selectOption("#method", "backtrack");
    expect(await runAndWait(page)).toBe("limit");
    const message = await messageOf(page);
    expect(message).toMatch(/100,000,000/);
    expect(message).not.toMatch(/\d{5,}/);
    expect(message).toMatch(/longest path it made \((\d+) of 400/);
    const reached = Number(/longest path it made \((\d+) of 400/.exec(message)![1]);
    const partial = (await tourOf(page)) as { path: number[][] };
    expect(partial.path).toHaveLength(reached);
    expect(reached).toBeGreaterThan(300);
    await page.screenshot({ path: join(OUTPUT, "web-limit-partial.png") });
    await page.close();
  });

  it("the start square from the keyboard; coordinates on the board's edges", async () => {
    const page = await h.open("#b=8x8");
    await page.focus("#board");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    expect(await page.textContent("#cursor-note")).toMatch(/c7/);
    await page.keyboard.press("Enter");
    expect((await stateOf(page)).start).toBe(1 * 8 + 2);
    expect(await page.textContent("#start-cell")).toBe("c7");
    expect(await messageOf(page)).toMatch(/start at c7/);
    // Rank numbers left of the board, file letters under it: ink in both margins.
    const { left, cellSize } = await geometry(page);
    expect(left).toBeGreaterThan(8);
    const ink = (p: [number, number, number]) => p[0] + p[1] + p[2] < 300;
    const ranks = await pixels(page, 0, 0, left - 1, 8 * cellSize);
    expect(ranks.filter(ink).length).toBeGreaterThan(40);
    const files = await pixels(page, left, 8 * cellSize + 1, 8 * cellSize, 12);
    expect(files.filter(ink).length).toBeGreaterThan(40);
    await page.close();
  });

  it("Count on 8×8 closed says the estimate and asks (a button) before it starts", async () => {
    // It used to start a count of hours blind, though its own hint says "up to about 7×7".
    const board = new Board(8, 8);
    const seconds = frontierSeconds(board, true);
    expect(seconds).toBeGreaterThan(LONG_WORK_SECONDS);
    const page = await h.open("#mode=count&b=8x8");
    await page.check("#count-closed");
    expect(await page.isVisible("#count-confirm")).toBe(false);
    await page.click("#count-run");
    expect(await page.getAttribute("#board", "data-count")).toBe("ask");
    expect(await messageOf(page)).toContain(
      `Counting the closed tours of 8×8 would take ${formatDuration(seconds)} by the estimate knight count uses`,
    );
    expect(await page.isVisible("#count-confirm")).toBe(true);
    expect(await page.isDisabled("#count-stop")).toBe(true);
    // Count anyway starts it; Stop ends it and the question is gone.
    await page.click("#count-confirm");
    expect(await page.getAttribute("#board", "data-count")).toBe("counting");
    expect(await page.isVisible("#count-confirm")).toBe(false);
    await page.click("#count-stop");
    expect(await page.getAttribute("#board", "data-count")).toBe("stopped");
    // 6×6 closed, well under the threshold, starts at once.
    await setBoard(page, 6, 6);
    await page.click("#count-run");
    expect(await page.getAttribute("#board", "data-count")).not.toBe("ask");
    await page.close();
  });

  it("logged no console errors", () => {
    expect(h.consoleErrors).toEqual([]);
  });
});
