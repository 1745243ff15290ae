/**
 * The messages between the page and its Web Workers (web/worker.ts). Each worker runs one kind of
 * job: a search for a tour (stopped by terminating the worker: a synchronous search cannot hear
 * a message), or windows of a teaching run's trace, which it answers one request at a time.
 */
import type { CensusJson } from "../src/engines.js";
import {
  Board,
  type SolveResult,
  type Topology,
  type TourStats,
  type TraceAction,
  type TraceEvent,
  type TraceReason,
} from "../src/index.js";

/** A board's whole geometry as plain data, to cross to a worker: size, piece, edges, holes. */
export interface GeometrySpec {
  readonly rows: number;
  readonly cols: number;
  /** The piece's name, as parsePiece reads it (knight, giraffe, 1,5, knight+camel). */
  readonly piece: string;
  readonly topology: Topology;
  /** Flat cell indices. */
  readonly holes: readonly number[];
}

export function geometryOf(board: Board): GeometrySpec {
  const { rows, cols, topology, holes } = board;
  return { rows, cols, piece: board.piece.name, topology, holes: [...holes] };
}

export function boardOf(spec: GeometrySpec): Board {
  const { rows, cols, piece, topology, holes } = spec;
  return new Board(rows, cols, { piece, topology, holes });
}

export interface SolveRequest {
  readonly type: "solve";
  readonly board: GeometrySpec;
  readonly start: number;
  readonly closed: boolean;
  readonly method: string;
  /** Absent: the method's default. */
  readonly tieBreak?: string;
  readonly symmetry: "none" | "180" | "90";
  readonly seed: number;
}

/** Trace events `from + 1 … from + count` of a teaching run (see traceWindow in src/play). */
export interface TraceRequest {
  readonly type: "trace";
  readonly board: GeometrySpec;
  readonly start: number;
  readonly closed: boolean;
  readonly order: "fixed" | "warnsdorff";
  readonly from: number;
  readonly count: number;
}

/** Count every tour of a board (by `knight count`'s engine where it fits a tab: web/worker.ts). */
export interface CountRequest {
  readonly type: "count";
  readonly board: GeometrySpec;
  readonly closed: boolean;
}

/** The census of the closed tours of 6×6: every tour visited, its statistics tallied. */
export interface CensusRequest {
  readonly type: "census";
  readonly rows: number;
  readonly cols: number;
}

/** The statistics of a big tour (computed off the page's thread). */
export interface StatsRequest {
  readonly type: "stats";
  readonly id: number;
  readonly board: GeometrySpec;
  readonly closed: boolean;
  readonly path: Int32Array;
}

/** A puzzle to play: made by the generator from a seed, or read from a shared code (url). */
export interface PuzzleRequest {
  readonly type: "puzzle";
  readonly make: {
    readonly rows: number;
    readonly cols: number;
    readonly difficulty: "easy" | "medium" | "hard";
    readonly seed: number;
  } | null;
  /** A puzzle code (web/puzzle-code.ts), when `make` is null. */
  readonly code: string | null;
}

export type WorkerRequest =
  | PuzzleRequest
  | SolveRequest
  | TraceRequest
  | CountRequest
  | CensusRequest
  | StatsRequest;

/** How a teaching run ended: its result without the tour (the replay has built the path). */
export interface TraceEnd {
  readonly status: SolveResult["status"];
  readonly reason: string | null;
  readonly nodes: number;
}

export type WorkerReply =
  | {
      readonly type: "progress";
      readonly nodes: number;
      readonly attempts: number;
      readonly ms: number;
    }
  | {
      readonly type: "result";
      readonly status: SolveResult["status"];
      readonly path: Int32Array | null;
      readonly closed: boolean;
      readonly reason: string | null;
      readonly stats: SolveResult["stats"];
    }
  | {
      readonly type: "trace";
      readonly from: number;
      /** The events, packed by packTrace. */
      readonly events: Int32Array;
      /** Null while more events follow. */
      readonly end: TraceEnd | null;
    }
  | {
      readonly type: "count-progress";
      readonly done: number;
      readonly total: number;
      /** Tours counted so far, as a decimal string (counts outgrow 2^53). */
      readonly count: string;
      readonly ms: number;
    }
  | {
      readonly type: "counted";
      readonly count: string;
      readonly method: string;
      readonly status: string;
      readonly ms: number;
      readonly nodes: number;
    }
  | { readonly type: "census"; readonly json: CensusJson; readonly ms: number }
  | { readonly type: "stats"; readonly id: number; readonly stats: TourStats }
  | {
      readonly type: "puzzle";
      readonly rows: number;
      readonly cols: number;
      /** The holes' cells. */
      readonly holes: readonly number[];
      /** The piece's name and the edges (knight and plane for the generated puzzles). */
      readonly piece: string;
      readonly topology: import("../src/index.js").Topology;
      /** The answer is a closed tour. */
      readonly closed: boolean;
      /** [cell, step] pairs. */
      readonly clues: ReadonlyArray<readonly [number, number]>;
      /** A solution's cells in step order (the one solution when `unique`). */
      readonly solution: Int32Array;
      /** The solver proved there is no other answer (false: a link to a tour-finding task). */
      readonly unique: boolean;
      readonly difficulty: string;
    }
  | { readonly type: "error"; readonly message: string };

// Trace events cross to the page as five integers each (a transferable buffer instead of
// thousands of small objects): action, cell, depth, reason (−1: none), at (−1: none). The
// notes are left out: the teaching view does not show them.
const FIELDS = 5;
const ACTIONS: readonly TraceAction[] = ["advance", "backtrack", "prune", "stuck", "restart"];
const REASONS: readonly TraceReason[] = [
  "dead-end",
  "isolated",
  "second-end",
  "closing",
  "parity",
  "disconnected",
  "not-closing",
  "wrong-end",
  "no-join",
];

export function packTrace(events: readonly TraceEvent[]): Int32Array {
  const packed = new Int32Array(events.length * FIELDS);
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const o = i * FIELDS;
    packed[o] = ACTIONS.indexOf(e.action);
    packed[o + 1] = e.cell;
    packed[o + 2] = e.depth;
    packed[o + 3] = e.reason === undefined ? -1 : REASONS.indexOf(e.reason);
    packed[o + 4] = e.at ?? -1;
  }
  return packed;
}

/** Events in a packed buffer. */
export function packedLength(packed: Int32Array): number {
  return packed.length / FIELDS;
}

/** Event `index` of a packed buffer, whose first event is step `from + 1` of the run. */
export function unpackEvent(packed: Int32Array, index: number, from: number): TraceEvent {
  const o = index * FIELDS;
  const reason = packed[o + 3]!;
  const at = packed[o + 4]!;
  return {
    step: from + index + 1,
    action: ACTIONS[packed[o]!]!,
    cell: packed[o + 1]!,
    depth: packed[o + 2]!,
    ...(reason === -1 ? {} : { reason: REASONS[reason]! }),
    ...(at === -1 ? {} : { at }),
  };
}
