/**
 * Where the block-order construction crosses from one block to the next (block-order.ts): the
 * directions, the rectangles, the preferences tried in turn, and the choice of the knight's move
 * over a shared edge.
 */

/** Directions of a crossing, from the block left to the block entered. */
export const RIGHT = 0;
export const LEFT = 1;
export const DOWN = 2;
export const UP = 3;
export const NONE = -1;

/** One block in the plan frame. */
export interface Rect {
  r0: number;
  c0: number;
  h: number;
  w: number;
}

/**
 * Where a crossing goes along the boundary ("edge" the first line, "near" the second, "mid"
 * the middle, "far" the last but one, "end" the last) and the colour `x` of the cell it leaves.
 */
export interface Variant {
  readonly target: "near" | "mid" | "far" | "edge" | "end";
  readonly x: 0 | 1;
}

/** Preferences tried in turn: target port offset ("near" the second line, or mid-side), colour. */
export const VARIANTS: readonly Variant[] = [
  { target: "near", x: 1 },
  { target: "near", x: 0 },
  { target: "mid", x: 1 },
  { target: "mid", x: 0 },
  { target: "far", x: 1 },
  { target: "far", x: 0 },
  // Thin (3-row) blocks: their paths run between the edge rows.
  { target: "edge", x: 1 },
  { target: "edge", x: 0 },
];

/** Crossings by shape: the same few recur all over a board, so each is worked out once. */
export function crossingCache(variant: Variant) {
  const memo = new Map<number, readonly [number, number]>();
  return (a: Rect, b: Rect, dir: number, x: number): readonly [number, number] => {
    // Everything the answer depends on: the shapes, the direction, and x relative to the
    // colour of a's origin (local cells take their colours from it).
    const key =
      (((a.h * 16 + a.w) * 16 + b.h) * 16 + b.w) * 8 + dir * 2 + (x ^ ((a.r0 + a.c0) & 1));
    let hit = memo.get(key);
    if (hit === undefined) {
      hit = crossing(a, b, dir, x, variant);
      memo.set(key, hit);
    }
    return hit;
  };
}

export function opposite(dir: number): number {
  return dir === RIGHT ? LEFT : dir === LEFT ? RIGHT : dir === DOWN ? UP : DOWN;
}
/**
 * The knight's move from block `a` into its neighbour `b` (direction `dir`) whose cell in `a`
 * has colour `x`: between the two lines of cells on either side of the boundary, one column
 * (row) apart when it can be, nearest the variant's preferred offset along the boundary.
 * Returns the two cells as local indices (row · w + column) of `a` and of `b`.
 */
export function crossing(
  a: Rect,
  b: Rect,
  dir: number,
  x: number,
  variant: Variant,
): readonly [number, number] {
  const horizontal = dir === RIGHT || dir === LEFT;
  // Work along the boundary: `along` is the row (horizontal) or column (vertical) offset.
  const length = horizontal ? a.h : a.w;
  const target =
    variant.target === "edge"
      ? 0
      : variant.target === "near"
        ? 1
        : variant.target === "mid"
          ? (length >> 1) - 1
          : variant.target === "far"
            ? length - 2
            : length - 1;
  let best: readonly [number, number] = [-1, -1];
  let bestScore = Number.POSITIVE_INFINITY;
  for (let along = 0; along < length; along++) {
    for (let da = 0; da < 2; da++) {
      for (let db = 0; db < 2; db++) {
        const across = da + db + 1;
        if (across > 2) continue;
        const shift = across === 1 ? 2 : 1;
        for (const sign of [1, -1]) {
          const alongB = along + sign * shift;
          if (alongB < 0 || alongB >= length) continue;
          // Cells in board (frame) coordinates.
          let ar: number;
          let ac: number;
          let br: number;
          let bc: number;
          if (horizontal) {
            ar = a.r0 + along;
            br = b.r0 + alongB;
            ac = dir === RIGHT ? a.c0 + a.w - 1 - da : a.c0 + da;
            bc = dir === RIGHT ? b.c0 + db : b.c0 + b.w - 1 - db;
          } else {
            ac = a.c0 + along;
            bc = b.c0 + alongB;
            ar = dir === DOWN ? a.r0 + a.h - 1 - da : a.r0 + da;
            br = dir === DOWN ? b.r0 + db : b.r0 + b.h - 1 - db;
          }
          if (((ar + ac) & 1) !== x) continue;
          if (ac - a.c0 >= a.w || ar - a.r0 >= a.h || bc - b.c0 >= b.w || br - b.r0 >= b.h)
            continue;
          if (ac < a.c0 || ar < a.r0 || bc < b.c0 || br < b.r0) continue;
          const score = (across - 1) * 1000 + Math.abs(along - target) * 4 + (sign < 0 ? 1 : 0);
          if (score < bestScore) {
            bestScore = score;
            best = [(ar - a.r0) * a.w + (ac - a.c0), (br - b.r0) * b.w + (bc - b.c0)];
          }
        }
      }
    }
  }
  return best;
}
