/** The greatest common divisor of |a| and |b| (1 when both are 0, so dividing by it is safe). */
export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x === 0 ? 1 : x;
}
