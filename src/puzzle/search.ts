import { forcedRules } from "./deduce.js";
import type { PuzzleState } from "./state.js";

/** What a search found: solutions counted (up to the limit asked), the first, and its work. */
export interface SearchOutcome {
  readonly solutions: number;
  readonly first: Int32Array | null;
  readonly nodes: number;
  /** The node limit ended the search before it was settled. */
  readonly stopped: boolean;
}

/**
 * The search after the rules: at each node the forced rules run to their fixpoint, the blank
 * cells are checked for two usable neighbours, and the blank step with the fewest cells that
 * can hold it is tried on each of them (most constrained first), every placement undone on the
 * way back. Counts solutions up to `maxSolutions`.
 */
export class PuzzleSearch {
  readonly #state: PuzzleState;
  readonly #maxSolutions: number;
  readonly #nodeLimit: number;
  /** The candidate cells of each open node, stacked: a node with no number placed may list every cell. */
  readonly #choices: Int32Array;
  readonly #seen: Int32Array;
  readonly #queue: Int32Array;
  #epoch = 0;
  #nodes = 0;
  #solutions = 0;
  #first: Int32Array | null = null;
  #stopped = false;

  constructor(state: PuzzleState, maxSolutions: number, nodeLimit: number) {
    this.#state = state;
    this.#maxSolutions = maxSolutions;
    this.#nodeLimit = nodeLimit;
    // Each level lists at most a cell's moves (a piece may have more than the knight's 8).
    let most = 0;
    for (let v = 0; v < state.cells; v++) {
      most = Math.max(most, state.offsets[v + 1]! - state.offsets[v]!);
    }
    this.#choices = new Int32Array(state.cells + most * (state.n + 1));
    this.#seen = new Int32Array(state.cells);
    this.#queue = new Int32Array(state.cells);
  }

  run(): SearchOutcome {
    const mark = this.#state.placed;
    this.#visit(0);
    this.#state.undoTo(mark);
    return {
      solutions: this.#solutions,
      first: this.#first,
      nodes: this.#nodes,
      stopped: this.#stopped,
    };
  }

  #done(): boolean {
    return this.#stopped || this.#solutions >= this.#maxSolutions;
  }

  /** One node: propagate, check, branch on the most constrained step. `top` is the free stack space. */
  #visit(top: number): void {
    if (++this.#nodes > this.#nodeLimit) {
      this.#stopped = true;
      return;
    }
    const state = this.#state;
    if (forcedRules(state) < 0) return;
    if (state.placed === state.n) {
      if (this.#complete()) {
        this.#solutions++;
        if (this.#first === null) this.#first = state.path();
      }
      return;
    }
    if (!this.#degreesHold() || !this.#allReachable()) return;
    const step = this.#narrowestStep(top);
    if (step < 0) return;
    const count = this.#listCells(step, top);
    const mark = state.placed;
    for (let i = 0; i < count && !this.#done(); i++) {
      state.place(this.#choices[top + i]!, step);
      state.refreshBounds();
      this.#visit(top + count);
      state.undoTo(mark);
      state.refreshBounds();
    }
  }

  /** A full board: every move (and the closing one) is a move. */
  #complete(): boolean {
    const state = this.#state;
    const { n, cellOf } = state;
    for (let s = 1; s < n; s++) if (!state.adjacent(cellOf[s]!, cellOf[s + 1]!)) return false;
    return !state.closed || n <= 2 || state.adjacent(cellOf[n]!, cellOf[1]!);
  }

  /** The blank step with the fewest cells that fit it (ties: the first), or -1 when one has none. */
  #narrowestStep(top: number): number {
    const { n, cellOf } = this.#state;
    let best = -1;
    let bestCount = Number.MAX_SAFE_INTEGER;
    for (let s = 1; s <= n; s++) {
      if (cellOf[s]! >= 0) continue;
      const count = this.#listCells(s, top);
      if (count === 0) return -1;
      if (count < bestCount) {
        best = s;
        bestCount = count;
        if (count === 2) break;
      }
    }
    return best;
  }

  /** List the blank cells that fit blank step `s` on the stack at `top`; returns how many. */
  #listCells(s: number, top: number): number {
    const state = this.#state;
    const { n, cellOf, stepOf, offsets, targets } = state;
    const choices = this.#choices;
    let count = 0;
    const beside =
      s > 1 && cellOf[s - 1]! >= 0
        ? cellOf[s - 1]!
        : s < n && cellOf[s + 1]! >= 0
          ? cellOf[s + 1]!
          : -1;
    if (beside >= 0) {
      for (let i = offsets[beside]!; i < offsets[beside + 1]!; i++) {
        const v = targets[i]!;
        if (stepOf[v] === 0 && state.fits(v, s)) choices[top + count++] = v;
      }
      return count;
    }
    // No neighbouring step placed: only the first node of an almost empty puzzle gets here.
    if (state.placed > 0) return state.n;
    for (let v = 0; v < state.cells; v++) {
      if (stepOf[v] === 0 && !state.board.isHole(v) && state.fits(v, s)) choices[top + count++] = v;
    }
    return count;
  }

  /**
   * Connectivity: every blank cell must be joined through blank cells to a numbered cell with a
   * blank step beside its number (where a chain of blank steps can begin). With no number
   * placed every cell may start, so there is nothing to check.
   */
  #allReachable(): boolean {
    const state = this.#state;
    const { cells, stepOf, offsets, targets, board } = state;
    if (state.placed === 0) return true;
    const seen = this.#seen;
    const queue = this.#queue;
    const epoch = ++this.#epoch;
    let tail = 0;
    let blank = 0;
    for (let v = 0; v < cells; v++) {
      const t = stepOf[v]!;
      if (t === 0) {
        if (!board.isHole(v)) blank++;
      } else if (blankBeside(state, t)) {
        seen[v] = epoch;
        queue[tail++] = v;
      }
    }
    let reached = 0;
    for (let head = 0; head < tail; head++) {
      const v = queue[head]!;
      for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
        const w = targets[i]!;
        if (stepOf[w] !== 0 || seen[w] === epoch) continue;
        seen[w] = epoch;
        queue[tail++] = w;
        reached++;
      }
    }
    return reached === blank;
  }

  /**
   * Every blank cell needs a neighbour for the step before its number and one for the step
   * after: blank cells, or numbered cells with a blank step beside theirs. Only the cells of a
   * blank first or last step (open tours) may have one.
   */
  #degreesHold(): boolean {
    const state = this.#state;
    const { n, cells, stepOf, cellOf, offsets, targets, board } = state;
    let ends = state.closed ? 0 : (cellOf[1]! < 0 ? 1 : 0) + (cellOf[n]! < 0 ? 1 : 0);
    for (let v = 0; v < cells; v++) {
      if (stepOf[v] !== 0 || board.isHole(v)) continue;
      let usable = 0;
      for (let i = offsets[v]!; i < offsets[v + 1]! && usable < 2; i++) {
        const t = stepOf[targets[i]!]!;
        if (t === 0) usable++;
        else if (blankBeside(state, t)) usable++;
      }
      if (usable >= 2) continue;
      if (usable === 0 || ends === 0) return false;
      ends--;
    }
    return true;
  }
}

/** Whether a step next to `t` (round the end, closed) is blank: a blank cell could join t there. */
function blankBeside(state: PuzzleState, t: number): boolean {
  const { n, cellOf, closed } = state;
  const before = t > 1 ? t - 1 : closed ? n : 0;
  const after = t < n ? t + 1 : closed ? 1 : 0;
  return (before > 0 && cellOf[before]! < 0) || (after > 0 && cellOf[after]! < 0);
}
