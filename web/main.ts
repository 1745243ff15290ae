/**
 * The interactive page: solve (in a Web Worker), play back, watch a backtracking search, play by
 * hand, export and share. All pictures come from src/render; all tours from the library.
 */
import {
  Board,
  backtrackingSteps,
  describeMove,
  drawEnds,
  drawKnight,
  drawNumbers,
  drawPath,
  drawSquares,
  formatCell,
  formatTourJson,
  KnightGame,
  knightGraph,
  METHODS,
  parseCell,
  parseTour,
  renderSvg,
  type SearchEvent,
  TIE_BREAKS,
  type Tour,
  tourStats,
  validateTour,
} from "../src/index.js";
import type { SolveRequest, WorkerReply } from "./worker.js";

type Mode = "solve" | "teach" | "play";
const MAX_SIDE = 200;
const TEACH_MAX_SIDE = 8;

// ---------------------------------------------------------------- elements

function $<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el as T;
}
const ui = {
  settings: $<HTMLFormElement>("settings"),
  rows: $<HTMLInputElement>("rows"),
  cols: $<HTMLInputElement>("cols"),
  startCell: $<HTMLOutputElement>("start-cell"),
  closed: $<HTMLInputElement>("closed"),
  method: $<HTMLSelectElement>("method"),
  tieBreak: $<HTMLSelectElement>("tie-break"),
  symmetry: $<HTMLSelectElement>("symmetry"),
  seed: $<HTMLInputElement>("seed"),
  run: $<HTMLButtonElement>("run"),
  stop: $<HTMLButtonElement>("stop"),
  teachOrder: $<HTMLSelectElement>("teach-order"),
  teachClosed: $<HTMLInputElement>("teach-closed"),
  teachRun: $<HTMLButtonElement>("teach-run"),
  teachStep: $<HTMLButtonElement>("teach-step"),
  teachReset: $<HTMLButtonElement>("teach-reset"),
  hints: $<HTMLInputElement>("hints"),
  undo: $<HTMLButtonElement>("undo"),
  playReset: $<HTMLButtonElement>("play-reset"),
  message: $<HTMLDivElement>("message"),
  canvas: $<HTMLCanvasElement>("board"),
  first: $<HTMLButtonElement>("first"),
  back: $<HTMLButtonElement>("back"),
  play: $<HTMLButtonElement>("play"),
  forward: $<HTMLButtonElement>("forward"),
  last: $<HTMLButtonElement>("last"),
  scrub: $<HTMLInputElement>("scrub"),
  stepLabel: $<HTMLOutputElement>("step-label"),
  speed: $<HTMLInputElement>("speed"),
  speedLabel: $<HTMLOutputElement>("speed-label"),
  gradient: $<HTMLInputElement>("gradient"),
  stats: $<HTMLDListElement>("stats"),
  exportSvg: $<HTMLButtonElement>("export-svg"),
  exportPng: $<HTMLButtonElement>("export-png"),
  exportJson: $<HTMLButtonElement>("export-json"),
  importFile: $<HTMLInputElement>("import"),
  copyLink: $<HTMLButtonElement>("copy-link"),
};
const ctx = ui.canvas.getContext("2d")!;

for (const m of METHODS) ui.method.add(new Option(m, m));
for (const t of TIE_BREAKS) ui.tieBreak.add(new Option(t, t));
ui.tieBreak.add(new Option("(method default)", ""), 0);
ui.tieBreak.value = "";

// ---------------------------------------------------------------- state

const state = {
  mode: "solve" as Mode,
  board: new Board(8, 8),
  start: 0,
  tour: null as Tour | null,
  /** Where the shown tour came from: a search (reproducible from the settings) or elsewhere. */
  source: "none" as "none" | "solve" | "import" | "play",
  solveInfo: null as null | { status: string; method?: string; nodes: number; ms: number },
  step: 0,
  playing: false,
  /** Moves per second while playing. */
  speed: 10,
  // teaching
  teach: null as null | {
    events: Generator<SearchEvent, void, undefined>;
    path: number[];
    tried: number;
    deadEnds: number;
    backtracks: number;
    last: SearchEvent | null;
    done: boolean;
  },
  teachPlaying: false,
  game: null as KnightGame | null,
  flash: null as null | { cell: number; until: number },
};

/** Measurements the browser tests read (and anyone curious, from the console). */
const metrics = {
  /** ms from the worker's result arriving to the tour being on the canvas. */
  lastResultDrawMs: -1,
  /** Recent draw times during playback (ms per draw, as recorded by the 2D context). */
  frameTimes: [] as number[],
  /** Recent intervals between animation frames while playing (ms; 16.7 is 60 fps). */
  frameIntervals: [] as number[],
};

// ---------------------------------------------------------------- messages

function say(text: string, kind: "info" | "error" | "ok" = "info"): void {
  ui.message.textContent = text;
  ui.message.className = `message ${kind === "info" ? "" : kind}`;
  ui.message.setAttribute("role", kind === "error" ? "alert" : "status");
}

// ---------------------------------------------------------------- drawing

let cellSize = 40;
let squaresLayer: HTMLCanvasElement | null = null;
let squaresKey = "";

/** Fit the canvas to its container; cells are whole CSS pixels (≥ 2), drawn at device resolution. */
function layout(): void {
  const { rows, cols } = state.board;
  const wrap = ui.canvas.parentElement!;
  const available = Math.max(120, Math.min(wrap.clientWidth || 640, 720));
  const heightBudget = Math.max(240, window.innerHeight - 220);
  const longest = Math.max(cols, (rows * available) / Math.min(available, heightBudget + 200));
  cellSize = Math.max(2, Math.floor(Math.min(available / longest, heightBudget / rows, 80)));
  const dpr = window.devicePixelRatio || 1;
  const width = cols * cellSize;
  const height = rows * cellSize;
  ui.canvas.style.width = `${width}px`;
  ui.canvas.style.height = `${height}px`;
  ui.canvas.width = Math.round(width * dpr);
  ui.canvas.height = Math.round(height * dpr);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  squaresKey = "";
}

function squares(): HTMLCanvasElement {
  const key = `${state.board.label}:${cellSize}:${ui.canvas.width}`;
  if (squaresLayer && squaresKey === key) return squaresLayer;
  const layer = document.createElement("canvas");
  layer.width = ui.canvas.width;
  layer.height = ui.canvas.height;
  const c = layer.getContext("2d")!;
  const dpr = ui.canvas.width / (state.board.cols * cellSize);
  c.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawSquares(c, state.board, cellSize);
  squaresLayer = layer;
  squaresKey = key;
  return layer;
}

function centre(cell: number): [number, number] {
  return [
    (cell % state.board.cols) * cellSize + cellSize / 2,
    Math.floor(cell / state.board.cols) * cellSize + cellSize / 2,
  ];
}

function shade(cell: number, colour: string): void {
  const { cols } = state.board;
  ctx.fillStyle = colour;
  ctx.fillRect((cell % cols) * cellSize, Math.floor(cell / cols) * cellSize, cellSize, cellSize);
}

function label(cell: number, text: string, colour: string): void {
  const [x, y] = centre(cell);
  ctx.save();
  ctx.font = `bold ${Math.max(9, Math.round(cellSize * 0.42))}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
  ctx.restore();
}

/** On small cells, one-device-pixel lines: far cheaper to draw, and wider ones would blur anyway. */
function thinLine(): { lineWidth?: number } {
  return cellSize < 10 ? { lineWidth: 1 / (window.devicePixelRatio || 1) } : {};
}

/** Redraw the board for the current mode. Returns the time it took (ms). */
function draw(): number {
  const began = performance.now();
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(squares(), 0, 0);
  ctx.restore();
  const board = state.board;
  if (state.mode === "solve") {
    const tour = state.tour;
    if (tour) {
      const upTo = state.step;
      drawPath(ctx, board, tour.path, cellSize, {
        upTo,
        gradient: ui.gradient.checked,
        closed: tour.closed,
        ...thinLine(),
      });
      drawEnds(ctx, board, tour.path, cellSize, upTo);
      drawNumbers(ctx, board, tour.path, cellSize, upTo);
      if (upTo > 0 && upTo < tour.path.length)
        drawKnight(ctx, board, tour.path[upTo - 1]!, cellSize);
    } else {
      drawKnight(ctx, board, state.start, cellSize);
    }
  } else if (state.mode === "teach") {
    const t = state.teach;
    const path = t ? t.path : [];
    if (t?.last?.kind === "dead-end") shade(t.last.cell, "rgba(230, 57, 70, 0.75)");
    if (t?.last?.kind === "backtrack") shade(t.last.from, "rgba(230, 57, 70, 0.45)");
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
        const [x, y] = centre(next);
        ctx.beginPath();
        ctx.arc(x, y, cellSize * 0.18, 0, Math.PI * 2);
        ctx.stroke();
      }
      ctx.restore();
      drawKnight(ctx, board, here, cellSize);
    } else drawKnight(ctx, board, state.start, cellSize);
  } else {
    const game = state.game!;
    const path = game.path;
    drawPath(ctx, board, path, cellSize, { closed: game.status() === "closed-tour" });
    drawNumbers(ctx, board, path, cellSize);
    if (path.length > 0) drawKnight(ctx, board, game.current, cellSize);
    if (ui.hints.checked) {
      const candidates = game.candidates();
      const best = Math.min(...candidates.map((c) => c.onward));
      for (const c of candidates) {
        shade(c.cell, c.onward === best ? "rgba(42, 157, 143, 0.55)" : "rgba(42, 157, 143, 0.25)");
        if (cellSize >= 14) label(c.cell, String(c.onward), "#0b3d36");
      }
    }
  }
  if (state.flash && performance.now() < state.flash.until)
    shade(state.flash.cell, "rgba(230, 57, 70, 0.6)");
  return performance.now() - began;
}

// ---------------------------------------------------------------- page state <-> controls

function readBoard(): Board | null {
  const rows = Number(ui.rows.value);
  const cols = Number(ui.cols.value);
  const ok = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_SIDE;
  if (!ok(rows) || !ok(cols)) {
    say(`Rows and columns must be whole numbers from 1 to ${MAX_SIDE}.`, "error");
    return null;
  }
  return new Board(rows, cols);
}

function setBoard(board: Board): void {
  if (!board.equals(state.board)) {
    state.board = board;
    state.start = 0;
    state.tour = null;
    state.source = "none";
    state.step = 0;
    state.solveInfo = null;
  }
  ui.rows.value = String(board.rows);
  ui.cols.value = String(board.cols);
  ui.startCell.value = formatCell(board, state.start);
  ui.canvas.setAttribute("aria-label", `${board} board`);
  if (state.mode === "teach") resetTeach();
  if (state.mode === "play") resetGame();
  layout();
  refresh();
}

function setTour(tour: Tour | null, source: typeof state.source): void {
  state.tour = tour;
  state.source = source;
  state.step = tour ? tour.path.length : 0;
  state.playing = false;
  if (tour) state.start = tour.path[0] ?? 0;
}

function updatePlayback(): void {
  const n = state.tour?.path.length ?? 0;
  const on = state.mode === "solve" && n > 0;
  ui.scrub.max = String(n);
  ui.scrub.value = String(state.step);
  ui.stepLabel.value = `${state.step} / ${n}`;
  for (const b of [ui.first, ui.back, ui.play, ui.forward, ui.last, ui.scrub]) b.disabled = !on;
  ui.play.textContent = state.playing ? "❚❚" : "▶";
  ui.play.setAttribute("aria-label", state.playing ? "Pause" : "Play");
  const hasTour = shownTour() !== null;
  ui.exportSvg.disabled = !hasTour;
  ui.exportJson.disabled = !hasTour;
}

/** Bring controls, statistics and the picture up to date (the picture first: it is what people wait for). */
function refresh(): void {
  updatePlayback();
  ui.startCell.value = formatCell(state.board, state.start);
  const el = ui.canvas;
  el.dataset.mode = state.mode;
  el.dataset.step = String(state.step);
  el.dataset.cells = String(state.board.cells);
  el.dataset.cellSize = String(cellSize);
  draw();
  updateStats();
  writeUrl();
}

// ---------------------------------------------------------------- statistics

let factsFor: Tour | null = null;
let facts: Array<[string, string]> = [];

/** The statistics module's figures for a complete tour, computed once per tour. */
function tourFacts(tour: Tour): Array<[string, string]> {
  if (factsFor === tour) return facts;
  factsFor = tour;
  const s = tourStats(tour);
  const a = s.angles;
  const c = s.crossings;
  const symmetric = s.symmetries
    .filter((x) => x.transform !== "identity")
    .map((x) => (x.reverses ? `${x.transform} (reversed)` : x.transform));
  facts = [
    ["Length", `${s.length.toFixed(2)} (${s.moves} × √5)`],
    ["Turns", `acute ${a.acute}, right ${a.right}, obtuse ${a.obtuse}, straight ${a.straight}`],
    [
      "Crossings",
      c.mostCrossed >= 0
        ? `${c.total.toLocaleString("en")}; most crossed ${describeMove(tour, c.mostCrossed)} (${c.mostCrossings}×)`
        : "none",
    ],
    [
      "Slopes",
      `2: ${s.slopes["2"]}, −2: ${s.slopes["-2"]}, ½: ${s.slopes["1/2"]}, −½: ${s.slopes["-1/2"]}`,
    ],
    ["Symmetry", symmetric.length === 0 ? "none" : symmetric.join(", ")],
    ["Ends", s.ends.sameColour ? "same colour" : "different colours"],
  ];
  return facts;
}

function updateStats(): void {
  const rows: Array<[string, string]> = [["Board", `${state.board} (${state.board.cells} cells)`]];
  const tour = state.tour;
  if (state.mode === "solve" && tour) {
    const n = tour.path.length;
    const complete = n === state.board.cells;
    const closable = n > 2 && state.board.isKnightMove(tour.path[0]!, tour.path[n - 1]!);
    rows.push([
      "Tour",
      complete
        ? tour.closed
          ? "closed"
          : closable
            ? "open (its ends meet)"
            : "open"
        : `partial, ${n} cells`,
    ]);
    rows.push(["Moves", String(complete && tour.closed ? n : n - 1)]);
    rows.push([
      "From → to",
      `${formatCell(state.board, tour.path[0]!)} → ${formatCell(state.board, tour.path[n - 1]!)}`,
    ]);
    rows.push(["Source", state.source === "solve" ? "search" : state.source]);
    if (state.solveInfo) {
      rows.push(["Method", state.solveInfo.method ?? "?"]);
      rows.push(["Search nodes", state.solveInfo.nodes.toLocaleString("en")]);
      rows.push(["Search time", `${state.solveInfo.ms.toFixed(1)} ms`]);
    }
    if (complete) rows.push(...tourFacts(tour));
  } else if (state.mode === "teach" && state.teach) {
    const t = state.teach;
    rows.push(["Path length", String(t.path.length)]);
    rows.push(["Moves tried", t.tried.toLocaleString("en")]);
    rows.push(["Dead ends", t.deadEnds.toLocaleString("en")]);
    rows.push(["Backtracks", t.backtracks.toLocaleString("en")]);
  } else if (state.mode === "play" && state.game) {
    rows.push(["Moves", String(Math.max(0, state.game.moves - 1))]);
    rows.push(["Visited", `${state.game.moves} of ${state.board.cells}`]);
  }
  ui.stats.replaceChildren(
    ...rows.flatMap(([k, v]) => {
      const dt = document.createElement("dt");
      dt.textContent = k;
      const dd = document.createElement("dd");
      dd.textContent = v;
      return [dt, dd];
    }),
  );
}

// ---------------------------------------------------------------- solving in a worker

let worker: Worker | null = null;
let solving = false;

function newWorker(): Worker {
  return new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
}

function startSolve(): void {
  const board = readBoard();
  if (!board) return;
  if (!board.equals(state.board)) setBoard(board);
  stopSolve(false);
  worker = newWorker();
  solving = true;
  ui.run.disabled = true;
  ui.stop.disabled = false;
  ui.canvas.dataset.status = "searching";
  setTour(null, "none");
  state.solveInfo = null;
  refresh();
  say("Searching…");
  const request: SolveRequest = {
    type: "solve",
    rows: board.rows,
    cols: board.cols,
    start: state.start,
    closed: ui.closed.checked,
    method: ui.method.value,
    ...(ui.tieBreak.value === "" ? {} : { tieBreak: ui.tieBreak.value }),
    symmetry: ui.symmetry.value as SolveRequest["symmetry"],
    seed: Math.max(1, Math.floor(Number(ui.seed.value) || 1)),
  };
  const began = performance.now();
  worker.onmessage = (event: MessageEvent<WorkerReply>) =>
    onReply(event.data, board, began, request);
  worker.onerror = (event) => {
    event.preventDefault();
    finishSolve();
    ui.canvas.dataset.status = "error";
    say(`The search failed: ${event.message || "worker error"}`, "error");
  };
  worker.postMessage(request);
}

function onReply(reply: WorkerReply, board: Board, began: number, request: SolveRequest): void {
  if (reply.type === "progress") {
    say(`Searching… ${reply.nodes.toLocaleString("en")} nodes, ${(reply.ms / 1000).toFixed(1)} s`);
    return;
  }
  finishSolve();
  if (reply.type === "error") {
    ui.canvas.dataset.status = "error";
    say(reply.message, "error");
    return;
  }
  const arrived = performance.now();
  state.solveInfo = {
    status: reply.status,
    method:
      request.symmetry !== "none"
        ? `symmetric search (${request.symmetry}°)`
        : (reply.stats.method ?? request.method),
    nodes: reply.stats.nodes,
    ms: reply.stats.ms,
  };
  if (reply.status === "found" && reply.path) {
    setTour({ board, path: reply.path, closed: reply.closed }, "solve");
    updatePlayback();
    draw();
    // Reading a pixel back makes the browser finish rasterising, so the figure is honest.
    ctx.getImageData(0, 0, 1, 1);
    metrics.lastResultDrawMs = performance.now() - arrived;
    // Statistics (crossings, symmetries: O(N) each) come after the picture.
    refresh();
    ui.canvas.dataset.status = "found";
    say(
      `Found ${reply.closed ? "a closed" : "an open"} tour of ${board} in ${(performance.now() - began).toFixed(0)} ms.`,
      "ok",
    );
  } else {
    if (reply.path && reply.path.length > 0)
      setTour({ board, path: reply.path, closed: false }, "solve");
    refresh();
    ui.canvas.dataset.status = reply.status;
    const what =
      reply.status === "impossible"
        ? "No such tour"
        : reply.status === "stuck"
          ? "Stuck"
          : "No tour found";
    say(`${what}: ${reply.reason ?? reply.status}`, "error");
  }
}

function finishSolve(): void {
  solving = false;
  ui.run.disabled = false;
  ui.stop.disabled = true;
  worker?.terminate();
  worker = null;
}

function stopSolve(announce = true): void {
  if (!solving) return;
  finishSolve();
  ui.canvas.dataset.status = "stopped";
  if (announce) say("Search stopped.");
}

// ---------------------------------------------------------------- playback

function speedFromSlider(value: number): number {
  // 0..100 → 1..2000 moves per second, logarithmically.
  return Math.round(10 ** ((value / 100) * Math.log10(2000)));
}

function setStep(step: number): void {
  const n = state.tour?.path.length ?? 0;
  state.step = Math.max(0, Math.min(n, Math.round(step)));
  refresh();
}

let lastFrame = 0;
let carried = 0;
let urlTimer = 0;
function tick(now: number): void {
  if (state.playing && state.tour) {
    const dt = lastFrame === 0 ? 0 : Math.min(100, now - lastFrame);
    carried += (dt / 1000) * state.speed;
    const advance = Math.floor(carried);
    carried -= advance;
    if (dt > 0) {
      metrics.frameIntervals.push(dt);
      if (metrics.frameIntervals.length > 600) metrics.frameIntervals.shift();
    }
    if (advance > 0) {
      const n = state.tour.path.length;
      state.step = Math.min(n, state.step + advance);
      if (state.step >= n) state.playing = false;
      updatePlayback();
      ui.canvas.dataset.step = String(state.step);
      const ms = draw();
      metrics.frameTimes.push(ms);
      if (metrics.frameTimes.length > 600) metrics.frameTimes.shift();
      // The address bar follows playback lazily: history updates are not free.
      window.clearTimeout(urlTimer);
      urlTimer = window.setTimeout(writeUrl, 250);
    }
  }
  if (state.teachPlaying) teachTick(now);
  if (state.flash && now > state.flash.until) {
    state.flash = null;
    draw();
  }
  lastFrame = now;
  requestAnimationFrame(tick);
}

function togglePlay(): void {
  if (state.mode === "teach") {
    toggleTeach();
    return;
  }
  if (!state.tour) return;
  if (!state.playing && state.step >= state.tour.path.length) state.step = 0;
  state.playing = !state.playing;
  carried = 0;
  refresh();
}

// ---------------------------------------------------------------- teaching mode

function resetTeach(): void {
  state.teachPlaying = false;
  ui.teachRun.textContent = "Watch";
  const { board } = state;
  if (board.rows > TEACH_MAX_SIDE || board.cols > TEACH_MAX_SIDE) {
    state.teach = null;
    say(
      `Teaching mode shows boards up to ${TEACH_MAX_SIDE}×${TEACH_MAX_SIDE}: choose a smaller board.`,
      "error",
    );
    return;
  }
  state.teach = {
    events: backtrackingSteps(board, {
      start: state.start,
      closed: ui.teachClosed.checked,
      order: ui.teachOrder.value === "warnsdorff" ? "warnsdorff" : "fixed",
    }),
    path: [],
    tried: 0,
    deadEnds: 0,
    backtracks: 0,
    last: null,
    done: false,
  };
  say("Press Watch or Step to follow the search. Click the board to choose where it starts.");
}

function teachStep(): void {
  const t = state.teach;
  if (!t || t.done) return;
  const next = t.events.next();
  if (next.done) {
    t.done = true;
    return;
  }
  const event = next.value;
  t.last = event;
  switch (event.kind) {
    case "visit":
      t.path.push(event.cell);
      if (t.path.length > 1) t.tried++;
      break;
    case "dead-end":
      t.deadEnds++;
      break;
    case "backtrack":
      t.path.pop();
      t.backtracks++;
      break;
    case "found":
      t.done = true;
      state.teachPlaying = false;
      ui.teachRun.textContent = "Watch";
      say(
        `Found a tour after ${t.tried.toLocaleString("en")} moves tried and ${t.backtracks.toLocaleString("en")} backtracks.`,
        "ok",
      );
      break;
    case "exhausted":
      t.done = true;
      state.teachPlaying = false;
      ui.teachRun.textContent = "Watch";
      say("Every possibility is spent: no such tour from this start.", "error");
      break;
  }
  ui.canvas.dataset.teachEvents = String(t.tried + t.deadEnds + t.backtracks);
}

let teachCarry = 0;
function teachTick(now: number): void {
  const dt = lastFrame === 0 ? 0 : Math.min(100, now - lastFrame);
  teachCarry += (dt / 1000) * state.speed;
  let n = Math.floor(teachCarry);
  teachCarry -= n;
  if (n === 0) return;
  while (n-- > 0 && state.teach && !state.teach.done) teachStep();
  refresh();
}

function toggleTeach(): void {
  if (!state.teach || state.teach.done) resetTeach();
  if (!state.teach) return;
  state.teachPlaying = !state.teachPlaying;
  teachCarry = 0;
  ui.teachRun.textContent = state.teachPlaying ? "Pause" : "Watch";
}

// ---------------------------------------------------------------- play mode

function resetGame(): void {
  state.game = new KnightGame(state.board);
  say("Click any square to put the knight there.");
}

function describeGame(): void {
  const game = state.game!;
  const status = game.status();
  ui.canvas.dataset.game = status;
  if (status === "stuck")
    say(
      `Stuck after ${game.moves} squares: no unvisited square is a knight's move away. Undo and try another way.`,
      "error",
    );
  else if (status === "open-tour") say("You found an open tour: every square visited once!", "ok");
  else if (status === "closed-tour")
    say("You found a closed tour: the knight can jump back to the start!", "ok");
  else if (status === "playing") say(`${game.moves} of ${state.board.cells} squares visited.`);
}

function playClick(cell: number): void {
  const game = state.game!;
  if (game.move(cell)) {
    describeGame();
    if (game.tour()) setTour(game.tour(), "play");
  } else {
    state.flash = { cell, until: performance.now() + 400 };
    const from = game.current;
    say(
      game.path.includes(cell)
        ? `${formatCell(state.board, cell)} is already visited.`
        : `${formatCell(state.board, cell)} is not a knight's move from ${formatCell(state.board, from)}.`,
      "error",
    );
    ui.canvas.dataset.refused = String(Number(ui.canvas.dataset.refused ?? "0") + 1);
  }
  refresh();
}

// ---------------------------------------------------------------- modes

function setMode(mode: Mode): void {
  state.mode = mode;
  state.playing = false;
  state.teachPlaying = false;
  for (const button of document.querySelectorAll<HTMLButtonElement>(".modes button")) {
    button.setAttribute("aria-selected", String(button.dataset.mode === mode));
  }
  for (const el of document.querySelectorAll<HTMLElement>(".solve-only"))
    el.hidden = mode !== "solve";
  for (const el of document.querySelectorAll<HTMLElement>(".teach-only"))
    el.hidden = mode !== "teach";
  for (const el of document.querySelectorAll<HTMLElement>(".play-only"))
    el.hidden = mode !== "play";
  if (mode === "teach") resetTeach();
  else if (mode === "play") resetGame();
  else say(state.tour ? "" : "Choose a board and press Find a tour.");
  refresh();
}

// ---------------------------------------------------------------- export / import / URL

function download(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function shownTour(): Tour | null {
  if (state.mode === "play" && state.game && state.game.moves > 0)
    return {
      board: state.board,
      path: state.game.path,
      closed: state.game.status() === "closed-tour",
    };
  return state.tour;
}

function encodePath(path: Int32Array): string {
  const bytes = new Uint8Array(path.length * 2);
  for (let i = 0; i < path.length; i++) {
    bytes[2 * i] = path[i]! >> 8;
    bytes[2 * i + 1] = path[i]! & 255;
  }
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodePath(text: string): Int32Array {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const path = new Int32Array(bin.length >> 1);
  for (let i = 0; i < path.length; i++)
    path[i] = (bin.charCodeAt(2 * i) << 8) | bin.charCodeAt(2 * i + 1);
  return path;
}

/** Tours that are not reproducible from the settings travel in the URL when small enough. */
const URL_PATH_LIMIT = 1600;

function writeUrl(): void {
  const p = new URLSearchParams();
  p.set("b", state.board.label);
  p.set("s", formatCell(state.board, state.start));
  p.set("mode", state.mode);
  if (ui.closed.checked) p.set("closed", "1");
  if (ui.method.value !== "auto") p.set("m", ui.method.value);
  if (ui.tieBreak.value) p.set("t", ui.tieBreak.value);
  if (ui.symmetry.value !== "none") p.set("sym", ui.symmetry.value);
  if (ui.seed.value !== "1") p.set("seed", ui.seed.value);
  if (ui.gradient.checked) p.set("g", "1");
  if (state.tour && state.mode === "solve") {
    if (state.source === "solve") p.set("run", "1");
    else if (state.tour.path.length <= URL_PATH_LIMIT) {
      p.set("p", encodePath(state.tour.path));
      if (state.tour.closed) p.set("tc", "1");
    }
    if (state.step !== state.tour.path.length) p.set("step", String(state.step));
  }
  if (
    state.mode === "play" &&
    state.game &&
    state.game.moves > 0 &&
    state.game.moves <= URL_PATH_LIMIT
  ) {
    p.set("p", encodePath(state.game.path));
  }
  if (state.mode === "teach") {
    if (ui.teachOrder.value !== "fixed") p.set("o", ui.teachOrder.value);
    if (ui.teachClosed.checked) p.set("tcl", "1");
  }
  const hash = `#${p.toString()}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

function readUrl(): void {
  const p = new URLSearchParams(location.hash.slice(1));
  let board = state.board;
  try {
    if (p.has("b")) {
      const [r, c] = p.get("b")!.split("x").map(Number) as [number, number];
      if (r >= 1 && r <= MAX_SIDE && c >= 1 && c <= MAX_SIDE) board = new Board(r, c);
    }
  } catch {
    // a bad link shows the default board
  }
  state.board = board;
  ui.rows.value = String(board.rows);
  ui.cols.value = String(board.cols);
  try {
    if (p.has("s")) state.start = parseCell(p.get("s")!, board);
  } catch {
    state.start = 0;
  }
  ui.closed.checked = p.get("closed") === "1";
  const m = p.get("m");
  if (m && [...ui.method.options].some((o) => o.value === m)) ui.method.value = m;
  const t = p.get("t");
  if (t && [...ui.tieBreak.options].some((o) => o.value === t)) ui.tieBreak.value = t;
  const sym = p.get("sym");
  if (sym === "180" || sym === "90") ui.symmetry.value = sym;
  if (p.has("seed")) ui.seed.value = String(Math.max(1, Number(p.get("seed")) || 1));
  ui.gradient.checked = p.get("g") === "1";
  const mode = p.get("mode");
  if (p.get("o") === "warnsdorff") ui.teachOrder.value = "warnsdorff";
  ui.teachClosed.checked = p.get("tcl") === "1";
  layout();
  if (mode === "teach" || mode === "play") setMode(mode);
  else setMode("solve");
  if (state.mode === "solve" && p.has("p")) {
    try {
      const path = decodePath(p.get("p")!);
      const closed = p.get("tc") === "1";
      const check = validateTour(board, path, { closed });
      if (check.valid) setTour({ board, path, closed }, "import");
      else say(`The tour in this link is not valid: ${check.message}`, "error");
    } catch {
      say("The tour in this link could not be read.", "error");
    }
  }
  if (state.mode === "play" && p.has("p") && state.game) {
    // Replay the moves: an illegal one (a hand-edited link) stops the replay there.
    try {
      for (const cell of decodePath(p.get("p")!)) if (!state.game.move(cell)) break;
      describeGame();
    } catch {
      say("The moves in this link could not be read.", "error");
    }
  }
  const step = p.has("step") ? Number(p.get("step")) : null;
  if (state.mode === "solve" && p.get("run") === "1") {
    startSolve();
    if (step !== null) pendingStep = step;
  } else if (state.tour && step !== null) setStep(step);
  refresh();
}
let pendingStep: number | null = null;

async function importFile(file: File): Promise<void> {
  try {
    const tour = parseTour(await file.text());
    if (tour.board.rows > MAX_SIDE || tour.board.cols > MAX_SIDE) {
      say(
        `This page shows boards up to ${MAX_SIDE}×${MAX_SIDE}; the file has ${tour.board}.`,
        "error",
      );
      return;
    }
    const check = validateTour(tour.board, tour.path, { closed: tour.closed });
    if (!check.valid) {
      say(`Not a valid tour: ${check.message}`, "error");
      return;
    }
    if (state.mode !== "solve") setMode("solve");
    state.board = tour.board;
    ui.rows.value = String(tour.board.rows);
    ui.cols.value = String(tour.board.cols);
    layout();
    setTour(tour, "import");
    state.solveInfo = null;
    ui.canvas.dataset.status = "found";
    refresh();
    say(`Imported ${tour.closed ? "a closed" : "an open"} tour of ${tour.board}.`, "ok");
  } catch (error) {
    say(
      `Could not read ${file.name}: ${error instanceof Error ? error.message : String(error)}`,
      "error",
    );
  }
}

// ---------------------------------------------------------------- events

ui.settings.addEventListener("submit", (event) => {
  event.preventDefault();
  if (state.mode === "solve") startSolve();
});
ui.stop.addEventListener("click", () => stopSolve());
for (const input of [ui.rows, ui.cols]) {
  input.addEventListener("change", () => {
    const board = readBoard();
    if (board) setBoard(board);
  });
}
for (const input of [ui.closed, ui.method, ui.tieBreak, ui.symmetry, ui.seed])
  input.addEventListener("change", writeUrl);
for (const button of document.querySelectorAll<HTMLButtonElement>(".modes button")) {
  button.addEventListener("click", () => setMode(button.dataset.mode as Mode));
}

ui.canvas.addEventListener("click", (event) => {
  const rect = ui.canvas.getBoundingClientRect();
  const c = Math.floor(((event.clientX - rect.left) / rect.width) * state.board.cols);
  const r = Math.floor(((event.clientY - rect.top) / rect.height) * state.board.rows);
  if (!state.board.contains(r, c)) return;
  const cell = state.board.cell(r, c);
  if (state.mode === "play") {
    playClick(cell);
  } else if (state.mode === "teach") {
    state.start = cell;
    resetTeach();
    refresh();
  } else if (!solving) {
    state.start = cell;
    setTour(null, "none");
    state.solveInfo = null;
    ui.canvas.dataset.status = "";
    say(`The search will start at ${formatCell(state.board, cell)}.`);
    refresh();
  }
});

ui.first.addEventListener("click", () => setStep(0));
ui.back.addEventListener("click", () => setStep(state.step - 1));
ui.forward.addEventListener("click", () => setStep(state.step + 1));
ui.last.addEventListener("click", () => setStep(Number.POSITIVE_INFINITY));
ui.play.addEventListener("click", togglePlay);
ui.scrub.addEventListener("input", () => {
  state.playing = false;
  setStep(Number(ui.scrub.value));
});
ui.speed.addEventListener("input", () => {
  state.speed = speedFromSlider(Number(ui.speed.value));
  ui.speedLabel.value = `${state.speed}/s`;
});
ui.gradient.addEventListener("change", refresh);
ui.teachRun.addEventListener("click", toggleTeach);
ui.teachStep.addEventListener("click", () => {
  if (!state.teach || state.teach.done) resetTeach();
  state.teachPlaying = false;
  ui.teachRun.textContent = "Watch";
  teachStep();
  refresh();
});
ui.teachReset.addEventListener("click", () => {
  resetTeach();
  refresh();
});
for (const input of [ui.teachOrder, ui.teachClosed])
  input.addEventListener("change", () => {
    resetTeach();
    refresh();
  });
ui.undo.addEventListener("click", () => {
  if (state.game?.undo()) describeGame();
  refresh();
});
ui.playReset.addEventListener("click", () => {
  resetGame();
  refresh();
});
ui.hints.addEventListener("change", refresh);

ui.exportSvg.addEventListener("click", () => {
  const tour = shownTour();
  if (tour)
    download(
      `knight-tour-${tour.board.label}.svg`,
      renderSvg(tour, { gradient: ui.gradient.checked }),
      "image/svg+xml",
    );
});
ui.exportJson.addEventListener("click", () => {
  const tour = shownTour();
  if (tour)
    download(
      `knight-tour-${tour.board.label}.json`,
      `${formatTourJson(tour)}\n`,
      "application/json",
    );
});
ui.exportPng.addEventListener("click", () => {
  ui.canvas.toBlob((blob) => {
    if (blob) download(`knight-tour-${state.board.label}.png`, blob, "image/png");
  }, "image/png");
});
ui.importFile.addEventListener("change", () => {
  const file = ui.importFile.files?.[0];
  if (file) void importFile(file);
  ui.importFile.value = "";
});
ui.copyLink.addEventListener("click", async () => {
  writeUrl();
  try {
    await navigator.clipboard.writeText(location.href);
    say("Link copied.", "ok");
  } catch {
    say("Copy the address from the address bar to share this view.");
  }
});

document.addEventListener("keydown", (event) => {
  const target = event.target as HTMLElement;
  if (target.closest("input, select, textarea")) return;
  if (event.key === " ") {
    if (target.tagName === "BUTTON" && target !== ui.play) return;
    event.preventDefault();
    togglePlay();
  } else if (event.key === "ArrowRight" && state.mode === "solve") {
    event.preventDefault();
    state.playing = false;
    setStep(state.step + 1);
  } else if (event.key === "ArrowLeft" && state.mode === "solve") {
    event.preventDefault();
    state.playing = false;
    setStep(state.step - 1);
  } else if (event.key === "Home" && state.mode === "solve") {
    setStep(0);
  } else if (event.key === "End" && state.mode === "solve") {
    setStep(Number.POSITIVE_INFINITY);
  } else if (event.key === "ArrowRight" && state.mode === "teach") {
    event.preventDefault();
    ui.teachStep.click();
  }
});

let resizeTimer = 0;
window.addEventListener("resize", () => {
  window.clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(() => {
    layout();
    refresh();
  }, 100);
});

// ---------------------------------------------------------------- test and console hooks

declare global {
  interface Window {
    __knight?: unknown;
  }
}
window.__knight = {
  /** The shown tour as Tour JSON (cells as [row, col]), or null. */
  tour: () => {
    const tour = shownTour();
    return tour ? JSON.parse(formatTourJson(tour)) : null;
  },
  state: () => ({
    mode: state.mode,
    rows: state.board.rows,
    cols: state.board.cols,
    start: state.start,
    step: state.step,
    playing: state.playing,
    cellSize,
    status: ui.canvas.dataset.status ?? "",
    game: state.game?.status() ?? null,
    teach: state.teach
      ? {
          path: state.teach.path.length,
          tried: state.teach.tried,
          deadEnds: state.teach.deadEnds,
          backtracks: state.teach.backtracks,
          done: state.teach.done,
        }
      : null,
  }),
  metrics,
  /** Draw the current view `frames` times at successive steps and return the times (ms). */
  benchmarkPlayback: (frames: number) => {
    const times: number[] = [];
    const n = state.tour?.path.length ?? 0;
    for (let i = 0; i < frames && n > 0; i++) {
      state.step = 1 + ((i * 97) % n);
      const began = performance.now();
      draw();
      // Force rasterisation (a 1-pixel read-back) so the time covers real drawing.
      ctx.getImageData(0, 0, 1, 1);
      times.push(performance.now() - began);
    }
    return times;
  },
};

state.speed = speedFromSlider(Number(ui.speed.value));
ui.speedLabel.value = `${state.speed}/s`;
readUrl();
if (pendingStep !== null) {
  const wanted = pendingStep;
  const watch = new MutationObserver(() => {
    if (ui.canvas.dataset.status === "found") {
      watch.disconnect();
      setStep(wanted);
    }
  });
  watch.observe(ui.canvas, { attributes: true, attributeFilter: ["data-status"] });
}
requestAnimationFrame(tick);
ui.canvas.dataset.ready = "1";
