import type { Random } from "../core/random.js";
import { gcd, type Quotient } from "./quotient.js";

/**
 * The heuristic half of the symmetric-tour finder (find.ts): Hamiltonian cycles and paths of a
 * quotient board by Warnsdorff's rule with random tie-breaks, extended and closed by Pósa
 * rotations, with the voltages chosen so that the cycle lifts to one tour.
 */

/** A quotient path between the two loop orbits, lifted: P, then the half turn of P reversed. */
export function liftReversingPath(
  quotient: Quotient,
  orbits: ArrayLike<number>,
  cum: ArrayLike<number>,
  length: number,
): Int32Array {
  const { powers, rep } = quotient;
  const path = new Int32Array(2 * length);
  for (let i = 0; i < length; i++) {
    const cell = powers[cum[i]! % 2]![rep[orbits[i]!]!]!;
    path[i] = cell;
    path[2 * length - 1 - i] = powers[1]![cell]!;
  }
  return path;
}

/**
 * Randomised Hamiltonian cycles and paths on a quotient: Warnsdorff's rule, then Pósa
 * rotations. Work arrays are allocated once and reused by every attempt.
 */
export class QuotientHamiltonFinder {
  readonly quotient: Quotient;
  /** Steps (cells added, rotations) in the last attempt. */
  lastSteps = 0;
  private readonly path: Int32Array;
  private readonly pos: Int32Array;
  private readonly free: Int32Array;
  private readonly reach: Uint8Array;
  private readonly choice: Uint8Array;
  private readonly candidates: Int32Array;
  private readonly farness: Int32Array;

  constructor(quotient: Quotient) {
    this.quotient = quotient;
    const n = quotient.size;
    this.path = new Int32Array(n);
    this.pos = new Int32Array(n);
    this.free = new Int32Array(n);
    this.reach = new Uint8Array(n + 1);
    this.choice = new Uint8Array(n);
    // One slot per neighbour of the busiest orbit (a union of leaps has dozens).
    let widest = 16;
    for (let q = 0; q < n; q++) {
      widest = Math.max(widest, quotient.nbrOffsets[q + 1]! - quotient.nbrOffsets[q]!);
    }
    this.candidates = new Int32Array(widest);
    // Squared distance of each orbit's cells from the board's centre, doubled to stay integral.
    const { board, rep } = quotient;
    this.farness = new Int32Array(n);
    for (let q = 0; q < n; q++) {
      const dr = 2 * board.row(rep[q]!) - (board.rows - 1);
      const dc = 2 * board.col(rep[q]!) - (board.cols - 1);
      this.farness[q] = dr * dr + dc * dc;
    }
  }

  /** One attempt at a Hamiltonian cycle of acceptable voltage, lifted; null on failure. */
  attemptCycle(random: Random): Int32Array | null {
    const n = this.quotient.size;
    const start = random.int(n);
    if (!this.hamiltonianPath(random, start, -1)) return null;
    // Rotate the end around until it is next to the start with a workable voltage.
    const budget = 8 * n + 1000;
    for (let r = 0; r < budget; r++) {
      if (this.adjacent(this.path[n - 1]!, start)) {
        if (this.chooseVoltages(true)) return this.liftCycle();
        // A Hamiltonian cycle with the wrong total voltage: one 2-opt exchange usually fixes it.
        if (this.fixVoltageByTwoOpt() && this.chooseVoltages(true)) return this.liftCycle();
      }
      // Prefer a rotation whose new end is next to the start (a 2-opt closing move).
      if (!this.rotate(random, n, start)) return null;
    }
    return null;
  }

  /** One attempt at a Hamiltonian path from `from` to `to` (half turn, reversing kind). */
  attemptPath(random: Random, from: number, to: number): Int32Array | null {
    const n = this.quotient.size;
    if (!this.hamiltonianPath(random, from, to)) return null;
    const budget = 8 * n + 1000;
    for (let r = 0; r < budget; r++) {
      if (this.path[n - 1] === to) {
        this.chooseVoltages(false);
        const cum = new Int32Array(n);
        for (let i = 1; i < n; i++) cum[i] = (cum[i - 1]! + this.choice[i - 1]!) % 2;
        return liftReversingPath(this.quotient, this.path, cum, n);
      }
      if (!this.rotate(random, n)) return null;
    }
    return null;
  }

  /**
   * One attempt at a Hamiltonian path from `start` to anywhere, as cells: for the trivial
   * quotient (order 1), where it is an open tour of the board; null on failure.
   */
  attemptOpenPath(random: Random, start: number): Int32Array | null {
    const { order, size: n, rep } = this.quotient;
    if (order !== 1)
      throw new Error("internal: open paths are lifted from the trivial quotient only");
    if (!this.hamiltonianPath(random, start, -1)) return null;
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) out[i] = rep[this.path[i]!]!;
    return out;
  }

  private adjacent(a: number, b: number): boolean {
    const { nbrOffsets, nbrTo } = this.quotient;
    for (let i = nbrOffsets[a]!; i < nbrOffsets[a + 1]!; i++) if (nbrTo[i] === b) return true;
    return false;
  }

  /**
   * Warnsdorff's walk from `start` (keeping `avoid` for last, when ≥ 0), extended by Pósa
   * rotations when it gets stuck. True when the path covers every orbit.
   */
  private hamiltonianPath(random: Random, start: number, avoid: number): boolean {
    const { nbrOffsets, nbrTo, size: n } = this.quotient;
    const { path, pos, free, candidates, farness } = this;
    pos.fill(-1);
    for (let v = 0; v < n; v++) free[v] = nbrOffsets[v + 1]! - nbrOffsets[v]!;
    let length = 0;
    const add = (v: number) => {
      pos[v] = length;
      path[length++] = v;
      for (let i = nbrOffsets[v]!; i < nbrOffsets[v + 1]!; i++) free[nbrTo[i]!]!--;
    };
    add(start);
    let stuckBudget = 4 * n + 1000;
    this.lastSteps = 1;
    while (length < n) {
      const end = path[length - 1]!;
      let best = 99;
      let bestFar = -1;
      let ties = 0;
      for (let i = nbrOffsets[end]!; i < nbrOffsets[end + 1]!; i++) {
        const v = nbrTo[i]!;
        if (pos[v] !== -1 || (v === avoid && length < n - 1)) continue;
        const d = free[v]!;
        const far = farness[v]!;
        // Warnsdorff, ties to the orbit farthest from the centre (Roth's rule: the distance
        // is the same for every cell of an orbit, so it carries over to the quotient).
        if (d < best || (d === best && far > bestFar)) {
          best = d;
          bestFar = far;
          ties = 0;
        }
        if (d === best && far === bestFar) candidates[ties++] = v;
      }
      this.lastSteps++;
      if (ties > 0) {
        add(candidates[random.int(ties)]!);
        continue;
      }
      // Stuck: rotate to get a new end (one with a free neighbour if possible), go on from it.
      if (--stuckBudget < 0 || !this.rotate(random, length, -1, true)) return false;
    }
    return true;
  }

  /**
   * Pósa rotation of path[0..length): pick a random neighbour path[i] of the end (i < length-2)
   * and reverse path[i+1..length), making path[i+1] the new end. False if the end has none.
   * With `closeTo`, a pivot whose new end is next to `closeTo` is preferred, with `extend` one
   * whose new end has an unvisited neighbour (3 times in 4: the rest stay random, so a voltage
   * that does not work is not retried forever and the walk does not cycle).
   */
  private rotate(random: Random, length: number, closeTo = -1, extend = false): boolean {
    const { nbrOffsets, nbrTo } = this.quotient;
    const { path, pos, candidates, free } = this;
    const end = path[length - 1]!;
    let k = 0;
    let preferred = -1;
    for (let i = nbrOffsets[end]!; i < nbrOffsets[end + 1]!; i++) {
      const v = nbrTo[i]!;
      const p = pos[v]!;
      if (p >= 0 && p < length - 2) {
        candidates[k++] = p;
        // A useful pivot: the new end is next to the start (closing) or has a free neighbour
        // (extending). Among useful ones the latest is taken: it reverses the shortest tail.
        const useful =
          (closeTo >= 0 && this.adjacent(path[p + 1]!, closeTo)) ||
          (extend && free[path[p + 1]!]! > 0);
        if (useful && p > preferred) preferred = p;
      }
    }
    this.lastSteps++;
    if (k === 0) return false;
    let lo = (preferred >= 0 && random.int(4) !== 0 ? preferred : candidates[random.int(k)]!) + 1;
    let hi = length - 1;
    while (lo < hi) {
      const a = path[lo]!;
      const b = path[hi]!;
      path[lo] = b;
      pos[b] = lo;
      path[hi] = a;
      pos[a] = hi;
      lo++;
      hi--;
    }
    return true;
  }

  /**
   * Choose a voltage for each step of the path (and the closing step, for a cycle) so that the
   * total generates the group. Voltage sets per step are bitmasks over Z_order; reach[i] is the
   * set of totals possible after i steps. False when no choice works.
   */
  private chooseVoltages(cycle: boolean): boolean {
    const { arcOffsets, arcTo, arcVolt, order, size: n } = this.quotient;
    const { path, reach, choice } = this;
    const steps = cycle ? n : n - 1;
    const full = (1 << order) - 1;
    const setOf = (i: number): number => {
      const a = path[i]!;
      const b = path[i + 1 === n ? 0 : i + 1]!;
      let mask = 0;
      for (let k = arcOffsets[a]!; k < arcOffsets[a + 1]!; k++)
        if (arcTo[k] === b) mask |= 1 << arcVolt[k]!;
      return mask;
    };
    const shift = (set: number, v: number) => ((set << v) | (set >>> (order - v))) & full;
    reach[0] = 1;
    for (let i = 0; i < steps; i++) {
      const volts = setOf(i);
      let next = 0;
      for (let v = 0; v < order; v++) if (volts & (1 << v)) next |= shift(reach[i]!, v);
      reach[i + 1] = next;
    }
    let target = -1;
    if (!cycle) target = 31 - Math.clz32(reach[steps]!);
    else {
      // t = 0 generates only the trivial group (order 1: gcd(0, 1) = 1).
      for (let t = 0; t < order; t++) {
        if (gcd(t, order) === 1 && reach[steps]! & (1 << t)) {
          target = t;
          break;
        }
      }
    }
    if (target < 0) return false;
    for (let i = steps - 1; i >= 0; i--) {
      const volts = setOf(i);
      for (let v = 0; v < order; v++) {
        const before = (target - v + order) % order;
        if (volts & (1 << v) && reach[i]! & (1 << before)) {
          choice[i] = v;
          target = before;
          break;
        }
      }
    }
    return true;
  }

  /** The voltage of one arc a → b (the least, when several join them), or -1 if none. */
  private arcVoltage(a: number, b: number): number {
    const { arcOffsets, arcTo, arcVolt } = this.quotient;
    let best = -1;
    for (let k = arcOffsets[a]!; k < arcOffsets[a + 1]!; k++) {
      if (arcTo[k] === b && (best < 0 || arcVolt[k]! < best)) best = arcVolt[k]!;
    }
    return best;
  }

  /**
   * The path is a Hamiltonian cycle (its end next to its start) whose total voltage does not
   * generate the group. Look for a 2-opt exchange — drop moves v_i–v_{i+1} and v_j–v_{j+1},
   * add v_i–v_j and v_{i+1}–v_{j+1}, reversing v_{i+1..j} — after which it does, and make it.
   * With V the running voltage, the new total is V_i + a(v_i→v_j) − (V_j − V_{i+1}) +
   * a(v_{i+1}→v_{j+1}) + (T − V_{j+1}). O(N · degree²) to search, O(N) to apply.
   */
  private fixVoltageByTwoOpt(): boolean {
    const { nbrOffsets, nbrTo, order, size: n } = this.quotient;
    const { path, pos } = this;
    const prefix = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      prefix[i + 1] =
        (prefix[i]! + this.arcVoltage(path[i]!, path[i + 1 === n ? 0 : i + 1]!)) % order;
    }
    const total = prefix[n]!;
    for (let i = 0; i + 3 < n; i++) {
      const vi = path[i]!;
      const vi1 = path[i + 1]!;
      for (let k = nbrOffsets[vi]!; k < nbrOffsets[vi + 1]!; k++) {
        const vj = nbrTo[k]!;
        const j = pos[vj]!;
        if (j <= i + 1 || j >= n - 1) continue;
        const vj1 = path[j + 1]!;
        const a1 = this.arcVoltage(vi, vj);
        const a2 = this.arcVoltage(vi1, vj1);
        if (a2 < 0) continue;
        const t =
          (((prefix[i]! + a1 - (prefix[j]! - prefix[i + 1]!) + a2 + total - prefix[j + 1]!) %
            order) +
            order) %
          order;
        if (gcd(t, order) !== 1) continue;
        // Reverse path[i+1..j].
        for (let lo = i + 1, hi = j; lo < hi; lo++, hi--) {
          const x = path[lo]!;
          const y = path[hi]!;
          path[lo] = y;
          pos[y] = lo;
          path[hi] = x;
          pos[x] = hi;
        }
        return true;
      }
    }
    return false;
  }

  /** Lift the quotient cycle with the chosen voltages: `order` turned copies, one tour. */
  private liftCycle(): Int32Array {
    const { powers, rep, order, size: n } = this.quotient;
    const { path, choice } = this;
    let turn = 0;
    for (let i = 0; i < n; i++) turn = (turn + choice[i]!) % order;
    const out = new Int32Array(n * order);
    let k = 0;
    for (let copy = 0, shift = 0; copy < order; copy++, shift = (shift + turn) % order) {
      let volt = shift;
      for (let i = 0; i < n; i++) {
        out[k++] = powers[volt]![rep[path[i]!]!]!;
        volt = (volt + choice[i]!) % order;
      }
    }
    return out;
  }
}
