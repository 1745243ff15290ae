import type { Board } from "../core/board.js";
import { combineLanes, lanePrime, primeLanesFor } from "./frontier-lanes.js";
import { frontierCountRequest } from "./frontier-request.js";
import { type FrontierMode, sweepId } from "./frontier-types.js";
import type { CountRequest } from "./request.js";

/**
 * A frontier count cut into lanes that can run apart (a job queue's jobs): every sweep the
 * request needs (frontier-request.ts: one, or two for non-closable counts), each counted once
 * per modulus — lane 0 modulo 2^64, lane i ≥ 1 modulo lanePrime(i − 1) — and the total put
 * back together by the Chinese remainder theorem, every residue checked against it.
 *
 * Which lanes a sweep needs is known only once lane 0 is done (its bound on the count). Lane 1
 * is asked for from the start beside lane 0: every count past 2^64 needs it, so the common
 * two-lane count takes the time of one lane on two machines; and below 2^64, where lane 0
 * alone is exact, lane 1 checks it (the count modulo a prime, counted with other arithmetic).
 */

export interface LaneSweep {
  /** The board as the sweep takes it (turned when wider than tall), its mode and ends. */
  readonly board: Board;
  readonly mode: FrontierMode;
  readonly ends: readonly number[];
  /** sweepId: names the sweep in the request's total. */
  readonly id: string;
}

/** A lane's answer: its residue, and for lane 0 the bound (0: the residue is the count). */
export interface LaneAnswer {
  readonly lane: number;
  readonly residue: bigint;
  readonly bound: bigint;
}

/** The lanes every sweep gets before lane 0's bound is known: lanes 0 and 1. */
export const FIRST_LANES = 2;

/** The sweeps a frontier count of `request` runs, in the order it runs them (none: known at once). */
export function laneSweeps(request: CountRequest): LaneSweep[] {
  const sweeps: LaneSweep[] = [];
  // The request's arithmetic does not depend on the sweeps' counts, only on the query: a
  // counter that records each sweep and answers 0 lists them all.
  frontierCountRequest(request, {
    countBoard: (board, options) => {
      const ends = [...(options.ends ?? [])];
      const id = sweepId(board, options.mode, ends);
      if (!sweeps.some((s) => s.id === id)) sweeps.push({ board, mode: options.mode, ends, id });
      return { count: 0n, peakStates: 0, transitions: 0, lanes: 0 };
    },
  });
  return sweeps;
}

/** The request's count from its sweeps' counts (sweep id → count; every sweep present). */
export function laneTotal(request: CountRequest, counts: ReadonlyMap<string, bigint>): bigint {
  const finished = Object.fromEntries([...counts].map(([id, n]) => [id, n.toString()]));
  return frontierCountRequest(request, {
    finished,
    countBoard: (board, options) => {
      throw new Error(`sweep ${sweepId(board, options.mode, options.ends ?? [])} has no count`);
    },
  }).count;
}

/**
 * Lane 0's bound as a lane job stores it: the power of two above it (0 stays 0). The sweep's
 * bound starts from a floating-point sum of the last exact layer, whose last bits depend on the
 * order the layer was read in (in memory or merged from disk, which the memory ceiling decides);
 * rounded up, two runs of lane 0 on machines with different ceilings store the same result, and
 * it is still a bound.
 */
export function storedBound(bound: bigint): bigint {
  return bound === 0n ? 0n : 1n << BigInt(bound.toString(2).length);
}

/** The modulus of a lane: 2^64 for lane 0, else the (lane − 1)-th prime below 2^52. */
export function laneModulus(lane: number): bigint {
  return lane === 0 ? 2n ** 64n : BigInt(lanePrime(lane - 1));
}

/**
 * How many lanes (0 … n − 1) a sweep runs: two until lane 0's bound is known; then two when
 * lane 0 was exact (lane 1 the check), else lane 0 and as many primes as the bound asks for.
 */
export function lanesWanted(bound: bigint | undefined): number {
  if (bound === undefined || bound === 0n) return FIRST_LANES;
  return Math.max(FIRST_LANES, 1 + primeLanesFor(bound));
}

/** The residues of one sweep's lanes do not fit together: a bug or a faulty machine. */
export class LaneMismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LaneMismatch";
  }
}

/**
 * One sweep's count from its lanes (lane 0 and every lane `lanesWanted` asks for, any order):
 * lane 0's residue when it was exact, else the CRT of all lanes. Either way every residue is
 * checked against the count (lane 1 against an exact lane 0 is a second count modulo a
 * prime), and a CRT count against lane 0's bound; LaneMismatch when one fails.
 */
export function combineLaneAnswers(sweep: string, answers: readonly LaneAnswer[]): bigint {
  const byLane = new Map(answers.map((a) => [a.lane, a]));
  const first = byLane.get(0);
  if (first === undefined) throw new Error(`sweep ${sweep}: lane 0 has no answer`);
  const lanes = lanesWanted(first.bound);
  const residues: bigint[] = [];
  for (let lane = 1; lane < lanes; lane++) {
    const answer = byLane.get(lane);
    if (answer === undefined) throw new Error(`sweep ${sweep}: lane ${lane} has no answer`);
    residues.push(answer.residue);
  }
  const count = first.bound === 0n ? first.residue : combineLanes(first.residue, residues);
  if (first.bound > 0n && count > first.bound) {
    throw new LaneMismatch(
      `sweep ${sweep}: the lanes combine to ${count}, above lane 0's bound ${first.bound}`,
    );
  }
  for (let lane = 0; lane < lanes; lane++) {
    const { residue } = byLane.get(lane)!;
    const modulus = laneModulus(lane);
    if (count % modulus !== residue) {
      throw new LaneMismatch(
        `sweep ${sweep}: lane ${lane} counted ${residue} modulo ${modulus}, but the count ${count} is ${count % modulus} modulo it`,
      );
    }
  }
  return count;
}
