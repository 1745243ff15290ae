import type { Budget, RunStatus } from "../core/run.js";
import { permutationsOutside } from "./geometry.js";
import { mapsOntoItself } from "./invariance.js";
import { gcd, type Quotient } from "./quotient.js";
import type { QuotientPathSearch } from "./search.js";
import { symmetricKinds } from "./theory.js";
import { boardTransforms, type TransformName, transformPermutation } from "./transforms.js";

/** What an enumeration reads of the count's options. */
export interface EnumerationOptions {
  /** Called with every tour found (a reused buffer: copy it to keep it). */
  readonly onTour?: ((path: Int32Array, reversing: boolean) => void) | undefined;
}

/** Which kinds of symmetric tour to look for (see count.ts). */
export interface SymmetricKinds {
  readonly rotating: boolean;
  readonly reversing: boolean;
}

/**
 * One enumeration: the rotating kind from quotient cycles through a least-degree orbit s
 * (split by the pair of neighbours the cycle uses at s, so each undirected cycle is met once),
 * then the reversing kind from paths between loop orbits.
 */
/**
 * The kinds worth searching: on the knight's plain rectangle the colour argument of theory.ts
 * rules some out; on other geometries both are searched wherever they can exist (reversing
 * needs an involution), and the search decides.
 */
function defaultKinds(quotient: Quotient): SymmetricKinds {
  if (quotient.board.plain) return symmetricKinds(quotient.board, quotient.rotation);
  return { rotating: true, reversing: quotient.order === 2 };
}

export class SymmetricEnumeration {
  rotating = 0;
  reversing = 0;
  /** Σ over tours found of the size of their stabiliser in the board's symmetry group. */
  stabiliserSum = 0;
  private readonly quotient: Quotient;
  private readonly options: EnumerationOptions;
  private readonly lifted: Int32Array;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  /**
   * The board's symmetries outside the folded group, whose invariance each tour is tested for
   * (stabiliser counts only): the other transforms of D4 or D2 on a plain board, the rest of the
   * geometry's group on others.
   */
  private readonly others: Int32Array[];
  private readonly groupSize: number;

  private readonly stabilisers: boolean;
  private readonly kinds: SymmetricKinds | undefined;

  constructor(
    quotient: Quotient,
    options: EnumerationOptions,
    stabilisers: boolean,
    kinds?: SymmetricKinds,
  ) {
    this.quotient = quotient;
    this.kinds = kinds;
    this.options = options;
    this.stabilisers = stabilisers;
    const { board } = quotient;
    // A tour visits every orbit's `order` cells; the links are indexed by cell (holes unused).
    this.lifted = new Int32Array(quotient.size * quotient.order);
    this.next = new Int32Array(board.cells);
    this.prev = new Int32Array(board.cells);
    this.groupSize = quotient.order;
    if (!stabilisers) this.others = [];
    else if (board.plain) {
      const inGroup: TransformName[] =
        quotient.order === 4
          ? ["identity", "rotate90", "rotate180", "rotate270"]
          : ["identity", quotient.generator];
      this.others = boardTransforms(board)
        .filter((name) => !inGroup.includes(name))
        .map((name) => transformPermutation(board, name));
    } else this.others = permutationsOutside(quotient);
  }

  private get needsTours(): boolean {
    return this.stabilisers || this.options.onTour !== undefined;
  }

  /** Stabiliser bookkeeping and the caller's callback for one lifted tour. */
  private record(reversing: boolean): void {
    const { lifted, next, prev } = this;
    if (this.stabilisers) {
      const n = lifted.length;
      for (let i = 0; i < n; i++) {
        const a = lifted[i]!;
        const b = lifted[i + 1 === n ? 0 : i + 1]!;
        next[a] = b;
        prev[b] = a;
      }
      let stabiliser = this.groupSize;
      for (const perm of this.others) {
        if (mapsOntoItself(lifted, next, prev, perm) !== 0) stabiliser++;
      }
      this.stabiliserSum += stabiliser;
    }
    this.options.onTour?.(lifted, reversing);
  }

  run(search: QuotientPathSearch, budget: Budget): RunStatus {
    const q = this.quotient;
    const { arcOffsets, arcTo, arcVolt, nbrOffsets, nbrTo, order, size } = q;
    const counts = new Float64Array(order);

    // The colour argument rules a kind out on some boards (theory.ts); skip its search there.
    const kinds = this.kinds ?? defaultKinds(q);
    // Rotating kind: cycles through s, entered from u and left to w, u < w distinct neighbours.
    let s = 0;
    for (let v = 1; v < size; v++) {
      if (nbrOffsets[v + 1]! - nbrOffsets[v]! < nbrOffsets[s + 1]! - nbrOffsets[s]!) s = v;
    }
    const sNbrs = Array.from(nbrTo.subarray(nbrOffsets[s]!, nbrOffsets[s + 1]!)).sort(
      (a, b) => a - b,
    );
    const arcsBetween = (from: number, to: number): number[] => {
      const volts: number[] = [];
      for (let i = arcOffsets[from]!; i < arcOffsets[from + 1]!; i++) {
        if (arcTo[i] === to) volts.push(arcVolt[i]!);
      }
      return volts;
    };
    const orbitsBuf = new Int32Array(size);
    const voltsBuf = new Int32Array(size);
    for (let i = 0; kinds.rotating && i < sNbrs.length; i++) {
      for (let j = i + 1; j < sNbrs.length; j++) {
        const u = sNbrs[i]!;
        const w = sNbrs[j]!;
        const into = arcsBetween(s, u); // s → u voltages
        const outOf = arcsBetween(w, s); // w → s voltages
        // The lifted cycle is one tour when the total voltage generates Z_order (any total
        // when the group is trivial: gcd(0, 1) = 1).
        const accepted = (total: number) => gcd(((total % order) + order) % order, order) === 1;
        counts.fill(0);
        const visitor = this.needsTours
          ? (orbits: Int32Array, volts: Int32Array, length: number) => {
              for (const v1 of into) {
                for (const v2 of outOf) {
                  const total = v1 + volts[length - 1]! + v2;
                  if (!accepted(total)) continue;
                  orbitsBuf[0] = s;
                  voltsBuf[0] = 0;
                  for (let k = 0; k < length; k++) {
                    orbitsBuf[k + 1] = orbits[k]!;
                    voltsBuf[k + 1] = (v1 + volts[k]!) % order;
                  }
                  this.lift(orbitsBuf, voltsBuf, size, order, total % order);
                  this.record(false);
                }
              }
              return false;
            }
          : undefined;
        const outcome = search.run(u, w, s, counts, budget, visitor);
        for (let t = 0; t < order; t++) {
          for (const v1 of into) {
            for (const v2 of outOf) if (accepted(v1 + t + v2)) this.rotating += counts[t]!;
          }
        }
        if (outcome === "limit" || outcome === "aborted") return outcome;
      }
    }

    // Reversing kind (half turn): paths between two loop orbits, closed by the loop moves.
    if (kinds.reversing) {
      const loopOrbits = [...new Set(q.loops.map(([orbit]) => orbit))].sort((a, b) => a - b);
      for (let i = 0; i < loopOrbits.length; i++) {
        for (let j = i + 1; j < loopOrbits.length; j++) {
          counts.fill(0);
          const visitor = this.needsTours
            ? (orbits: Int32Array, volts: Int32Array, length: number) => {
                this.liftReversing(orbits, volts, length);
                this.record(true);
                return false;
              }
            : undefined;
          const outcome = search.run(loopOrbits[i]!, loopOrbits[j]!, -1, counts, budget, visitor);
          this.reversing += counts[0]! + counts[1]!;
          if (outcome === "limit" || outcome === "aborted") return outcome;
        }
      }
    }
    return "done";
  }

  /** A quotient cycle of total voltage `turn` lifted to `order` copies: one closed tour. */
  private lift(
    orbits: Int32Array,
    volts: Int32Array,
    length: number,
    order: number,
    turn: number,
  ): void {
    const { powers, rep } = this.quotient;
    const out = this.lifted;
    let k = 0;
    for (let copy = 0, shift = 0; copy < order; copy++, shift = (shift + turn) % order) {
      for (let i = 0; i < length; i++)
        out[k++] = powers[(volts[i]! + shift) % order]![rep[orbits[i]!]!]!;
    }
  }

  /** A quotient path P between loop orbits lifted to P followed by the half turn of P reversed. */
  private liftReversing(orbits: Int32Array, volts: Int32Array, length: number): void {
    const { powers, rep } = this.quotient;
    const out = this.lifted;
    for (let i = 0; i < length; i++) {
      const cell = powers[volts[i]! % 2]![rep[orbits[i]!]!]!;
      out[i] = cell;
      out[2 * length - 1 - i] = powers[1]![cell]!;
    }
  }
}
