import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { KNIGHT_MOVES } from "../core/graph.js";
import { isKnight, pieceMoves } from "../core/piece.js";

/**
 * Which boards the census takes, and the piece's 8 moves in the census's direction order.
 *
 * The census names wedges by Knuth's 28 letters, which are pairs of the knight's 8 moves. Any
 * {a, b}-leaper with 8 distinct moves (1 ≤ a < b) has the same shape of moves: keep each knight
 * move's signs and stretch its legs, the 1 to a and the 2 to b ((±1, ±2) ↦ (±a, ±b),
 * (±2, ±1) ↦ (±b, ±a)), and every letter, name, canonical name and multiplicity carries over
 * unchanged (Knuth's giraffe census on 10×10, TAOCP Pre-Fascicle 8A, answer 149). The
 * stretching commutes with the board's turns and reflections (they only swap and negate legs),
 * and it keeps each wedge's turn class: the dot product of two moves has the same sign as the
 * knight's (2ab > 0, b² − a² > 0, 0, a² − b² < 0, −2ab < 0, −(a² + b²)).
 *
 * `pieceMoves` lists a leap {a, b} as (b,a) (a,b) (−a,b) (−b,a) (−b,−a) (−a,−b) (a,−b) (b,−a),
 * which for the knight is KNIGHT_MOVES: index d and d ^ 4 are opposite, d & 3 is the slope.
 */

/** What the census needs of a board, for refusals. */
const NEEDS =
  "the census needs a plane board without holes, and a knight, or an {a,b}-leaper with 8 moves (1 ≤ a < b) on a board with even sides (four central cells)";

/**
 * The 8 moves (dr, dc) of the board's piece in census direction order (KNIGHT_MOVES itself for
 * the knight), or an OptionError naming the board and what the census needs.
 */
export function censusMoves(board: Board): ReadonlyArray<readonly [number, number]> {
  const why = censusRefusal(board);
  if (why !== undefined) throw new OptionError(why, board.key);
  return isKnight(board.piece) ? KNIGHT_MOVES : pieceMoves(board.piece);
}

/** Why the census cannot run on `board` (a sentence naming it), or undefined when it can. */
export function censusRefusal(board: Board): string | undefined {
  const { piece } = board;
  const fault =
    board.topology !== "plane"
      ? `a ${board.topology} wraps`
      : board.holes.length > 0
        ? "it has holes"
        : piece.leaps.length > 1
          ? `the ${piece.name} joins several leaps`
          : piece.leaps[0]![0] === 0 || piece.leaps[0]![0] === piece.leaps[0]![1]
            ? `the ${piece.name} has 4 moves, not 8`
            : !isKnight(piece) && (board.rows % 2 !== 0 || board.cols % 2 !== 0)
              ? "an odd side has no four central cells"
              : undefined;
  return fault === undefined ? undefined : `no census of ${board}: ${fault}; ${NEEDS}`;
}

/** The index (0..7) of a move in a census move table; the opposite move is index ^ 4. */
export function directionIn(
  moves: ReadonlyArray<readonly [number, number]>,
  dr: number,
  dc: number,
): number {
  for (let d = 0; d < 8; d++) {
    const [r, c] = moves[d]!;
    if (r === dr && c === dc) return d;
  }
  throw new RangeError(`(${dr}, ${dc}) is not one of the piece's moves`);
}
