/**
 * Puzzle mode in a real Chromium (see harness.ts): the puzzle of the day is the library's
 * (generatePuzzle with the UTC date as the seed, 8×8, medium — the date fixed by `?date=`, so
 * the test cannot cross midnight) and is solved from the keyboard with the library's answer;
 * Hint writes in a number the solution agrees with, Undo takes it back, Check marks a wrong
 * number, the share link restores the same puzzle, and axe-core finds nothing serious (on the
 * desktop here, on a phone in test:long). Links bring holes (the Rosetta holy knight's board)
 * and closed puzzles, solved by typing the library solver's answer.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Board, createPuzzle, generatePuzzle, solvePuzzle, validateTour } from "../../src/index.js";
import { decodePuzzle, encodePuzzle, holyKnightCode } from "../../web/puzzle-code.js";
import { axeProblems, DESKTOP, Harness, messageOf, OUTPUT, PHONE } from "./harness.js";
import { checkPuzzleScreen } from "./puzzle-screen.js";

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
    // A fixed day: the page's date comes from ?date=, not from a clock read twice.
    const seed = 20260615;
    const made = generatePuzzle(new Board(8, 8), { seed, difficulty: "medium" });
    const answer = made.solution.path;
    expect(validateTour(made.solution.board, answer, { closed: false }).valid).toBe(true);

    const page = await h.open("?date=2026-06-15#mode=puzzle");
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

  it("refuses a link to a puzzle with no answer or a bad clue, in words", async () => {
    // 1 and 3 on neighbouring squares: they differ in colour, so two moves cannot join them.
    const page = await h.open("#mode=puzzle&pz=5x5_1a5.3b5");
    await page.waitForSelector("#puzzle-grid[data-error]", { state: "attached" });
    expect(await messageOf(page)).toContain("no solution");
    const bad = await h.open("#mode=puzzle&pz=5x5_1a5.30b3");
    await bad.waitForSelector("#puzzle-grid[data-error]", { state: "attached" });
    expect(await messageOf(bad)).toContain("out of range");
    await page.close();
    await bad.close();
  }, 300_000);

  it("plays the Rosetta holy knight's board from its button: holes, any tour through the 1", async () => {
    const code = holyKnightCode();
    const read = decodePuzzle(code, (r, c, geometry) => new Board(r, c, geometry));
    const board = new Board(read.rows, read.cols, read);
    const answer = solvePuzzle(createPuzzle(board, read.clues));
    expect(answer.unique).toBe(false);
    expect(validateTour(board, answer.tour!).valid).toBe(true);

    const page = await h.open("?date=2026-06-15#mode=puzzle");
    await shown(page, "daily");
    await page.click("#puzzle-holy");
    const state = await shown(page, "link");
    expect(state.code).toBe(code);
    expect(new URL(page.url()).hash).toContain(`pz=${code}`);
    expect(await messageOf(page)).toContain("more than one answer");
    // The 28 holes are squares without a field; the 36 others have one.
    expect(await page.$$eval("#puzzle-grid td.hole", (tds) => tds.length)).toBe(28);
    expect(await page.$$eval("#puzzle-grid td.hole input", (i) => i.length)).toBe(0);
    expect(await page.$$eval("#puzzle-grid input", (i) => i.length)).toBe(36);
    // Arrow keys pass over holes. The top row is "# . . . # # # #": right of d8 there is no
    // field, so the focus stays.
    await page.focus(field(board.cell(0, 3)));
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.cell)).toBe(
      String(board.cell(0, 3)),
    );
    // Down from b5 (row ". . . # # . # ."): b4 is a hole, so the focus goes on to b3.
    await page.focus(field(board.cell(3, 1)));
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.cell)).toBe(
      String(board.cell(5, 1)),
    );

    // Type the library's tour: the page accepts it, though its own solution may differ.
    const path = answer.tour!.path;
    for (let i = 1; i < path.length; i++) {
      await page.focus(field(path[i]!));
      await page.keyboard.type(String(i + 1));
    }
    await page.waitForSelector("#puzzle-grid[data-solved='1']");
    await page.click("#puzzle-check");
    expect(await messageOf(page)).toMatch(/^Solved: /);
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: join(OUTPUT, "web-puzzle-holy.png") });
    await page.close();
  }, 300_000);

  it("plays a closed puzzle from a link: the last number's highlight includes 1", async () => {
    const board = new Board(6, 6);
    const made = generatePuzzle(board, { seed: 4, closed: true });
    expect(made.puzzle.closed).toBe(true);
    const answer = solvePuzzle(made.puzzle);
    expect(answer.unique).toBe(true);
    const path = answer.tour!.path;
    expect(validateTour(board, answer.tour!, { closed: true }).valid).toBe(true);
    const code = encodePuzzle(board, made.puzzle.clues, true);
    expect(code).toMatch(/-c$/);

    const page = await h.open(`#mode=puzzle&pz=${code}`);
    const state = await shown(page, "link");
    expect(state.code).toBe(code);
    expect(await messageOf(page)).toContain("36 a knight's move from 1");
    for (const [i, cell] of path.entries()) {
      if (made.puzzle.clues[cell] === 0) {
        await page.focus(field(cell));
        await page.keyboard.type(String(i + 1));
      }
    }
    await page.waitForSelector("#puzzle-grid[data-solved='1']");
    // The run is full: the highlight is the move from 36 back to 1.
    const reach = await page.$$eval("#puzzle-grid td.reach input", (inputs) =>
      inputs.map((i) => Number((i as HTMLInputElement).dataset.cell)),
    );
    expect(reach).toEqual([path[0]]);
    const last = await page.$$eval("#puzzle-grid td.last input", (inputs) =>
      inputs.map((i) => Number((i as HTMLInputElement).dataset.cell)),
    );
    expect(last).toEqual([path[35]]);
    await page.click("#puzzle-check");
    expect(await messageOf(page)).toBe(
      "Solved: every number is a knight's move from the next, and the last a move from 1.",
    );
    await page.close();
  }, 300_000);

  it("takes only a closed tour for a closed puzzle: an open one is marked at its last number", async () => {
    // Only 1 given: many closed tours fit, so any closed tour wins; an open tour must not.
    const board = new Board(6, 6);
    const start = board.cell(5, 0);
    const open = solvePuzzle(createPuzzle(board, [[start, 1]])).tour!.path;
    expect(validateTour(board, open, { closed: false }).valid).toBe(true);
    expect(board.isMove(open[35]!, open[0]!)).toBe(false);
    const page = await h.open(`#mode=puzzle&pz=6x6_1a1-c`);
    await shown(page, "link");
    for (const [i, cell] of open.entries()) {
      if (i === 0) continue;
      await page.focus(field(cell));
      await page.keyboard.type(String(i + 1));
    }
    expect((await puzzleOf(page)).solved).toBe(false);
    expect(await messageOf(page)).toContain("some are wrong");
    await page.click("#puzzle-check");
    expect(await page.getAttribute("#puzzle-grid", "data-wrong")).toBe("1");
    expect(await page.getAttribute(field(open[35]!), "aria-invalid")).toBe("true");
    await page.close();
  }, 300_000);

  it("plays another piece from a link: a wazir (Numbrix) puzzle, highlighted by its moves", async () => {
    const board = new Board(5, 5, { piece: "wazir" });
    const made = generatePuzzle(board, { seed: 2 });
    const path = made.solution.path;
    expect(validateTour(board, made.solution).valid).toBe(true);
    const code = encodePuzzle(board, made.puzzle.clues);
    expect(code).toMatch(/-pwazir$/);

    const page = await h.open(`#mode=puzzle&pz=${code}`);
    const state = await shown(page, "link");
    expect(state.code).toBe(code);
    expect(await messageOf(page)).toContain("each number is a wazir's move from the next");
    // Type 1 (or find it given): the highlight is the blank squares one wazir step from it.
    if (made.puzzle.clues[path[0]!] === 0) {
      await page.focus(field(path[0]!));
      await page.keyboard.type("1");
    }
    const run = (await puzzleOf(page)).run;
    const from = path[run - 1]!;
    const entries = (await puzzleOf(page)).entries;
    const expected: number[] = [];
    entries.forEach((v, cell) => {
      if (v === 0 && board.isMove(from, cell)) expected.push(cell);
    });
    const reach = await page.$$eval("#puzzle-grid td.reach input", (inputs) =>
      inputs.map((i) => Number((i as HTMLInputElement).dataset.cell)),
    );
    expect(reach).toEqual(expected);
    for (const [i, cell] of path.entries()) {
      if (made.puzzle.clues[cell] === 0 && i > 0) {
        await page.focus(field(cell));
        await page.keyboard.type(String(i + 1));
      }
    }
    await page.waitForSelector("#puzzle-grid[data-solved='1']");
    await page.close();
  }, 300_000);

  it("is axe-clean on the desktop and fits a phone", async () => {
    // The phone in both schemes, with axe and a screenshot: test/long/web-matrix.test.ts.
    await checkPuzzleScreen(h, DESKTOP, "light", { axe: true });
    await checkPuzzleScreen(h, PHONE, "light", { axe: false });
    expect(h.consoleErrors).toEqual([]);
  }, 300_000);
});
