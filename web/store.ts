/**
 * What the page shows, in one small store: the mode, the board, the start cell, the tour on
 * show and where it came from, the playback position. The teaching run and the hand-played game
 * are owned by their own modules (teach.ts, play.ts); the store holds only what several modules
 * read.
 */
import { Board, type Tour } from "../src/index.js";

/** The page's modes, as the tabs list them. */
export const MODES = ["solve", "teach", "play", "count", "gallery", "puzzle"] as const;
export type Mode = (typeof MODES)[number];

/** Where the shown tour came from: a search (reproducible from the settings) or elsewhere. */
export type TourSource = "none" | "solve" | "import" | "play" | "gallery" | "demo";

/** The figures of the search that found the shown tour. */
export interface SolveInfo {
  readonly status: string;
  readonly method?: string;
  readonly nodes: number;
  readonly ms: number;
  /** Whether the result is a partial path (a limit or a stuck walk): no tour. */
  readonly partial?: boolean;
}

/** The largest board side the page accepts. */
export const MAX_SIDE = 200;

export class PageStore {
  mode: Mode = "solve";
  board = new Board(8, 8);
  start = 0;
  tour: Tour | null = null;
  source: TourSource = "none";
  solveInfo: SolveInfo | null = null;
  /** Cells of the tour drawn so far (0 … path length). */
  step = 0;
  playing = false;
  /** Moves per second while playing. */
  speed = 10;
  /** A refused cell, shown in red until `until` (performance.now() time). */
  flash: { readonly cell: number; readonly until: number } | null = null;

  /** Show `tour` (or none) in full, not playing. */
  setTour(tour: Tour | null, source: TourSource): void {
    this.tour = tour;
    this.source = source;
    this.step = tour ? tour.path.length : 0;
    this.playing = false;
    if (tour) this.start = tour.path[0] ?? 0;
  }

  /**
   * Switch to `board`: a different one starts afresh (no tour; the start a8, or on a board of
   * the same size the same start, and never a hole).
   */
  setBoard(board: Board): void {
    if (board.equals(this.board)) return;
    const sameSize = board.rows === this.board.rows && board.cols === this.board.cols;
    this.board = board;
    if (!sameSize) this.start = 0;
    if (board.isHole(this.start)) this.start = firstCell(board);
    this.tour = null;
    this.source = "none";
    this.step = 0;
    this.solveInfo = null;
  }

  /** Move the playback to `step`, kept within the tour. */
  setStep(step: number): void {
    const n = this.tour?.path.length ?? 0;
    this.step = Math.max(0, Math.min(n, Math.round(step)));
  }
}

/** The first cell that is not a hole (row by row from a8). */
export function firstCell(board: Board): number {
  let cell = 0;
  while (board.isHole(cell)) cell++;
  return cell;
}

/** Measurements the browser tests read (and anyone curious, from the console). */
export interface PageMetrics {
  /** ms from the worker's result arriving to the tour being on the canvas. */
  lastResultDrawMs: number;
  /** Recent draw times during playback (ms per draw, as recorded by the 2D context). */
  readonly frameTimes: number[];
  /** Recent intervals between animation frames while playing (ms; 16.7 is 60 fps). */
  readonly frameIntervals: number[];
}

export function newMetrics(): PageMetrics {
  return { lastResultDrawMs: -1, frameTimes: [], frameIntervals: [] };
}
