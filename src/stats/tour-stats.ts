import { formatCell } from "../core/cells.js";
import { InvalidTourError, OptionError } from "../core/errors.js";
import { isKnight } from "../core/piece.js";
import type { Tour } from "../core/tour.js";
import { symmetriesOf, type TourSymmetry } from "../symmetry/invariance.js";
import { type TurnAngles, turnAngles } from "./angles.js";
import { type Crossings, crossings, moveCount } from "./crossings.js";
import { lengthText, type MoveKind, tourMoves } from "./moves.js";
import { type SlopeHistogram, slopeHistogram, slopeKeys } from "./slopes.js";

/** Everything `knight stats` reports about a tour on a plane board (any piece, holes or not). */
export interface TourStats {
  readonly rows: number;
  readonly cols: number;
  readonly cells: number;
  readonly closed: boolean;
  /** Moves: N for a closed tour, N − 1 for an open one. */
  readonly moves: number;
  /** Total length in units of a square's side: moves × √5 for the knight (Σ over the leaps). */
  readonly length: number;
  /** Moves per leap of the piece (one entry for a single leaper). */
  readonly moveKinds: readonly MoveKind[];
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
 * What `knight stats` reports about a tour on a wrapped board (cylinder, torus): what needs no
 * straight segment on the page. Turn angles, slopes and crossings are left out, with the reason
 * in `omitted`: a move across an edge is not a segment between the cells' centres.
 */
export interface WrappedTourStats
  extends Pick<
    TourStats,
    "rows" | "cols" | "cells" | "closed" | "moves" | "length" | "moveKinds" | "symmetries" | "ends"
  > {
  /** Moves across an edge of the page. */
  readonly wrappedMoves: number;
  /** The statistics left out, each with why. */
  readonly omitted: readonly { readonly stat: string; readonly reason: string }[];
}

/** Why a wrapped board has no turn angles, slopes or crossings. */
export const WRAPPED_OMITTED =
  "a move across an edge of a wrapped board has no straight segment on the page";

/**
 * All the statistics of a tour on a plane board, in O(N) (O(N) per board transform for the
 * symmetries). Any piece (the angles and slopes are the piece's own), holes or not.
 *
 * @throws OptionError on a wrapped board: use `wrappedTourStats`.
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
  const { board } = tour;
  if (board.topology !== "plane") {
    throw new OptionError(
      `tourStats measures turns, slopes and crossings on plane boards, and ${board} wraps (${WRAPPED_OMITTED}): use wrappedTourStats`,
      board.topology,
    );
  }
  checkMoves(tour);
  const moves = moveCount(tour);
  const { perMove: _perMove, ...crossingSummary } = crossings(tour);
  const kinds = tourMoves(tour);
  return {
    rows: board.rows,
    cols: board.cols,
    cells: board.cells,
    closed: tour.closed,
    moves,
    length: kinds.length,
    moveKinds: kinds.kinds,
    angles: turnAngles(tour),
    crossings: crossingSummary,
    slopes: slopeHistogram(tour),
    symmetries: symmetriesOf(tour),
    ends: endsOf(tour),
  };
}

/** The statistics of a tour on a wrapped (or any) board that need no straight moves. O(N). */
export function wrappedTourStats(tour: Tour): WrappedTourStats {
  const { board } = tour;
  checkMoves(tour);
  const kinds = tourMoves(tour);
  return {
    rows: board.rows,
    cols: board.cols,
    cells: board.cells,
    closed: tour.closed,
    moves: moveCount(tour),
    length: kinds.length,
    moveKinds: kinds.kinds,
    wrappedMoves: kinds.wrapped,
    symmetries: symmetriesOf(tour),
    ends: endsOf(tour),
    omitted: ["angles", "slopes", "crossings"].map((stat) => ({ stat, reason: WRAPPED_OMITTED })),
  };
}

function endsOf(tour: Tour): TourStats["ends"] {
  const { board, path } = tour;
  const start = board.colour(path[0]!);
  const end = board.colour(path[path.length - 1]!);
  return { start, end, sameColour: start === end };
}

/** The cells a move joins, named in algebraic notation (for the most-crossed move). */
export function describeMove(tour: Tour, move: number): string {
  const { path, board } = tour;
  const a = path[move]!;
  const b = path[move + 1 === path.length ? 0 : move + 1]!;
  return `${formatCell(board, a)}–${formatCell(board, b)}`;
}

/**
 * A plain-text report of the statistics, one fact per line (`wrappedTourStats` on a wrapped
 * board, `tourStats` otherwise, unless given).
 */
export function formatTourStats(
  tour: Tour,
  stats: TourStats | WrappedTourStats = tour.board.topology === "plane"
    ? tourStats(tour)
    : wrappedTourStats(tour),
): string {
  const { board } = tour;
  const knight = isKnight(board.piece);
  const lines = [
    `board: ${board}, ${stats.closed ? "closed" : "open"} tour, ${stats.moves} moves`,
    `length: ${stats.length.toFixed(3)} (${knight ? `${stats.moves} × √5` : lengthText(stats.moveKinds)})`,
  ];
  if ("omitted" in stats) {
    const kinds = stats.moveKinds.map(({ leap, moves }) => `${leap.join(",")}: ${moves}`);
    lines.push(
      `moves by leap: ${kinds.join(", ")}; across an edge: ${stats.wrappedMoves}`,
      `not measured: ${stats.omitted.map((o) => o.stat).join(", ")} (${WRAPPED_OMITTED})`,
    );
  } else {
    const a = stats.angles;
    const classes = a.classes
      .map((k, i) => `${k.degrees.toFixed(2).replace(/\.00$/, "")}°: ${a.byClass[i]}`)
      .join(", ");
    const c = stats.crossings;
    const slopes = (knight ? ["2", "-2", "1/2", "-1/2"] : slopeKeys(board.piece))
      .map((key) => `${key}: ${stats.slopes[key] ?? 0}`)
      .join(", ");
    if (stats.moveKinds.length > 1) {
      const kinds = stats.moveKinds.map(({ leap, moves }) => `${leap.join(",")}: ${moves}`);
      lines.push(`moves by leap: ${kinds.join(", ")}`);
    }
    lines.push(
      `turns: ${a.turns} — acute ${a.acute}, obtuse ${a.obtuse}, orthogonal ${a.orthogonal} (180° counts as obtuse and orthogonal)`,
      `angles: ${classes}`,
      `crossings: ${c.total}${c.mostCrossed >= 0 ? `; most crossed move: ${describeMove(tour, c.mostCrossed)} (move ${c.mostCrossed + 1}, crossed ${c.mostCrossings} times)` : ""}; unintersected moves: ${c.unintersected}`,
      `slopes: ${slopes}`,
    );
  }
  const sym = stats.symmetries
    .filter((s) => s.transform !== "identity")
    .map((s) => (s.reverses ? `${s.transform} (reversed)` : s.transform));
  const colour = (c: 0 | 1) => (c === 0 ? "even (r+c)" : "odd (r+c)");
  lines.push(
    `symmetry: ${sym.length === 0 ? "none" : sym.join(", ")}`,
    `ends: ${formatCell(board, tour.path[0]!)} ${colour(stats.ends.start)}, ${formatCell(board, tour.path[tour.path.length - 1]!)} ${colour(stats.ends.end)}${stats.ends.sameColour ? " (same colour)" : " (different colours)"}`,
  );
  return `${lines.join("\n")}\n`;
}

/**
 * The statistics read every step as a move of the piece (and a closed tour's last one back to
 * the start): a broken path would end in a RangeError deep inside, or in numbers about no tour.
 * It is refused with the first fault. A partial path (fewer steps than cells) is fine.
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
    if (i > 0 && !board.isMove(path[i - 1]!, cell)) {
      throw new InvalidTourError(`step ${i} → ${i + 1} is not ${moveName(tour)}`, i);
    }
  }
  if (tour.closed && path.length > 2 && !board.isMove(path[path.length - 1]!, path[0]!)) {
    throw new InvalidTourError(
      `the tour is marked closed but its ends are not ${moveName(tour)} apart`,
      path.length,
    );
  }
}

/** "a knight's move", "a move of the giraffe" (a hole is never one). */
function moveName(tour: Tour): string {
  const { board } = tour;
  return isKnight(board.piece) ? "a knight's move" : `a move of the ${board.piece.name}`;
}
