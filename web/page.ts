/**
 * The page as a whole: the store, the board view and the mode controllers, and what ties them
 * together — switching mode and board, bringing every control up to date, and the address.
 */
import { Board, formatCell, type Tour, validateTour } from "../src/index.js";
import { BoardView, type Scene } from "./board-view.js";
import { drawCensusCharts, drawCharts, overlays } from "./charts.js";
import { CountPanel } from "./count-panel.js";
import { say, showRows, ui } from "./dom.js";
import { GalleryPanel } from "./gallery.js";
import {
  boardFromControls,
  geometryProblem,
  holesMode,
  readPiece,
  setHolesMode,
  showGeometry,
  toggleHole,
} from "./geometry.js";
import { PlayController, playStatus } from "./play.js";
import { Playback } from "./playback.js";
import { PuzzlePanel } from "./puzzle.js";
import { SolvePanel } from "./solve-panel.js";
import { boardRow, gameRows, type Row, teachRows, tourRows } from "./stats-panel.js";
import { MAX_SIDE, type Mode, newMetrics, PageStore } from "./store.js";
import { TeachController } from "./teach.js";
import { decodePath, formatLink, parseLink } from "./url.js";
import { grouped } from "./words.js";

/** Which board each mode works on: teaching and counting keep small boards of their own. */
type BoardSlot = "main" | "teach" | "count";
const slotOf = (mode: Mode): BoardSlot =>
  mode === "teach" ? "teach" : mode === "count" ? "count" : "main";

/** Squares each way in the zoomed view of a big board. */
const ZOOM_SIDE = 16;

/** Modes that show a tour with playback. */
const TOUR_MODES: ReadonlySet<Mode> = new Set<Mode>(["solve", "gallery"]);

export class Page {
  readonly store = new PageStore();
  readonly metrics = newMetrics();
  readonly view = new BoardView(ui.canvas);
  readonly teach: TeachController;
  readonly play: PlayController;
  readonly solver: SolvePanel;
  readonly playback: Playback;
  readonly counter: CountPanel;
  readonly gallery: GalleryPanel;
  readonly puzzle: PuzzlePanel;
  /** The step a link with run=1 asks for: shown once its search has found the tour. */
  pendingStep: number | null = null;
  /** Boards of the modes not on show (teaching starts on 5×5: 8×8 takes millions of steps). */
  private readonly boards: Record<BoardSlot, Board> = {
    main: new Board(8, 8),
    teach: new Board(5, 5),
    count: new Board(6, 6),
  };

  constructor() {
    this.teach = new TeachController(this);
    this.play = new PlayController(this);
    this.solver = new SolvePanel(this);
    this.playback = new Playback(this);
    this.counter = new CountPanel(this);
    this.gallery = new GalleryPanel(this);
    this.puzzle = new PuzzlePanel(() => this.writeUrl());
  }

  /** Fit the canvas to the board and to the window, leaving room for the controls under it. */
  layout(): void {
    const stage = ui.stage.getBoundingClientRect();
    const canvasHeight = ui.canvas.getBoundingClientRect().height;
    const below = Math.max(120, stage.height - canvasHeight);
    const top = stage.top + window.scrollY;
    this.view.layout(this.store.board, window.innerHeight - top - below - 28);
  }

  private scene(): Scene {
    const { store } = this;
    const board = store.board;
    if (store.mode === "teach")
      return { kind: "teach", board, replay: this.teach.replay, start: store.start };
    if (store.mode === "play") {
      const game = this.play.game!;
      const closed = playStatus(game) === "closed-tour";
      return { kind: "play", board, game, hints: ui.hints.checked, closed };
    }
    const tour = store.mode === "count" ? null : store.tour;
    const extra = tour ? overlays(tour, ui.showCrossings.checked, ui.showTarnish.checked) : {};
    return {
      kind: "solve",
      board,
      tour,
      step: store.step,
      start: store.start,
      gradient: ui.gradient.checked,
      knight: store.mode === "solve",
      ...extra,
    };
  }

  /**
   * The zoomed window of a big board: ZOOM_SIDE squares each way, following the knight (it moves
   * by half a window when the knight nears its edge, so the picture does not swim). Returns
   * whether the canvas needs a new layout (zoom turned on or off).
   */
  private followZoom(): boolean {
    const { store, view } = this;
    const { board, tour } = store;
    const can = TOUR_MODES.has(store.mode) && Math.max(board.rows, board.cols) > ZOOM_SIDE + 4;
    // Offered only where it helps: a tour on a board too big to read whole.
    ui.zoom.parentElement!.hidden = !can;
    if (!can || !ui.zoom.checked || tour === null) {
      const was = view.zoom !== null;
      view.zoom = null;
      return was;
    }
    const rows = Math.min(ZOOM_SIDE, board.rows);
    const cols = Math.min(ZOOM_SIDE, board.cols);
    const cell = tour.path[Math.max(0, Math.min(tour.path.length, store.step) - 1)]!;
    const r = Math.floor(cell / board.cols);
    const c = cell % board.cols;
    const old = view.zoom;
    const inside = (at: number, from: number, side: number) =>
      at - from >= 3 && from + side - at > 3;
    if (
      old &&
      old.rows === rows &&
      old.cols === cols &&
      inside(r, old.r0, rows) &&
      inside(c, old.c0, cols)
    )
      return false;
    // Even origins keep the board's colouring.
    const origin = (at: number, side: number, length: number) =>
      Math.max(0, Math.min(length - side, at - (side >> 1))) & ~1;
    view.zoom = { r0: origin(r, rows, board.rows), c0: origin(c, cols, board.cols), rows, cols };
    return old === null;
  }

  /** Redraw the board for the current mode. Returns the time it took (ms). */
  draw(): number {
    if (this.followZoom()) this.layout();
    const { flash } = this.store;
    return this.view.draw(
      this.scene(),
      flash && performance.now() < flash.until ? flash.cell : null,
    );
  }

  drawNow(): void {
    this.updatePlayback();
    this.draw();
    // Reading a pixel back makes the browser finish rasterising, so the figure is honest.
    this.view.ctx.getImageData(0, 0, 1, 1);
  }

  /** The tour on show: the game's path in play mode, else the found or imported tour. */
  shownTour(): Tour | null {
    const { store } = this;
    const game = this.play.game;
    if (store.mode === "play")
      return game && game.moves > 0
        ? { board: store.board, path: game.path, closed: playStatus(game) === "closed-tour" }
        : null;
    if (store.mode === "teach" || store.mode === "count") return null;
    return store.tour;
  }

  updatePlayback(): void {
    const { store } = this;
    const n = store.tour?.path.length ?? 0;
    const on = TOUR_MODES.has(store.mode) && n > 0;
    ui.scrub.max = String(n);
    ui.scrub.value = String(store.step);
    ui.stepLabel.value = `${grouped(store.step)} / ${grouped(n)}`;
    ui.canvas.dataset.step = String(store.step);
    for (const b of [ui.first, ui.back, ui.play, ui.forward, ui.last, ui.scrub]) b.disabled = !on;
    ui.play.textContent = store.playing ? "❚❚" : "▶";
    ui.play.setAttribute("aria-label", store.playing ? "Pause" : "Play");
    const game = this.play.game;
    ui.undo.disabled = game === null || game.moves === 0;
    const hasTour = this.shownTour() !== null;
    ui.exportSvg.disabled = !hasTour;
    ui.exportJson.disabled = !hasTour;
    ui.exportPng.disabled = !hasTour;
  }

  /** Bring controls, statistics and the picture up to date (the picture first: it is what people wait for). */
  refresh(): void {
    const { store } = this;
    this.updatePlayback();
    this.updateStartLabel();
    const el = ui.canvas;
    el.dataset.mode = store.mode;
    el.dataset.step = String(store.step);
    el.dataset.cells = String(store.board.cells);
    // Crossings and tarnish are measured for the knight on a plain board only.
    const plainTour = TOUR_MODES.has(store.mode) && store.board.plain;
    ui.showCrossings.parentElement!.hidden = !plainTour;
    ui.showTarnish.parentElement!.hidden = !plainTour;
    this.draw();
    el.dataset.cellSize = String(this.view.cellSize);
    this.updateStats();
    this.writeUrl();
    // Whatever just changed may have started something to animate (play, Watch, a flash).
    this.playback.wake();
  }

  /** The Start line: where the search starts, or in play mode where the knight started. */
  private updateStartLabel(): void {
    const { store } = this;
    const game = this.play.game;
    if (store.mode === "play") {
      const started = game !== null && game.moves > 0;
      ui.startName.textContent = started ? "Started at" : "Start";
      ui.startCell.value = started ? formatCell(store.board, game.path[0]!) : "not chosen yet";
    } else {
      ui.startName.textContent = "Start";
      ui.startCell.value = formatCell(store.board, store.start);
    }
  }

  private updateStats(): void {
    const { store } = this;
    const rows: Row[] = [boardRow(store.board)];
    const replay = this.teach.replay;
    const game = this.play.game;
    const tour = TOUR_MODES.has(store.mode) ? store.tour : null;
    const ready = () => this.updateStats();
    if (tour) rows.push(...tourRows(store.board, tour, store.source, store.solveInfo, ready));
    else if (store.mode === "teach" && replay) rows.push(...teachRows(replay));
    else if (store.mode === "play" && game) rows.push(...gameRows(store.board, game));
    else if (store.mode === "count") rows.push(...this.counter.rows());
    showRows(ui.stats, rows);
    const census = store.mode === "count" ? this.counter.census : null;
    if (census) drawCensusCharts(ui.charts, census);
    else drawCharts(ui.charts, tour && !store.solveInfo?.partial ? tour : null, ready);
  }

  /**
   * The board the Board controls describe (size, piece, edges; the holes are the shown board's,
   * kept where they still fit), or null (with a message) when they are wrong.
   */
  readBoard(): Board | null {
    const rows = Number(ui.rows.value);
    const cols = Number(ui.cols.value);
    const ok = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_SIDE;
    if (!ok(rows) || !ok(cols)) {
      say(`Rows and columns must be whole numbers from 1 to ${MAX_SIDE}.`, "error");
      return null;
    }
    const piece = readPiece();
    if (typeof piece === "string") {
      say(piece, "error");
      return null;
    }
    try {
      return boardFromControls(this.store.board, rows, cols, piece);
    } catch (error) {
      say(geometryProblem(error), "error");
      return null;
    }
  }

  /** Cut `cell` out of the board, or put it back (the holes mode's click). */
  toggleHole(cell: number): void {
    const { store } = this;
    let board: Board;
    try {
      board = toggleHole(store.board, cell);
    } catch (error) {
      say(geometryProblem(error), "error");
      return;
    }
    const name = formatCell(board, cell);
    this.setBoard(board);
    say(
      board.isHole(cell)
        ? `${name} is cut out: ${board.vertexCount} squares left to visit.`
        : `${name} is back on the board.`,
    );
  }

  setBoard(board: Board): void {
    const { store } = this;
    // A search still running was asked about the board being left.
    if (!board.equals(store.board) && this.solver.solving) this.solver.stop(false);
    store.setBoard(board);
    this.boards[slotOf(store.mode)] = board;
    showGeometry(board);
    this.view.cursor = Math.min(this.view.cursor, board.cells - 1);
    if (store.mode === "teach") this.teach.reset();
    if (store.mode === "play") this.play.reset();
    if (store.mode === "count") this.counter.reset();
    this.layout();
    this.refresh();
  }

  setMode(mode: Mode): void {
    const { store } = this;
    const before = store.mode;
    if (before === "count" && mode !== "count") this.counter.stop(false);
    if (before === "teach" && mode !== "teach") this.teach.stop();
    if (before === "puzzle" && mode !== "puzzle") this.puzzle.leave();
    store.mode = mode;
    store.playing = false;
    for (const button of document.querySelectorAll<HTMLButtonElement>(".modes button")) {
      const on = button.dataset.mode === mode;
      button.setAttribute("aria-selected", String(on));
      button.tabIndex = on ? 0 : -1;
      if (on) ui.stage.setAttribute("aria-labelledby", button.id);
    }
    const shows = (el: HTMLElement) =>
      (el.classList.contains("solve-only") && mode === "solve") ||
      (el.classList.contains("teach-only") && mode === "teach") ||
      (el.classList.contains("play-only") && mode === "play") ||
      (el.classList.contains("count-only") && mode === "count") ||
      (el.classList.contains("gallery-only") && mode === "gallery") ||
      (el.classList.contains("puzzle-only") && mode === "puzzle") ||
      (el.classList.contains("not-puzzle") && mode !== "puzzle") ||
      (el.classList.contains("tour-only") && TOUR_MODES.has(mode)) ||
      (el.classList.contains("board-only") && mode !== "gallery" && mode !== "puzzle");
    for (const el of document.querySelectorAll<HTMLElement>(
      ".solve-only, .teach-only, .play-only, .count-only, .gallery-only, .puzzle-only, .not-puzzle, .tour-only, .board-only",
    ))
      el.hidden = !shows(el);
    ui.keys.textContent =
      mode === "play" || mode === "count"
        ? "Keys: Tab moves between controls. On the board: arrow keys move the cursor, Enter picks."
        : mode === "teach"
          ? "Keys: space watches or pauses, → steps. On the board: arrow keys move the cursor, Enter picks."
          : "Keys: ← → step, space plays or pauses, Home / End. On the board: arrow keys move the cursor, Enter picks.";
    const slot = slotOf(mode);
    if (slotOf(before) !== slot || !this.boards[slot].equals(store.board)) {
      if (slotOf(before) !== slot) this.boards[slotOf(before)] = store.board;
      store.setBoard(this.boards[slot]);
    }
    showGeometry(store.board);
    // The gallery shows its own boards: no holes to edit there.
    if (mode === "gallery") setHolesMode(false);
    this.layout();
    if (mode === "teach") this.teach.reset();
    else if (mode === "play") this.play.reset();
    else if (mode === "count") this.counter.reset();
    else if (mode === "gallery") this.gallery.enter();
    else if (mode === "puzzle") this.puzzle.enter();
    else if (!this.solver.solving) say(store.tour ? "" : "Choose a board and press Find a tour.");
    this.layout();
    this.refresh();
  }

  /** A square picked on the board (a click, or Enter on the keyboard cursor). */
  pick(cell: number): void {
    const { store } = this;
    this.view.cursor = cell;
    if (holesMode() && store.mode !== "gallery") this.toggleHole(cell);
    else if (store.board.isHole(cell) && store.mode !== "gallery" && store.mode !== "count")
      say(`${formatCell(store.board, cell)} is a hole: pick a square on the board.`, "error");
    else if (store.mode === "play") this.play.click(cell);
    else if (store.mode === "teach") {
      store.start = cell;
      this.teach.reset();
      this.refresh();
    } else if (store.mode === "solve" && !this.solver.solving) {
      store.start = cell;
      store.setTour(null, "none");
      store.solveInfo = null;
      ui.canvas.dataset.status = "";
      say(`The search will start at ${formatCell(store.board, cell)}. Press Find a tour.`);
      this.refresh();
    } else if (store.mode === "gallery" || store.mode === "count") {
      say(
        `${formatCell(store.board, cell)}: squares are picked in the Tour, Teach and Play modes.`,
      );
    }
  }

  /** Put the view in the address bar (replacing the entry: views are not history). */
  writeUrl(): void {
    const { store } = this;
    const tour = store.source === "gallery" || store.source === "demo" ? null : store.tour;
    const game = this.play.game;
    const hash = formatLink({
      board: store.board,
      start: store.start,
      mode: store.mode,
      closed: ui.closed.checked,
      method: ui.method.value,
      tieBreak: ui.tieBreak.value,
      symmetry: ui.symmetry.value,
      seed: ui.seed.value,
      gradient: ui.gradient.checked,
      tour: tour && {
        path: tour.path,
        closed: tour.closed,
        fromSearch: store.source === "solve",
        step: store.step,
      },
      moves: game && game.moves > 0 ? game.path : null,
      teachOrder: ui.teachOrder.value,
      teachClosed: ui.teachClosed.checked,
      countClosed: ui.countClosed.checked,
      item: store.mode === "gallery" ? this.gallery.current : null,
      puzzle: store.mode === "puzzle" && this.puzzle.code !== "" ? this.puzzle.code : null,
    });
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  /** Show the view the address asks for; true when it asked for nothing (a first visit). */
  readUrl(): boolean {
    const { store } = this;
    if (location.hash.length <= 1) return true;
    const link = parseLink(location.hash, store.board);
    if (link.board) this.boards[slotOf(link.mode)] = link.board;
    if (link.start !== null) store.start = link.start;
    ui.closed.checked = link.closed;
    const { method, tieBreak } = link;
    if (method && [...ui.method.options].some((o) => o.value === method)) ui.method.value = method;
    if (tieBreak && [...ui.tieBreak.options].some((o) => o.value === tieBreak))
      ui.tieBreak.value = tieBreak;
    if (link.symmetry !== null) ui.symmetry.value = link.symmetry;
    if (link.seed !== null) ui.seed.value = link.seed;
    ui.gradient.checked = link.gradient;
    if (link.teachOrder !== null) ui.teachOrder.value = link.teachOrder;
    ui.teachClosed.checked = link.teachClosed;
    if (link.countClosed !== null) ui.countClosed.checked = link.countClosed;
    if (link.item !== null) this.gallery.current = link.item;
    const start = store.start;
    // A shared puzzle is read before the mode opens, so the puzzle of the day is not made first.
    if (link.mode === "puzzle" && link.puzzle !== null && link.problems.length === 0)
      this.puzzle.load(link.puzzle);
    this.setMode(link.mode);
    if (link.start !== null) {
      store.start = start;
      if (store.mode === "teach") this.teach.reset();
    }
    if (link.problems.length > 0) {
      // A link that cannot be followed says so, and nothing runs from it.
      say(`This link could not be followed: ${link.problems.join("; ")}.`, "error");
      ui.canvas.dataset.link = "invalid";
      this.refresh();
      return false;
    }
    if (store.mode === "solve" && link.path !== null) {
      try {
        const board = store.board;
        const path = decodePath(link.path);
        const closed = link.tourClosed;
        const check = validateTour(board, path, { closed });
        if (check.valid) store.setTour({ board, path, closed }, "import");
        else say(`The tour in this link is not valid: ${check.message}`, "error");
      } catch {
        say("The tour in this link could not be read.", "error");
      }
    }
    if (store.mode === "play" && link.path !== null && this.play.game) {
      try {
        this.play.replay(decodePath(link.path));
      } catch {
        say("The moves in this link could not be read.", "error");
      }
    }
    if (store.mode === "solve" && link.run) {
      this.solver.start();
      if (link.step !== null) this.pendingStep = link.step;
    } else if (store.tour && link.step !== null) this.playback.setStep(link.step);
    this.refresh();
    return false;
  }
}
