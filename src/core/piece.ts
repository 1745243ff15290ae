import { OptionError } from "./errors.js";

/**
 * Pieces. A leaper {a, b} jumps a squares one way and b the other, in any of the 8 (or 4, when
 * a = 0 or a = b) directions; a piece is a non-empty set of leaps (a union such as
 * knight+camel moves by any of them). The knight {1,2} is the default everywhere.
 */

/** One leap {a, b}, normalised so that 0 ≤ a ≤ b and b ≥ 1. */
export type Leap = readonly [number, number];

/** A piece: its leaps in canonical order (sorted by a, then b; no repeats) and its name. */
export interface Piece {
  readonly leaps: readonly Leap[];
  /** `knight`, `giraffe`, `knight+camel`, `1,5`: the form `parsePiece` reads back. */
  readonly name: string;
}

/** The named leapers of fairy chess that the project knows by name. */
export const NAMED_LEAPS: Readonly<Record<string, Leap>> = Object.freeze({
  knight: [1, 2],
  camel: [1, 3],
  zebra: [2, 3],
  giraffe: [1, 4],
  fers: [1, 1],
  wazir: [0, 1],
});

/** Legs longer than this are refused: they would only ever leave the board. */
export const MAX_LEG = 1000;
/** A union of more leaps than this is refused (a cell's degree is kept in one byte). */
export const MAX_LEAPS = 16;

const PIECE_HELP =
  "knight, camel, zebra, giraffe, fers, wazir or a leap A,B (whole numbers, not both 0), joined by + for a union (knight+camel, 1,2+1,3)";

function leapName(leap: Leap): string {
  for (const [name, named] of Object.entries(NAMED_LEAPS)) {
    if (named[0] === leap[0] && named[1] === leap[1]) return name;
  }
  return `${leap[0]},${leap[1]}`;
}

/** A piece from its leaps: normalised, sorted, repeats dropped. Bad leaps are OptionErrors. */
export function createPiece(leaps: Iterable<readonly [number, number]>): Piece {
  const seen = new Set<string>();
  const out: Leap[] = [];
  for (const [x, y] of leaps) {
    for (const leg of [x, y]) {
      if (!Number.isSafeInteger(leg) || Math.abs(leg) > MAX_LEG) {
        throw new OptionError(
          `a leap's legs must be whole numbers from 0 to ${MAX_LEG}, got ${x},${y}`,
          [x, y],
        );
      }
    }
    const a = Math.min(Math.abs(x), Math.abs(y));
    const b = Math.max(Math.abs(x), Math.abs(y));
    if (b === 0) throw new OptionError("the leap 0,0 does not move the piece", [x, y]);
    const key = `${a},${b}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(Object.freeze([a, b] as const));
  }
  if (out.length === 0) throw new OptionError(`a piece needs at least one leap: ${PIECE_HELP}`, []);
  if (out.length > MAX_LEAPS) {
    throw new OptionError(`a piece may join at most ${MAX_LEAPS} leaps, got ${out.length}`, out);
  }
  out.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  return Object.freeze({ leaps: Object.freeze(out), name: out.map(leapName).join("+") });
}

/** The knight {1,2}, the default piece. */
export const KNIGHT: Piece = createPiece([[1, 2]]);

/**
 * Parse a piece: a name (`knight`, `camel`, `zebra`, `giraffe`, `fers`, `wazir`), a leap `A,B`,
 * or several joined by `+` (`knight+camel`, `1,2+1,3`). Case and spaces are ignored.
 *
 * @example
 * ```ts
 * import { parsePiece } from "knight-tours";
 *
 * console.log(parsePiece("1,4").name); // → giraffe
 * console.log(parsePiece("camel+knight").leaps); // → [ [ 1, 2 ], [ 1, 3 ] ]
 * ```
 */
export function parsePiece(text: string): Piece {
  const parts = text.toLowerCase().replace(/\s+/g, "").split("+");
  const leaps: Array<readonly [number, number]> = [];
  for (const part of parts) {
    const named = NAMED_LEAPS[part];
    if (named !== undefined && Object.hasOwn(NAMED_LEAPS, part)) {
      leaps.push(named);
      continue;
    }
    const m = /^(\d+),(\d+)$/.exec(part);
    if (!m) throw new OptionError(`unknown piece '${text}': expected ${PIECE_HELP}`, text);
    leaps.push([Number(m[1]), Number(m[2])]);
  }
  try {
    return createPiece(leaps);
  } catch (error) {
    if (error instanceof OptionError) {
      throw new OptionError(`bad piece '${text}': ${error.message}`, text);
    }
    throw error;
  }
}

/** Whether the piece is exactly the knight {1,2}. */
export function isKnight(piece: Piece): boolean {
  return piece.leaps.length === 1 && piece.leaps[0]![0] === 1 && piece.leaps[0]![1] === 2;
}

/**
 * Every displacement (dr, dc) of the piece. For each leap {a, b}, counter-clockwise from
 * (b, a): (b,a) (a,b) (−a,b) (−b,a) (−b,−a) (−a,−b) (a,−b) (b,−a), repeats dropped (a = 0 and
 * a = b give 4). For the knight this is the order the solvers have always tried moves in, so
 * fixed-order searches stay reproducible.
 */
export function pieceMoves(piece: Piece): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = [];
  const seen = new Set<string>();
  for (const [a, b] of piece.leaps) {
    const eight: Array<[number, number]> = [
      [b, a],
      [a, b],
      [-a, b],
      [-b, a],
      [-b, -a],
      [-a, -b],
      [a, -b],
      [b, -a],
    ];
    for (const [dr, dc] of eight) {
      // −0 and 0 are the same step.
      const key = `${dr + 0},${dc + 0}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push([dr + 0, dc + 0] as const);
    }
  }
  return out;
}

/** The longest leg of any leap: how many rows a move can span. */
export function longestLeg(piece: Piece): number {
  let most = 0;
  for (const [, b] of piece.leaps) most = Math.max(most, b);
  return most;
}
