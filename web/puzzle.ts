/**
 * Puzzle mode: fill in the numbers of a knight's tour puzzle. The puzzles come from the
 * library's generator in the worker (the puzzle of the day: its UTC date as the seed, 8×8,
 * medium) or from a link, which may have holes (drawn as missing squares) and ask for a closed
 * tour; the grid is a table of text fields, so typing, arrow keys and screen readers work as
 * they do in any form. Hint asks the library for the next number its rules place
 * (nextDeduction), with the rule's reason; Check compares with the one solution (or, for a link
 * with several answers, checks the moves); a full grid wins when the validator accepts it.
 */
import { Board, createPuzzle, formatCell, nextDeduction, validateTour } from "../src/index.js";
import { say, spawnWorker } from "./dom.js";
import type { WorkerReply } from "./protocol.js";
import { dailySeed, encodePuzzle, holyKnightCode, puzzleDate } from "./puzzle-code.js";

const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** What the player did to one cell, to undo it. */
interface Edit {
  readonly cell: number;
  readonly before: number;
}

/** A hole's entry and clue: neither blank (0) nor a number. */
const HOLE = -1;

export class PuzzlePanel {
  board: Board | null = null;
  /** The clue of each cell (0: blank, HOLE), the player's numbers, and a solution. */
  clues = new Int32Array(0);
  entries = new Int32Array(0);
  solution: Int32Array = new Int32Array(0);
  difficulty = "";
  /** The answer is a closed tour: the last number is a move from 1. */
  closed = false;
  /** The solution is the only one (false: a link with several answers, checked by the moves). */
  unique = true;
  /** The address code of the puzzle on show, for the link. */
  code = "";
  private readonly history: Edit[] = [];
  /** The field of each cell (null on a hole). */
  private inputs: Array<HTMLInputElement | null> = [];
  private worker: Worker | null = null;
  private began = 0;
  /** When the player left the mode (the clock pauses). */
  private left = 0;
  private timer = 0;
  solved = false;
  private readonly onChange: () => void;
  private readonly grid = el<HTMLTableElement>("puzzle-grid");

  constructor(onChange: () => void) {
    this.onChange = onChange;
    el("puzzle-new").addEventListener("click", () => this.make(false));
    el("puzzle-daily").addEventListener("click", () => this.make(true));
    el("puzzle-check").addEventListener("click", () => this.check());
    el("puzzle-hint").addEventListener("click", () => this.hint());
    el("puzzle-undo").addEventListener("click", () => this.undo());
    el("puzzle-share").addEventListener("click", () => void this.share());
    el("puzzle-holy").addEventListener("click", () => this.load(holyKnightCode()));
  }

  /** The mode is shown: the puzzle of the day unless a puzzle is already on. */
  enter(): void {
    if (this.board === null && this.worker === null) this.make(true);
    else if (this.board !== null) {
      // The clock stood still while another mode was on show.
      if (!this.solved && this.timer === 0) {
        this.began += performance.now() - this.left;
        this.timer = window.setInterval(() => this.tick(), 1000);
      }
      this.describe();
    }
  }

  leave(): void {
    if (this.timer !== 0) this.left = performance.now();
    window.clearInterval(this.timer);
    this.timer = 0;
  }

  /** A new puzzle from the generator: today's, or one of the size and difficulty chosen. */
  make(daily: boolean): void {
    const size = daily ? 8 : Number(el<HTMLSelectElement>("puzzle-size").value);
    const difficulty = daily
      ? "medium"
      : (el<HTMLSelectElement>("puzzle-difficulty").value as "easy" | "medium" | "hard");
    let seed = 1 + Math.floor(Math.random() * 2 ** 31);
    if (daily) {
      try {
        seed = dailySeed(puzzleDate(location.search));
      } catch (error) {
        say(`No puzzle of the day: ${(error as Error).message}.`, "error");
        this.grid.dataset.error = (error as Error).message;
        return;
      }
    }
    say(daily ? "Making the puzzle of the day…" : `Making a ${size}×${size} ${difficulty} puzzle…`);
    this.ask(
      { type: "puzzle", make: { rows: size, cols: size, difficulty, seed }, code: null },
      daily ? "daily" : "new",
    );
  }

  /** A puzzle from a shared link's code (checked and solved in the worker). */
  load(code: string): void {
    say("Reading the puzzle in the link…");
    this.ask({ type: "puzzle", make: null, code }, "link");
  }

  private ask(request: import("./protocol.js").PuzzleRequest, kind: string): void {
    this.worker?.terminate();
    const worker = spawnWorker();
    this.worker = worker;
    this.grid.dataset.loading = "1";
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      worker.terminate();
      if (this.worker === worker) this.worker = null;
      delete this.grid.dataset.loading;
      if (reply.type === "error") {
        say(`No puzzle: ${reply.message}.`, "error");
        this.grid.dataset.error = reply.message;
        return;
      }
      if (reply.type !== "puzzle") return;
      this.show(reply, kind);
    };
    worker.postMessage(request);
  }

  private show(reply: Extract<WorkerReply, { type: "puzzle" }>, kind: string): void {
    const board = new Board(reply.rows, reply.cols, {
      holes: reply.holes,
      piece: reply.piece,
      topology: reply.topology,
    });
    this.board = board;
    this.clues = new Int32Array(board.cells);
    for (const hole of board.holes) this.clues[hole] = HOLE;
    for (const [cell, step] of reply.clues) this.clues[cell] = step;
    this.entries = this.clues.slice();
    this.solution = reply.solution;
    this.difficulty = reply.difficulty;
    this.closed = reply.closed;
    this.unique = reply.unique;
    this.code = encodePuzzle(board, this.clues, this.closed);
    this.history.length = 0;
    this.solved = false;
    this.grid.dataset.kind = kind;
    delete this.grid.dataset.error;
    this.build();
    this.began = performance.now();
    window.clearInterval(this.timer);
    this.timer = window.setInterval(() => this.tick(), 1000);
    this.tick();
    const what = kind === "daily" ? "The puzzle of the day" : "A puzzle";
    const holes = board.holes.length > 0 ? ` with ${board.holes.length} squares cut out` : "";
    const move = this.moveWord();
    const edges = board.topology === "plane" ? "" : ` (${board.topology})`;
    const closing = this.closed ? `, and ${board.vertexCount} ${move} from 1` : "";
    const many = this.unique
      ? ""
      : " It has more than one answer: any tour through the given numbers is right.";
    say(
      `${what}: ${board.rows}×${board.cols}${edges}${holes}, ${reply.difficulty}, ${reply.clues.length} numbers given. Fill in 1 to ${board.vertexCount} so that each number is ${move} from the next${closing}.${many}`,
    );
    this.paint();
    this.onChange();
    this.inputs[this.firstBlank()]?.focus();
  }

  /** The grid: one text field per square, named by the square, in a table with coordinates. */
  private build(): void {
    const board = this.board!;
    const n = board.vertexCount;
    this.grid.replaceChildren();
    this.grid.style.setProperty("--cols", String(board.cols));
    this.grid.setAttribute("aria-label", `${board.rows}×${board.cols} puzzle`);
    this.inputs = [];
    const body = document.createElement("tbody");
    for (let r = 0; r < board.rows; r++) {
      const tr = document.createElement("tr");
      for (let c = 0; c < board.cols; c++) {
        const cell = r * board.cols + c;
        const td = document.createElement("td");
        if (board.isHole(cell)) {
          // A square cut out: no field, so arrow keys, Tab and screen readers pass it by.
          td.className = "hole";
          tr.append(td);
          this.inputs.push(null);
          continue;
        }
        const input = document.createElement("input");
        input.type = "text";
        input.inputMode = "numeric";
        input.autocomplete = "off";
        input.maxLength = String(n).length;
        input.dataset.cell = String(cell);
        input.tabIndex = -1;
        const given = this.clues[cell]! > 0;
        input.readOnly = given;
        input.setAttribute("aria-label", `${formatCell(board, cell)}${given ? ", given" : ""}`);
        if (given) td.classList.add("given");
        input.addEventListener("keydown", (event) => this.key(event, cell));
        input.addEventListener("input", () => this.typed(cell));
        input.addEventListener("click", () => this.clicked(cell));
        input.addEventListener("focus", () => this.rove(cell));
        td.append(input);
        tr.append(td);
        this.inputs.push(input);
      }
      body.append(tr);
    }
    this.grid.append(body);
    this.rove(this.firstBlank());
  }

  private firstBlank(): number {
    const at = this.entries.indexOf(0);
    return Math.max(at, 0);
  }

  /** One Tab stop for the grid: the focused field (arrow keys move between the others). */
  private rove(cell: number): void {
    for (const [i, input] of this.inputs.entries()) if (input) input.tabIndex = i === cell ? 0 : -1;
  }

  private key(event: KeyboardEvent, cell: number): void {
    const board = this.board!;
    const r = Math.floor(cell / board.cols);
    const c = cell % board.cols;
    const to =
      event.key === "ArrowUp"
        ? [r - 1, c]
        : event.key === "ArrowDown"
          ? [r + 1, c]
          : event.key === "ArrowLeft"
            ? [r, c - 1]
            : event.key === "ArrowRight"
              ? [r, c + 1]
              : null;
    if (to !== null) {
      event.preventDefault();
      // Holes are passed over: the next square in that direction that has a field.
      let [tr, tc] = to as [number, number];
      while (tr >= 0 && tc >= 0 && tr < board.rows && tc < board.cols) {
        const field = this.inputs[tr * board.cols + tc];
        if (field) {
          field.focus();
          break;
        }
        tr += tr - r === 0 ? 0 : Math.sign(tr - r);
        tc += tc - c === 0 ? 0 : Math.sign(tc - c);
      }
      return;
    }
    if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      if (this.clues[cell] === 0) this.set(cell, 0);
    } else if (event.key === "Enter" && this.clues[cell] === 0) {
      event.preventDefault();
      this.clicked(cell);
    }
  }

  /** The field's text changed: a number from 1 to n, or blank; anything else is refused. */
  private typed(cell: number): void {
    const input = this.inputs[cell]!;
    const n = this.board!.vertexCount;
    const text = input.value.trim();
    const value = text === "" ? 0 : Number(text);
    if (!/^\d*$/.test(text) || value > n || (text !== "" && value < 1)) {
      say(`“${text}” is not a number from 1 to ${n}.`, "error");
      input.value = this.entries[cell] ? String(this.entries[cell]) : "";
      return;
    }
    this.set(cell, value, true);
  }

  /**
   * A click (or Enter) on a blank square a move from the highest number of the run from 1
   * writes the next number there; it is selected, so typing replaces it.
   */
  private clicked(cell: number): void {
    if (this.clues[cell] !== 0 || this.entries[cell] !== 0) return;
    const { from, next } = this.nextMove();
    if (from < 0 || this.entries.includes(next) || !this.board!.isMove(from, cell)) return;
    this.set(cell, next);
    this.inputs[cell]!.select();
  }

  /** Write a number (0: clear) in a blank square, undoably; typing on in one square is one edit. */
  private set(cell: number, value: number, typing = false): void {
    const before = this.entries[cell]!;
    if (before === value && !typing) return;
    const last = this.history.at(-1);
    if (!(typing && last?.cell === cell && this.lastTyped === cell))
      this.history.push({ cell, before });
    this.lastTyped = typing ? cell : -1;
    this.entries[cell] = value;
    this.inputs[cell]!.classList.remove("wrong");
    this.inputs[cell]!.removeAttribute("aria-invalid");
    this.paint();
    this.describe();
  }

  private lastTyped = -1;

  undo(): void {
    const edit = this.history.pop();
    this.lastTyped = -1;
    if (!edit) {
      say("Nothing to undo.");
      return;
    }
    this.entries[edit.cell] = edit.before;
    this.paint();
    this.inputs[edit.cell]!.focus();
    say(
      `Undone: ${formatCell(this.board!, edit.cell)} is ${edit.before === 0 ? "blank" : edit.before} again.`,
    );
  }

  /** The highest number k with 1 … k all on the board (0 when 1 is not). */
  run(): number {
    const n = this.board?.vertexCount ?? 0;
    const seen = new Uint8Array(n + 2);
    for (const v of this.entries) if (v > 0 && v <= n) seen[v] = 1;
    let k = 0;
    while (k < n && seen[k + 1]) k++;
    return k;
  }

  /**
   * Where the next number goes a move from: the end of the run from 1 and the number after it.
   * In a closed puzzle the last number is followed by 1: before 1 is placed the squares a move
   * from the last are where 1 can go, and a full run ends on a move back to 1. `from` is −1
   * when there is no such number on the board.
   */
  nextMove(): { from: number; next: number } {
    const n = this.board?.vertexCount ?? 0;
    const run = this.run();
    if (run > 0 && run < n) return { from: this.entries.indexOf(run), next: run + 1 };
    if (this.closed && n > 0 && (run === n || (run === 0 && this.entries.includes(n)))) {
      return { from: this.entries.indexOf(n), next: 1 };
    }
    return { from: -1, next: 0 };
  }

  /** "a knight's move", or the piece's ("a camel's move") on a link with another piece. */
  private moveWord(): string {
    return `a ${this.board?.piece.name ?? "knight"}'s move`;
  }

  /** Show the numbers, the squares a move from the end of the run, and the wrong marks. */
  private paint(): void {
    const run = this.run();
    const { from, next } = this.nextMove();
    const board = this.board!;
    for (const [cell, input] of this.inputs.entries()) {
      if (!input) continue;
      const value = this.entries[cell]!;
      const text = value === 0 ? "" : String(value);
      if (input.value !== text) input.value = text;
      // A blank square the next number can go on; in a closed puzzle, also 1 when it is placed.
      const open = value === 0 || (next === 1 && value === 1);
      const reach = from >= 0 && open && board.isMove(from, cell);
      input.parentElement!.classList.toggle("reach", reach);
      input.parentElement!.classList.toggle("last", cell === from);
    }
    this.grid.dataset.run = String(run);
  }

  /** After each edit: say what comes next, or that the puzzle is solved. */
  private describe(): void {
    const board = this.board!;
    const n = board.vertexCount;
    const full = !this.entries.includes(0);
    if (full && this.isTour()) {
      this.win();
      return;
    }
    if (full) {
      say("Every square has a number, but some are wrong: press Check to see which.", "error");
      return;
    }
    const { from, next } = this.nextMove();
    if (from >= 0 && !this.entries.includes(next)) {
      const before = next === 1 ? n : next - 1;
      say(
        `${next} goes ${this.moveWord()} from ${before} on ${formatCell(board, from)} (highlighted).`,
      );
    }
  }

  /**
   * The numbers on the board are an answer: each of 1 … n once, and the project's validator
   * accepts them as a tour of the board (closed when the puzzle asks for it). The clues are
   * read-only fields, so they hold.
   */
  private isTour(): boolean {
    const board = this.board!;
    const path = new Int32Array(board.vertexCount).fill(-1);
    for (const [cell, v] of this.entries.entries()) {
      if (v === HOLE) continue;
      if (v < 1 || v > path.length || path[v - 1] !== -1) return false;
      path[v - 1] = cell;
    }
    return validateTour(board, path, { closed: this.closed }).valid;
  }

  /**
   * Whether the player's number on a cell is wrong: unlike the one solution's, or — for a link
   * with several answers — given twice, or not a move from the number before or after it.
   */
  private wrongAt(cell: number, cellOf: Map<number, number[]>): boolean {
    const v = this.entries[cell]!;
    if (this.unique) return this.solution[v - 1] !== cell;
    const n = this.board!.vertexCount;
    if (cellOf.get(v)!.length > 1) return true;
    const before = v > 1 ? v - 1 : this.closed ? n : 0;
    const after = v < n ? v + 1 : this.closed ? 1 : 0;
    return [before, after].some((w) => {
      const at = w > 0 ? cellOf.get(w) : undefined;
      return at !== undefined && at.length === 1 && !this.board!.isMove(at[0]!, cell);
    });
  }

  private win(): void {
    if (this.solved) return;
    this.solved = true;
    window.clearInterval(this.timer);
    this.timer = 0;
    this.tick();
    this.grid.dataset.solved = "1";
    say(
      `Solved in ${el<HTMLOutputElement>("puzzle-timer").value}: every number is ${this.moveWord()} from the next!`,
      "ok",
    );
  }

  /** Mark the numbers that differ from the solution. */
  check(): void {
    if (!this.board) return;
    let wrong = 0;
    let right = 0;
    const cellOf = new Map<number, number[]>();
    this.entries.forEach((v, cell) => {
      if (v > 0) cellOf.set(v, [...(cellOf.get(v) ?? []), cell]);
    });
    for (const [cell, input] of this.inputs.entries()) {
      if (!input) continue;
      const v = this.entries[cell]!;
      const bad = v > 0 && this.clues[cell] === 0 && this.wrongAt(cell, cellOf);
      input.classList.toggle("wrong", bad);
      if (bad) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
      if (bad) wrong++;
      else if (v > 0 && this.clues[cell] === 0) right++;
    }
    this.grid.dataset.wrong = String(wrong);
    if (this.solved) {
      say(
        `Solved: every number is ${this.moveWord()} from the next${this.closed ? ", and the last a move from 1" : ""}.`,
        "ok",
      );
      return;
    }
    say(
      wrong === 0
        ? `No mistakes: all ${right} of your numbers are right.`
        : `${wrong} ${wrong === 1 ? "number is" : "numbers are"} wrong (marked); ${right} right.`,
      wrong === 0 ? "ok" : "error",
    );
  }

  /**
   * The next number the library's rules place from the given numbers and the player's right
   * ones, written in with the rule's reason: one step, never the whole answer.
   */
  hint(): void {
    const board = this.board;
    if (!board || this.solved) return;
    // The right numbers: the solution's, or with several answers every number placed once.
    const known: Array<[number, number]> = [];
    const seen = new Set<number>();
    this.entries.forEach((v, cell) => {
      if (v <= 0 || seen.has(v)) return;
      if (this.unique ? this.solution[v - 1] === cell : this.entries.indexOf(v) === cell) {
        known.push([cell, v]);
        seen.add(v);
      }
    });
    const found = nextDeduction(createPuzzle(board, known, { closed: this.closed }));
    if (found === null) {
      say(
        "The rules place nothing more from the right numbers here: this puzzle needs a guess. Try a number, and Check.",
      );
      return;
    }
    this.set(found.cell, found.step);
    this.inputs[found.cell]!.focus();
    this.grid.dataset.hint = `${found.cell}:${found.step}`;
    say(`Hint: ${found.step} on ${formatCell(board, found.cell)} — ${found.reason}.`, "ok");
  }

  private async share(): Promise<void> {
    this.onChange();
    const field = el<HTMLInputElement>("puzzle-link");
    field.value = location.href;
    el("puzzle-link-label").hidden = false;
    try {
      await navigator.clipboard.writeText(location.href);
      say("Link to this puzzle copied.", "ok");
    } catch {
      say("Copy the link beside the Share button to send this puzzle.");
    }
  }

  private tick(): void {
    const seconds = Math.floor((performance.now() - this.began) / 1000);
    const m = Math.floor(seconds / 60);
    const s = String(seconds % 60).padStart(2, "0");
    el<HTMLOutputElement>("puzzle-timer").value = `${m}:${s}`;
  }
}
