import { formatCell, InvalidTourError, type Tour } from "../core/index.js";
import { symmetriesOf, type TourSymmetry } from "../symmetry/index.js";
import { ANGLE_CLASSES, type TurnAngles, turnAngles } from "./angles.js";
import { type Crossings, crossings, moveCount } from "./crossings.js";
import { type SlopeHistogram, slopeHistogram } from "./slopes.js";

/** Everything `knight stats` reports about a tour. */
export interface TourStats {
  readonly rows: number;
  readonly cols: number;
  readonly cells: number;
  readonly closed: boolean;
  /** Moves: N for a closed tour, N − 1 for an open one. */
  readonly moves: number;
  /** Total length in units of a square's side: moves × √5. */
  readonly length: number;
  readonly angles: TurnAngles;
  readonly crossings: Omit<Crossings, "perMove">;
  readonly slopes: SlopeHistogram;
  /** Board transforms mapping the tour onto itself (the identity always among them). */
  readonly symmetries: readonly TourSymmetry[];
  /**
   * Colours of the two ends: 0 when row + col is even (the top-left corner's colour), else 1.
   * For a closed tour "the ends" are its first and last cells as given.
   */
  readonly ends: { readonly start: 0 | 1; readonly end: 0 | 1; readonly sameColour: boolean };
}

/**
 * All the statistics of a tour, in O(N) (O(N) per board transform for the symmetries).
 *
 * @example
 * ```ts
 * import { parseTour, tourStats } from "knight-tours";
 *
 * const stats = tourStats(parseTour("# 3x4 open tour\na3 c2 a1 b3 d2 b1 c3 d1 b2 d3 c1 a2"));
 * console.log(stats.moves, stats.crossings.total, stats.angles.turns); // → 11 21 10
 * ```
 */
export function tourStats(tour: Tour): TourStats {
  const { board, path } = tour;
  checkMoves(tour);
  const moves = moveCount(tour);
  const { perMove: _perMove, ...crossingSummary } = crossings(tour);
  const start = board.colour(path[0]!);
  const end = board.colour(path[path.length - 1]!);
  return {
    rows: board.rows,
    cols: board.cols,
    cells: board.cells,
    closed: tour.closed,
    moves,
    length: moves * Math.sqrt(5),
    angles: turnAngles(tour),
    crossings: crossingSummary,
    slopes: slopeHistogram(tour),
    symmetries: symmetriesOf(tour),
    ends: { start, end, sameColour: start === end },
  };
}

/** The cells a move joins, named in algebraic notation (for the most-crossed move). */
export function describeMove(tour: Tour, move: number): string {
  const { path, board } = tour;
  const a = path[move]!;
  const b = path[move + 1 === path.length ? 0 : move + 1]!;
  return `${formatCell(board, a)}–${formatCell(board, b)}`;
}

/** A plain-text report of the statistics, one fact per line. */
export function formatTourStats(tour: Tour, stats: TourStats = tourStats(tour)): string {
  const a = stats.angles;
  const classes = ANGLE_CLASSES.map(
    (k, i) => `${k.degrees.toFixed(2).replace(/\.00$/, "")}°: ${a.byClass[i]}`,
  ).join(", ");
  const sym = stats.symmetries
    .filter((s) => s.transform !== "identity")
    .map((s) => (s.reverses ? `${s.transform} (reversed)` : s.transform));
  const colour = (c: 0 | 1) => (c === 0 ? "even (r+c)" : "odd (r+c)");
  const c = stats.crossings;
  const lines = [
    `board: ${stats.rows}×${stats.cols}, ${stats.closed ? "closed" : "open"} tour, ${stats.moves} moves`,
    `length: ${stats.length.toFixed(3)} (${stats.moves} × √5)`,
    `turns: ${a.turns} — acute ${a.acute}, right ${a.right}, obtuse ${a.obtuse}, straight ${a.straight}`,
    `angles: ${classes}`,
    `crossings: ${c.total}${c.mostCrossed >= 0 ? `; most crossed move: ${describeMove(tour, c.mostCrossed)} (move ${c.mostCrossed + 1}, crossed ${c.mostCrossings} times)` : ""}`,
    `slopes: 2: ${stats.slopes["2"]}, -2: ${stats.slopes["-2"]}, 1/2: ${stats.slopes["1/2"]}, -1/2: ${stats.slopes["-1/2"]}`,
    `symmetry: ${sym.length === 0 ? "none" : sym.join(", ")}`,
    `ends: ${formatCell(tour.board, tour.path[0]!)} ${colour(stats.ends.start)}, ${formatCell(tour.board, tour.path[tour.path.length - 1]!)} ${colour(stats.ends.end)}${stats.ends.sameColour ? " (same colour)" : " (different colours)"}`,
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * The statistics read every step as a knight move (and a closed tour's last one back to the
 * start): a broken path would end in a RangeError deep inside, or in numbers about no tour. It
 * is refused with the first fault. A partial path (fewer steps than cells) is fine.
 *
 * @throws InvalidTourError naming the step.
 */
function checkMoves(tour: Tour): void {
  const { board, path } = tour;
  for (let i = 0; i < path.length; i++) {
    const cell = path[i]!;
    if (!Number.isSafeInteger(cell) || cell < 0 || cell >= board.cells) {
      throw new InvalidTourError(
        `step ${i + 1} is cell ${String(cell)}, which is not on the ${board} board (cells 0..${board.cells - 1})`,
        cell,
      );
    }
    if (i > 0 && !board.isKnightMove(path[i - 1]!, cell)) {
      throw new InvalidTourError(`step ${i} → ${i + 1} is not a knight's move`, i);
    }
  }
  if (tour.closed && path.length > 2 && !board.isKnightMove(path[path.length - 1]!, path[0]!)) {
    throw new InvalidTourError(
      "the tour is marked closed but its ends are not a knight's move apart",
      path.length,
    );
  }
}
