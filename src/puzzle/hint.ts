import { clueConflict } from "./analyse.js";
import { ChainScratch, chainSweep, onlyCellFor, onlyStepFor } from "./deduce.js";
import type { Puzzle } from "./puzzle.js";
import { PuzzleState } from "./state.js";

/** The next number the rules place, with the rule and its reason in words. */
export interface PuzzleHint {
  readonly cell: number;
  readonly step: number;
  /** only-cell: one blank cell can hold the number; only-step: one number fits the cell; chain: every chain between two numbers puts it there. */
  readonly rule: "only-cell" | "only-step" | "chain";
  readonly reason: string;
}

/**
 * The next deduction a solver by hand can make from the numbers on the board: one cell and its
 * number, placed by the first rule that applies (the same rules, in the same order, that the
 * solver and the grades use). Null when the rules place nothing (the puzzle needs a guess
 * here), when the board is full, or when the numbers already conflict (solvePuzzle says why).
 *
 * @example
 * ```ts
 * import { nextDeduction, parsePuzzle } from "knight-tours";
 *
 * const hint = nextDeduction(parsePuzzle("1 . . .\n. . . .\n. . . 12"));
 * console.log(hint?.rule, hint?.step, hint?.cell); // → chain 4 1
 * ```
 */
export function nextDeduction(puzzle: Puzzle): PuzzleHint | null {
  if (clueConflict(puzzle) !== null) return null;
  const state = new PuzzleState(puzzle);
  if (state.placed === state.n) return null;
  state.refreshBounds();
  const { n, cellOf, stepOf, board } = state;
  for (let s = 1; s <= n; s++) {
    if (cellOf[s]! >= 0) continue;
    const only = onlyCellFor(state, s);
    if (only === -1) return null;
    if (only >= 0)
      return { cell: only, step: s, rule: "only-cell", reason: onlyCellReason(state, s, only) };
  }
  for (let v = 0; v < state.cells; v++) {
    if (stepOf[v] !== 0 || board.isHole(v)) continue;
    const only = onlyStepFor(state, v);
    if (only === -1) return null;
    if (only > 0) {
      return {
        cell: v,
        step: only,
        rule: "only-step",
        reason: `${only} is the only missing number that fits ${state.name(v)}: every other one is too far (or of the wrong parity) from the numbers around it`,
      };
    }
  }
  return chainHint(state);
}

/** The first number the chains between numbers place, with the gap it lies in. */
function chainHint(state: PuzzleState): PuzzleHint | null {
  const { n, cells, board } = state;
  const before = state.stepOf.slice();
  const prev = state.prevPlaced.slice();
  const next = state.nextPlaced.slice();
  const found = chainSweep(state, new ChainScratch(state));
  if (typeof found === "string" || found === 0) return null;
  for (let v = 0; v < cells; v++) {
    if (board.isHole(v) || before[v] !== 0 || state.stepOf[v]! <= 0) continue;
    const s = state.stepOf[v]!;
    let a = prev[s]!;
    let b = next[s]!;
    if (a === 0 && state.closed) a = prev[n + 1]!;
    if (b === n + 1 && state.closed) b = next[0]!;
    const ends =
      a > 0 && b <= n
        ? ` from ${a} on ${state.name(state.cellOf[a]!)} to ${b} on ${state.name(state.cellOf[b]!)}`
        : "";
    return {
      cell: v,
      step: s,
      rule: "chain",
      reason: `every chain of moves through blank cells${ends} puts ${s} on ${state.name(v)}`,
    };
  }
  return null;
}

function onlyCellReason(state: PuzzleState, s: number, cell: number): string {
  const { n, cellOf } = state;
  const a = state.prevPlaced[s]!;
  const b = state.nextPlaced[s]!;
  const around: string[] = [];
  if (a > 0) around.push(`${s - a} ${moves(s - a)} from ${a} on ${state.name(cellOf[a]!)}`);
  if (b <= n) around.push(`${b - s} ${moves(b - s)} from ${b} on ${state.name(cellOf[b]!)}`);
  const where = around.length > 0 ? `: the only one ${around.join(" and ")}` : "";
  return `${state.name(cell)} is the only blank cell that can hold ${s}${where}`;
}

function moves(count: number): string {
  return count === 1 ? "move" : "moves";
}
