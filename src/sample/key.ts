import type { Tour } from "../core/tour.js";

/**
 * When two sampled tours are "the same" (what `--distinct` compares), matching the unit the
 * distribution is over:
 * - closed tours are cycles: the same cycle from another start or in the other direction is the
 *   same tour (the reading from its least cell towards the lesser of that cell's neighbours);
 * - open tours are directed paths: a path and its reverse are two tours (as `knight count`
 *   counts them).
 * Board symmetries are NOT factored out: a tour and its mirror image are different tours.
 */
export function tourReading(tour: Tour): Int32Array {
  const { path, closed } = tour;
  const n = path.length;
  if (!closed || n < 3) return path.slice();
  let at = 0;
  for (let i = 1; i < n; i++) if (path[i]! < path[at]!) at = i;
  const step = path[(at + 1) % n]! < path[(at + n - 1) % n]! ? 1 : n - 1;
  const out = new Int32Array(n);
  for (let i = 0, j = at; i < n; i++, j = (j + step) % n) out[i] = path[j]!;
  return out;
}

/** A set of tours compared by `tourReading`: hashed, with a full comparison on a hash match. */
export class TourSet {
  private readonly buckets = new Map<number, Int32Array[]>();
  size = 0;

  /** Add the tour; false when an equal tour is already in the set. */
  add(tour: Tour): boolean {
    const reading = tourReading(tour);
    const hash = hashCells(reading);
    const bucket = this.buckets.get(hash);
    if (bucket === undefined) {
      this.buckets.set(hash, [reading]);
    } else {
      for (const other of bucket) if (sameCells(other, reading)) return false;
      bucket.push(reading);
    }
    this.size++;
    return true;
  }
}

/** FNV-1a over the cells (32-bit). */
function hashCells(cells: Int32Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < cells.length; i++) {
    h ^= cells[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function sameCells(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
