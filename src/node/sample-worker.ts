/**
 * Worker-thread side of `startSampleThread`: runs `sampleTours` and sends the plan, then one
 * chunk of tour lines per "more" request, then the end. The search runs here so that the main
 * thread's event loop stays free: Ctrl-C is always seen there, and ends this thread at once.
 */
import { parentPort, workerData } from "node:worker_threads";
import { Board } from "../core/board.js";
import { isKnightError } from "../core/errors.js";
import { formatTourJson } from "../core/format/json.js";
import { type SampleProgress, sampleTours } from "../sample/sample.js";
import type { SampleThreadMessage, SampleThreadSetup } from "./sample-thread.js";

/** Tours per chunk, and the longest stretch of sampling in one chunk. */
const CHUNK = 200;
const CHUNK_MS = 50;
/** Progress reports are forwarded at most this often (the last one always). */
const PROGRESS_MS = 100;

const port = parentPort;
if (port === null) throw new Error("sample-worker runs as a worker thread");
const send = (message: SampleThreadMessage): void => port.postMessage(message);
const asked = (): Promise<void> => new Promise((resolve) => port.once("message", () => resolve()));

async function main(setup: SampleThreadSetup): Promise<void> {
  let pending: SampleProgress | null = null;
  let sentAt = Number.NEGATIVE_INFINITY;
  const board = new Board(setup.rows, setup.cols, {
    piece: setup.piece,
    topology: setup.topology,
    holes: setup.holes,
  });
  const plan = sampleTours(board, {
    closed: setup.closed,
    start: setup.start,
    count: setup.count,
    seed: setup.seed,
    distinct: setup.distinct,
    method: setup.method,
    timeLimitMs: setup.timeLimitMs,
    onProgress: setup.progress
      ? (progress) => {
          pending = progress;
          if (progress.ms - sentAt < PROGRESS_MS) return;
          sentAt = progress.ms;
          pending = null;
          send({ kind: "progress", progress });
        }
      : undefined,
  });
  if (pending !== null) send({ kind: "progress", progress: pending });
  if (plan.status !== "ready") {
    send({ kind: "plan", plan: { status: plan.status, reason: plan.reason } });
    return;
  }
  const { tours, ...ready } = plan;
  send({
    kind: "plan",
    plan: { ...ready, total: ready.total === null ? null : String(ready.total) },
  });
  for (;;) {
    await asked();
    const began = performance.now();
    const lines: string[] = [];
    for (;;) {
      const next = tours.next();
      if (next.done) {
        send({ kind: "end", lines: lines.join(""), tours: lines.length, end: next.value });
        return;
      }
      lines.push(`${formatTourJson(next.value)}\n`);
      if (lines.length >= CHUNK || performance.now() - began >= CHUNK_MS) break;
    }
    send({ kind: "tours", lines: lines.join(""), tours: lines.length });
  }
}

main(workerData as SampleThreadSetup).catch((error: unknown) => {
  send({
    kind: "error",
    message: error instanceof Error ? error.message : String(error),
    code: isKnightError(error) ? error.code : undefined,
    value: isKnightError(error) ? error.value : undefined,
  });
});
