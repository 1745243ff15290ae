/**
 * The page as a whole: the store, the board view and the mode controllers, and what ties them
 * together — switching mode and board, bringing every control up to date, and the address.
 */
import { Board, formatCell, type Tour, validateTour } from "../src/index.js";
import { BoardView, type Scene } from "./board-view.js";
import { say, showRows, ui } from "./dom.js";
import { PlayController } from "./play.js";
import { Playback } from "./playback.js";
import { SolvePanel } from "./solve-panel.js";
import { boardRow, gameRows, type Row, teachRows, tourRows } from "./stats-panel.js";
import { MAX_SIDE, type Mode, newMetrics, PageStore } from "./store.js";
import { TeachController } from "./teach.js";
import { decodePath, formatLink, parseLink } from "./url.js";

export class Page {
  readonly store = new PageStore();
  readonly metrics = newMetrics();
  readonly view = new BoardView(ui.canvas);
  readonly teach: TeachController;
  readonly play: PlayController;
  readonly solver: SolvePanel;
  readonly playback: Playback;
  /** The step a link with run=1 asks for: shown once its search has found the tour. */
  pendingStep: number | null = null;

  constructor() {
    this.teach = new TeachController(this);
    this.play = new PlayController(this);
    this.solver = new SolvePanel(this);
    this.playback = new Playback(this);
  }

  /** Fit the canvas to the board. */
  layout(): void {
    this.view.layout(this.store.board);
  }

  private scene(): Scene {
    const { store } = this;
    const board = store.board;
    if (store.mode === "teach")
      return { kind: "teach", board, replay: this.teach.replay, start: store.start };
    if (store.mode === "play")
      return { kind: "play", board, game: this.play.game!, hints: ui.hints.checked };
    return {
      kind: "solve",
      board,
      tour: store.tour,
      step: store.step,
      start: store.start,
      gradient: ui.gradient.checked,
    };
  }

  /** Redraw the board for the current mode. Returns the time it took (ms). */
  draw(): number {
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
    if (store.mode === "play" && game && game.moves > 0)
      return { board: store.board, path: game.path, closed: game.status() === "closed-tour" };
    return store.tour;
  }

  updatePlayback(): void {
    const { store } = this;
    const n = store.tour?.path.length ?? 0;
    const on = store.mode === "solve" && n > 0;
    ui.scrub.max = String(n);
    ui.scrub.value = String(store.step);
    ui.stepLabel.value = `${store.step} / ${n}`;
    ui.canvas.dataset.step = String(store.step);
    for (const b of [ui.first, ui.back, ui.play, ui.forward, ui.last, ui.scrub]) b.disabled = !on;
    ui.play.textContent = store.playing ? "❚❚" : "▶";
    ui.play.setAttribute("aria-label", store.playing ? "Pause" : "Play");
    const hasTour = this.shownTour() !== null;
    ui.exportSvg.disabled = !hasTour;
    ui.exportJson.disabled = !hasTour;
  }

  /** Bring controls, statistics and the picture up to date (the picture first: it is what people wait for). */
  refresh(): void {
    const { store } = this;
    this.updatePlayback();
    ui.startCell.value = formatCell(store.board, store.start);
    const el = ui.canvas;
    el.dataset.mode = store.mode;
    el.dataset.step = String(store.step);
    el.dataset.cells = String(store.board.cells);
    el.dataset.cellSize = String(this.view.cellSize);
    this.draw();
    this.updateStats();
    this.writeUrl();
  }

  private updateStats(): void {
    const { store } = this;
    const rows: Row[] = [boardRow(store.board)];
    const replay = this.teach.replay;
    const game = this.play.game;
    if (store.mode === "solve" && store.tour)
      rows.push(...tourRows(store.board, store.tour, store.source, store.solveInfo));
    else if (store.mode === "teach" && replay) rows.push(...teachRows(replay));
    else if (store.mode === "play" && game) rows.push(...gameRows(store.board, game));
    showRows(ui.stats, rows);
  }

  /** The board in the Rows and Columns fields, or null (with a message) when they are wrong. */
  readBoard(): Board | null {
    const rows = Number(ui.rows.value);
    const cols = Number(ui.cols.value);
    const ok = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_SIDE;
    if (!ok(rows) || !ok(cols)) {
      say(`Rows and columns must be whole numbers from 1 to ${MAX_SIDE}.`, "error");
      return null;
    }
    return new Board(rows, cols);
  }

  setBoard(board: Board): void {
    const { store } = this;
    store.setBoard(board);
    ui.rows.value = String(board.rows);
    ui.cols.value = String(board.cols);
    ui.startCell.value = formatCell(board, store.start);
    ui.canvas.setAttribute("aria-label", `${board} board`);
    if (store.mode === "teach") this.teach.reset();
    if (store.mode === "play") this.play.reset();
    this.layout();
    this.refresh();
  }

  setMode(mode: Mode): void {
    const { store } = this;
    store.mode = mode;
    store.playing = false;
    this.teach.playing = false;
    for (const button of document.querySelectorAll<HTMLButtonElement>(".modes button")) {
      button.setAttribute("aria-selected", String(button.dataset.mode === mode));
    }
    for (const el of document.querySelectorAll<HTMLElement>(".solve-only"))
      el.hidden = mode !== "solve";
    for (const el of document.querySelectorAll<HTMLElement>(".teach-only"))
      el.hidden = mode !== "teach";
    for (const el of document.querySelectorAll<HTMLElement>(".play-only"))
      el.hidden = mode !== "play";
    if (mode === "teach") this.teach.reset();
    else if (mode === "play") this.play.reset();
    else say(store.tour ? "" : "Choose a board and press Find a tour.");
    this.refresh();
  }

  /** A click on the board outside play mode: the search will start there. */
  chooseStart(cell: number): void {
    const { store } = this;
    if (store.mode === "teach") {
      store.start = cell;
      this.teach.reset();
      this.refresh();
    } else if (!this.solver.solving) {
      store.start = cell;
      store.setTour(null, "none");
      store.solveInfo = null;
      ui.canvas.dataset.status = "";
      say(`The search will start at ${formatCell(store.board, cell)}.`);
      this.refresh();
    }
  }

  /** Put the view in the address bar (replacing the entry: views are not history). */
  writeUrl(): void {
    const { store } = this;
    const tour = store.tour;
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
    });
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  /** Show the view the address asks for. */
  readUrl(): void {
    const { store } = this;
    const link = parseLink(location.hash, store.board);
    const board = link.board ?? store.board;
    store.board = board;
    ui.rows.value = String(board.rows);
    ui.cols.value = String(board.cols);
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
    this.layout();
    this.setMode(link.mode);
    if (store.mode === "solve" && link.path !== null) {
      try {
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
  }
}
