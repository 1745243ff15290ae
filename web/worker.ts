/**
 * Searches run here, off the page's thread, with the same library the CLI uses: a search for a
 * tour (the page stops it by terminating this worker), or windows of a teaching run's trace.
 */

import { censusJson, frontierFootprint, traceWindow } from "../src/engines.js";
import {
  Board,
  Census,
  count,
  createPuzzle,
  findSymmetricTour,
  generatePuzzle,
  gradePuzzle,
  type SolveOptions,
  type SolveResult,
  solve,
  solvePuzzle,
  type TraceEvent,
  tourStats,
} from "../src/index.js";
import {
  boardOf,
  type CensusRequest,
  type CountRequest,
  type PuzzleRequest,
  packTrace,
  type SolveRequest,
  type StatsRequest,
  type TraceRequest,
  type WorkerReply,
  type WorkerRequest,
} from "./protocol.js";
import { decodePuzzle } from "./puzzle-code.js";

/** The parts of the worker's global scope used here (typed without the WebWorker lib). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    if (request.type === "puzzle") sendPuzzle(request);
    else if (request.type === "trace") sendTrace(request);
    else if (request.type === "count") sendCount(request);
    else if (request.type === "census") sendCensus(request);
    else if (request.type === "stats") sendStats(request);
    else sendSolve(request);
  } catch (error) {
    scope.postMessage({
      type: "error",
      message: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReply);
  }
};

function sendSolve(request: SolveRequest): void {
  const board = boardOf(request.board);
  let lastProgress = 0;
  const onProgress = (p: { nodes: number; attempts: number; ms: number }) => {
    // At most ten updates a second: the page only needs to show that work goes on.
    if (p.ms - lastProgress < 100) return;
    lastProgress = p.ms;
    scope.postMessage({
      type: "progress",
      nodes: p.nodes,
      attempts: p.attempts,
      ms: p.ms,
    } satisfies WorkerReply);
  };
  let result: SolveResult;
  if (request.symmetry !== "none") {
    // Tours unchanged by a half or quarter turn: closed by nature, found by the symmetry module.
    result = findSymmetricTour(board, {
      rotation: request.symmetry === "90" ? 90 : 180,
      seed: request.seed,
      onProgress,
    });
  } else {
    // The fixed-order searches say how deep they got but keep no partial path: follow their
    // trace to keep the deepest path, so a search that hits its limit can show it.
    const deepest = FIXED_ORDER.has(request.method) ? new DeepestPath(board.cells) : null;
    const options = {
      closed: request.closed,
      start: request.start,
      method: request.method,
      ...(request.tieBreak === undefined ? {} : { tieBreak: request.tieBreak }),
      seed: request.seed,
      onProgress,
      ...(deepest === null ? {} : { onTrace: deepest.listener }),
    } as unknown as SolveOptions;
    result = solve(board, options);
    if (deepest !== null && result.tour === null && !result.partial && deepest.length > 1)
      result = { ...result, partial: deepest.path() };
  }
  const path = result.tour?.path ?? result.partial ?? null;
  const copy = path === null ? null : path.slice();
  scope.postMessage(
    {
      type: "result",
      status: result.status,
      path: copy,
      closed: result.tour?.closed ?? false,
      reason: result.reason ?? null,
      stats: result.stats,
    } satisfies WorkerReply,
    copy === null ? [] : [copy.buffer],
  );
}

const FIXED_ORDER: ReadonlySet<string> = new Set(["backtrack", "stack"]);

/** The deepest path a search's trace has reached so far. */
class DeepestPath {
  private readonly current: Int32Array;
  private best: Int32Array = new Int32Array(0);
  length = 0;
  constructor(cells: number) {
    this.current = new Int32Array(cells);
  }
  readonly listener = (event: TraceEvent): void => {
    if (event.action !== "advance") return;
    this.current[event.depth] = event.cell;
    if (event.depth + 1 > this.length) {
      this.length = event.depth + 1;
      this.best = this.current.slice(0, this.length);
    }
  };
  path(): Int32Array {
    return this.best;
  }
}

function sendTrace(request: TraceRequest): void {
  const board = boardOf(request.board);
  const window = traceWindow(
    board,
    { start: request.start, closed: request.closed, order: request.order },
    request.from,
    request.count,
  );
  const events = packTrace(window.events);
  const end = window.end;
  scope.postMessage(
    {
      type: "trace",
      from: window.from,
      events,
      end:
        end === null
          ? null
          : { status: end.status, reason: end.reason ?? null, nodes: end.stats.nodes },
    } satisfies WorkerReply,
    [events.buffer],
  );
}

/**
 * The engine for closed tours: the census where `knight count` takes it by default (the knight's
 * plain boards of up to 42 cells, both sides at least 5: 6×7 in a third of the mates engine's
 * time); `knight count`'s own choice where the frontier sweep's tables fit a tab (TAB_BYTES:
 * 6×8 takes 140 MB and a second or two, in WebAssembly in this worker, where the mates engine
 * took 50 s); else the mates engine, which counts the cycles of any move graph in little memory.
 */
function closedCountMethod(board: Board): "census" | "mates" | undefined {
  const small = board.cells <= 42 && Math.min(board.rows, board.cols) >= 5;
  if (board.plain && small) return "census";
  return frontierFootprint(board, true).memoryBytes <= TAB_BYTES ? undefined : "mates";
}

/** The most a count's frontier tables may take in a browser tab. */
const TAB_BYTES = 2 ** 30;

/**
 * Closed tours by closedCountMethod's engine; open ones by the library's choice. An engine that
 * cannot take the geometry refuses in words, shown as they are.
 */
function sendCount(request: CountRequest): void {
  const board = boardOf(request.board);
  let lastProgress = -1000;
  const result = count(board, {
    closed: request.closed,
    method: request.closed ? closedCountMethod(board) : undefined,
    onProgress: (p) => {
      if (p.ms - lastProgress < 100) return;
      lastProgress = p.ms;
      scope.postMessage({
        type: "count-progress",
        done: p.done,
        total: p.total,
        count: String(p.count),
        ms: p.ms,
      } satisfies WorkerReply);
    },
  });
  scope.postMessage({
    type: "counted",
    count: String(result.count),
    method: result.method,
    status: result.status,
    ms: result.stats.ms,
    nodes: result.stats.nodes,
  } satisfies WorkerReply);
}

function sendCensus(request: CensusRequest): void {
  const board = new Board(request.rows, request.cols);
  const census = new Census(board);
  const total = census.subproblems().length;
  const began = performance.now();
  let lastProgress = -1000;
  const totals = census.run(undefined, {
    onProgress: (p) => {
      if (p.ms - lastProgress < 100) return;
      lastProgress = p.ms;
      scope.postMessage({
        type: "count-progress",
        done: p.done,
        total,
        count: String(p.visited),
        ms: p.ms,
      } satisfies WorkerReply);
    },
  });
  scope.postMessage({
    type: "census",
    json: censusJson(board, total, totals),
    ms: performance.now() - began,
  } satisfies WorkerReply);
}

function sendStats(request: StatsRequest): void {
  const board = boardOf(request.board);
  const stats = tourStats({ board, path: request.path, closed: request.closed });
  scope.postMessage({ type: "stats", id: request.id, stats } satisfies WorkerReply);
}

/**
 * A puzzle to play: generated (its uniqueness proved by the generator's solver), or read from a
 * shared code and solved here. A code with more than one answer (the Rosetta holy knight's
 * board gives only its start) is played as a tour-finding task: any tour through the given
 * numbers wins; one with no answer is refused in words.
 */
function sendPuzzle(request: PuzzleRequest): void {
  let board: Board;
  let clues: ReadonlyArray<readonly [number, number]>;
  let solution: Int32Array;
  let difficulty: string;
  let closed = false;
  let unique = true;
  if (request.make !== null) {
    const { rows, cols, difficulty: wanted, seed } = request.make;
    board = new Board(rows, cols);
    const made = generatePuzzle(board, { seed, difficulty: wanted });
    clues = cluePairs(made.puzzle.clues);
    solution = made.solution.path.slice();
    difficulty = made.difficulty;
  } else {
    const code = decodePuzzle(request.code ?? "", (r, c, geometry) => new Board(r, c, geometry));
    board = new Board(code.rows, code.cols, code);
    closed = code.closed;
    const puzzle = createPuzzle(board, code.clues, { closed });
    const answer = solvePuzzle(puzzle);
    if (answer.status !== "solved" || answer.tour === null) {
      throw new Error(`this puzzle has no solution: ${answer.reason}`);
    }
    clues = code.clues;
    solution = answer.tour.path.slice();
    unique = answer.unique;
    difficulty = unique ? (gradePuzzle(puzzle).difficulty ?? "hard") : "several answers";
  }
  scope.postMessage(
    {
      type: "puzzle",
      rows: board.rows,
      cols: board.cols,
      holes: board.holes,
      piece: board.piece.name,
      topology: board.topology,
      closed,
      clues,
      solution,
      unique,
      difficulty,
    } satisfies WorkerReply,
    [solution.buffer],
  );
}

function cluePairs(byCell: Int32Array): Array<readonly [number, number]> {
  const pairs: Array<readonly [number, number]> = [];
  byCell.forEach((step, cell) => {
    if (step > 0) pairs.push([cell, step]);
  });
  return pairs;
}
