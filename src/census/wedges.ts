import { KNIGHT_MOVES } from "../core/graph.js";

/**
 * Wedges: the pair of tour moves at a cell, written as the two displacements (row down,
 * column right) from the cell to its two tour neighbours. Knuth's census (TAOCP, Pre-Fascicle
 * 8A, §7.2.2.4, "A census of knight's tours") names the 28 pairs of the 8 knight moves by
 * letters; the same 28 letters serve at every cell.
 *
 * Letters are numbered in ASCII order (`WEDGE_LETTERS`), so comparing names letter by letter
 * as numbers is comparing them as ASCII strings (upper case before lower case), which is how
 * a canonical name is chosen.
 */

/** The 28 wedge letters in ASCII order: index = letter number. */
export const WEDGE_LETTERS = "ABCDEFGHIJKLabcdefghijklwxyz";

/** The two moves of each letter, as (dr, dc) pairs (Knuth's table). */
const WEDGE_MOVES: Readonly<Record<string, readonly [number, number, number, number]>> = {
  a: [-2, 1, -1, 2],
  A: [1, -2, 2, -1],
  b: [-2, -1, -1, -2],
  B: [1, 2, 2, 1],
  c: [-2, -1, -2, 1],
  C: [2, -1, 2, 1],
  d: [-1, -2, 1, -2],
  D: [-1, 2, 1, 2],
  e: [-2, -1, -1, 2],
  E: [1, -2, 2, 1],
  f: [-2, -1, 1, -2],
  F: [-1, 2, 2, 1],
  g: [-2, 1, -1, -2],
  G: [1, 2, 2, -1],
  h: [-1, -2, 2, -1],
  H: [-2, 1, 1, 2],
  i: [-1, -2, -1, 2],
  I: [1, -2, 1, 2],
  j: [-2, -1, 2, -1],
  J: [-2, 1, 2, 1],
  k: [-2, 1, 1, -2],
  K: [-1, 2, 2, -1],
  l: [-1, -2, 2, 1],
  L: [-2, -1, 1, 2],
  w: [-1, 2, 1, -2],
  x: [-2, 1, 2, -1],
  y: [-2, -1, 2, 1],
  z: [-1, -2, 1, 2],
};

/** The index (0..7) of a move in KNIGHT_MOVES; the opposite move is index ^ 4. */
export function directionOf(dr: number, dc: number): number {
  for (let d = 0; d < 8; d++) {
    const [r, c] = KNIGHT_MOVES[d]!;
    if (r === dr && c === dc) return d;
  }
  throw new RangeError(`(${dr}, ${dc}) is not a knight move`);
}

/** WEDGE_BY_DIRECTIONS[d1 * 8 + d2]: the letter number of the wedge of moves d1, d2 (-1 if d1 = d2). */
export const WEDGE_BY_DIRECTIONS: Int8Array = (() => {
  const table = new Int8Array(64).fill(-1);
  for (let w = 0; w < 28; w++) {
    const [r1, c1, r2, c2] = WEDGE_MOVES[WEDGE_LETTERS[w]!]!;
    const d1 = directionOf(r1, c1);
    const d2 = directionOf(r2, c2);
    table[d1 * 8 + d2] = w;
    table[d2 * 8 + d1] = w;
  }
  return table;
})();

/** The two directions (KNIGHT_MOVES indices) of each letter number, d1 < d2. */
export const WEDGE_DIRECTIONS: readonly (readonly [number, number])[] = Array.from(
  { length: 28 },
  (_, w) => {
    const [r1, c1, r2, c2] = WEDGE_MOVES[WEDGE_LETTERS[w]!]!;
    const d1 = directionOf(r1, c1);
    const d2 = directionOf(r2, c2);
    return d1 < d2 ? ([d1, d2] as const) : ([d2, d1] as const);
  },
);

/** A map of displacements: (dr, dc) → (dr', dc'), as a board symmetry acts on moves. */
export type MoveMap = (dr: number, dc: number) => readonly [number, number];

/** The permutation of letter numbers a move map induces: result[w] is the image of w. */
export function letterPermutation(map: MoveMap): Int8Array {
  const perm = new Int8Array(28);
  for (let w = 0; w < 28; w++) {
    const [r1, c1, r2, c2] = WEDGE_MOVES[WEDGE_LETTERS[w]!]!;
    const [a, b] = map(r1, c1);
    const [c, d] = map(r2, c2);
    perm[w] = WEDGE_BY_DIRECTIONS[directionOf(a, b) * 8 + directionOf(c, d)]!;
  }
  return perm;
}

/** A clockwise quarter turn of the board acts on moves as (dr, dc) → (dc, −dr). */
export const clockwise: MoveMap = (dr, dc) => [dc, -dr];
