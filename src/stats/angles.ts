import type { Tour } from "../core/index.js";

/**
 * Turn angles. At each cell the tour passes through, two moves meet; the angle between them
 * (measured at the cell, between the segments back to the previous cell and on to the next)
 * depends only on the dot product of the two knight vectors u, v (|u|² = |v|² = 5):
 *
 * | u·v | angle            | class    |
 * |-----|------------------|----------|
 * |  4  | ≈ 36.87° (acos 4/5)  | acute    |
 * |  3  | ≈ 53.13° (acos 3/5)  | acute    |
 * |  0  | 90°                  | right    |
 * | -3  | ≈ 126.87°            | obtuse   |
 * | -4  | ≈ 143.13°            | obtuse   |
 * | -5  | 180° (straight pass) | straight |
 *
 * These are Knuth's classes of the 28 "wedges" (pairs of the 8 knight moves at a cell).
 * A closed tour has a turn at every cell, its start included; an open tour at every cell but
 * its two ends.
 */

/** The six angle classes, keyed by the dot product of the two moves. */
export const ANGLE_CLASSES = Object.freeze([
  { dot: 4, degrees: (Math.acos(4 / 5) * 180) / Math.PI, kind: "acute" },
  { dot: 3, degrees: (Math.acos(3 / 5) * 180) / Math.PI, kind: "acute" },
  { dot: 0, degrees: 90, kind: "right" },
  { dot: -3, degrees: (Math.acos(-3 / 5) * 180) / Math.PI, kind: "obtuse" },
  { dot: -4, degrees: (Math.acos(-4 / 5) * 180) / Math.PI, kind: "obtuse" },
  { dot: -5, degrees: 180, kind: "straight" },
] as const);

export interface TurnAngles {
  /** Count per class, in ANGLE_CLASSES order (36.87°, 53.13°, 90°, 126.87°, 143.13°, 180°). */
  readonly byClass: readonly number[];
  readonly acute: number;
  readonly right: number;
  readonly obtuse: number;
  readonly straight: number;
  /** Number of cells where a turn was measured. */
  readonly turns: number;
}

const CLASS_OF_DOT: Record<number, number> = { 4: 0, 3: 1, 0: 2, [-3]: 3, [-4]: 4, [-5]: 5 };

/**
 * Class index (into ANGLE_CLASSES) of the turn at cell `b` between cells `a` and `c`
 * (flat indices on a board with `cols` columns; a–b and b–c must be knight moves).
 */
export function turnClass(cols: number, a: number, b: number, c: number): number {
  const br = Math.floor(b / cols);
  const bc = b - br * cols;
  const ur = Math.floor(a / cols) - br;
  const uc = (a % cols) - bc;
  const vr = Math.floor(c / cols) - br;
  const vc = (c % cols) - bc;
  const k = CLASS_OF_DOT[ur * vr + uc * vc];
  if (k === undefined) throw new RangeError(`cells ${a}, ${b}, ${c} are not two knight moves`);
  return k;
}

/** Turn angles of a tour, counted by class. O(N). */
export function turnAngles(tour: Tour): TurnAngles {
  const { path, closed } = tour;
  const cols = tour.board.cols;
  const n = path.length;
  const byClass = [0, 0, 0, 0, 0, 0];
  if (n >= 3) {
    const first = closed ? 0 : 1;
    const last = closed ? n - 1 : n - 2;
    for (let i = first; i <= last; i++) {
      const a = path[i === 0 ? n - 1 : i - 1]!;
      const c = path[i === n - 1 ? 0 : i + 1]!;
      byClass[turnClass(cols, a, path[i]!, c)]!++;
    }
  }
  return {
    byClass,
    acute: byClass[0]! + byClass[1]!,
    right: byClass[2]!,
    obtuse: byClass[3]! + byClass[4]!,
    straight: byClass[5]!,
    turns: byClass.reduce((s, x) => s + x, 0),
  };
}
