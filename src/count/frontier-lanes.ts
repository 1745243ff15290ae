/**
 * Counts past 2^64 by the Chinese remainder theorem. The sweep counts modulo 2^64 first, which
 * is exact when no sum ever carried out of 64 bits. When one did, it knows an upper bound on the
 * count (see frontier.ts) and runs again modulo primes just below 2^52 until the product of the
 * moduli passes the bound; the residues determine the count uniquely.
 */

/** Largest modulus of a prime lane: sums of two residues stay exact in a float64. */
const PRIME_CEILING = 2 ** 52;

/** Deterministic Miller–Rabin for n < 3.3·10^24 (the first 13 prime bases suffice). */
function isPrime(n: bigint): boolean {
  if (n < 2n) return false;
  const bases = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n];
  for (const p of bases) {
    if (n === p) return true;
    if (n % p === 0n) return false;
  }
  let d = n - 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  const power = (base: bigint, exponent: bigint): bigint => {
    let result = 1n;
    let b = base % n;
    let e = exponent;
    while (e > 0n) {
      if (e & 1n) result = (result * b) % n;
      b = (b * b) % n;
      e >>= 1n;
    }
    return result;
  };
  outer: for (const a of bases) {
    let x = power(a, d);
    if (x === 1n || x === n - 1n) continue;
    for (let r = 1; r < s; r++) {
      x = (x * x) % n;
      if (x === n - 1n) continue outer;
    }
    return false;
  }
  return true;
}

/** The prime lanes' moduli found so far (a queued count asks for them at every poll). */
const primes: number[] = [];

/** The i-th prime lane's modulus (i ≥ 0): the primes just below 2^52, largest first. */
export function lanePrime(i: number): number {
  for (let p = BigInt(primes.at(-1) ?? PRIME_CEILING + 1) - 2n; primes.length <= i; p -= 2n) {
    if (isPrime(p)) primes.push(Number(p));
  }
  return primes[i]!;
}

/**
 * How many prime lanes, after the 2^64 one, make the product of the moduli exceed `bound`.
 */
export function primeLanesFor(bound: bigint): number {
  let product = 2n ** 64n;
  let lanes = 0;
  while (product <= bound) {
    product *= BigInt(lanePrime(lanes));
    lanes++;
  }
  return lanes;
}

/** The x in [0, 2^64·∏p) with x ≡ r0 (mod 2^64) and x ≡ residues[i] (mod lanePrime(i)). */
export function combineLanes(r0: bigint, residues: readonly bigint[]): bigint {
  let x = r0;
  let modulus = 2n ** 64n;
  residues.forEach((r, i) => {
    const p = BigInt(lanePrime(i));
    // x + modulus·k ≡ r (mod p): k = (r − x)·modulus⁻¹ mod p.
    const inverse = modularInverse(modulus % p, p);
    const k = (((r - x) % p) + p) % p;
    x += modulus * ((k * inverse) % p);
    modulus *= p;
  });
  return x;
}

function modularInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

/**
 * An upper bound on a count that passed 2^64. Every output state is reached from an input state
 * by at most one subset of v's edges, so a layer's total is at most the previous total times the
 * subsets tried at that cell; the last exact layer's total (summed in floating point, hence the
 * margin) starts the product.
 */
export function countBound(
  exactTotal: number,
  overflowAt: number,
  subsetsAt: Float64Array,
): bigint {
  let b = BigInt(Math.ceil(exactTotal * (1 + 2 ** -20))) + 1n;
  for (let t = Math.max(0, overflowAt - 1); t < subsetsAt.length; t++) {
    b *= BigInt(Math.max(1, subsetsAt[t]!));
  }
  return b;
}
