/**
 * The board canvas: its size, and a picture of each mode's scene drawn with src/render's canvas
 * functions. It knows nothing of the page's state: callers describe what to draw.
 */
import {
  Board,
  DEFAULT_THEME,
  drawEnds,
  drawKnight,
  drawNumbers,
  drawPath,
  drawSquares,
  formatCell,
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
      /** Moves crossed by others (per move, as `crossings().perMove`), drawn over the tour. */
      readonly crossed?: Int32Array | null;
      /** Per cell: how many moves pass over it (the tarnish), drawn as a heat map. */
      readonly tarnish?: Int32Array | null;
      /** Whether to mark the start cell with the knight when there is no tour. */
      readonly knight?: boolean;
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
      /** Whether the game is a finished closed tour (its closing move is drawn). */
      readonly closed: boolean;
    };

/** A window of the board (whole rows and columns from r0, c0): the zoomed view of a huge board. */
export interface Zoom {
  readonly r0: number;
  readonly c0: number;
  readonly rows: number;
  readonly cols: number;
}

/** Each cell's 1-based step in a tour, computed once per tour. */
const stepCache = new WeakMap<Tour, Int32Array>();
function stepsOf(tour: Tour): Int32Array {
  let steps = stepCache.get(tour);
  if (steps === undefined) {
    // Cells off the path (a partial one) never show a number.
    steps = new Int32Array(tour.board.cells).fill(2 ** 31 - 1);
    tour.path.forEach((cell, i) => {
      steps![cell] = i + 1;
    });
    stepCache.set(tour, steps);
  }
  return steps;
}

export class BoardView {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  /** CSS pixels per cell. */
  cellSize = 40;
  /** CSS pixels left of the board (rank labels) and below it (file labels). */
  left = 0;
  bottom = 0;
  /** The keyboard cursor's cell, drawn while the board has focus. */
  cursor = 0;
  showCursor = false;
  /** The window shown, or null for the whole board. */
  zoom: Zoom | null = null;
  private squaresLayer: HTMLCanvasElement | null = null;
  private squaresKey = "";

  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d")!;
  }

  /**
   * Fit the canvas to its container and to `heightBudget` CSS pixels; cells are whole CSS pixels
   * (≥ 2), drawn at device resolution, with room for the coordinates on the left and bottom edges.
   */
  layout(board: Board, heightBudget: number): void {
    const { rows, cols } = this.zoom ?? board;
    const wrap = this.canvas.parentElement!;
    const labelFont = 12;
    this.left = labelFont * Math.max(1, String(board.rows).length) * 0.62 + 6;
    this.bottom = labelFont + 5;
    const available = Math.max(120, Math.min(wrap.clientWidth || 640, 760)) - this.left;
    const budget = Math.max(140, heightBudget - this.bottom);
    this.cellSize = Math.max(2, Math.floor(Math.min(available / cols, budget / rows, 80)));
    const dpr = window.devicePixelRatio || 1;
    const width = cols * this.cellSize + this.left;
    const height = rows * this.cellSize + this.bottom;
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
    const { r0, c0, cols } = this.window(board);
    const scale = rect.width / (cols * this.cellSize + this.left);
    const c =
      c0 + Math.floor((event.clientX - rect.left - this.left * scale) / (this.cellSize * scale));
    const r = r0 + Math.floor((event.clientY - rect.top) / (this.cellSize * scale));
    return board.contains(r, c) ? board.cell(r, c) : null;
  }

  /** Redraw the board. Returns the time it took (ms). */
  draw(scene: Scene, flash: number | null = null): number {
    const began = performance.now();
    const { ctx, cellSize } = this;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    // The margins (coordinates) are transparent in the layer: clear what the last frame left.
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(this.squares(scene.board), 0, 0);
    ctx.restore();
    ctx.save();
    const board = scene.board;
    const view = this.window(board);
    // A zoomed window shows part of the board; on a wrapped board the moves across an edge end
    // on it, and their round caps must not spill into the coordinates.
    if (this.zoom !== null || board.topology !== "plane") {
      ctx.beginPath();
      ctx.rect(this.left, 0, view.cols * cellSize, view.rows * cellSize);
      ctx.clip();
    }
    ctx.translate(this.left - view.c0 * cellSize, -view.r0 * cellSize);
    if (scene.kind === "solve") {
      const tour = scene.tour;
      if (scene.tarnish) this.drawHeat(board, scene.tarnish);
      if (tour) {
        const upTo = scene.step;
        drawPath(ctx, board, tour.path, cellSize, {
          upTo,
          gradient: scene.gradient,
          closed: tour.closed,
          ...this.thinLine(),
        });
        if (scene.crossed) this.drawCrossed(board, tour, scene.crossed, upTo);
        drawEnds(ctx, board, tour.path, cellSize, upTo);
        if (this.zoom === null) drawNumbers(ctx, board, tour.path, cellSize, upTo);
        else this.drawWindowNumbers(board, tour, upTo);
        if (upTo > 0 && upTo < tour.path.length)
          drawKnight(ctx, board, tour.path[upTo - 1]!, cellSize);
      } else if (scene.knight !== false) {
        drawKnight(ctx, board, scene.start, cellSize);
      }
    } else if (scene.kind === "teach") this.drawTeach(board, scene.replay, scene.start);
    else this.drawPlay(board, scene.game, scene.hints, scene.closed);
    if (flash !== null) this.shade(board, flash, "rgba(230, 57, 70, 0.6)");
    if (this.showCursor && this.cursor < board.cells) this.drawCursor(board, this.cursor);
    ctx.restore();
    return performance.now() - began;
  }

  /**
   * Step numbers of the squares in the zoomed window only (a huge tour has tens of thousands),
   * with the library's look: dark digits on a round-joined halo of the light square colour.
   */
  private drawWindowNumbers(board: Board, tour: Tour, upTo: number): void {
    const { ctx, cellSize } = this;
    const view = this.window(board);
    const steps = stepsOf(tour);
    const digits = String(tour.path.length).length;
    const size = Math.min(cellSize * 0.45, (cellSize * 1.6) / digits);
    if (size < 7) return;
    ctx.save();
    ctx.font = `${Math.round(size)}px Helvetica, Arial, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.lineWidth = Math.max(1, size * 0.2);
    ctx.strokeStyle = "#f0d9b5";
    ctx.fillStyle = "#1b1b1b";
    for (let r = view.r0; r < view.r0 + view.rows; r++) {
      for (let c = view.c0; c < view.c0 + view.cols; c++) {
        const step = steps[r * board.cols + c]!;
        if (step > upTo) continue;
        const x = c * cellSize + cellSize / 2;
        const y = r * cellSize + cellSize / 2;
        ctx.strokeText(String(step), x, y);
        ctx.fillText(String(step), x, y);
      }
    }
    ctx.restore();
  }

  /** The keyboard cursor: a thick ring in the focus colour, light and dark edged to show on any square. */
  private drawCursor(board: Board, cell: number): void {
    const { ctx, cellSize } = this;
    const x = (cell % board.cols) * cellSize;
    const y = Math.floor(cell / board.cols) * cellSize;
    const w = Math.max(2, Math.min(4, cellSize * 0.12));
    ctx.save();
    ctx.lineWidth = w + 2;
    ctx.strokeStyle = "#ffffff";
    ctx.strokeRect(x + w / 2, y + w / 2, cellSize - w, cellSize - w);
    ctx.lineWidth = w;
    ctx.strokeStyle = "#c2570c";
    ctx.strokeRect(x + w / 2, y + w / 2, cellSize - w, cellSize - w);
    ctx.restore();
  }

  /** Moves crossed by other moves in orange, the most crossed in red (drawn up to `upTo`). */
  private drawCrossed(board: Board, tour: Tour, perMove: Int32Array, upTo: number): void {
    const { ctx, cellSize } = this;
    const { path } = tour;
    const n = path.length;
    let most = 0;
    for (const c of perMove) if (c > most) most = c;
    if (most === 0) return;
    ctx.save();
    ctx.lineCap = "round";
    ctx.lineWidth = Math.max(1.5, cellSize * 0.1);
    for (const top of [false, true]) {
      ctx.strokeStyle = top ? "#d00000" : "#f77f00";
      ctx.beginPath();
      for (let i = 0; i < perMove.length; i++) {
        const c = perMove[i]!;
        if (c === 0 || (c === most) !== top) continue;
        const a = path[i]!;
        const b = path[(i + 1) % n]!;
        if (i + 1 >= upTo && !(i === n - 1 && upTo === n)) continue;
        const [ax, ay] = this.centre(board, a);
        const [bx, by] = this.centre(board, b);
        ctx.moveTo(ax, ay);
        ctx.lineTo(bx, by);
      }
      ctx.stroke();
    }
    ctx.restore();
  }

  /** A heat map: each cell tinted by its count against the largest. */
  private drawHeat(board: Board, counts: Int32Array): void {
    let most = 0;
    for (const c of counts) if (c > most) most = c;
    if (most === 0) return;
    for (let cell = 0; cell < counts.length; cell++) {
      const c = counts[cell]!;
      if (c > 0)
        this.shade(board, cell, `rgba(208, 0, 0, ${(0.08 + (0.62 * c) / most).toFixed(3)})`);
    }
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

  private drawPlay(board: Board, game: KnightGame, hints: boolean, closed: boolean): void {
    const { ctx, cellSize } = this;
    const path = game.path;
    drawPath(ctx, board, path, cellSize, { closed });
    drawNumbers(ctx, board, path, cellSize);
    if (path.length > 0) drawKnight(ctx, board, game.current, cellSize);
    if (hints) {
      // Hints are badges in a corner of the square, not centred numbers: a centred number on the
      // board is a step number.
      const candidates = game.candidates();
      const best = Math.min(...candidates.map((c) => c.onward));
      for (const c of candidates) {
        this.shade(
          board,
          c.cell,
          c.onward === best ? "rgba(42, 157, 143, 0.55)" : "rgba(42, 157, 143, 0.25)",
        );
        if (cellSize >= 14) this.badge(board, c.cell, String(c.onward));
      }
    }
  }

  /** A small label in a dark disc at the top-right corner of `cell`. */
  private badge(board: Board, cell: number, text: string): void {
    const { ctx, cellSize } = this;
    const r = Math.max(6, cellSize * 0.2);
    const x = ((cell % board.cols) + 1) * cellSize - r - 2;
    const y = Math.floor(cell / board.cols) * cellSize + r + 2;
    ctx.save();
    ctx.fillStyle = "#0b3d36";
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.font = `bold ${Math.round(r * 1.2)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillStyle = "#ffffff";
    ctx.fillText(text, x, y + 0.5);
    ctx.restore();
  }

  /** The part of the board on show. */
  window(board: Board): Zoom {
    return this.zoom ?? { r0: 0, c0: 0, rows: board.rows, cols: board.cols };
  }

  /** The light and dark squares and the coordinates, drawn once per board and size and then copied. */
  private squares(board: Board): HTMLCanvasElement {
    const view = this.window(board);
    const key = `${board.key}:${this.cellSize}:${this.canvas.width}:${this.ink()}:${view.r0},${view.c0}`;
    if (this.squaresLayer && this.squaresKey === key) return this.squaresLayer;
    const layer = document.createElement("canvas");
    layer.width = this.canvas.width;
    layer.height = this.canvas.height;
    const c = layer.getContext("2d")!;
    const dpr = this.canvas.width / (view.cols * this.cellSize + this.left);
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.drawCoordinates(c, board, view);
    c.translate(this.left, 0);
    if (this.zoom === null) drawSquares(c, board, this.cellSize);
    else {
      // A window starting on an even row and column has the board's colouring (the page keeps
      // it so); the holes inside the window are filled as drawSquares fills them.
      drawSquares(c, new Board(view.rows, view.cols), this.cellSize);
      c.fillStyle = DEFAULT_THEME.hole;
      for (const h of board.holes) {
        const r = board.row(h) - view.r0;
        const col = board.col(h) - view.c0;
        if (r >= 0 && r < view.rows && col >= 0 && col < view.cols)
          c.fillRect(col * this.cellSize, r * this.cellSize, this.cellSize, this.cellSize);
      }
    }
    this.squaresLayer = layer;
    this.squaresKey = key;
    return layer;
  }

  /** The page's text colour (the coordinates follow the light or dark theme). */
  private ink(): string {
    return getComputedStyle(this.canvas).color || "#1d1d1f";
  }

  /** File letters under the board and rank numbers on its left, as many as fit legibly. */
  private drawCoordinates(c: CanvasRenderingContext2D, board: Board, view: Zoom): void {
    const { cellSize, left } = this;
    const { rows, cols } = view;
    c.save();
    c.fillStyle = this.ink();
    c.font = "12px system-ui, sans-serif";
    c.textBaseline = "middle";
    const every = (width: number) => Math.max(1, Math.ceil(width / cellSize));
    c.textAlign = "right";
    const rankStep = every(14);
    for (let r = rows - 1; r >= 0; r -= rankStep) {
      c.fillText(String(board.rows - view.r0 - r), left - 4, r * cellSize + cellSize / 2);
    }
    c.textAlign = "center";
    const fileStep = every(cols > 26 ? 22 : 12);
    for (let col = 0; col < cols; col += fileStep) {
      const name = formatCell(board, board.cell(board.rows - 1, view.c0 + col)).replace(/\d+$/, "");
      c.fillText(name, left + col * cellSize + cellSize / 2, rows * cellSize + 8);
    }
    c.restore();
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

  /** On small cells, one-device-pixel lines: far cheaper to draw, and wider ones would blur anyway. */
  private thinLine(): { lineWidth?: number } {
    return this.cellSize < 10 ? { lineWidth: 1 / (window.devicePixelRatio || 1) } : {};
  }
}
