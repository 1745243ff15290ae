import type { PuzzleState } from "./state.js";

/**
 * How far the deductions go: `forced` places a number where only one cell can hold a step or
 * only one step fits a cell; `chains` also lists every chain of moves between two consecutive
 * numbers and places what all of them agree on.
 */
export type DeductionLevel = "forced" | "chains";

export interface Deduction {
  /** solved: every step placed; stuck: the rules place nothing more; contradiction: no tour. */
  readonly status: "solved" | "stuck" | "contradiction";
  /** Why there is no tour, for a contradiction. */
  readonly reason: string;
  /** Numbers placed by the forced rules. */
  readonly forced: number;
  /** Numbers placed from the chains between numbers. */
  readonly chained: number;
}

/** Work allowed to list the chains of one gap: past it the gap is left to the search. */
const CHAIN_NODE_LIMIT = 4000;

/**
 * Apply the rules to the state until they place nothing more (or the board is full, or a rule
 * finds that nothing fits). Every number placed is implied by the numbers before it, so the
 * solutions of the state after are exactly those before.
 */
export function deduce(state: PuzzleState, level: DeductionLevel): Deduction {
  let forced = 0;
  let chained = 0;
  const scratch = new ChainScratch(state);
  for (;;) {
    const sweep = forcedSweep(state);
    if (sweep < 0)
      return { status: "contradiction", reason: conflictReason(state), forced, chained };
    forced += sweep;
    if (state.placed === state.n) return finish(state, forced, chained);
    if (sweep > 0) continue;
    if (level === "forced") return { status: "stuck", reason: "", forced, chained };
    const found = chainSweep(state, scratch);
    if (typeof found === "string")
      return { status: "contradiction", reason: found, forced, chained };
    chained += found;
    if (state.placed === state.n) return finish(state, forced, chained);
    if (found === 0) return { status: "stuck", reason: "", forced, chained };
  }
}

/** A full board from the rules: check the moves (and the closing move) once more. */
function finish(state: PuzzleState, forced: number, chained: number): Deduction {
  const { n, cellOf } = state;
  for (let s = 1; s < n; s++) {
    if (!state.adjacent(cellOf[s]!, cellOf[s + 1]!)) {
      return {
        status: "contradiction",
        reason: `${s} on ${state.name(cellOf[s]!)} and ${s + 1} on ${state.name(cellOf[s + 1]!)} are not a move apart`,
        forced,
        chained,
      };
    }
  }
  if (state.closed && n > 2 && !state.adjacent(cellOf[n]!, cellOf[1]!)) {
    return {
      status: "contradiction",
      reason: `the tour must close, but ${n} on ${state.name(cellOf[n]!)} is not a move from 1 on ${state.name(cellOf[1]!)}`,
      forced,
      chained,
    };
  }
  return { status: "solved", reason: "", forced, chained };
}

/** Why the last forced sweep failed, from what it noted in the state. */
function conflictReason(state: PuzzleState): string {
  return state.conflictCell >= 0
    ? noStepReason(state, state.conflictCell)
    : noCellReason(state, state.conflictStep);
}

/**
 * Apply the forced rules until they place nothing more: the search runs this at every node, so
 * it allocates nothing and notes a contradiction in the state. Returns the numbers placed, or
 * -1 when a step has no cell or a cell no step (the board is then left as it was found
 * wanting).
 */
export function forcedRules(state: PuzzleState): number {
  let placed = 0;
  for (;;) {
    const sweep = forcedSweep(state);
    if (sweep < 0) return -1;
    placed += sweep;
    if (sweep === 0 || state.placed === state.n) return placed;
  }
}

/**
 * One pass of the forced rules: a blank step only one cell can hold, a blank cell only one step
 * fits. Returns the numbers placed, or -1 when nothing fits (noted in the state).
 */
function forcedSweep(state: PuzzleState): number {
  const { n, cells, cellOf, stepOf, board } = state;
  let placed = 0;
  state.refreshBounds();
  for (let s = 1; s <= n; s++) {
    if (cellOf[s]! >= 0) continue;
    const only = onlyCellFor(state, s);
    if (only === -1) {
      state.conflictStep = s;
      state.conflictCell = -1;
      return -1;
    }
    if (only >= 0) {
      state.place(only, s);
      state.refreshBounds();
      placed++;
    }
  }
  for (let v = 0; v < cells; v++) {
    if (stepOf[v] !== 0 || board.isHole(v)) continue;
    const only = onlyStepFor(state, v);
    if (only === -1) {
      state.conflictCell = v;
      return -1;
    }
    if (only > 0) {
      state.place(v, only);
      state.refreshBounds();
      placed++;
    }
  }
  return placed;
}

/** The only missing step that fits the blank cell `v`; -1 when none fits, -2 when several do. */
export function onlyStepFor(state: PuzzleState, v: number): number {
  const { n, cellOf } = state;
  let only = -1;
  for (let s = 1; s <= n; s++) {
    if (cellOf[s]! >= 0 || !state.fits(v, s)) continue;
    if (only >= 0) return -2;
    only = s;
  }
  return only;
}

/** The only blank cell that can hold step `s`; -1 when none can, -2 when several can. */
export function onlyCellFor(state: PuzzleState, s: number): number {
  const { n, cellOf, stepOf, offsets, targets } = state;
  // A placed neighbouring step narrows the search to its neighbours.
  const beside =
    s > 1 && cellOf[s - 1]! >= 0
      ? cellOf[s - 1]!
      : s < n && cellOf[s + 1]! >= 0
        ? cellOf[s + 1]!
        : -1;
  let only = -1;
  if (beside >= 0) {
    for (let i = offsets[beside]!; i < offsets[beside + 1]!; i++) {
      const v = targets[i]!;
      if (stepOf[v] !== 0 || !state.fits(v, s)) continue;
      if (only >= 0) return -2;
      only = v;
    }
    return only;
  }
  for (let v = 0; v < state.cells; v++) {
    if (stepOf[v] !== 0 || state.board.isHole(v) || !state.fits(v, s)) continue;
    if (only >= 0) return -2;
    only = v;
  }
  return only;
}

/** Why no cell can hold step `s`: the placed numbers around it, and how far each reaches. */
function noCellReason(state: PuzzleState, s: number): string {
  const { n, cellOf } = state;
  const a = state.prevPlaced[s]!;
  const b = state.nextPlaced[s]!;
  const around: string[] = [];
  if (a > 0) around.push(`${s - a} ${moves(s - a)} from ${a} on ${state.name(cellOf[a]!)}`);
  if (b <= n) around.push(`${b - s} ${moves(b - s)} from ${b} on ${state.name(cellOf[b]!)}`);
  return `no blank cell can hold ${s}: none is ${around.join(" and ")} (counting the parity of the moves)`;
}

/** Why no step fits cell `v`: it is out of reach of the numbers around every blank step. */
function noStepReason(state: PuzzleState, v: number): string {
  return `${state.name(v)} can no longer be reached: no blank number fits it, every one is too far (or of the wrong parity) from the numbers around it`;
}

function moves(count: number): string {
  return count === 1 ? "move" : "moves";
}

/** Per gap and per board: what the chains of moves between two numbers agree on. */
export class ChainScratch {
  /** Per step of the gap being listed: the one cell every chain puts there, -1 none yet, -2 several. */
  readonly stepCell: Int32Array;
  /** Per cell: the one step the chains give it, 0 none, -1 several. */
  readonly cellStep: Int32Array;
  /** The path of the chain being listed. */
  readonly chain: Int32Array;
  nodes = 0;
  chains = 0;

  constructor(state: PuzzleState) {
    this.stepCell = new Int32Array(state.n + 2);
    this.cellStep = new Int32Array(state.cells);
    this.chain = new Int32Array(state.n + 2);
  }
}

/**
 * List every chain of moves through blank cells between each two consecutive placed numbers
 * (round the end, closed). A step every chain of its gap puts on one cell is placed there. When
 * every blank step lies in a gap listed in full, a blank cell no chain passes through is a
 * contradiction, and a cell every chain gives the same step gets it.
 */
export function chainSweep(state: PuzzleState, scratch: ChainScratch): number | string {
  const { n, cellOf, cells, stepOf, board } = state;
  state.refreshBounds();
  const first = state.nextPlaced[0]!;
  const last = state.prevPlaced[n + 1]!;
  if (first > n) return 0;
  // Open tours with blank ends have steps in no gap: the cell rule would be unsound there.
  let complete = state.closed || (first === 1 && last === n);
  scratch.cellStep.fill(0);
  let placed = 0;
  const listed = (a: number, b: number): string | undefined => {
    const gap = listGap(state, scratch, a, b);
    if (typeof gap === "string") return gap;
    if (gap < 0) complete = false;
    else placed += gap;
    return undefined;
  };
  for (let a = first; a < last; a = state.nextPlaced[a]!) {
    const b = state.nextPlaced[a]!;
    const why = b - a >= 2 ? listed(a, b) : undefined;
    if (why !== undefined) return why;
  }
  if (state.closed && first + n - last >= 2) {
    const why = listed(last, first + n);
    if (why !== undefined) return why;
  }
  if (!complete || placed > 0) return placed;
  for (let v = 0; v < cells; v++) {
    if (stepOf[v] !== 0 || board.isHole(v)) continue;
    const s = scratch.cellStep[v]!;
    if (s === 0)
      return `${state.name(v)} can no longer be reached: no chain of moves between the numbers passes through it`;
    if (s > 0 && cellOf[s]! < 0) {
      state.place(v, s);
      placed++;
    }
  }
  return placed;
}

/**
 * List the chains from step `a` to step `b` (b may pass n on a closed tour: steps wrap). Places
 * the steps all chains agree on and returns how many, or -1 when the listing was cut short, or
 * the reason when no chain exists.
 */
function listGap(state: PuzzleState, scratch: ChainScratch, a: number, b: number): number | string {
  const { n, cellOf } = state;
  const length = b - a;
  for (let i = 1; i < length; i++) scratch.stepCell[i] = -1;
  scratch.nodes = 0;
  scratch.chains = 0;
  const target = cellOf[b > n ? b - n : b]!;
  const whole = chainsFrom(state, scratch, cellOf[a]!, 1, length, a, target);
  if (!whole) return -1;
  if (scratch.chains === 0) {
    const bs = b > n ? b - n : b;
    return `no chain of ${length} moves through blank cells joins ${a} on ${state.name(cellOf[a]!)} to ${bs} on ${state.name(target)}`;
  }
  let placed = 0;
  const marks: number[] = [];
  for (let i = 1; i < length; i++) {
    const v = scratch.stepCell[i]!;
    if (v >= 0) marks.push(v, ((a + i - 1) % n) + 1);
  }
  for (let j = 0; j < marks.length; j += 2) {
    const v = marks[j]!;
    const s = marks[j + 1]!;
    if (state.stepOf[v] === 0 && cellOf[s]! < 0) {
      state.place(v, s);
      placed++;
    }
  }
  return placed;
}

/**
 * Extend a chain: `from` holds position i − 1 of the gap; try each blank neighbour for
 * position i. Returns false when the node limit cut the listing short.
 */
function chainsFrom(
  state: PuzzleState,
  scratch: ChainScratch,
  from: number,
  i: number,
  length: number,
  a: number,
  target: number,
): boolean {
  if (++scratch.nodes > CHAIN_NODE_LIMIT) return false;
  if (i === length) {
    if (!state.adjacent(from, target)) return true;
    record(state, scratch, length, a);
    return true;
  }
  const { offsets, targets, stepOf } = state;
  for (let k = offsets[from]!; k < offsets[from + 1]!; k++) {
    const w = targets[k]!;
    if (stepOf[w] !== 0 || !state.within(target, w, length - i)) continue;
    scratch.chain[i] = w;
    stepOf[w] = -1;
    const whole = chainsFrom(state, scratch, w, i + 1, length, a, target);
    stepOf[w] = 0;
    if (!whole) return false;
  }
  return true;
}

/** Fold one chain into what the chains agree on. */
function record(state: PuzzleState, scratch: ChainScratch, length: number, a: number): void {
  scratch.chains++;
  for (let i = 1; i < length; i++) {
    const v = scratch.chain[i]!;
    const seen = scratch.stepCell[i]!;
    scratch.stepCell[i] = seen === -1 || seen === v ? v : -2;
    const s = ((a + i - 1) % state.n) + 1;
    const had = scratch.cellStep[v]!;
    scratch.cellStep[v] = had === 0 || had === s ? s : -1;
  }
}
