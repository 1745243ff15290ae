/**
 * Puzzle mode in a real Chromium (see harness.ts): the puzzle of the day is the library's
 * (generatePuzzle with today's UTC date as the seed, 8×8, medium) and is solved from the
 * keyboard with the library's answer; Hint writes in a number the solution agrees with, Undo
 * takes it back, Check marks a wrong number, the share link restores the same puzzle, and
 * axe-core finds nothing serious at desktop and phone sizes.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Board, generatePuzzle, validateTour } from "../../src/index.js";
import { axeProblems, DESKTOP, Harness, messageOf, OUTPUT, offScreen, PHONE } from "./harness.js";

const h = new Harness();
beforeAll(() => h.start(), 300_000);
afterAll(() => h.stop());

interface PuzzleState {
  rows: number;
  cols: number;
  clues: number[];
  entries: number[];
  difficulty: string;
  code: string;
  run: number;
  solved: boolean;
}

const puzzleOf = (page: Page): Promise<PuzzleState> =>
  page.evaluate(() =>
    (window as unknown as { __knight: { puzzle(): PuzzleState } }).__knight.puzzle(),
  );

/** Wait for a puzzle of this kind (daily, new, link) to be on show. */
async function shown(page: Page, kind: string): Promise<PuzzleState> {
  await page.waitForSelector(`#puzzle-grid[data-kind='${kind}']:not([data-loading]) input`);
  return puzzleOf(page);
}

/**
 * The highlighted squares match the rule: the blank squares a knight's move from the highest
 * number of the run from 1 (none when 1 is not on the board).
 */
async function checkHighlight(page: Page): Promise<number> {
  const state = await puzzleOf(page);
  const from = state.run > 0 ? state.entries.indexOf(state.run) : -1;
  const expected: number[] = [];
  state.entries.forEach((v, cell) => {
    if (from < 0 || v !== 0 || state.run === state.rows * state.cols) return;
    const dr = Math.abs(Math.floor(cell / state.cols) - Math.floor(from / state.cols));
    const dc = Math.abs((cell % state.cols) - (from % state.cols));
    if (dr * dc === 2) expected.push(cell);
  });
  const shownCells = await page.$$eval("#puzzle-grid td.reach input", (inputs) =>
    inputs.map((i) => Number((i as HTMLInputElement).dataset.cell)),
  );
  expect(shownCells).toEqual(expected);
  return expected.length;
}

const field = (cell: number) => `#puzzle-grid input[data-cell='${cell}']`;

describe("Puzzle mode", () => {
  it("plays the puzzle of the day: hint, undo, check, share, and a solve by keyboard", async () => {
    const now = new Date();
    const seed = now.getUTCFullYear() * 10000 + (now.getUTCMonth() + 1) * 100 + now.getUTCDate();
    const made = generatePuzzle(new Board(8, 8), { seed, difficulty: "medium" });
    const answer = made.solution.path;
    expect(validateTour(made.solution.board, answer, { closed: false }).valid).toBe(true);

    const page = await h.open("#mode=puzzle");
    const state = await shown(page, "daily");
    expect(state.rows).toBe(8);
    expect(state.difficulty).toBe("medium");
    const expected = [...made.puzzle.clues];
    expect(state.clues).toEqual(expected);
    expect(await messageOf(page)).toContain("puzzle of the day");
    await checkHighlight(page);
    expect(new URL(page.url()).hash).toContain(`pz=${state.code}`);

    // Hint: one number, the one the solution has there, with the rule's reason.
    await page.click("#puzzle-hint");
    const hinted = (await page.getAttribute("#puzzle-grid", "data-hint"))!.split(":").map(Number);
    const [hintCell, hintStep] = hinted as [number, number];
    expect(answer[hintStep - 1]).toBe(hintCell);
    expect(expected[hintCell]).toBe(0);
    expect(await messageOf(page)).toMatch(/^Hint: \d+ on [a-h][1-8] — /);
    const afterHint = await puzzleOf(page);
    expect(afterHint.entries.filter((v, i) => v !== expected[i])).toEqual([hintStep]);

    // Undo takes it back.
    await page.click("#puzzle-undo");
    expect((await puzzleOf(page)).entries).toEqual(expected);

    // A wrong number typed in a blank square is marked by Check; Backspace clears it.
    const blank = expected.indexOf(0);
    const wrong = answer[0] === blank ? 2 : 1;
    await page.focus(field(blank));
    await page.keyboard.type(String(wrong));
    expect((await puzzleOf(page)).entries[blank]).toBe(wrong);
    await page.click("#puzzle-check");
    expect(await page.getAttribute(field(blank), "aria-invalid")).toBe("true");
    expect(await page.getAttribute("#puzzle-grid", "data-wrong")).toBe("1");
    await page.focus(field(blank));
    await page.keyboard.press("Backspace");
    expect((await puzzleOf(page)).entries).toEqual(expected);

    // The share link restores the same puzzle in a fresh page.
    await page.click("#puzzle-share");
    const link = await page.inputValue("#puzzle-link");
    const again = await h.open(new URL(link).hash);
    const restored = await shown(again, "link");
    expect(restored.clues).toEqual(expected);
    expect(restored.code).toBe(state.code);
    await again.close();

    // Solve from the keyboard: a snake through the rows with the arrow keys, typing the
    // library's answer into each blank square.
    const stepOf = new Array<number>(64).fill(0);
    answer.forEach((cell, i) => {
      stepOf[cell] = i + 1;
    });
    await page.focus(field(0));
    for (let r = 0; r < 8; r++) {
      for (let k = 0; k < 8; k++) {
        const c = r % 2 === 0 ? k : 7 - k;
        const cell = r * 8 + c;
        if (expected[cell] === 0) await page.keyboard.type(String(stepOf[cell]));
        if (k < 7) await page.keyboard.press(r % 2 === 0 ? "ArrowRight" : "ArrowLeft");
      }
      if (r < 7) await page.keyboard.press("ArrowDown");
      if (r === 3) await checkHighlight(page);
    }
    await page.waitForSelector("#puzzle-grid[data-solved='1']");
    const solved = await puzzleOf(page);
    expect(solved.entries).toEqual(stepOf);
    expect(solved.solved).toBe(true);
    expect(await messageOf(page)).toMatch(/^Solved in \d+:\d\d/);
    await page.screenshot({ path: join(OUTPUT, "web-puzzle-solved.png") });
    await page.close();
  }, 600_000);

  it("makes a new puzzle by size and difficulty in the worker", async () => {
    const page = await h.open("#mode=puzzle");
    await shown(page, "daily");
    await page.selectOption("#puzzle-size", "6");
    await page.selectOption("#puzzle-difficulty", "easy");
    await page.click("#puzzle-new");
    const made = await shown(page, "new");
    expect([made.rows, made.cols, made.difficulty]).toEqual([6, 6, "easy"]);
    // Every given number is on the board once, from 1 to 36.
    const given = made.clues.filter((v) => v > 0);
    expect(new Set(given).size).toBe(given.length);
    expect(Math.max(...given)).toBeLessThanOrEqual(36);
    await page.close();
  }, 300_000);

  it("refuses a link to a puzzle that is not fair, in words", async () => {
    // 1 alone on a 5×5 board: many tours fit, so it is not a puzzle.
    const page = await h.open("#mode=puzzle&pz=5x5_1a5");
    await page.waitForSelector("#puzzle-grid[data-error]", { state: "attached" });
    expect(await messageOf(page)).toContain("more than one solution");
    const bad = await h.open("#mode=puzzle&pz=5x5_1a5.30b3");
    await bad.waitForSelector("#puzzle-grid[data-error]", { state: "attached" });
    expect(await messageOf(bad)).toContain("out of range");
    await page.close();
    await bad.close();
  }, 300_000);

  it("is axe-clean (light and dark) and fits a phone", async () => {
    for (const [viewport, colorScheme] of [
      [DESKTOP, "light"],
      [PHONE, "light"],
      [PHONE, "dark"],
    ] as const) {
      const page = await h.open("#mode=puzzle", viewport, { colorScheme });
      await shown(page, "daily");
      await page.click("#puzzle-hint");
      await page.click("#puzzle-check");
      expect(await axeProblems(page)).toEqual([]);
      if (viewport === PHONE) {
        expect(await offScreen(page, ["#puzzle-grid", "#puzzle-check", "#puzzle-hint"])).toEqual(
          [],
        );
        await page.screenshot({ path: join(OUTPUT, "web-puzzle-phone.png") });
      }
      await page.close();
    }
    expect(h.consoleErrors).toEqual([]);
  }, 300_000);
});
