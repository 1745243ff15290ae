/**
 * How the block-order construction cuts a board side into block sides. Near-equal parts, so a
 * side uses at most two or three distinct sizes (few block paths to find), as large as allowed
 * (fewer blocks, less work per cell).
 */

/** Largest block side: 12×12 paths are still found in well under a millisecond. */
export const MAX_PART = 12;
/** Smallest block side (besides the 3- and 4-cell heights of thin boards). */
export const MIN_PART = 5;

/**
 * `total` as `count` parts of near-equal size, each in [min, max] and of the parity `parity`
 * (0 even, 1 odd) unless `parity` is −1 (any). Null when it cannot be done.
 */
function nearEqual(
  total: number,
  count: number,
  min: number,
  max: number,
  parity: -1 | 0 | 1,
): number[] | null {
  if (count < 1) return count === 0 && total === 0 ? [] : null;
  if (parity === -1) {
    const low = Math.floor(total / count);
    const extra = total - low * count;
    if (low < min || low + (extra > 0 ? 1 : 0) > max) return null;
    return Array.from({ length: count }, (_, k) => (k < extra ? low + 1 : low));
  }
  // Parts of one parity: p = parity + 2·half, with the halves near-equal.
  const rest = total - parity * count;
  if (rest < 0 || rest % 2 !== 0) return null;
  const halves = nearEqual(rest / 2, count, Math.ceil((min - parity) / 2), (max - parity) >> 1, -1);
  return halves ? halves.map((half) => parity + 2 * half) : null;
}

/**
 * Parts of a side whose blocks must all have an even number of cells along it when it is even:
 * all parts even, except the last, odd, when `total` is odd. `evenCount` asks for an even
 * number of parts; `minCount` for at least that many.
 */
export function evenParts(
  total: number,
  minCount = 1,
  evenCount = false,
  minPart = MIN_PART,
): number[] | null {
  const first = Math.max(minCount, Math.ceil(total / MAX_PART));
  for (let count = first; count <= first + 4; count++) {
    if (evenCount && count % 2 === 1) continue;
    if (total % 2 === 0) {
      const parts = nearEqual(total, count, minPart + 1, MAX_PART, 0);
      if (parts) return parts;
      continue;
    }
    // One odd part, last; the others even, as near its size as possible.
    for (let odd = MAX_PART - 1; odd >= minPart; odd -= 2) {
      const rest = nearEqual(total - odd, count - 1, minPart + 1, MAX_PART, 0);
      if (rest) return [...rest, odd];
    }
  }
  return null;
}

/** Parts of any size in [MIN_PART, MAX_PART], at least `minCount` of them. */
export function anyParts(total: number, minCount = 1): number[] | null {
  const first = Math.max(minCount, Math.ceil(total / MAX_PART));
  return nearEqual(total, first, MIN_PART, MAX_PART, -1);
}
