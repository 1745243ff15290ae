/**
 * The block-order construction works in a frame where its rows of blocks run across: the
 * board itself, or the board turned over its main diagonal (a thin board along its long side, a
 * closed board whose even side is the columns). The knight graph is the same either way, so a
 * block path found for an h×w block serves for the w×h block it is turned into.
 */
export interface Frame {
  readonly rows: number;
  readonly cols: number;
  readonly transposed: boolean;
  /** The board cell (flat index) of frame row r, column c, as an offset: r·strideR + c·strideC. */
  offset(r: number, c: number): number;
  /** Frame row and column of a board cell. */
  locate(cell: number): readonly [number, number];
}

export function frameOf(rows: number, cols: number, transposed: boolean): Frame {
  return transposed
    ? {
        rows: cols,
        cols: rows,
        transposed,
        offset: (r, c) => c * cols + r,
        locate: (cell) => [cell % cols, Math.floor(cell / cols)],
      }
    : {
        rows,
        cols,
        transposed,
        offset: (r, c) => r * cols + c,
        locate: (cell) => [Math.floor(cell / cols), cell % cols],
      };
}
