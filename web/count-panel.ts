/**
 * Count mode: every tour of a small board counted in a Web Worker (by `knight count`'s engine,
 * the mates engine for closed tours where the frontier sweep's tables would not fit a tab: see
 * web/worker.ts), with progress and Stop (which terminates the worker: the count runs
 * synchronously).
 */

import {
  type CensusJson,
  formatDuration,
  frontierSeconds,
  LONG_WORK_SECONDS,
} from "../src/engines.js";
import { Board, tourExists } from "../src/index.js";
import { say, spawnWorker, ui } from "./dom.js";
import { type CensusRequest, type CountRequest, geometryOf, type WorkerReply } from "./protocol.js";
import type { PageStore } from "./store.js";
import { grouped } from "./words.js";

/** What count mode needs from the page. */
export interface CountHost {
  readonly store: PageStore;
  refresh(): void;
}

/** Boards beyond this many cells take minutes or more in a browser: the page warns first. */
const PATIENT_CELLS = 36;

export class CountPanel {
  private readonly host: CountHost;
  private worker: Worker | null = null;
  /** The last count finished on this board, as rows for the Statistics list. */
  private result: Array<readonly [string, string]> = [];
  /** The last census finished, for the charts. */
  census: CensusJson | null = null;

  constructor(host: CountHost) {
    this.host = host;
  }

  get counting(): boolean {
    return this.worker !== null;
  }

  rows(): Array<readonly [string, string]> {
    return this.result;
  }

  /** Back to a board with nothing counted. */
  reset(): void {
    this.stop(false);
    this.result = [];
    this.census = null;
    ui.countAsk.hidden = true;
    ui.canvas.dataset.count = "";
    const { board } = this.host.store;
    const kind = ui.countClosed.checked ? "closed" : "open";
    say(
      board.vertexCount > PATIENT_CELLS
        ? `Counting the ${kind} tours of ${board} can take a long time in a browser (6×6 closed takes a second). Press Count tours to try; Stop ends it.`
        : `Press Count tours to count every ${kind} tour of ${board}.`,
    );
    // The census button runs the knight's census of the plain 6×6 board, whatever is shown.
    ui.censusNote.hidden = board.plain;
  }

  /** Count the tours of the board shown; `confirmed`: asked first, and the user said go. */
  start(confirmed = false): void {
    const { store } = this.host;
    const board = store.board;
    this.stop(false);
    ui.countAsk.hidden = true;
    const closed = ui.countClosed.checked;
    // A theorem that rules every tour out answers at once, as `knight count` does (7×7 closed:
    // parity), instead of a search that finds nothing for minutes.
    const theory = tourExists(board, { closed });
    if (theory.exists === false) {
      ui.canvas.dataset.count = "done";
      this.result = [
        ["Tours", "0"],
        ["Why", theory.reason],
      ];
      say(`${board} has no ${closed ? "closed" : "open"} tours: ${theory.reason}.`, "ok");
      this.host.refresh();
      return;
    }
    // Work `knight count` would ask about first (the same estimate, src/count/cost.ts) is not
    // started blind here either: the estimate is said and a button starts it.
    const seconds = frontierSeconds(board, closed);
    if (!confirmed && seconds > LONG_WORK_SECONDS) {
      ui.canvas.dataset.count = "ask";
      ui.countAsk.hidden = false;
      say(
        `Counting the ${closed ? "closed" : "open"} tours of ${board} would take ${formatDuration(seconds)} by the estimate knight count uses (longer in a browser). Press Count anyway to start it; Stop ends it.`,
      );
      return;
    }
    const worker = spawnWorker();
    this.worker = worker;
    ui.countRun.disabled = true;
    ui.countStop.disabled = false;
    ui.canvas.dataset.count = "counting";
    say(`Counting the ${closed ? "closed" : "open"} tours of ${board}…`);
    const began = performance.now();
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === "count-progress") {
        say(
          `Counting… ${grouped(BigInt(reply.count))} tours so far, ${grouped(reply.done)} of ${grouped(reply.total)} parts done, ${(reply.ms / 1000).toFixed(1)} s`,
        );
      } else if (reply.type === "counted") {
        this.finish();
        const n = BigInt(reply.count);
        const kind = closed
          ? "closed tours (each cycle once, as a drawn figure)"
          : "open tours (each direction counted)";
        ui.canvas.dataset.count = reply.status;
        this.result = [
          ["Tours", grouped(n)],
          ["Kind", kind],
          ["Engine", reply.method],
          ["Time", `${grouped(Math.round(reply.ms))} ms`],
        ];
        say(
          `${board} has ${grouped(n)} ${closed ? "closed" : "open"} tours (counted in ${grouped(Math.round(performance.now() - began))} ms).`,
          "ok",
        );
        this.host.refresh();
      } else if (reply.type === "error") {
        this.fail(reply.message);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(`The count failed: ${event.message || "worker error"}`);
    };
    worker.postMessage({
      type: "count",
      board: geometryOf(board),
      closed,
    } satisfies CountRequest);
  }

  /** A count or census that ended in an error: the controls back, the error said. */
  private fail(message: string): void {
    this.finish();
    ui.canvas.dataset.count = "error";
    say(message, "error");
  }

  /** The census of 6×6's closed tours: every tour visited, its statistics charted. */
  runCensus(): void {
    this.stop(false);
    const board = new Board(6, 6);
    const worker = spawnWorker();
    this.worker = worker;
    ui.countRun.disabled = true;
    ui.censusRun.disabled = true;
    ui.countStop.disabled = false;
    ui.canvas.dataset.count = "counting";
    say(`The census of ${board}: visiting every closed tour…`);
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === "count-progress") {
        say(
          `Census… ${grouped(BigInt(reply.count))} tours visited, ${grouped(reply.done)} of ${grouped(reply.total)} subproblems done`,
        );
      } else if (reply.type === "census") {
        this.finish();
        const { json } = reply;
        this.census = json;
        ui.canvas.dataset.count = "census";
        this.result = [
          [
            "Census",
            `${board}, closed knight's tours (the census is the knight's, on a plain board)`,
          ],
          ["Tours", grouped(BigInt(json.tours))],
          ["Visited", `${grouped(BigInt(json.visited))} (one per class of symmetric subproblems)`],
          ["Subproblems", grouped(json.subproblems)],
          ["Time", `${grouped(Math.round(reply.ms))} ms`],
        ];
        say(
          `The census visited the ${grouped(BigInt(json.tours))} closed tours of ${board}: their statistics are charted beside the board.`,
          "ok",
        );
        this.host.refresh();
      } else if (reply.type === "error") {
        this.fail(reply.message);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(`The census failed: ${event.message || "worker error"}`);
    };
    worker.postMessage({ type: "census", rows: 6, cols: 6 } satisfies CensusRequest);
  }

  /** Stop a running count. */
  stop(announce = true): void {
    if (this.worker === null) return;
    this.finish();
    ui.canvas.dataset.count = "stopped";
    if (announce) say("Count stopped.");
  }

  private finish(): void {
    this.worker?.terminate();
    this.worker = null;
    ui.countRun.disabled = false;
    ui.censusRun.disabled = false;
    ui.countStop.disabled = true;
  }
}
