/**
 * What travels on the queue: one job per subproblem, its data plain JSON naming the subproblem
 * by data only (board, query, split, name or id) — never code, never a path to run. A worker
 * validates every field against this schema before anything runs, and rejects (with the job's
 * id) a payload from another program, another version, or with an id that does not match its
 * data. The job id is the run's key plus the subproblem's name, so enqueueing twice, or from two
 * machines, adds nothing twice.
 */

/** The BullMQ queue every run shares (jobs name their run). */
export const QUEUE_NAME = "knight-tours";
export const JOB_APP = "knight-tours";
export const JOB_VERSION = 1;

export interface CensusJob {
  readonly app: typeof JOB_APP;
  readonly v: typeof JOB_VERSION;
  readonly kind: "census";
  /** Board label, `RxC`. */
  readonly board: string;
  /** The census split's id (a worker whose split differs refuses the job). */
  readonly split: string;
  readonly stats: boolean;
  /** Canonical subproblem name. */
  readonly name: string;
}

export interface CountJob {
  readonly app: typeof JOB_APP;
  readonly v: typeof JOB_VERSION;
  readonly kind: "count";
  readonly board: string;
  readonly closed: boolean;
  /** Flat cell index of the required first cell, or -1. */
  readonly start: number;
  readonly end: number;
  readonly directed: boolean;
  readonly nonClosable: boolean;
  readonly method: "backtrack" | "mates";
  /** Split target the plan was cut for. */
  readonly target: number;
  /** The plan's shape, which the worker's own plan must reproduce. */
  readonly splitDepth: number;
  readonly subproblems: number;
  /** Subproblem id in the plan. */
  readonly id: number;
}

/**
 * One lane of one sweep of a frontier count (src/count/frontier-split.ts): the sweep's index in
 * the request's sweeps, and the lane (0: modulo 2^64, i: modulo the i-th prime lane's prime).
 */
export interface LaneJob {
  readonly app: typeof JOB_APP;
  readonly v: typeof JOB_VERSION;
  readonly kind: "lane";
  readonly board: string;
  readonly closed: boolean;
  readonly start: number;
  readonly end: number;
  readonly directed: boolean;
  readonly nonClosable: boolean;
  readonly sweep: number;
  readonly lane: number;
}

/** Most sweeps of a count (non-closable: paths and cycles) and lanes of a sweep a job may name. */
export const MAX_SWEEPS = 4;
export const MAX_LANES = 64;

export type QueueJob = CensusJob | CountJob | LaneJob;

/** A payload refused before anything ran: not retried. */
export class JobRejected extends Error {
  readonly jobId: string;
  constructor(jobId: string, why: string) {
    super(`job ${jobId} rejected: ${why}`);
    this.name = "JobRejected";
    this.jobId = jobId;
  }
}

/** The run a job belongs to: everything but the subproblem. */
export function runKeyOf(job: QueueJob): string {
  if (job.kind === "census") {
    return `census/${job.board}/${job.split}/${job.stats ? "stats" : "count-only"}`;
  }
  const query = [
    job.board,
    job.closed ? "closed" : "open",
    `from${job.start}`,
    `to${job.end}`,
    job.directed ? "directed" : "undirected",
    job.nonClosable ? "non-closable" : "any",
  ];
  if (job.kind === "lane") return ["count", ...query, "frontier-lanes"].join("/");
  return [
    "count",
    ...query,
    job.method,
    `t${job.target}`,
    `d${job.splitDepth}`,
    `n${job.subproblems}`,
  ].join("/");
}

/** The subproblem's name within its run (a census name, or a count subproblem's id). */
export function subproblemOf(job: QueueJob): string {
  if (job.kind === "lane") return laneName(job.sweep, job.lane);
  return job.kind === "census" ? job.name : String(job.id);
}

/** A lane job's name in its run: "s0l1" is lane 1 of the first sweep. */
export function laneName(sweep: number, lane: number): string {
  return `s${sweep}l${lane}`;
}

export function jobIdOf(job: QueueJob): string {
  return `${runKeyOf(job)}/${subproblemOf(job)}`;
}

/** What a person reads: "census 8x8 (knuth-8x8-v1, with statistics)". */
export function describeRun(job: QueueJob): string {
  if (job.kind === "census") {
    return `census ${job.board} (${job.split}, ${job.stats ? "with" : "without"} statistics)`;
  }
  const ends = `${job.start >= 0 ? ` from cell ${job.start}` : ""}${job.end >= 0 ? ` to cell ${job.end}` : ""}`;
  if (job.kind === "lane") {
    return `count ${job.board} ${job.closed ? "closed" : "open"}${ends} (frontier, by lanes)`;
  }
  return `count ${job.board} ${job.closed ? "closed" : "open"}${ends} (${job.method}, ${job.subproblems} subproblems)`;
}

const CENSUS_KEYS = ["app", "v", "kind", "board", "split", "stats", "name"];
const LANE_KEYS = [
  "app",
  "v",
  "kind",
  "board",
  "closed",
  "start",
  "end",
  "directed",
  "nonClosable",
  "sweep",
  "lane",
];
const COUNT_KEYS = [
  "app",
  "v",
  "kind",
  "board",
  "closed",
  "start",
  "end",
  "directed",
  "nonClosable",
  "method",
  "target",
  "splitDepth",
  "subproblems",
  "id",
];

/**
 * Check a job's id and data against the schema; the typed job, or JobRejected naming the id
 * and the first fault. Only shapes and ranges are checked here; that the subproblem exists in
 * this worker's split or plan is checked where it is built (also a rejection).
 */
export function parseJob(jobId: string | undefined, data: unknown): QueueJob {
  const id = jobId ?? "(no id)";
  const reject = (why: string): JobRejected => new JobRejected(id, why);
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw reject("its data is not a JSON object");
  }
  const record = data as Record<string, unknown>;
  if (record.app !== JOB_APP) throw reject(`not a ${JOB_APP} job (app: ${show(record.app)})`);
  if (record.v !== JOB_VERSION) {
    throw reject(
      `unknown job version ${show(record.v)} (this worker reads version ${JOB_VERSION})`,
    );
  }
  const kind = record.kind;
  if (kind !== "census" && kind !== "count" && kind !== "lane") {
    throw reject(`unknown kind ${show(kind)}`);
  }
  const keys = kind === "census" ? CENSUS_KEYS : kind === "lane" ? LANE_KEYS : COUNT_KEYS;
  const extra = Object.keys(record).filter((key) => !keys.includes(key));
  if (extra.length > 0) throw reject(`unexpected field ${extra[0]}`);
  const missing = keys.filter((key) => !(key in record));
  if (missing.length > 0) throw reject(`missing field ${missing[0]}`);
  if (typeof record.board !== "string" || !/^[1-9]\d?x[1-9]\d?$/.test(record.board)) {
    throw reject(`board ${show(record.board)} is not RxC with sides 1 to 99`);
  }
  const flag = (key: string): boolean => {
    if (typeof record[key] !== "boolean") throw reject(`${key} must be true or false`);
    return record[key] as boolean;
  };
  const int = (key: string, least: number, most: number): number => {
    const value = record[key];
    if (
      typeof value !== "number" ||
      !Number.isSafeInteger(value) ||
      value < least ||
      value > most
    ) {
      throw reject(`${key} ${show(value)} is not an integer from ${least} to ${most}`);
    }
    return value;
  };
  let job: QueueJob;
  if (kind === "census") {
    if (typeof record.split !== "string" || !/^[a-z0-9-]{1,40}$/.test(record.split)) {
      throw reject(`split ${show(record.split)} is not a split id`);
    }
    if (typeof record.name !== "string" || !/^[A-Za-z]{1,8}$/.test(record.name)) {
      throw reject(`name ${show(record.name)} is not a subproblem name`);
    }
    job = {
      app: JOB_APP,
      v: JOB_VERSION,
      kind,
      board: record.board,
      split: record.split,
      stats: flag("stats"),
      name: record.name,
    };
  } else if (kind === "lane") {
    const [rows, cols] = record.board.split("x").map(Number) as [number, number];
    const cells = rows * cols;
    job = {
      app: JOB_APP,
      v: JOB_VERSION,
      kind,
      board: record.board,
      closed: flag("closed"),
      start: int("start", -1, cells - 1),
      end: int("end", -1, cells - 1),
      directed: flag("directed"),
      nonClosable: flag("nonClosable"),
      sweep: int("sweep", 0, MAX_SWEEPS - 1),
      lane: int("lane", 0, MAX_LANES - 1),
    };
  } else {
    const [rows, cols] = record.board.split("x").map(Number) as [number, number];
    const cells = rows * cols;
    if (record.method !== "backtrack" && record.method !== "mates") {
      throw reject(`method ${show(record.method)} is not backtrack or mates`);
    }
    const subproblems = int("subproblems", 1, 1_000_000);
    job = {
      app: JOB_APP,
      v: JOB_VERSION,
      kind,
      board: record.board,
      closed: flag("closed"),
      start: int("start", -1, cells - 1),
      end: int("end", -1, cells - 1),
      directed: flag("directed"),
      nonClosable: flag("nonClosable"),
      method: record.method,
      target: int("target", 1, 1_000_000),
      splitDepth: int("splitDepth", 0, cells),
      subproblems,
      id: int("id", 0, subproblems - 1),
    };
  }
  if (jobIdOf(job) !== jobId) {
    throw reject(`its id does not match its data (expected ${jobIdOf(job)})`);
  }
  return job;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Attempts per job: a subproblem that throws is retried this many times in all, then failed. */
export const JOB_ATTEMPTS = 3;
