import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { KNIGHT_MOVES } from "../core/graph.js";
import type { Random } from "../core/random.js";
import type { Tracer } from "./trace.js";
import type { StepTieBreak } from "./types.js";

/** Degree value that marks a visited cell or the margin around the board. */
const VISITED = 255;
/** Width of the margin of never-enterable cells around the board (a knight jumps ≤ 2). */
const MARGIN = 2;
const FIRST = 0;
const RANDOM = 1;
const CENTER = 2;
const ROTH = 3;
const POHL = 4;
const TIE_BREAK_CODE: Readonly<Record<StepTieBreak, number>> = {
  first: FIRST,
  random: RANDOM,
  center: CENTER,
  roth: ROTH,
  pohl: POHL,
};

/**
 * Warnsdorff's rule for the knight on a plain board: always move to the unvisited neighbour with
 * the fewest unvisited neighbours of its own. (Other geometries: GraphWalker, warnsdorff-graph.ts.) Degrees are kept incrementally (each visit lowers its neighbours'
 * counts), so a walk costs O(cells) with no re-counting.
 *
 * Layout: the walker needs no adjacency lists. Its one byte array covers the board plus a
 * 2-cell margin, so the eight neighbours of any board cell are fixed index offsets
 * (dr · width + dc, in KNIGHT_MOVES order); margin and visited cells hold VISITED (255, far
 * above 8, so the ≤ 8 decrements they may still get keep them above 8). One byte read per
 * candidate says both "visited?" and "degree". The centre-based tie-breaks compute distances
 * from the current row and column, which the walk tracks. Memory: 4 bytes of path per cell
 * plus two padded byte arrays (the initial degrees and the working ones).
 *
 * Work arrays are allocated once per walker and reused: nothing is allocated per step or walk.
 */
export class WarnsdorffWalker {
  readonly board: Board;
  /** The current path (board cell indices); valid up to the length the last walk returned. */
  readonly path: Int32Array;
  /** Padded width: cols + 2 · MARGIN. */
  private readonly width: number;
  /** Initial degrees of the padded board (margin = VISITED). */
  private readonly initial: Uint8Array;
  private readonly degree: Uint8Array;
  /** Neighbour offsets in the padded layout, KNIGHT_MOVES order. */
  private readonly steps: Int32Array;
  /** Row and column steps of the moves, KNIGHT_MOVES order. */
  private readonly rowStep = Int32Array.from(KNIGHT_MOVES, ([dr]) => dr);
  private readonly colStep = Int32Array.from(KNIGHT_MOVES, ([, dc]) => dc);

  constructor(board: Board) {
    if (!board.plain) {
      throw new OptionError(
        `the padded Warnsdorff walker lays out a knight's moves on a plain rectangle, and ${board} is not one: walk the move graph (GraphWalker) instead`,
        board.key,
      );
    }
    this.board = board;
    const width = board.cols + 2 * MARGIN;
    const height = board.rows + 2 * MARGIN;
    this.width = width;
    this.path = new Int32Array(board.cells);
    this.steps = Int32Array.from(KNIGHT_MOVES, ([dr, dc]) => dr * width + dc);
    this.initial = initialDegrees(board, width, height, this.steps);
    this.degree = new Uint8Array(this.initial.length);
  }

  /** Bytes of memory this walker holds. */
  get bytes(): number {
    // The initial degrees are shared per board shape (cached), but count them too.
    return this.path.byteLength + this.initial.byteLength + this.degree.byteLength;
  }

  /**
   * Walk from `start` (a board cell) until the board is covered or no move is left. Among
   * candidates of equal degree, `tieBreak` decides (see TIE_BREAKS); `random` is required for
   * "random" and ignored otherwise. Returns the number of cells on the path (`path[0 .. length)`).
   */
  walk(start: number, tieBreak: StepTieBreak = "first", random: Random | null = null): number {
    const mode = TIE_BREAK_CODE[tieBreak];
    if (mode === RANDOM && random === null) throw new Error("the random tie-break needs a Random");
    const { degree, steps, width, rowStep, colStep } = this;
    const { rows, cols } = this.board;
    const path = this.path;
    const cells = path.length;
    degree.set(this.initial);
    const s0 = steps[0]!;
    const s1 = steps[1]!;
    const s2 = steps[2]!;
    const s3 = steps[3]!;
    const s4 = steps[4]!;
    const s5 = steps[5]!;
    const s6 = steps[6]!;
    const s7 = steps[7]!;

    // Work in padded indices; convert to board cells at the end.
    let current = (Math.floor(start / cols) + MARGIN) * width + (start % cols) + MARGIN;
    // Doubled coordinates of the current cell relative to the centre (centre tie-breaks only):
    // the squared distance of a candidate is then (y + 2dr)² + (x + 2dc)², no table needed.
    let y = 2 * Math.floor(start / cols) - (rows - 1);
    let x = 2 * (start % cols) - (cols - 1);
    let length = 0;
    for (;;) {
      degree[current] = VISITED;
      path[length++] = current;
      degree[current + s0]!--;
      degree[current + s1]!--;
      degree[current + s2]!--;
      degree[current + s3]!--;
      degree[current + s4]!--;
      degree[current + s5]!--;
      degree[current + s6]!--;
      degree[current + s7]!--;
      if (length === cells) break;

      let best = -1;
      let bestMove = 0;
      let bestDegree = 9;
      // Secondary key of `best` (smaller wins): centre distance, its negation, or Pohl's sum.
      let bestKey = 0;
      let ties = 0;
      for (let k = 0; k < 8; k++) {
        const next = current + steps[k]!;
        const d = degree[next]!;
        if (d > 8) continue; // visited, or off the board
        if (d < bestDegree) {
          best = next;
          bestMove = k;
          bestDegree = d;
          ties = 1;
          if (mode === CENTER || mode === ROTH) {
            const ny = y + 2 * rowStep[k]!;
            const nx = x + 2 * colStep[k]!;
            bestKey = mode === CENTER ? ny * ny + nx * nx : -(ny * ny + nx * nx);
          } else if (mode === POHL) bestKey = -1; // computed lazily, only if a tie comes
        } else if (d === bestDegree && mode !== FIRST) {
          if (mode === RANDOM) {
            // Reservoir sampling: each tied candidate ends up chosen with probability 1/ties.
            ties++;
            if (random!.int(ties) === 0) {
              best = next;
              bestMove = k;
            }
          } else if (mode === POHL) {
            if (bestKey < 0) bestKey = this.onwardSum(best);
            const key = this.onwardSum(next);
            if (key < bestKey) {
              best = next;
              bestMove = k;
              bestKey = key;
            }
          } else {
            const ny = y + 2 * rowStep[k]!;
            const nx = x + 2 * colStep[k]!;
            const key = mode === CENTER ? ny * ny + nx * nx : -(ny * ny + nx * nx);
            if (key < bestKey) {
              best = next;
              bestMove = k;
              bestKey = key;
            }
          }
        }
      }
      if (best < 0) break;
      current = best;
      y += 2 * rowStep[bestMove]!;
      x += 2 * colStep[bestMove]!;
    }
    for (let i = 0; i < length; i++) {
      const p = path[i]!;
      const r = Math.floor(p / width) - MARGIN;
      path[i] = r * cols + (p - (r + MARGIN) * width - MARGIN);
    }
    return length;
  }

  /** Pohl's key: the sum of the current degrees of the unvisited neighbours of `cell`. */
  private onwardSum(cell: number): number {
    let sum = 0;
    for (let k = 0; k < 8; k++) {
      const d = this.degree[cell + this.steps[k]!]!;
      if (d <= 8) sum += d;
    }
    return sum;
  }
}

/**
 * The trace of one walk, sent after it: an advance per cell of `path[0 .. length)`, then a
 * "stuck" event when the walk did not give the tour asked for (no move left, or a full walk that
 * does not close or misses the required end). A greedy walk never undoes a move, so replaying
 * it afterwards gives the same events in the same order, and the walker's loop stays untouched.
 */
export function traceWalk(
  tracer: Tracer,
  board: Board,
  path: Int32Array,
  length: number,
  closed: boolean,
  end: number | undefined,
): void {
  for (let i = 0; i < length; i++) tracer.advance(path[i]!, i);
  const last = path[length - 1]!;
  if (length < board.vertexCount) tracer.stuck(last, length - 1, "dead-end", last);
  else if (closed && !(length > 2 && board.isMove(last, path[0]!))) {
    tracer.stuck(last, length - 1, "not-closing", last);
  } else if (!closed && end !== undefined && last !== end) {
    tracer.stuck(last, length - 1, "wrong-end", last);
  }
}

// Initial padded degrees are read-only and depend only on the shape: a few recent shapes are
// kept, so repeated solves on one board (a sweep, a benchmark) do not rebuild them.
const CACHE_SIZE = 8;
const initialCache = new Map<string, Uint8Array>();

/** Degrees of the padded board: board cells count their on-board knight moves; margin = VISITED. */
function initialDegrees(
  board: Board,
  width: number,
  height: number,
  steps: Int32Array,
): Uint8Array {
  const hit = initialCache.get(board.label);
  if (hit) return hit;
  const onBoard = new Uint8Array(width * height);
  for (let r = 0; r < board.rows; r++) {
    onBoard.fill(1, (r + MARGIN) * width + MARGIN, (r + MARGIN) * width + MARGIN + board.cols);
  }
  const degrees = new Uint8Array(width * height).fill(VISITED);
  const [s0, s1, s2, s3, s4, s5, s6, s7] = steps as unknown as number[];
  for (let r = 0; r < board.rows; r++) {
    const rowStart = (r + MARGIN) * width + MARGIN;
    for (let p = rowStart, end = rowStart + board.cols; p < end; p++) {
      degrees[p] =
        onBoard[p + s0!]! +
        onBoard[p + s1!]! +
        onBoard[p + s2!]! +
        onBoard[p + s3!]! +
        onBoard[p + s4!]! +
        onBoard[p + s5!]! +
        onBoard[p + s6!]! +
        onBoard[p + s7!]!;
    }
  }
  initialCache.set(board.label, degrees);
  if (initialCache.size > CACHE_SIZE)
    initialCache.delete(initialCache.keys().next().value as string);
  return degrees;
}
