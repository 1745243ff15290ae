/**
 * The page on other geometries, in a real Chromium (see harness.ts): the piece and the edges
 * chosen in the Board controls, holes cut out by clicking in the holes mode (and from the
 * keyboard), the link carrying all of it, searches and counts run by the library on the
 * geometry (the page shows what the library says, refusals included), knight-only panels
 * saying so, and axe-core's verdict.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTourJson } from "../../src/core/index.js";
import { Board, count, solve, validateTour } from "../../src/index.js";
import {
  axeProblems,
  clickCell,
  Harness,
  messageOf,
  OUTPUT,
  runAndWait,
  settled,
  tourOf,
} from "./harness.js";

const h = new Harness();
beforeAll(() => h.start(), 300_000);
afterAll(() => h.stop());

const hashOf = (page: { url(): string }) => new URL(page.url()).hash;
const boardLabel = (page: import("playwright-core").Page) =>
  page.getAttribute("#board", "aria-label");

describe("the page on other pieces and boards", () => {
  it("picks the torus, cuts a hole, finds tours and shares them by link", async () => {
    const page = await h.open("#b=6x6&s=a6&mode=solve");
    await page.selectOption("#topology", "torus");
    expect(await boardLabel(page)).toBe("6×6 torus board");
    expect(hashOf(page)).toContain("tp=torus");

    // A tour on the torus: found by the library in the worker, checked here on the geometry.
    expect(await runAndWait(page)).toBe("found");
    const json = await tourOf(page);
    const tour = parseTourJson(JSON.stringify(json));
    expect(tour.board.key).toBe("6x6 torus");
    expect(validateTour(tour.board, tour.path, { closed: tour.closed }).valid).toBe(true);
    await page.click("#last");
    await page.screenshot({ path: join(OUTPUT, "web-geometry-torus-tour.png") });
    const found = hashOf(page);
    expect(found).toContain("run=1");
    // The link finds the same tour again in a fresh page.
    const again = await h.open(found);
    expect(await settled(again)).toBe("found");
    expect(await tourOf(again)).toEqual(json);
    expect(await again.inputValue("#topology")).toBe("torus");
    await again.close();

    // Holes mode: a click cuts c4 out (row 2, column 2), a second click puts it back, a third
    // cuts it out again; the start is never a hole.
    await page.click("#holes-mode");
    expect(await page.getAttribute("#holes-mode", "aria-pressed")).toBe("true");
    await clickCell(page, 2, 2);
    await clickCell(page, 2, 2);
    expect(await page.textContent("#holes-count")).toBe("no holes");
    await clickCell(page, 2, 2);
    expect(await page.textContent("#holes-count")).toBe("1 hole: c4");
    expect(await boardLabel(page)).toBe("6×6 torus minus c4 board");
    await page.click("#holes-mode");
    expect(hashOf(page)).toContain("h=c4");
    await page.screenshot({ path: join(OUTPUT, "web-geometry-torus-hole.png") });

    // Find a tour on the holed torus: the page shows what the library says for it.
    const board = new Board(6, 6, { topology: "torus", holes: [14] });
    const expected = solve(board, { closed: false, start: 0, method: "auto", seed: 1 });
    const status = await runAndWait(page);
    expect(status).toBe(expected.status);
    if (expected.status === "found") {
      const shown = parseTourJson(JSON.stringify(await tourOf(page)));
      expect(shown.board.key).toBe(board.key);
      expect(validateTour(shown.board, shown.path, { closed: shown.closed }).valid).toBe(true);
    } else {
      expect(await messageOf(page)).toContain(String(expected.reason).slice(0, 20));
    }
    // The link keeps the geometry: a fresh page shows the same board.
    const shared = await h.open(hashOf(page));
    expect(await boardLabel(shared)).toBe("6×6 torus minus c4 board");
    expect(await shared.textContent("#holes-count")).toBe("1 hole: c4");
    // A found tour is found again from the link (run=1); a search that found none is not rerun.
    if (expected.status === "found") expect(await settled(shared)).toBe("found");
    await shared.close();
    await page.close();
  });

  it("offers the named pieces and typed leaps; refuses bad leaps in words", async () => {
    const page = await h.open("#b=10x10&s=a10&mode=solve");
    const options = await page.$$eval("#piece option", (list) =>
      list.map((o) => (o as HTMLOptionElement).value),
    );
    expect(options).toEqual([
      "knight",
      "camel",
      "zebra",
      "giraffe",
      "fers",
      "wazir",
      "knight+camel",
      "custom",
    ]);
    await page.selectOption("#piece", "giraffe");
    expect(await boardLabel(page)).toBe("10×10 giraffe board");
    expect(hashOf(page)).toContain("pc=giraffe");
    expect(await runAndWait(page)).toBe("found");
    const tour = parseTourJson(JSON.stringify(await tourOf(page)));
    expect(tour.board.piece.name).toBe("giraffe");
    expect(validateTour(tour.board, tour.path, { closed: tour.closed }).valid).toBe(true);
    // The knight's shape statistics say they are the knight's.
    expect(await page.textContent("#stats")).toMatch(/knight on a plain board only/);
    expect(await page.textContent("#charts")).toMatch(/knight on a plain board only/);
    expect(await page.isVisible("#show-tarnish")).toBe(false);

    await page.selectOption("#piece", "custom");
    expect(await page.isVisible("#leaps")).toBe(true);
    await page.fill("#leaps", "0,0");
    await page.dispatchEvent("#leaps", "change");
    expect(await messageOf(page)).toMatch(/0,0/);
    expect(await page.getAttribute("#leaps", "aria-invalid")).toBe("true");
    await page.fill("#leaps", "1,2+1,3");
    await page.dispatchEvent("#leaps", "change");
    expect(await boardLabel(page)).toBe("10×10 knight+camel board");
    expect(await page.inputValue("#piece")).toBe("knight+camel");
    expect(await axeProblems(page)).toEqual([]);
    await page.close();
  });

  it("edits holes from the keyboard alone, and announces them", async () => {
    const page = await h.open("#b=5x5&s=a5&mode=play");
    await page.focus("#holes-mode");
    await page.keyboard.press("Enter");
    expect(await page.getAttribute("#holes-mode", "aria-pressed")).toBe("true");
    await page.focus("#board");
    await page.keyboard.press("ArrowRight");
    expect(await page.textContent("#cursor-note")).toBe("b5: Enter cuts it out");
    await page.keyboard.press("Enter");
    expect(await page.textContent("#cursor-note")).toBe("b5, a hole: Enter puts it back");
    expect(await page.textContent("#holes-count")).toBe("1 hole: b5");
    expect(await axeProblems(page)).toEqual([]);
    // Play mode refuses the hole as a square to play.
    await page.focus("#holes-mode");
    await page.keyboard.press("Enter");
    await page.focus("#board");
    await page.keyboard.press("Enter");
    expect(await messageOf(page)).toMatch(/b5 is a hole/);
    await page.close();
  });

  it("counts on a geometry with the library's engine, and says the census is the knight's", async () => {
    const page = await h.open("#b=3x4&tp=cylinder&s=a3&mode=count");
    expect(await page.isVisible("#census-note")).toBe(true);
    const expected = count(new Board(3, 4, { topology: "cylinder" }), {
      closed: true,
      method: "mates",
    });
    await page.click("#count-run");
    await page.waitForFunction(() => {
      const c = document.querySelector<HTMLCanvasElement>("#board")!.dataset.count;
      return c !== "" && c !== "counting";
    });
    expect(await page.textContent("#stats")).toContain(`Tours${String(expected.count)}`);
    await page.close();
  });

  it("keeps old links the knight's plain board, and says what a bad geometry link lacks", async () => {
    const old = await h.open("#b=6x6&s=a6&mode=solve");
    expect(await old.inputValue("#piece")).toBe("knight");
    expect(await old.inputValue("#topology")).toBe("plane");
    expect(await old.textContent("#holes-count")).toBe("no holes");
    expect(hashOf(old)).toBe("#b=6x6&s=a6&mode=solve");
    await old.close();
    const bad = await h.open("#b=6x6&pc=dragon&s=a6&mode=solve");
    expect(await messageOf(bad)).toMatch(/could not be followed: the piece “dragon”/);
    await bad.close();
    expect(h.consoleErrors).toEqual([]);
  });
});
