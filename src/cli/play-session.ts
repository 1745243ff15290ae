import type { Board } from "../core/board.js";
import { fileName, formatCell, parseCell } from "../core/cells.js";
import { formatTourJson } from "../core/format/json.js";
import { isKnight } from "../core/piece.js";
import { moveName } from "../core/validate.js";
import { type Candidate, KnightGame } from "../play/game.js";
import { renderAnsi } from "../render/ansi.js";
import { tourExists } from "../theory/exists.js";
import { ExitCode } from "./exit-codes.js";

/**
 * The terminal game of `knight play`, as pure text: lines typed in, text out. No terminal,
 * no streams, no Node: the command (commands/play.ts) feeds it lines from node:readline or
 * from piped input, and tests feed it arrays of strings. The rules live in KnightGame
 * (src/play/game.ts), the web page's play mode.
 */

export interface PlaySessionOptions {
  /** The first square, placed before the first prompt (`--start`); the player picks it otherwise. */
  readonly start?: number;
  /** The player aims for a closed tour (`--closed`): covering the board is not the end unless the ends meet. */
  readonly closed?: boolean;
  /** ANSI colours on the board (default false). */
  readonly color?: boolean;
}

/** How the game ended, for the summary and the exit code. */
export type PlayEnding = "tour" | "quit" | "end-of-input";

export interface PlaySummary {
  /** The closing sentence(s), ending in a newline. */
  readonly text: string;
  /** 0: a tour (closed if asked) or `quit`; 1: the input ended first (docs/play.md). */
  readonly exitCode: number;
  /** The path played, as tour JSON (complete or not). */
  readonly json: string;
}

/** Longest input echoed back in a message; longer lines are cut (they are never cells). */
const ECHO_MAX = 24;
/** Longest line worth parsing as a cell (`zzz99999,99999` is far shorter). */
const CELL_MAX = 32;

const HELP = `Type a square to move the knight there: a1-style (c3) or row,column from the top-left (2,1).
Commands: undo (u) takes back a move, hint (h) lists the legal moves with their onward moves
(Warnsdorff's rule: take the fewest), board (b) shows the board again, json prints the path so
far as tour JSON, help (?) shows this, quit (q) ends the game.
`;

/**
 * One game of `knight play`. Call `intro()`, then for each line `prompt()` and `input(line)`
 * until `finished`; at the end of input call `summary("end-of-input")`. Every method returns
 * text and never throws on any line.
 */
export class PlaySession {
  readonly board: Board;
  readonly game: KnightGame;
  private readonly options: PlaySessionOptions;
  /** "a knight's move", "a giraffe's move": the board's piece in messages. */
  private readonly move: string;
  private ending: PlayEnding | null = null;

  constructor(board: Board, options: PlaySessionOptions = {}) {
    this.board = board;
    this.options = options;
    this.move = moveName(board);
    this.game = new KnightGame(board);
    if (options.start !== undefined) this.game.move(options.start);
  }

  /** Whether the game is over (a tour was completed or the player quit). */
  get finished(): boolean {
    return this.ending !== null;
  }

  /** The welcome text: the goal, a word on the commands, a theory note, the board. */
  intro(): string {
    const { board } = this;
    const closed = this.options.closed === true;
    const title = isKnight(board.piece) ? "Knight's tour" : "Tour";
    const holes = board.holes.length > 0 ? " that is not a hole" : "";
    let text = `${title} on ${board}: visit every square${holes} once${closed ? `, and end ${this.move} from the start (a closed tour)` : ""}.\n`;
    text += "Type a square (c3 or 2,1), or undo, hint, board, json, help, quit.\n";
    const existence = tourExists(board, {
      closed,
      ...(this.options.start === undefined ? {} : { start: this.options.start }),
    });
    if (existence.exists === false) text += `Note: ${existence.reason}.\n`;
    return `${text}${this.boardText()}\n`;
  }

  /** The prompt before the next line. */
  prompt(): string {
    const { game } = this;
    if (game.moves === 0) return "start square> ";
    return `move ${game.moves + 1} from ${this.name(game.current)}> `;
  }

  /** Handle one typed line; returns what to show. Never throws. */
  input(line: string): string {
    if (this.ending !== null) return "The game is over.\n";
    const text = line.trim();
    switch (text.toLowerCase()) {
      case "":
        return this.game.moves === 0
          ? "Type the start square (e.g. a1), or help.\n"
          : "Type a square to move to, or hint, undo, help, quit.\n";
      case "help":
      case "?":
        return HELP;
      case "quit":
      case "q":
      case "exit":
        this.ending = "quit";
        return "";
      case "undo":
      case "u":
        return this.undo();
      case "hint":
      case "h":
        return this.hint();
      case "board":
      case "b":
        return `${this.boardText()}\n`;
      case "json":
        return `${this.json()}\n`;
      default:
        return this.play(text);
    }
  }

  /** The closing summary; `ending` is how the game ended when it is not over yet. */
  summary(ending: PlayEnding = this.ending ?? "end-of-input"): PlaySummary {
    const { game, board } = this;
    const status = game.status();
    const visited = game.moves;
    const jumps = Math.max(0, visited - 1);
    const closedWanted = this.options.closed === true;
    let text: string;
    let success = false;
    switch (status) {
      case "closed-tour":
        text = `Closed tour of ${board}: all ${board.vertexCount} squares, and ${this.name(game.current)} is ${this.move} from the start, ${this.name(game.path[0]!)}.`;
        success = true;
        break;
      case "open-tour":
        text = `Open tour of ${board}: all ${board.vertexCount} squares in ${jumps} moves, from ${this.name(game.path[0]!)} to ${this.name(game.current)}${closedWanted ? ` (not closed: the ends are not ${this.move} apart)` : ""}.`;
        success = !closedWanted;
        break;
      case "stuck":
        text = `Stuck after ${jumps} ${jumps === 1 ? "move" : "moves"} at ${this.name(game.current)}: ${visited} of ${board.vertexCount} squares visited, no unvisited square ${this.move} away.`;
        break;
      case "start":
        text = "No moves played.";
        break;
      default:
        text = `Stopped after ${jumps} ${jumps === 1 ? "move" : "moves"} at ${this.name(game.current)}: ${visited} of ${board.vertexCount} squares visited.`;
    }
    const exitCode = success || ending === "quit" ? ExitCode.Ok : ExitCode.NoTour;
    return { text: `${text}\n`, exitCode, json: this.json() };
  }

  /** The path so far as tour JSON (`closed` only when it is a closed tour). */
  json(): string {
    const status = this.game.status();
    return formatTourJson({
      board: this.board,
      path: this.game.path,
      closed: status === "closed-tour",
    });
  }

  private boardText(): string {
    const path = this.game.path;
    return renderAnsi(
      { board: this.board, path },
      { color: this.options.color === true, upTo: path.length, knight: path.length > 0 },
    );
  }

  private name(cell: number): string {
    return formatCell(this.board, cell);
  }

  private play(text: string): string {
    const { game, board } = this;
    if (text.length > CELL_MAX) {
      return `Not a square or a command: ${quote(text)} (a square is like c3 or 2,1; type help).\n`;
    }
    let cell: number;
    try {
      cell = parseCell(text, board);
    } catch (error) {
      const offBoard = /is not on the/.test(error instanceof Error ? error.message : "");
      return offBoard
        ? `Off the board: ${quote(text)} is not a square of ${board} (files a..${fileName(board.cols - 1)}, ranks 1..${board.rows}; rows 0..${board.rows - 1} and columns 0..${board.cols - 1} from the top-left).\n`
        : `Not a square or a command: ${quote(text)} (a square is like c3 or 2,1; type help).\n`;
    }
    if (board.isHole(cell)) {
      return `${this.name(cell)} is a hole of ${board}: the tour leaves it out.\n`;
    }
    if (game.moves > 0) {
      const from = this.name(game.current);
      const path = game.path;
      const step = path.indexOf(cell);
      if (step >= 0) {
        return cell === game.current
          ? `The knight is on ${this.name(cell)} already.\n`
          : `${this.name(cell)} was already visited (square ${step + 1} of the path); a square is visited once.\n`;
      }
      if (!game.isLegal(cell)) return `${this.name(cell)} is not ${this.move} from ${from}.\n`;
    }
    game.move(cell);
    return `${this.boardText()}\n${this.afterMove()}`;
  }

  /** What the new position means: a finished tour, a dead end, or nothing to say. */
  private afterMove(): string {
    const { game, board } = this;
    switch (game.status()) {
      case "closed-tour":
        this.ending = "tour";
        return "";
      case "open-tour":
        if (this.options.closed === true) {
          return `All ${board.vertexCount} squares visited, but ${this.name(game.current)} is not ${this.move} from ${this.name(game.path[0]!)}: an open tour, not a closed one. undo to try again, or quit.\n`;
        }
        this.ending = "tour";
        return "";
      case "stuck":
        return `Stuck: no unvisited square is ${this.move} from ${this.name(game.current)} (${game.moves} of ${board.vertexCount} squares visited). undo to go back, or quit.\n`;
      default:
        return "";
    }
  }

  private undo(): string {
    const { game } = this;
    if (game.moves === 0) return "Nothing to undo.\n";
    if (game.moves === 1 && this.options.start !== undefined) {
      return `The start square ${this.name(game.current)} was set by --start; there is nothing before it to go back to.\n`;
    }
    const taken = this.name(game.current);
    game.undo();
    return `${this.boardText()}\nTook back ${taken}.\n`;
  }

  private hint(): string {
    const { game } = this;
    if (game.moves === 0) {
      return "Any square can start. Corners and edges are the hardest squares to reach later, so a corner is a good start.\n";
    }
    const candidates = game.candidates();
    if (candidates.length === 0) {
      return `No legal move from ${this.name(game.current)}: undo to go back.\n`;
    }
    const sorted = [...candidates].sort(
      (a, b) => a.onward - b.onward || this.name(a.cell).localeCompare(this.name(b.cell)),
    );
    const list = sorted.map((c) => `${this.name(c.cell)} (${onwardText(c)})`).join(", ");
    const fewest = sorted
      .filter((c) => c.onward === sorted[0]!.onward)
      .map((c) => this.name(c.cell));
    const pick = fewest.length === 1 ? fewest[0] : `${fewest.join(" or ")} (a tie)`;
    return `Legal moves from ${this.name(game.current)}: ${list}. Warnsdorff's rule: ${pick}.\n`;
  }
}

function onwardText(candidate: Candidate): string {
  return `${candidate.onward} onward`;
}

/** A typed line for a message: cut to ECHO_MAX characters, control characters escaped. */
function quote(text: string): string {
  const chars = Array.from(text);
  const cut = chars.length > ECHO_MAX ? `${chars.slice(0, ECHO_MAX).join("")}…` : text;
  return JSON.stringify(cut);
}

/** What `runPlaySession` writes where. */
export interface PlayOutput {
  /** The game's text: board, messages, prompts, summary. */
  write(text: string): void;
  /** Echo each line read after its prompt (piped input is not shown by a terminal). */
  readonly echo?: boolean;
}

/**
 * Drive a session over `lines` (sync or async), writing the game to `out`, until the game
 * ends or the lines run out; returns the summary (also written). The command and the tests
 * share this loop.
 */
export async function runPlaySession(
  session: PlaySession,
  lines: AsyncIterable<string> | Iterable<string>,
  out: PlayOutput,
): Promise<PlaySummary> {
  out.write(session.intro());
  if (!session.finished) out.write(session.prompt());
  for await (const line of lines) {
    if (out.echo === true) out.write(`${echoText(line)}\n`);
    out.write(session.input(line));
    if (session.finished) break;
    out.write(session.prompt());
  }
  // The last prompt is still open: end its line.
  if (!session.finished) out.write("\n");
  const summary = session.summary();
  out.write(summary.text);
  return summary;
}

/** An echoed line, cut and with control characters made harmless (it was not typed on screen). */
function echoText(line: string): string {
  const chars = Array.from(line);
  const cut = chars.length > 80 ? `${chars.slice(0, 80).join("")}…` : line;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  return cut.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
}

/** Split piped input into lines (\n or \r\n; a final newline adds no empty line). */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
