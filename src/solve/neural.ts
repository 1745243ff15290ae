import type { Board } from "../core/board.js";
import type { KnightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";
import type { Budget } from "../core/run.js";
import type { SolveStats } from "./types.js";

/**
 * Takefuji and Lee's neural network for closed knight's tours (Neurocomputing 4, 1992; studied
 * by Parberry, "Scalability of a neural network for the knight's tour problem", 1997), on any
 * move graph: any piece, topology and holes (a hole has no move, so no neuron).
 *
 * One neuron per move (an edge of the move graph), with an integer state U and an
 * output V ∈ {0, 1}: V = 1 means "this move is in the tour". A neuron looks only at the two
 * cells its move joins. With deg(x) the number of active moves at cell x (its own included):
 *
 *     U ← U + 4 − deg(a) − deg(b)                       (a, b: the ends of the move)
 *     V ← 1 if U > 3,  0 if U < 0,  else unchanged       (hysteresis)
 *
 * Both ends at degree 2 leave U unchanged; too many active moves at an end push U down, too few
 * push it up, and the dead band 0..3 keeps V from flickering. The network is *stable* when a
 * whole sweep changes no U: then deg(a) + deg(b) = 4 on every move, which on a connected
 * bipartite graph with equal colour classes (every knight's board with a closed tour) usually
 * means every cell at degree exactly 2, and on a connected graph with an odd cycle always does
 * (degrees alternate x, 4 − x round the cycle); other settled states count as "irregular". The active moves then form a 2-regular spanning subgraph: a set of
 * disjoint cycles covering the board. One cycle is a closed tour; several are a "cycle cover",
 * the network's usual failure; a network may also never settle. So the solver retries from
 * fresh random states.
 */

/** How the neurons are updated in one sweep. */
export const NEURAL_UPDATES = ["sequential", "synchronous"] as const;
/**
 * - sequential (asynchronous): one neuron after another in edge order, each seeing the outputs
 *   its predecessors just set; settles far more often (docs/solvers.md);
 * - synchronous: every neuron from the outputs of the previous sweep, as parallel hardware would.
 */
export type NeuralUpdate = (typeof NEURAL_UPDATES)[number];

/** Options of `--method neural` (`SolveOptions.neural`). */
export interface NeuralOptions {
  /** Update rule; default "sequential". */
  readonly update?: NeuralUpdate;
  /** Sweeps one network may take to settle; default NEURAL_DEFAULT_SWEEPS(cells). */
  readonly maxIterations?: number;
}

/** What the networks of one `solve()` call did (`SolveStats.neural`). */
export interface NeuralStats {
  /** Networks run, each from a fresh random state (the first run plus the restarts). */
  runs: number;
  /** Sweeps over all runs (one sweep updates every neuron once). */
  iterations: number;
  /** Runs that settled on a single cycle: a closed tour. */
  tours: number;
  /** Runs that settled on a cover of two or more cycles. */
  covers: number;
  /** Runs that did not settle within the sweep cap. */
  unsettled: number;
  /** Runs that settled with a cell not of degree 2 (not expected on boards with closed tours). */
  irregular: number;
  /** How often each number of cycles (2, 3, …) was seen among the covers. */
  cycleCounts: Record<number, number>;
  /** Cycle lengths of the last cover seen (longest first), or null. */
  lastCover: number[] | null;
}

/** How one network run ended. */
/** "aborted" and "limit": the budget (AbortSignal, node or time limit) stopped it. */
export type NetworkOutcome = "tour" | "cover" | "irregular" | "unsettled" | "aborted" | "limit";

/** Runs `solve()` tries when `maxAttempts` is not given. */
export const NEURAL_DEFAULT_RUNS = 1_000;

/** Default sweep cap of one run: settling takes tens to a few hundred sweeps up to 20×20. */
export function neuralDefaultSweeps(cells: number): number {
  return Math.max(1_000, 4 * cells);
}

/** Bytes the network needs beyond the knight graph: two ends, U, V and a delta per move, degrees and mates per cell. */
export function neuralBytes(board: Board, edges: number): number {
  return edges * (4 + 4 + 4 + 1 + 1) + board.cells * (1 + 8);
}

/** Hysteresis thresholds: V turns on above UPPER and off below LOWER. */
const UPPER = 3;
const LOWER = 0;

/**
 * The network of one board: the moves indexed once (edge e joins `from[e]` < `to[e]`), and the
 * typed arrays of states, outputs and cell degrees, reused by every run.
 */
export class KnightNetwork {
  readonly graph: KnightGraph;
  /** Number of neurons (undirected knight moves). */
  readonly edges: number;
  /** The two cells of each move, from < to. */
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** U: the neurons' states. */
  readonly state: Int32Array;
  /** V: the neurons' outputs (1 = the move is in the cycle cover). */
  readonly output: Uint8Array;
  /** Active moves at each cell. */
  readonly degree: Uint8Array;
  /** Synchronous updates: each neuron's change, computed from the previous outputs. */
  private readonly delta: Int8Array;
  /** The two active neighbours of each cell once settled (2·cell and 2·cell + 1). */
  private readonly mates: Int32Array;
  /** Sweeps the last run took. */
  iterations = 0;
  /** Cycle lengths of the last settled run (longest first); empty otherwise. */
  cycleLengths: number[] = [];

  constructor(graph: KnightGraph) {
    this.graph = graph;
    const { offsets, targets } = graph;
    const cells = graph.board.cells;
    this.edges = graph.edgeCount;
    this.from = new Int32Array(this.edges);
    this.to = new Int32Array(this.edges);
    let e = 0;
    for (let a = 0; a < cells; a++) {
      for (let i = offsets[a]!; i < offsets[a + 1]!; i++) {
        const b = targets[i]!;
        if (a < b) {
          this.from[e] = a;
          this.to[e] = b;
          e++;
        }
      }
    }
    this.state = new Int32Array(this.edges);
    this.output = new Uint8Array(this.edges);
    this.degree = new Uint8Array(cells);
    this.delta = new Int8Array(this.edges);
    this.mates = new Int32Array(2 * cells);
  }

  /**
   * A fresh random state: each output 0 or 1 with even odds, each U uniform in the dead band
   * 0..3 (consistent with either output, so the first sweep is not forced).
   */
  randomise(random: Random): void {
    const { state, output, degree, from, to } = this;
    degree.fill(0);
    for (let e = 0; e < this.edges; e++) {
      state[e] = random.int(UPPER - LOWER + 1) + LOWER;
      const on = random.next() < 0.5 ? 1 : 0;
      output[e] = on;
      if (on) {
        degree[from[e]!]++;
        degree[to[e]!]++;
      }
    }
    this.iterations = 0;
    this.cycleLengths = [];
  }

  /** One sweep over every neuron; returns how many states changed (0: the network is stable). */
  sweep(update: NeuralUpdate): number {
    const { state, output, degree, from, to, delta } = this;
    const edges = this.edges;
    let changed = 0;
    if (update === "synchronous") {
      for (let e = 0; e < edges; e++) delta[e] = 4 - degree[from[e]!]! - degree[to[e]!]!;
    }
    for (let e = 0; e < edges; e++) {
      const a = from[e]!;
      const b = to[e]!;
      const d = update === "synchronous" ? delta[e]! : 4 - degree[a]! - degree[b]!;
      if (d === 0) continue;
      changed++;
      const u = state[e]! + d;
      state[e] = u;
      if (u > UPPER) {
        if (output[e] === 0) {
          output[e] = 1;
          degree[a]!++;
          degree[b]!++;
        }
      } else if (u < LOWER && output[e] === 1) {
        output[e] = 0;
        degree[a]!--;
        degree[b]!--;
      }
    }
    this.iterations++;
    return changed;
  }

  /**
   * Run from a fresh random state until stable or `maxIterations` sweeps. `budget` (checked
   * after every sweep, with `stats.nodes` counting neuron updates) may stop it first.
   */
  run(
    random: Random,
    update: NeuralUpdate,
    maxIterations: number,
    budget?: Budget,
    stats?: SolveStats,
  ): NetworkOutcome {
    this.randomise(random);
    while (this.iterations < maxIterations) {
      const changed = this.sweep(update);
      if (stats !== undefined) stats.nodes += this.edges;
      if (changed === 0) return this.analyse();
      const stop = budget?.check(stats?.nodes ?? 0) ?? null;
      if (stop !== null) return stop;
    }
    return "unsettled";
  }

  /**
   * Read the settled network: "irregular" unless every cell has exactly two active moves, else
   * "tour" (one cycle) or "cover" (several); `cycleLengths` lists them, longest first.
   */
  analyse(): "tour" | "cover" | "irregular" {
    const { output, degree, from, to, mates } = this;
    const board = this.graph.board;
    const cells = board.cells;
    // Holes have no moves, hence no active one: every other cell needs two.
    for (let v = 0; v < cells; v++) if (degree[v] !== 2 && !board.isHole(v)) return "irregular";
    mates.fill(-1);
    for (let e = 0; e < this.edges; e++) {
      if (output[e] === 0) continue;
      const a = from[e]!;
      const b = to[e]!;
      mates[mates[2 * a]! < 0 ? 2 * a : 2 * a + 1] = b;
      mates[mates[2 * b]! < 0 ? 2 * b : 2 * b + 1] = a;
    }
    // Walk each cycle once; `degree` doubles as the visited mark (restored after).
    const lengths: number[] = [];
    for (let s = 0; s < cells; s++) {
      if (degree[s] !== 2) continue;
      let length = 0;
      let previous = -1;
      let cell = s;
      while (degree[cell] === 2) {
        degree[cell] = 0;
        length++;
        const next = mates[2 * cell] !== previous ? mates[2 * cell]! : mates[2 * cell + 1]!;
        previous = cell;
        cell = next;
      }
      lengths.push(length);
    }
    for (let v = 0; v < cells; v++) degree[v] = board.isHole(v) ? 0 : 2;
    lengths.sort((x, y) => y - x);
    this.cycleLengths = lengths;
    return lengths.length === 1 ? "tour" : "cover";
  }

  /** The settled single cycle as a path from `start` (call after `analyse()` answered "tour"). */
  cycleFrom(start: number): Int32Array {
    const cells = this.graph.vertexCount;
    const path = new Int32Array(cells);
    let previous = -1;
    let cell = start;
    for (let i = 0; i < cells; i++) {
      path[i] = cell;
      const next =
        this.mates[2 * cell] !== previous ? this.mates[2 * cell]! : this.mates[2 * cell + 1]!;
      previous = cell;
      cell = next;
    }
    return path;
  }
}
