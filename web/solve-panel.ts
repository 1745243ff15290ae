/**
 * The solve panel: one search at a time in a Web Worker, progress in the message line, Stop
 * (which terminates the worker), and the result shown as the tour (or the partial path) and a
 * sentence.
 */
import { type Board, validateTour } from "../src/index.js";
import { say, spawnWorker, ui } from "./dom.js";
import { geometryOf, type SolveRequest, type WorkerReply } from "./protocol.js";
import type { PageMetrics, PageStore } from "./store.js";
import { grouped } from "./words.js";

/** What the solve panel needs from the page. */
export interface SolveHost {
  readonly store: PageStore;
  readonly metrics: PageMetrics;
  /** The board in the Rows and Columns fields, or null (with a message) when they are wrong. */
  readBoard(): Board | null;
  setBoard(board: Board): void;
  /** Bring everything on the page up to date. */
  refresh(): void;
  /** Draw the picture and the playback controls only, finished to the last pixel. */
  drawNow(): void;
}

export class SolvePanel {
  private readonly host: SolveHost;
  private worker: Worker | null = null;
  /** Whether a search is running. */
  solving = false;

  constructor(host: SolveHost) {
    this.host = host;
  }

  /** Start a search with the panel's settings, stopping any running one. */
  start(): void {
    const { host } = this;
    const { store } = host;
    const board = host.readBoard();
    if (!board) return;
    if (!board.equals(store.board)) host.setBoard(board);
    this.stop(false);
    const worker = spawnWorker();
    this.worker = worker;
    this.solving = true;
    ui.run.disabled = true;
    ui.stop.disabled = false;
    ui.canvas.dataset.status = "searching";
    store.setTour(null, "none");
    store.solveInfo = null;
    host.refresh();
    say("Searching…");
    const request: SolveRequest = {
      type: "solve",
      board: geometryOf(board),
      start: store.start,
      closed: ui.closed.checked,
      method: ui.method.value,
      ...(ui.tieBreak.value === "" ? {} : { tieBreak: ui.tieBreak.value }),
      symmetry: ui.symmetry.value as SolveRequest["symmetry"],
      seed: Math.max(1, Math.floor(Number(ui.seed.value) || 1)),
    };
    const began = performance.now();
    worker.onmessage = (event: MessageEvent<WorkerReply>) =>
      this.onReply(event.data, board, began, request);
    worker.onerror = (event) => {
      event.preventDefault();
      this.finish();
      ui.canvas.dataset.status = "error";
      say(`The search failed: ${event.message || "worker error"}`, "error");
    };
    worker.postMessage(request);
  }

  /** Stop the running search, if any. */
  stop(announce = true): void {
    if (!this.solving) return;
    this.finish();
    ui.canvas.dataset.status = "stopped";
    if (announce) say("Search stopped.");
  }

  private finish(): void {
    this.solving = false;
    ui.run.disabled = false;
    ui.stop.disabled = true;
    this.worker?.terminate();
    this.worker = null;
  }

  private onReply(reply: WorkerReply, board: Board, began: number, request: SolveRequest): void {
    if (reply.type === "progress") {
      say(`Searching… ${grouped(reply.nodes)} nodes, ${(reply.ms / 1000).toFixed(1)} s`);
      return;
    }
    if (reply.type !== "result" && reply.type !== "error") return;
    this.finish();
    if (reply.type === "error") {
      ui.canvas.dataset.status = "error";
      say(reply.message, "error");
      return;
    }
    const { host } = this;
    const { store } = host;
    const arrived = performance.now();
    store.solveInfo = {
      status: reply.status,
      method:
        request.symmetry !== "none"
          ? `symmetric search (${request.symmetry}°)`
          : (reply.stats.method ?? request.method),
      nodes: reply.stats.nodes,
      ms: reply.stats.ms,
      partial: reply.status !== "found",
    };
    // On a geometry other than the knight's plain board, a tour is checked before it is shown:
    // the page never draws a wrong tour as found.
    const check =
      reply.status === "found" && reply.path && !board.plain
        ? validateTour(board, reply.path, { closed: reply.closed })
        : null;
    if (check !== null && !check.valid) {
      ui.canvas.dataset.status = "error";
      host.refresh();
      say(`The search returned a path that is not a tour of ${board}: ${check.message}`, "error");
      return;
    }
    if (reply.status === "found" && reply.path) {
      store.setTour({ board, path: reply.path, closed: reply.closed }, "solve");
      host.drawNow();
      host.metrics.lastResultDrawMs = performance.now() - arrived;
      // Statistics (crossings, symmetries: O(N) each) come after the picture.
      host.refresh();
      ui.canvas.dataset.status = "found";
      say(
        `Found ${reply.closed ? "a closed" : "an open"} tour of ${board} in ${(performance.now() - began).toFixed(0)} ms.`,
        "ok",
      );
    } else {
      const partial = reply.path !== null && reply.path.length > 0;
      if (partial) store.setTour({ board, path: reply.path!, closed: false }, "solve");
      host.refresh();
      ui.canvas.dataset.status = reply.status;
      const what =
        reply.status === "impossible"
          ? "No such tour"
          : reply.status === "stuck"
            ? "Stuck"
            : "No tour found";
      const shown = partial
        ? ` The board shows the longest path it made (${grouped(reply.path!.length)} of ${grouped(board.vertexCount)} squares).`
        : "";
      say(`${what}: ${(reply.reason ?? reply.status).replace(/\.$/, "")}.${shown}`, "error");
    }
  }
}
