/**
 * Teaching mode: the solver's own search (fixed order: `backtrack`; Warnsdorff order: `search`)
 * runs in a Web Worker with a trace listener, and the page plays its events back one by one
 * through a TeachingReplay (src/play). The worker sends the trace in windows on request (see
 * traceWindow), so a run of millions of steps never sits in memory at once.
 */
import { formatCell, TeachingReplay } from "../src/index.js";
import { say, spawnWorker, ui } from "./dom.js";
import { narrate } from "./narrate.js";
import {
  geometryOf,
  packedLength,
  type TraceEnd,
  type TraceRequest,
  unpackEvent,
  type WorkerReply,
} from "./protocol.js";
import { teachNodes } from "./stats-panel.js";
import type { PageStore } from "./store.js";
import { grouped } from "./words.js";

/** The largest board side teaching mode shows. */
export const TEACH_MAX_SIDE = 8;
/** Events per window: the first, and the most (later windows grow with the run). */
const WINDOW_MIN = 20_000;
const WINDOW_MAX = 500_000;

/** What teaching mode needs from the page. */
export interface TeachHost {
  readonly store: PageStore;
  refresh(): void;
}

/** Events received and not yet shown: a packed window and how far into it the replay is. */
interface Chunk {
  readonly events: Int32Array;
  readonly from: number;
  readonly length: number;
  next: number;
}

/** One teaching run: its worker, the events on hand, and the learner's view. */
interface Session {
  readonly worker: Worker;
  readonly request: Omit<TraceRequest, "from" | "count">;
  readonly replay: TeachingReplay;
  readonly chunks: Chunk[];
  /** Events received so far (the `from` of the next window). */
  received: number;
  /** Whether a window has been asked for and not yet received. */
  pending: boolean;
  /** Ask for the next window when fewer events than this remain. */
  lowWater: number;
  /** How the run ended, once the window holding its last event arrived. */
  end: TraceEnd | null;
  /** Steps asked for (the Step button) before their events arrived. */
  owed: number;
}

export class TeachController {
  private readonly host: TeachHost;
  private session: Session | null = null;
  /** Whether Watch is on. */
  playing = false;
  private carry = 0;

  constructor(host: TeachHost) {
    this.host = host;
  }

  /** The learner's view of the current run (null when the board is too large). */
  get replay(): TeachingReplay | null {
    return this.session?.replay ?? null;
  }

  /** Stop watching and end the run's worker (leaving teaching mode). */
  stop(): void {
    this.playing = false;
    ui.teachRun.textContent = "Watch";
    this.session?.worker.terminate();
    this.session = null;
  }

  /** A new run from the page's start cell with the panel's settings. */
  reset(): void {
    this.stop();
    const { board, start } = this.host.store;
    if (board.rows > TEACH_MAX_SIDE || board.cols > TEACH_MAX_SIDE) {
      say(
        `Teaching mode shows boards up to ${TEACH_MAX_SIDE}×${TEACH_MAX_SIDE}: choose a smaller board.`,
        "error",
      );
      return;
    }
    const worker = spawnWorker();
    const session: Session = {
      worker,
      request: {
        type: "trace",
        board: geometryOf(board),
        start,
        closed: ui.teachClosed.checked,
        order: ui.teachOrder.value === "warnsdorff" ? "warnsdorff" : "fixed",
      },
      replay: new TeachingReplay(),
      chunks: [],
      received: 0,
      pending: false,
      lowWater: 0,
      end: null,
      owed: 0,
    };
    worker.onmessage = (event: MessageEvent<WorkerReply>) => this.onReply(session, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(session, event.message || "worker error");
    };
    this.session = session;
    this.fetch(session);
    say(
      `The search will start on ${formatCell(board, start)}. Press Watch or Step to follow it; pick another square on the board to start there.`,
    );
  }

  /**
   * The Step button: `count` events (one by default; a new run first if the last one is over).
   * Events not yet received are shown when they arrive.
   */
  stepOnce(count = 1): void {
    if (!this.session || this.session.replay.done) this.reset();
    this.playing = false;
    ui.teachRun.textContent = "Watch";
    const session = this.session;
    for (let i = 0; session && i < count; i++) {
      if (!this.step(session)) {
        session.owed += count - i;
        break;
      }
    }
    this.tell();
    this.host.refresh();
  }

  /** Narrate the last event (the end of the run has its own message, said by finish). */
  private tell(): void {
    const replay = this.session?.replay;
    if (!replay || replay.done || replay.last === null) return;
    const order = this.session!.request.order;
    say(narrate(this.host.store.board, replay, order));
  }

  /** Watch or pause. */
  toggle(): void {
    if (!this.session || this.session.replay.done) this.reset();
    if (!this.session) return;
    this.playing = !this.playing;
    this.carry = 0;
    ui.teachRun.textContent = this.playing ? "Pause" : "Watch";
  }

  /** While watching: the events due after `dt` ms at the page's speed. */
  tick(dt: number): void {
    this.carry += (dt / 1000) * this.host.store.speed;
    let n = Math.floor(this.carry);
    this.carry -= n;
    if (n === 0) return;
    const session = this.session;
    while (n-- > 0 && session && !session.replay.done && this.step(session));
    this.tell();
    this.host.refresh();
  }

  /** Show the next event, or the end; false when the next event has not arrived yet. */
  private step(session: Session): boolean {
    const { replay, chunks } = session;
    if (replay.done) return true;
    const chunk = chunks[0];
    if (chunk === undefined) {
      if (session.end === null) return false;
      this.finish(session, session.end);
      return true;
    }
    replay.apply(unpackEvent(chunk.events, chunk.next, chunk.from));
    if (++chunk.next === chunk.length) chunks.shift();
    ui.canvas.dataset.teachEvents = String(replay.tried + replay.deadEnds + replay.backtracks);
    this.fetch(session);
    return true;
  }

  private finish(session: Session, end: TraceEnd): void {
    const { replay } = session;
    replay.finish(end.status);
    this.playing = false;
    ui.teachRun.textContent = "Watch";
    const { board, start } = this.host.store;
    const { order, closed } = session.request;
    const command = `knight tour ${board.label} --start ${formatCell(board, start)}${closed ? " --closed" : ""} ${
      order === "fixed" ? "--method backtrack" : "--method search --tie-break first"
    } --stats`;
    if (end.status === "found")
      say(
        `Found a tour: ${grouped(teachNodes(replay))} nodes, ${grouped(replay.backtracks)} backtracks, ${grouped(replay.deadEnds)} dead ends. The command line's \`${command}\` counts the same.`,
        "ok",
      );
    else if (end.status === "impossible")
      say("Every possibility is spent: no such tour from this start.", "error");
    else
      say(
        `The search stopped at its limit of ${end.nodes.toLocaleString("en")} nodes without a tour from ${formatCell(board, start)}.`,
        "error",
      );
  }

  /** Ask the worker for the next window when the events on hand run low. */
  private fetch(session: Session): void {
    if (session.pending || session.end !== null) return;
    let remaining = 0;
    for (const chunk of session.chunks) remaining += chunk.length - chunk.next;
    if (remaining > session.lowWater) return;
    // Each window reruns the search up to its start: windows a quarter of the way so far keep
    // the total rerun work within a few times the run's own.
    const count = Math.min(WINDOW_MAX, Math.max(WINDOW_MIN, Math.floor(session.received / 4)));
    session.pending = true;
    session.lowWater = count >> 1;
    session.worker.postMessage({
      ...session.request,
      from: session.received,
      count,
    } satisfies TraceRequest);
  }

  private onReply(session: Session, reply: WorkerReply): void {
    if (session !== this.session) return;
    if (reply.type === "error") {
      this.fail(session, reply.message);
      return;
    }
    if (reply.type !== "trace") return;
    ui.canvas.dataset.teachEnd = reply.end === null ? "" : reply.end.status;
    session.pending = false;
    const length = packedLength(reply.events);
    if (length > 0)
      session.chunks.push({ events: reply.events, from: reply.from, length, next: 0 });
    session.received = reply.from + length;
    session.end = reply.end;
    let shown = false;
    while (session.owed > 0 && this.step(session)) {
      session.owed--;
      shown = true;
    }
    this.fetch(session);
    if (shown) {
      this.tell();
      this.host.refresh();
    }
  }

  private fail(session: Session, message: string): void {
    if (session !== this.session) return;
    session.worker.terminate();
    this.session = null;
    this.playing = false;
    ui.teachRun.textContent = "Watch";
    say(`The search failed: ${message}`, "error");
  }
}
