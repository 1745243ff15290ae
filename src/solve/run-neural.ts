import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { knightGraph } from "../core/graph.js";
import { checkMemory, DEFAULT_MAX_BYTES } from "../core/memory.js";
import { createRandom } from "../core/random.js";
import type { Budget } from "../core/run.js";
import type { Tour } from "../core/tour.js";
import {
  KnightNetwork,
  NEURAL_DEFAULT_RUNS,
  NEURAL_UPDATES,
  type NeuralStats,
  neuralBytes,
  neuralDefaultSweeps,
} from "./neural.js";
import type { SolveOptions, SolveResult, SolveStats } from "./types.js";

/** Refuse what the network cannot do: it finds closed tours only, with no required end. */
export function checkNeuralOptions(options: SolveOptions): void {
  if (options.closed !== true) {
    throw new OptionError(
      "the neural method finds closed tours only: ask for a closed tour (--closed), or pick another method for open ones (search, warnsdorff, construct, dlx)",
      "neural",
    );
  }
  if (options.end !== undefined) {
    throw new OptionError(
      "the neural method takes no required end (a closed tour has none): drop --end",
      options.end,
    );
  }
  const neural = options.neural ?? {};
  if (
    neural.update !== undefined &&
    !(NEURAL_UPDATES as readonly string[]).includes(neural.update)
  ) {
    throw new OptionError(
      `unknown neural update '${neural.update}': expected one of ${NEURAL_UPDATES.join(", ")}`,
      neural.update,
    );
  }
  if (
    neural.maxIterations !== undefined &&
    !(Number.isInteger(neural.maxIterations) && neural.maxIterations > 0)
  ) {
    throw new OptionError(
      `neural maxIterations must be a positive integer, got ${neural.maxIterations}`,
      neural.maxIterations,
    );
  }
}

/** A fresh, empty NeuralStats. */
export function emptyNeuralStats(): NeuralStats {
  return {
    runs: 0,
    iterations: 0,
    tours: 0,
    covers: 0,
    unsettled: 0,
    irregular: 0,
    cycleCounts: {},
    lastCover: null,
  };
}

/**
 * `--method neural`: run the network from fresh random states (seeded by `options.seed`) up to
 * `options.maxAttempts` times (default NEURAL_DEFAULT_RUNS) or until a limit, and return the
 * first single cycle as a closed tour from `options.start` (default cell 0). Covers of several
 * cycles and unsettled runs are tallied in `stats.neural`; when no run gives a tour the status
 * is "limit" and the reason sums them up. Expects checked options (closed, no end).
 */
export function solveNeural(
  board: Board,
  options: SolveOptions,
  budget: Budget,
  stats: SolveStats,
): Omit<SolveResult, "stats"> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const graph = knightGraph(board, { maxBytes });
  checkMemory(
    `the neural network of ${board.label}`,
    neuralBytes(board, graph.edgeCount),
    maxBytes,
    board.label,
  );
  const network = new KnightNetwork(graph);
  const random = createRandom(options.seed ?? 1);
  const update = options.neural?.update ?? "sequential";
  const sweeps = options.neural?.maxIterations ?? neuralDefaultSweeps(board.cells);
  const maxRuns = options.maxAttempts ?? NEURAL_DEFAULT_RUNS;
  const neural = emptyNeuralStats();
  stats.neural = neural;
  for (let run = 0; run < maxRuns; run++) {
    stats.attempts++;
    neural.runs++;
    const outcome = network.run(random, update, sweeps, budget, stats);
    neural.iterations += network.iterations;
    switch (outcome) {
      case "tour": {
        neural.tours++;
        const from = options.start ?? board.firstCell;
        const tour: Tour = { board, path: network.cycleFrom(from), closed: true };
        return { status: "found", tour };
      }
      case "cover": {
        neural.covers++;
        const k = network.cycleLengths.length;
        neural.cycleCounts[k] = (neural.cycleCounts[k] ?? 0) + 1;
        neural.lastCover = network.cycleLengths;
        break;
      }
      case "unsettled":
        neural.unsettled++;
        break;
      case "irregular":
        neural.irregular++;
        break;
      default:
        return {
          status: outcome,
          tour: null,
          reason: `${budget.reason} (neural: ${summariseNeural(neural, sweeps)}${neural.runs === 1 ? ", cut short" : "; the last run cut short"})`,
        };
    }
  }
  return {
    status: "limit",
    tour: null,
    reason: `the neural network settled on no single cycle (${summariseNeural(neural, sweeps)}); try another --seed or --method search`,
  };
}

/** "12 runs: 9 covers of 2–5 cycles (most often 3), 3 did not settle within 1000 sweeps". */
export function summariseNeural(neural: NeuralStats, sweeps: number): string {
  const parts: string[] = [];
  if (neural.covers > 0) {
    const ks = Object.keys(neural.cycleCounts).map(Number);
    const low = Math.min(...ks);
    const high = Math.max(...ks);
    // The most frequent count, when one stands out.
    let mode = -1;
    let best = 0;
    for (const k of ks) {
      const seen = neural.cycleCounts[k]!;
      if (seen > best) [mode, best] = [k, seen];
      else if (seen === best) mode = -1;
    }
    const range = low === high ? `${low}` : `${low}–${high}`;
    const often = low === high || mode < 0 ? "" : ` (most often ${mode})`;
    parts.push(
      `${neural.covers} ${neural.covers === 1 ? "cover" : "covers"} of ${range} cycles${often}`,
    );
  }
  if (neural.unsettled > 0)
    parts.push(`${neural.unsettled} did not settle within ${sweeps} sweeps`);
  if (neural.irregular > 0) parts.push(`${neural.irregular} settled with a cell not of degree 2`);
  const runs = `${neural.runs} ${neural.runs === 1 ? "run" : "runs"}`;
  return parts.length === 0 ? runs : `${runs}: ${parts.join(", ")}`;
}
