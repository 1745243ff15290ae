/**
 * The board canvas: its size, and a picture of each mode's scene drawn with src/render's canvas
 * functions. It knows nothing of the page's state: callers describe what to draw.
 */
import {
  type Board,
  drawEnds,
  drawKnight,
  drawNumbers,
  drawPath,
  drawSquares,
  type KnightGame,
  knightGraph,
  type TeachingReplay,
  type Tour,
} from "../src/index.js";

/** What to draw: a found or imported tour up to a step, a teaching run, or a game. */
export type Scene =
  | {
      readonly kind: "solve";
      readonly board: Board;
      readonly tour: Tour | null;
      readonly step: number;
      readonly start: number;
      readonly gradient: boolean;
    }
  | {
      readonly kind: "teach";
      readonly board: Board;
      readonly replay: TeachingReplay | null;
      readonly start: number;
    }
  | {
      readonly kind: "play";
      readonly board: Board;
      readonly game: KnightGame;
      readonly hints: boolean;
    };

export class BoardView {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  /** CSS pixels per cell. */
  cellSize = 40;
  private squaresLayer: HTMLCanvasElement | null = null;
  private squaresKey = "";

  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d")!;
  }

  /** Fit the canvas to its container; cells are whole CSS pixels (≥ 2), drawn at device resolution. */
  layout(board: Board): void {
    const { rows, cols } = board;
    const wrap = this.canvas.parentElement!;
    const available = Math.max(120, Math.min(wrap.clientWidth || 640, 720));
    const heightBudget = Math.max(240, window.innerHeight - 220);
    const longest = Math.max(cols, (rows * available) / Math.min(available, heightBudget + 200));
    this.cellSize = Math.max(2, Math.floor(Math.min(available / longest, heightBudget / rows, 80)));
    const dpr = window.devicePixelRatio || 1;
    const width = cols * this.cellSize;
    const height = rows * this.cellSize;
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.squaresKey = "";
  }

  /** The cell under a pointer event on the canvas, or null off the board. */
  cellAt(board: Board, event: MouseEvent): number | null {
    const rect = this.canvas.getBoundingClientRect();
    const c = Math.floor(((event.clientX - rect.left) / rect.width) * board.cols);
    const r = Math.floor(((event.clientY - rect.top) / rect.height) * board.rows);
    return board.contains(r, c) ? board.cell(r, c) : null;
  }

  /** Redraw the board. Returns the time it took (ms). */
  draw(scene: Scene, flash: number | null = null): number {
    const began = performance.now();
    const { ctx, cellSize } = this;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.squares(scene.board), 0, 0);
    ctx.restore();
    const board = scene.board;
    if (scene.kind === "solve") {
      const tour = scene.tour;
      if (tour) {
        const upTo = scene.step;
        drawPath(ctx, board, tour.path, cellSize, {
          upTo,
          gradient: scene.gradient,
          closed: tour.closed,
          ...this.thinLine(),
        });
        drawEnds(ctx, board, tour.path, cellSize, upTo);
        drawNumbers(ctx, board, tour.path, cellSize, upTo);
        if (upTo > 0 && upTo < tour.path.length)
          drawKnight(ctx, board, tour.path[upTo - 1]!, cellSize);
      } else {
        drawKnight(ctx, board, scene.start, cellSize);
      }
    } else if (scene.kind === "teach") this.drawTeach(board, scene.replay, scene.start);
    else this.drawPlay(board, scene.game, scene.hints);
    if (flash !== null) this.shade(board, flash, "rgba(230, 57, 70, 0.6)");
    return performance.now() - began;
  }

  private drawTeach(board: Board, replay: TeachingReplay | null, start: number): void {
    const { ctx, cellSize } = this;
    const path = replay ? replay.path : [];
    const last = replay?.last ?? null;
    if (last?.kind === "dead-end") this.shade(board, last.cell, "rgba(230, 57, 70, 0.75)");
    if (last?.kind === "backtrack" || last?.kind === "prune")
      this.shade(board, last.cell, "rgba(230, 57, 70, 0.45)");
    drawPath(ctx, board, path, cellSize, { gradient: false });
    drawNumbers(ctx, board, path, cellSize);
    if (path.length > 0) {
      // The squares the knight could still jump to from here: what the search will try.
      const here = path[path.length - 1]!;
      const graph = knightGraph(board);
      const onPath = new Set(path);
      ctx.save();
      ctx.strokeStyle = "#2a9d8f";
      ctx.lineWidth = Math.max(1.5, cellSize * 0.06);
      for (let i = graph.offsets[here]!; i < graph.offsets[here + 1]!; i++) {
        const next = graph.targets[i]!;
        if (onPath.has(next)) continue;
        const [x, y] = this.centre(board, next);
        ctx.beginPath();
        ctx.arc(x, y, cellSize * 0.18, 0, Math.PI * 2);
        ctx.stroke();
      }
      ctx.restore();
      drawKnight(ctx, board, here, cellSize);
    } else drawKnight(ctx, board, start, cellSize);
  }

  private drawPlay(board: Board, game: KnightGame, hints: boolean): void {
    const { ctx, cellSize } = this;
    const path = game.path;
    drawPath(ctx, board, path, cellSize, { closed: game.status() === "closed-tour" });
    drawNumbers(ctx, board, path, cellSize);
    if (path.length > 0) drawKnight(ctx, board, game.current, cellSize);
    if (hints) {
      const candidates = game.candidates();
      const best = Math.min(...candidates.map((c) => c.onward));
      for (const c of candidates) {
        this.shade(
          board,
          c.cell,
          c.onward === best ? "rgba(42, 157, 143, 0.55)" : "rgba(42, 157, 143, 0.25)",
        );
        if (cellSize >= 14) this.label(board, c.cell, String(c.onward), "#0b3d36");
      }
    }
  }

  /** The light and dark squares, drawn once per board and size and then copied. */
  private squares(board: Board): HTMLCanvasElement {
    const key = `${board.label}:${this.cellSize}:${this.canvas.width}`;
    if (this.squaresLayer && this.squaresKey === key) return this.squaresLayer;
    const layer = document.createElement("canvas");
    layer.width = this.canvas.width;
    layer.height = this.canvas.height;
    const c = layer.getContext("2d")!;
    const dpr = this.canvas.width / (board.cols * this.cellSize);
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawSquares(c, board, this.cellSize);
    this.squaresLayer = layer;
    this.squaresKey = key;
    return layer;
  }

  private centre(board: Board, cell: number): [number, number] {
    const { cellSize } = this;
    return [
      (cell % board.cols) * cellSize + cellSize / 2,
      Math.floor(cell / board.cols) * cellSize + cellSize / 2,
    ];
  }

  private shade(board: Board, cell: number, colour: string): void {
    const { ctx, cellSize } = this;
    ctx.fillStyle = colour;
    ctx.fillRect(
      (cell % board.cols) * cellSize,
      Math.floor(cell / board.cols) * cellSize,
      cellSize,
      cellSize,
    );
  }

  private label(board: Board, cell: number, text: string, colour: string): void {
    const { ctx, cellSize } = this;
    const [x, y] = this.centre(board, cell);
    ctx.save();
    ctx.font = `bold ${Math.max(9, Math.round(cellSize * 0.42))}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillStyle = colour;
    ctx.fillText(text, x, y);
    ctx.restore();
  }

  /** On small cells, one-device-pixel lines: far cheaper to draw, and wider ones would blur anyway. */
  private thinLine(): { lineWidth?: number } {
    return this.cellSize < 10 ? { lineWidth: 1 / (window.devicePixelRatio || 1) } : {};
  }
}
