/**
 * Split a board side into block sides drawn from `parts`, using as few blocks as possible (so
 * the blocks are large and few distinct sizes occur). Returns null when `total` cannot be made.
 * Cost O(total × parts.length) time and O(total) memory: trivial next to the board itself.
 */
export function splitLength(total: number, parts: readonly number[]): number[] | null {
  const fewest = new Int32Array(total + 1).fill(-1);
  const lastPart = new Int32Array(total + 1);
  fewest[0] = 0;
  for (let length = 1; length <= total; length++) {
    // Larger parts first, so ties keep big blocks.
    for (let i = parts.length - 1; i >= 0; i--) {
      const part = parts[i]!;
      if (part > length || fewest[length - part]! < 0) continue;
      const count = fewest[length - part]! + 1;
      if (fewest[length]! < 0 || count < fewest[length]!) {
        fewest[length] = count;
        lastPart[length] = part;
      }
    }
  }
  if (fewest[total]! < 0) return null;
  const result: number[] = [];
  for (let length = total; length > 0; length -= lastPart[length]!) result.push(lastPart[length]!);
  return result.sort((a, b) => b - a);
}
