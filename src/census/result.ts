import { formatStatValue, parseStatValue, STAT_COUNT, STAT_NAMES, type StatName } from "./stats.js";

/**
 * Results and their merge. A subproblem's result is a plain JSON record (what a worker thread
 * or another machine sends back); a census total is their sum weighted by multiplicity. The
 * merge is exact (bigint), associative and order-independent: sums and minima/maxima, and the
 * witness of an extreme taken from the subproblem with the least name among those reaching it.
 */

/** A witness tour: the subproblem it came from and its cells in order (flat indices). */
export interface Witness {
  readonly subproblem: string;
  readonly path: readonly number[];
}

/** One statistic's extremes within a result. Values as decimal text (the swept area may end in .5). */
export interface ExtremeRecord {
  readonly min: string;
  readonly max: string;
  readonly minTour: Witness;
  readonly maxTour: Witness;
}

/** What running one subproblem gives: unweighted, JSON-able, deterministic. */
export interface SubproblemResult {
  readonly name: string;
  readonly multiplicity: number;
  /** Tours visited (undirected closed tours of this subproblem). */
  readonly tours: string;
  /** Search nodes. */
  readonly nodes: number;
  /** Per statistic, value → tours (absent when the census ran without statistics). */
  readonly stats?: Readonly<Record<StatName, Readonly<Record<string, string>>>>;
  /** Per statistic (absent without statistics or tours). */
  readonly extremes?: Readonly<Record<StatName, ExtremeRecord>>;
}

interface Extreme {
  min: number;
  max: number;
  minTour: Witness;
  maxTour: Witness;
}

/** A running census total: weighted sums, exact. */
export class CensusTotals {
  /** Subproblems added. */
  done = 0;
  /** Undirected closed tours, weighted by multiplicity. */
  tours = 0n;
  /** Tours actually visited (unweighted). */
  visited = 0n;
  nodes = 0;
  /** Per statistic: recorded value → weighted tours. */
  readonly stats: Map<number, bigint>[] = STAT_NAMES.map(() => new Map());
  readonly extremes: (Extreme | undefined)[] = STAT_NAMES.map(() => undefined);

  /** Add one subproblem's result, weighted by its multiplicity. */
  add(result: SubproblemResult): this {
    const weight = BigInt(result.multiplicity);
    const tours = BigInt(result.tours);
    this.done++;
    this.tours += tours * weight;
    this.visited += tours;
    this.nodes += result.nodes;
    for (let k = 0; k < STAT_COUNT; k++) {
      const name = STAT_NAMES[k]!;
      const histogram = result.stats?.[name];
      if (histogram !== undefined) {
        const into = this.stats[k]!;
        for (const [text, count] of Object.entries(histogram)) {
          const value = parseStatValue(k, text);
          into.set(value, (into.get(value) ?? 0n) + BigInt(count) * weight);
        }
      }
      const e = result.extremes?.[name];
      if (e !== undefined) {
        this.meet(k, {
          min: parseStatValue(k, e.min),
          max: parseStatValue(k, e.max),
          minTour: e.minTour,
          maxTour: e.maxTour,
        });
      }
    }
    return this;
  }

  /** Add another total (the merge of two sets of results). */
  merge(other: CensusTotals): this {
    this.done += other.done;
    this.tours += other.tours;
    this.visited += other.visited;
    this.nodes += other.nodes;
    for (let k = 0; k < STAT_COUNT; k++) {
      const into = this.stats[k]!;
      for (const [value, count] of other.stats[k]!) {
        into.set(value, (into.get(value) ?? 0n) + count);
      }
      const e = other.extremes[k];
      if (e !== undefined) this.meet(k, e);
    }
    return this;
  }

  private meet(k: number, e: Extreme): void {
    const mine = this.extremes[k];
    if (mine === undefined) {
      this.extremes[k] = { ...e };
      return;
    }
    if (
      e.min < mine.min ||
      (e.min === mine.min && e.minTour.subproblem < mine.minTour.subproblem)
    ) {
      mine.min = e.min;
      mine.minTour = e.minTour;
    }
    if (
      e.max > mine.max ||
      (e.max === mine.max && e.maxTour.subproblem < mine.maxTour.subproblem)
    ) {
      mine.max = e.max;
      mine.maxTour = e.maxTour;
    }
  }

  /** Weighted tours whose statistic k has this recorded value. */
  toursAt(k: number, value: number): bigint {
    return this.stats[k]!.get(value) ?? 0n;
  }

  /** Histograms as the contract's text: value → weighted tours, values ascending. */
  histogramsJson(): Record<StatName, Record<string, string>> {
    const out = {} as Record<StatName, Record<string, string>>;
    STAT_NAMES.forEach((name, k) => {
      const entries = [...this.stats[k]!].sort((a, b) => a[0] - b[0]);
      out[name] = Object.fromEntries(
        entries.map(([value, count]) => [formatStatValue(k, value), count.toString()]),
      );
    });
    return out;
  }
}
