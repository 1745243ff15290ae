/**
 * The Statistics list: the board, then what the mode has to say — the shown tour with the
 * statistics module's figures, the teaching run's counters, or the game's progress.
 */
import {
  type Board,
  describeMove,
  formatCell,
  type KnightGame,
  type TeachingReplay,
  type Tour,
} from "../src/index.js";
import { statsWhenReady } from "./charts.js";
import type { SolveInfo, TourSource } from "./store.js";
import { grouped } from "./words.js";

export type Row = readonly [string, string];

/** Figures already computed, per tour object (a tour on show is not changed in place). */
const computed = new WeakMap<Tour, Row[]>();

/** The statistics module's figures for a complete tour, computed once per tour. */
function tourFacts(tour: Tour, ready: () => void): Row[] {
  const known = computed.get(tour);
  if (known !== undefined) return known;
  const s = statsWhenReady(tour, ready);
  if (s === null) return [["Shape", "computing in a Web Worker…"]];
  const a = s.angles;
  const c = s.crossings;
  const symmetric = s.symmetries
    .filter((x) => x.transform !== "identity")
    .map((x) => (x.reverses ? `${x.transform} (reversed)` : x.transform));
  const facts: Row[] = [
    ["Length", `${grouped(Math.round(s.length * 100) / 100)} (${grouped(s.moves)} × √5)`],
    [
      "Turns",
      `acute ${grouped(a.acute)}, obtuse ${grouped(a.obtuse)}, orthogonal ${grouped(a.orthogonal)} (Knuth's groups: ${grouped(a.straight)} straight passes count as obtuse and orthogonal)`,
    ],
    [
      "Crossings",
      c.mostCrossed >= 0
        ? `${grouped(c.total)}; most crossed ${describeMove(tour, c.mostCrossed)} (${c.mostCrossings}×); ${grouped(c.unintersected)} moves uncrossed`
        : "none",
    ],
    [
      "Slopes",
      `2: ${grouped(s.slopes["2"])}, −2: ${grouped(s.slopes["-2"])}, ½: ${grouped(s.slopes["1/2"])}, −½: ${grouped(s.slopes["-1/2"])}`,
    ],
    ["Symmetry", symmetric.length === 0 ? "none" : symmetric.join(", ")],
    ["Ends", s.ends.sameColour ? "same colour" : "different colours"],
  ];
  computed.set(tour, facts);
  return facts;
}

export function boardRow(board: Board): Row {
  return ["Board", `${board} (${grouped(board.vertexCount)} cells)`];
}

/** What the statistics of a tour say on a board that is not the knight's plain rectangle. */
export const KNIGHT_ONLY_SHAPE =
  "turn angles, crossings, slopes and tarnish are measured for the knight on a plain board only";

/** The rows for a tour found, imported or played. */
export function tourRows(
  board: Board,
  tour: Tour,
  source: TourSource,
  solveInfo: SolveInfo | null,
  /** Called when a big tour's statistics arrive from the worker. */
  ready: () => void,
): Row[] {
  const rows: Row[] = [];
  const n = tour.path.length;
  const complete = n === board.vertexCount;
  const closable = n > 2 && board.isKnightMove(tour.path[0]!, tour.path[n - 1]!);
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
  rows.push(["Moves", grouped(complete && tour.closed ? n : n - 1)]);
  rows.push([
    "From → to",
    `${formatCell(board, tour.path[0]!)} → ${formatCell(board, tour.path[n - 1]!)}`,
  ]);
  rows.push(["Source", SOURCES[source]]);
  if (solveInfo) rows.push(...solveRows(solveInfo));
  if (complete && board.plain) rows.push(...tourFacts(tour, ready));
  else if (complete) rows.push(["Shape", KNIGHT_ONLY_SHAPE]);
  return rows;
}

const SOURCES: Readonly<Record<TourSource, string>> = {
  none: "none",
  solve: "found on this page",
  import: "imported",
  play: "played by hand",
  gallery: "the gallery",
  demo: "found on this page",
};

/** How the shown tour was found, in words that fit each method's work. */
function solveRows(info: SolveInfo): Row[] {
  const method = info.method ?? "";
  const time: Row = ["Time", `${grouped(Math.round(info.ms * 10) / 10)} ms`];
  if (method === "construct")
    return [
      ["Method", "divide-and-conquer construction (no search: tours of small blocks joined)"],
      time,
    ];
  if (method === "neural")
    return [
      ["Method", "neural network (Takefuji and Lee)"],
      ["Neuron updates", grouped(info.nodes)],
      time,
    ];
  if (method === "warnsdorff")
    return [
      ["Method", "Warnsdorff's rule (one greedy walk)"],
      ["Squares visited", grouped(info.nodes)],
      time,
    ];
  return [["Method", method || "?"], ["Search nodes", grouped(info.nodes)], time];
}

/** The teaching run's counters (pruned moves and restarts only when the search made some). */
export function teachRows(replay: TeachingReplay): Row[] {
  const rows: Row[] = [
    ["Path length", grouped(replay.path.length)],
    ["Nodes", grouped(teachNodes(replay))],
    ["Moves tried", grouped(replay.tried)],
    ["Dead ends", grouped(replay.deadEnds)],
    ["Backtracks", grouped(replay.backtracks)],
  ];
  if (replay.pruned > 0) rows.push(["Pruned", grouped(replay.pruned)]);
  if (replay.restarts > 0) rows.push(["Restarts", grouped(replay.restarts)]);
  return rows;
}

/** The solver's node count so far: every square put on the path, starts included. */
export function teachNodes(replay: TeachingReplay): number {
  return replay.path.length === 0 && replay.events === 0 ? 0 : replay.tried + replay.restarts + 1;
}

export function gameRows(board: Board, game: KnightGame): Row[] {
  return [
    ["Moves", grouped(Math.max(0, game.moves - 1))],
    ["Visited", `${grouped(game.moves)} of ${grouped(board.vertexCount)}`],
  ];
}
