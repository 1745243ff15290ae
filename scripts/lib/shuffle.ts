/**
 * The numbers 0..size − 1 in a random order from `seed` (xorshift32, Fisher–Yates): the same
 * order for the same seed on every machine. The sweeps use it as a rank of the cells that breaks
 * the greedy order's last ties elsewhere (src/count/free-order.ts `freeOrder`).
 */
export function shuffledRank(size: number, seed: number): Int32Array {
  let x = Math.imul(seed + 1, 2654435761) >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  const rank = Int32Array.from({ length: size }, (_, i) => i);
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [rank[i], rank[j]] = [rank[j]!, rank[i]!];
  }
  return rank;
}
