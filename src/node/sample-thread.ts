import { Worker } from "node:worker_threads";
import type { Board } from "../core/board.js";
import { type ErrorCode, KnightError } from "../core/errors.js";
import type { Topology } from "../core/topology.js";
import type { SampleMethod } from "../sample/methods.js";
import type { SampleEnd, SamplePlan, SampleProgress } from "../sample/sample.js";
import { workerScript } from "./pool.js";

/** What the sampling thread is given (everything `sampleTours` takes but the callbacks). */
export interface SampleThreadSetup {
  readonly rows: number;
  readonly cols: number;
  /** The rest of the geometry: the piece's name (as `parsePiece` reads it), topology, holes. */
  readonly piece: string;
  readonly topology: Topology;
  readonly holes: readonly number[];
  readonly closed: boolean;
  readonly start: number | undefined;
  readonly count: number;
  readonly seed: number;
  readonly distinct: boolean;
  readonly method: SampleMethod;
  readonly timeLimitMs: number | undefined;
  /** Forward the count's progress reports. */
  readonly progress: boolean;
}

/** `SamplePlan` without its generator (the tours stay in the thread), the total as a string. */
export type SampleThreadPlan =
  | (Omit<Extract<SamplePlan, { status: "ready" }>, "tours" | "total"> & {
      readonly total: string | null;
    })
  | Exclude<SamplePlan, { status: "ready" }>;

/** The thread's messages: the plan first, then one `tours` per request, then `end`. */
export type SampleThreadMessage =
  | { readonly kind: "progress"; readonly progress: SampleProgress }
  | { readonly kind: "plan"; readonly plan: SampleThreadPlan }
  | { readonly kind: "tours"; readonly lines: string; readonly tours: number }
  | {
      readonly kind: "end";
      readonly lines: string;
      readonly tours: number;
      readonly end: SampleEnd;
    }
  | {
      readonly kind: "error";
      readonly message: string;
      readonly code: ErrorCode | undefined;
      readonly value: unknown;
    };

/** What the thread queues for `next()`: its messages but progress, or an abort. */
type Arrival = Exclude<SampleThreadMessage, { kind: "progress" }> | { readonly kind: "aborted" };

/** What `next()` gives: the thread's messages but progress, or "aborted" once the signal fired. */
export type SampleStep =
  | Exclude<SampleThreadMessage, { kind: "progress" | "error" }>
  | {
      readonly kind: "aborted";
    };

export interface SampleThreadOptions
  extends Omit<SampleThreadSetup, "rows" | "cols" | "piece" | "topology" | "holes" | "progress"> {
  readonly onProgress?: ((progress: SampleProgress) => void) | undefined;
  /** Aborting it ends the thread at once; `next()` then gives "aborted". */
  readonly signal?: AbortSignal | undefined;
}

/**
 * `sampleTours` on a worker thread, pulled a chunk of NDJSON lines at a time: the first `next()`
 * gives the plan (after the count behind a uniform sample), each further one the next chunk of
 * tours, the last one `end` with the stream's end. The caller's thread never runs the search, so
 * its event loop sees every Ctrl-C (a synchronous search under breakOnSigint can miss one that
 * comes as a short piece of work ends), and a slow reader holds the thread back (one chunk is
 * made per request). A typed error in the thread is rethrown as a KnightError with its code.
 */
export class SampleThread {
  private readonly worker: Worker;
  private readonly arrived: Array<Arrival> = [];
  private wake: (() => void) | undefined;
  private planned = false;
  private finished = false;

  constructor(board: Board, options: SampleThreadOptions) {
    const { onProgress, signal, ...rest } = options;
    const setup: SampleThreadSetup = {
      ...rest,
      rows: board.rows,
      cols: board.cols,
      piece: board.piece.name,
      topology: board.topology,
      holes: [...board.holes],
      progress: onProgress !== undefined,
    };
    this.worker = new Worker(workerScript("sample-worker"), { workerData: setup });
    this.worker.on("message", (message: SampleThreadMessage) => {
      if (message.kind === "progress") onProgress?.(message.progress);
      else this.push(message);
    });
    this.worker.on("error", (error: Error) =>
      this.push({ kind: "error", message: error.message, code: undefined, value: undefined }),
    );
    this.worker.on("exit", () => {
      if (!this.finished) {
        this.push({
          kind: "error",
          message: "the sampling thread stopped",
          code: undefined,
          value: undefined,
        });
      }
    });
    const abort = (): void => {
      this.push({ kind: "aborted" });
      void this.close();
    };
    if (signal?.aborted) abort();
    else signal?.addEventListener("abort", abort, { once: true });
  }

  /** The plan, then chunks of tours, then the end (see the class comment). */
  async next(): Promise<SampleStep> {
    if (this.planned) this.worker.postMessage("more");
    this.planned = true;
    while (this.arrived.length === 0) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    // An abort wins over whatever else is queued.
    const message = this.arrived.find((m) => m.kind === "aborted") ?? this.arrived.shift()!;
    if (message.kind === "aborted") return message;
    if (message.kind === "error") {
      await this.close();
      throw message.code === undefined
        ? new Error(message.message)
        : new KnightError(message.code, message.message, message.value);
    }
    if (message.kind === "end" || (message.kind === "plan" && message.plan.status !== "ready")) {
      await this.close();
    }
    return message;
  }

  /** End the thread (at once, whatever it is doing). */
  async close(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    await this.worker.terminate();
  }

  private push(message: Arrival): void {
    if (this.finished && message.kind !== "aborted") return;
    this.arrived.push(message);
    this.wake?.();
    this.wake = undefined;
  }
}
