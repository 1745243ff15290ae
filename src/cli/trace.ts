import type { Board } from "../core/board.js";
import { formatTraceEvent, type TraceEvent } from "../solve/trace.js";
import type { SolveResult } from "../solve/types.js";
import type { CliIO, OutputSink } from "./io.js";
import { openSink } from "./output.js";

/** Bytes of trace text gathered before each write. */
const CHUNK_CHARS = 1 << 16;

/**
 * `knight tour --trace [FILE] [--trace-limit N]`: one line per search event (see
 * formatTraceEvent), to standard error or to FILE, at most N lines; a last `#` line says when the
 * trace was capped and how many events there were. Lines starting with `#` are notes.
 *
 * The searches are synchronous, so a file cannot be written while they run: its lines are held
 * until the search ends (use --trace-limit on long searches). Standard error gets them in 64 KiB
 * chunks as the search goes.
 */
export class TraceWriter {
  /** Events seen, written or not. */
  total = 0;
  private lines = 0;
  private buffer = "";
  private readonly held: string[] = [];
  private readonly board: Board;
  private readonly limit: number;
  private readonly io: CliIO;
  private readonly sink: OutputSink | undefined;

  private constructor(board: Board, limit: number, io: CliIO, sink?: OutputSink) {
    this.board = board;
    this.limit = limit;
    this.io = io;
    this.sink = sink;
  }

  /** A writer to FILE, or to standard error when `file` is undefined (or `-`). */
  static async open(
    board: Board,
    file: string | undefined,
    limit: number | undefined,
    io: CliIO,
  ): Promise<TraceWriter> {
    const max = limit ?? Number.POSITIVE_INFINITY;
    if (file === undefined || file === "-") return new TraceWriter(board, max, io);
    return new TraceWriter(board, max, io, await openSink(file, io));
  }

  /** The `onTrace` listener. */
  readonly listener = (event: TraceEvent): void => {
    this.total++;
    if (this.lines >= this.limit) return;
    this.lines++;
    this.buffer += `${formatTraceEvent(this.board, event)}\n`;
    if (this.buffer.length >= CHUNK_CHARS) this.flush();
  };

  /** A `#` note line (not counted against the limit). */
  note(text: string): void {
    this.buffer += `# ${text}\n`;
  }

  /**
   * End the trace: say why there was none (a method without a search trace, or an answer given
   * before any search), say when it was capped, and write everything out.
   */
  async finish(result: SolveResult | null, symmetry: boolean): Promise<void> {
    if (this.total === 0 && result !== null) {
      const method: string = result.stats.method ?? "";
      if (symmetry) this.note("--symmetry has no search trace (its search lives in src/symmetry)");
      else if (NO_TRACE[method] !== undefined) {
        this.note(`method ${method} has no search trace: ${NO_TRACE[method]}`);
      } else if (result.status !== "found") {
        this.note(`no search ran: ${result.reason ?? result.status}`);
      }
    }
    if (this.total > this.lines) {
      this.note(`trace capped at ${this.limit} lines; the search had ${this.total} events`);
    }
    this.flush();
    if (this.sink !== undefined) {
      // The sink names the file and the cause of a failure (exit 74).
      for (const chunk of this.held) await this.sink.write(chunk);
      await this.sink.close();
    }
  }

  private flush(): void {
    if (this.buffer === "") return;
    if (this.sink === undefined) this.io.stderr.write(this.buffer);
    else this.held.push(this.buffer);
    this.buffer = "";
  }
}

/** Why the methods without a search trace have none. */
const NO_TRACE: Readonly<Record<string, string>> = {
  dlx: "Dancing Links chooses moves by covering constraints, not along a path (try --method search)",
  construct:
    "the divide-and-conquer construction joins ready block tours without searching (try --method search)",
  neural: "the network updates all its neurons at once, it does not walk a path",
};
