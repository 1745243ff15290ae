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
  tourStats,
} from "../src/index.js";
import type { SolveInfo, TourSource } from "./store.js";

export type Row = readonly [string, string];

/** Figures already computed, per tour object (a tour on show is not changed in place). */
const computed = new WeakMap<Tour, Row[]>();

/** The statistics module's figures for a complete tour, computed once per tour. */
function tourFacts(tour: Tour): Row[] {
  const known = computed.get(tour);
  if (known !== undefined) return known;
  const s = tourStats(tour);
  const a = s.angles;
  const c = s.crossings;
  const symmetric = s.symmetries
    .filter((x) => x.transform !== "identity")
    .map((x) => (x.reverses ? `${x.transform} (reversed)` : x.transform));
  const facts: Row[] = [
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
  computed.set(tour, facts);
  return facts;
}

export function boardRow(board: Board): Row {
  return ["Board", `${board} (${board.cells} cells)`];
}

/** The rows for a tour found, imported or played. */
export function tourRows(
  board: Board,
  tour: Tour,
  source: TourSource,
  solveInfo: SolveInfo | null,
): Row[] {
  const rows: Row[] = [];
  const n = tour.path.length;
  const complete = n === board.cells;
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
  rows.push(["Moves", String(complete && tour.closed ? n : n - 1)]);
  rows.push([
    "From → to",
    `${formatCell(board, tour.path[0]!)} → ${formatCell(board, tour.path[n - 1]!)}`,
  ]);
  rows.push(["Source", source === "solve" ? "search" : source]);
  if (solveInfo) {
    rows.push(["Method", solveInfo.method ?? "?"]);
    rows.push(["Search nodes", solveInfo.nodes.toLocaleString("en")]);
    rows.push(["Search time", `${solveInfo.ms.toFixed(1)} ms`]);
  }
  if (complete) rows.push(...tourFacts(tour));
  return rows;
}

/** The teaching run's counters (pruned moves and restarts only when the search made some). */
export function teachRows(replay: TeachingReplay): Row[] {
  const rows: Row[] = [
    ["Path length", String(replay.path.length)],
    ["Moves tried", replay.tried.toLocaleString("en")],
    ["Dead ends", replay.deadEnds.toLocaleString("en")],
    ["Backtracks", replay.backtracks.toLocaleString("en")],
  ];
  if (replay.pruned > 0) rows.push(["Pruned", replay.pruned.toLocaleString("en")]);
  if (replay.restarts > 0) rows.push(["Restarts", replay.restarts.toLocaleString("en")]);
  return rows;
}

export function gameRows(board: Board, game: KnightGame): Row[] {
  return [
    ["Moves", String(Math.max(0, game.moves - 1))],
    ["Visited", `${game.moves} of ${board.cells}`],
  ];
}
