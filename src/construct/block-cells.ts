import type { BlockOrder } from "./block-order.js";

/**
 * Cells of a block-order tour, written into the caller's arrays in visiting order: the
 * reader keeps a position (step of the sequence, visit of its program, cell of the block path)
 * and each `read` continues from it. The work is one addition a cell and nothing allocated, so
 * a 10⁸-cell tour is written about as fast as its bytes can be moved.
 *
 * Arrays of 32-bit cells (Uint32Array, Int32Array) serve boards of up to 2³² cells (2³¹ for
 * Int32Array); larger boards need a Float64Array (cells are exact integers up to 2⁵³).
 */
export type CellArray = Uint32Array | Int32Array | Float64Array;

export class BlockCellReader {
  readonly #order: BlockOrder;
  #step = 0;
  #visit = 0;
  #cell = 0;
  #remaining: number;

  /** A reader from `start` (a board cell; for a closed tour any cell, the cycle turns to it). */
  constructor(order: BlockOrder, start?: number) {
    this.#order = order;
    this.#remaining = order.frame.rows * order.frame.cols;
    if (start !== undefined) this.#seek(start);
  }

  /** Cells still to come. */
  get remaining(): number {
    return this.#remaining;
  }

  /** Fill `out` from its start with the next cells; returns how many (0 at the end). */
  read(out: CellArray): number {
    const { programs, paths, paths32, sequence } = this.#order;
    // Integer arithmetic where the cells fit 31 bits: about twice as fast as doubles.
    const ints = paths32 !== null && !(out instanceof Float64Array);
    const steps = sequence.programs.length;
    let n = 0;
    const cap = Math.min(out.length, this.#remaining);
    let step = this.#step;
    let visit = this.#visit;
    let at = this.#cell;
    while (n < cap) {
      const program = programs[sequence.programs[step]!]!;
      const base = sequence.bases[step]! + program.offsets[visit]!;
      const id = program.paths[visit]!;
      const length = paths[id]!.length;
      const m = Math.min(length - at, cap - n);
      // One copy loop per array type, so each stays monomorphic (and fast) in V8.
      if (ints) {
        if (out instanceof Uint32Array) copyUint32(out, n, base, paths32[id]!, at, m);
        else copyInt32(out as Int32Array, n, base, paths32[id]!, at, m);
      } else copyFloat64(out, n, base, paths[id]!, at, m);
      n += m;
      at += m;
      if (at === length) {
        at = 0;
        if (++visit === program.paths.length) {
          visit = 0;
          // A closed tour turned to its start wraps round to the beginning of the sequence.
          if (++step === steps) step = 0;
        }
      }
    }
    this.#step = step;
    this.#visit = visit;
    this.#cell = at;
    this.#remaining -= n;
    return n;
  }

  /** Move to the visit of `start`'s block and to `start` within its path. */
  #seek(start: number): void {
    const { frame, rowParts, colParts, programs, paths, sequence } = this.#order;
    const [r, c] = frame.locate(start);
    const i = partAt(rowParts, r);
    const j = partAt(colParts, c);
    for (let step = 0; step < sequence.programs.length; step++) {
      if (sequence.blockRows[step] !== i) continue;
      const program = programs[sequence.programs[step]!]!;
      for (let visit = 0; visit < program.blockCols.length; visit++) {
        if (program.blockCols[visit] !== j) continue;
        const base = sequence.bases[step]! + program.offsets[visit]!;
        const path = paths[program.paths[visit]!]!;
        const at = path.indexOf(start - base);
        // A block crossed twice (out and back) holds half its cells in each of its paths.
        if (at < 0) continue;
        this.#step = step;
        this.#visit = visit;
        this.#cell = at;
        return;
      }
    }
    throw new Error(`internal: cell ${start} is on no block of the order`);
  }
}

function partAt(parts: readonly number[], x: number): number {
  let sum = 0;
  for (let k = 0; k < parts.length; k++) {
    sum += parts[k]!;
    if (x < sum) return k;
  }
  return parts.length - 1;
}

function copyUint32(
  out: Uint32Array,
  n: number,
  base: number,
  path: Int32Array,
  at: number,
  m: number,
): void {
  const b = base | 0;
  for (let q = 0; q < m; q++) out[n + q] = (b + path[at + q]!) | 0;
}

function copyInt32(
  out: Int32Array,
  n: number,
  base: number,
  path: Int32Array,
  at: number,
  m: number,
): void {
  const b = base | 0;
  for (let q = 0; q < m; q++) out[n + q] = (b + path[at + q]!) | 0;
}

/** Any array, any board: exact in doubles up to 2⁵³. */
function copyFloat64(
  out: CellArray,
  n: number,
  base: number,
  path: Float64Array,
  at: number,
  m: number,
): void {
  for (let q = 0; q < m; q++) out[n + q] = base + path[at + q]!;
}
