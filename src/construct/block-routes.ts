import { DOWN, LEFT, NONE, RIGHT, UP } from "./block-ports.js";

/**
 * The orders in which the block-order construction visits the blocks (block-order.ts): a
 * Hamiltonian cycle of the block grid for closed tours, a boustrophedon path for open ones, as
 * rows of visits ("segments") keyed by everything their programs depend on.
 */

/** One visit of the order: block (i, j), entered from `inDir` and left towards `outDir`. */
export interface Visit {
  i: number;
  j: number;
  inDir: number;
  outDir: number;
}

/**
 * A row of visits of the order, with the key of everything its program depends on. `visit(k,
 * out)` fills in its k-th visit (a scratch object: planning a 10⁵-block row allocates nothing a
 * visit, which keeps the heap, and the process, small).
 */
export interface Segment {
  readonly key: string;
  readonly i: number;
  readonly length: number;
  readonly visit: (k: number, out: Visit) => void;
}

const setVisit = (out: Visit, i: number, j: number, inDir: number, outDir: number): void => {
  out.i = i;
  out.j = j;
  out.inDir = inDir;
  out.outDir = outDir;
};

/**
 * The closed order on an R×C block grid, R even: along row 0 to the right, down the last
 * column and back and forth along rows 1..R−1 over columns 1..C−1, then up column 0.
 */
export function closedSegments(
  R: number,
  C: number,
  rowParts: readonly number[],
  rowStarts: readonly number[],
): Segment[] {
  const segments: Segment[] = [];
  const keyOf = (role: string, i: number) =>
    `${role}:${rowParts[i]}:${rowStarts[i]! & 1}:${rowParts[i - 1] ?? 0}:${rowParts[i + 1] ?? 0}`;
  segments.push({
    key: keyOf("top", 0),
    i: 0,
    length: C,
    visit: (j, out) => setVisit(out, 0, j, j === 0 ? UP : RIGHT, j === C - 1 ? DOWN : RIGHT),
  });
  for (let i = 1; i < R; i++) {
    const leftwards = i % 2 === 1;
    const lastRow = i === R - 1;
    const along = leftwards ? LEFT : RIGHT;
    segments.push({
      key: keyOf(lastRow ? "last" : leftwards ? "left" : "right", i),
      i,
      length: C - 1,
      visit: (k, out) =>
        setVisit(
          out,
          i,
          leftwards ? C - 1 - k : 1 + k,
          k === 0 ? DOWN : along,
          k === C - 2 ? (lastRow ? LEFT : DOWN) : along,
        ),
    });
  }
  for (let i = R - 1; i >= 1; i--) {
    segments.push({
      key: keyOf(i === R - 1 ? "corner" : "up", i),
      i,
      length: 1,
      visit: (_, out) => setVisit(out, i, 0, i === R - 1 ? LEFT : UP, UP),
    });
  }
  return segments;
}

/** The open order: rows of blocks back and forth, row 0 to the right. */
export function openSegments(
  R: number,
  C: number,
  rowParts: readonly number[],
  rowStarts: readonly number[],
): Segment[] {
  const segments: Segment[] = [];
  for (let i = 0; i < R; i++) {
    const leftwards = i % 2 === 1;
    const role = `${i === 0 ? "first" : ""}${i === R - 1 ? "last" : ""}${leftwards ? "left" : "right"}`;
    const along = leftwards ? LEFT : RIGHT;
    segments.push({
      key: `${role}:${rowParts[i]}:${rowStarts[i]! & 1}:${rowParts[i - 1] ?? 0}`,
      i,
      length: C,
      visit: (k, out) =>
        setVisit(
          out,
          i,
          leftwards ? C - 1 - k : k,
          k === 0 ? (i === 0 ? NONE : DOWN) : along,
          k === C - 1 ? (i === R - 1 ? NONE : DOWN) : along,
        ),
    });
  }
  return segments;
}
