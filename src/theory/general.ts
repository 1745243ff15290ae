import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";
import { type KnightGraph, moveGraph } from "../core/graph.js";
import { isKnight } from "../core/piece.js";
import type { Existence, ExistsQuery } from "./exists.js";
import { giraffeFiveByN } from "./giraffe-5xn.js";
import { twoFactor } from "./two-factor.js";

/**
 * Existence on any geometry (any leaper or union, plane, cylinder or torus, holes): the rules
 * that hold for every move graph, each with its reason, then the one theorem about another
 * topology this project relies on. Whatever they do not settle is "unknown": a search decides.
 *
 * - Size: a closed tour is a cycle, so it needs three cells (two would use one move twice).
 * - Colour: a leaper whose leaps all have a + b even never changes the colour of its square
 *   (r + c parity) — on a plane, and across a wrapped edge only if that side is even. Cells of
 *   both colours: no tour.
 * - Sublattice: if every leg of every leap is a multiple of g > 1, the piece keeps r mod g and
 *   c mod g (a wrapped side must be a multiple of g too). Cells of two classes: no tour.
 * - Connectivity: a cell with no move (on a board of more than one cell), or two cells no chain
 *   of moves joins: no tour.
 * - Degree one: a cell with one move is an end of every tour through it: no closed tour, and no
 *   open tour with more than two such cells (or with one that is not a required end).
 * - Bipartite graphs: a path alternates the two classes of the graph's 2-colouring, so classes
 *   differing by more than one: no tour; differing at all: no closed tour, and the ends of an
 *   open tour both in the larger class; equal: the ends in different classes.
 * - 2-factors: a closed tour gives every cell exactly two moves; a bipartite move graph with no
 *   such choice of moves (a flow that falls short, src/theory/two-factor.ts) has no closed tour.
 *   Tried on boards of up to TWO_FACTOR_MAX_CELLS cells.
 * - Four lines: when the two outer rows of a 4-row board (rows not wrapped; or outer columns of
 *   a 4-column plane) hold half the cells, have no move between them and cells of both classes
 *   of a bipartite graph: no closed tour (Schwenk's argument for 4×n, read off the graph).
 * - The giraffe on 5×n: what this project settled (giraffe-5xn.ts).
 * - Tori: every m×n torus with at least three cells has a closed knight's tour (Watkins and
 *   Hoenigman, "Knight's tours on a torus", Mathematics Magazine 70, 1997); checked against
 *   exhaustive search on every torus up to 20 cells and by search beyond (test/theory).
 */

const yes = (reason: string): Existence => ({ exists: true, reason });
const no = (reason: string): Existence => ({ exists: false, reason });
const unknown = (reason: string): Existence => ({ exists: "unknown", reason });

/** "the giraffe", "the knight+camel", "the {1,5}-leaper": the piece in a sentence. */
export function pieceWords(board: Board): string {
  const { name, leaps } = board.piece;
  if (/^[a-z+]+$/.test(name)) return `the ${name}`;
  if (leaps.length === 1) return `the {${leaps[0]![0]},${leaps[0]![1]}}-leaper`;
  return `the ${name} piece`;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** Whether axis moves keep a residue modulo `m`: always on a plane side, else if m divides it. */
function keepsResidue(side: number, wraps: boolean, m: number): boolean {
  return !wraps || side % m === 0;
}

/** The tour's cells (holes excluded), ascending. */
function cellsOf(board: Board): number[] {
  const out: number[] = [];
  for (let v = 0; v < board.cells; v++) if (!board.isHole(v)) out.push(v);
  return out;
}

/** Whether the piece keeps the chessboard colour (all leaps a + b even, sides that wrap even). */
function keepsColour(board: Board): boolean {
  if (!board.piece.leaps.every(([a, b]) => (a + b) % 2 === 0)) return false;
  return (
    keepsResidue(board.cols, board.topology !== "plane", 2) &&
    keepsResidue(board.rows, board.topology === "torus", 2)
  );
}

/** The gcd of every leg of every leap. */
function legGcd(board: Board): number {
  let g = 0;
  for (const [a, b] of board.piece.leaps) g = gcd(gcd(g, a), b);
  return g;
}

/** The first rule of the size, colour, lattice and connectivity rules that rules out any tour. */
function noTourAtAll(
  board: Board,
  graph: KnightGraph,
  cells: readonly number[],
  closed: boolean,
): Existence | null {
  const name = String(board);
  const piece = pieceWords(board);
  const cell = (v: number) => formatCell(board, v);
  const n = cells.length;
  if (closed && n < 3) {
    return no(
      `a closed tour is a cycle through at least three cells (two would use one move twice), and ${name} has ${n}`,
    );
  }
  if (n === 1) return null;
  const g = legGcd(board);
  const wrapRows = board.topology === "torus";
  const wrapCols = board.topology !== "plane";
  if (g > 1 && keepsResidue(board.rows, wrapRows, g) && keepsResidue(board.cols, wrapCols, g)) {
    const classOf = (v: number) => (board.row(v) % g) * g + (board.col(v) % g);
    const other = cells.find((v) => classOf(v) !== classOf(cells[0]!));
    if (other !== undefined) {
      return no(
        `every leap of ${piece} moves a multiple of ${g} squares along each axis, so it never leaves the cells whose row and column agree with its own modulo ${g}; ${cell(cells[0]!)} and ${cell(other)} differ, so no tour reaches both`,
      );
    }
  }
  if (keepsColour(board)) {
    const other = cells.find((v) => board.colour(v) !== board.colour(cells[0]!));
    if (other !== undefined) {
      const wrapped = board.topology === "plane" ? "" : " (its wrapped sides are even)";
      return no(
        `every leap of ${piece} has a + b even, so it never changes the colour of its square${wrapped}; ${name} has cells of both colours (${cell(cells[0]!)} and ${cell(other)}), and no tour reaches both`,
      );
    }
  }
  const stuck = cells.find((v) => graph.degree[v] === 0);
  if (stuck !== undefined) {
    return no(`${cell(stuck)} has no move of ${piece} on ${name}, so no tour reaches it`);
  }
  const unreached = graph.unreachedCell();
  if (unreached >= 0) {
    return no(
      `the moves of ${piece} on ${name} fall into separate groups: no chain of moves joins ${cell(cells[0]!)} to ${cell(unreached)}, so no tour visits them all`,
    );
  }
  return null;
}

/** The degree-one rule: such cells must be ends. */
function degreeOneRule(
  board: Board,
  graph: KnightGraph,
  cells: readonly number[],
  query: ExistsQuery,
): Existence | null {
  const piece = pieceWords(board);
  const cell = (v: number) => formatCell(board, v);
  const ones = cells.filter((v) => graph.degree[v] === 1);
  if (ones.length === 0 || cells.length <= 2) return null;
  if (query.closed === true) {
    return no(
      `${cell(ones[0]!)} has only one move of ${piece} on ${board}, and a closed tour enters and leaves every cell by two different moves`,
    );
  }
  const fixed = [query.start, query.end].filter((v): v is number => v !== undefined);
  const loose = ones.filter((v) => !fixed.includes(v));
  if (loose.length <= 2 - fixed.length) return null;
  const list = loose.map(cell);
  const named =
    list.length === 1
      ? `${list[0]} has`
      : `${list.slice(0, -1).join(", ")} and ${list.at(-1)} have`;
  const ends =
    fixed.length === 0
      ? "and an open tour has two ends"
      : fixed.length === 1
        ? `and one end of the tour is ${cell(fixed[0]!)}`
        : `and the tour's ends are ${cell(fixed[0]!)} and ${cell(fixed[1]!)}`;
  return no(
    `${named} only one move of ${piece} on ${board}, so each must end an open tour, ${ends}`,
  );
}

/** The colour-count rules of a bipartite (and connected) graph. */
function bipartiteRule(
  board: Board,
  graph: KnightGraph,
  cells: readonly number[],
  query: ExistsQuery,
): Existence | null {
  if (!graph.bipartite || cells.length < 2) return null;
  const cell = (v: number) => formatCell(board, v);
  let ones = 0;
  for (const v of cells) ones += graph.colour(v);
  const zeros = cells.length - ones;
  const classes = keepsChessboardColouring(board, graph)
    ? `every move of ${pieceWords(board)} changes the colour of its square, so a tour alternates colours; ${board} has ${Math.max(zeros, ones)} cells of one colour and ${Math.min(zeros, ones)} of the other`
    : `the moves of ${pieceWords(board)} on ${board} join two classes of cells (every move crosses from one to the other), so a tour alternates them; the classes have ${Math.max(zeros, ones)} and ${Math.min(zeros, ones)} cells`;
  if (Math.abs(zeros - ones) > 1) return no(`${classes}, too unequal for any tour`);
  if (query.closed === true) {
    return zeros === ones ? null : no(`${classes}, and a closed tour needs them equal`);
  }
  const ends = [query.start, query.end].filter((v): v is number => v !== undefined);
  if (zeros !== ones) {
    const major = zeros > ones ? 0 : 1;
    const wrong = ends.find((v) => graph.colour(v) !== major);
    if (wrong !== undefined) {
      return no(
        `${classes}: an open tour starts and ends in the larger one, and ${cell(wrong)} is not in it`,
      );
    }
  } else if (ends.length === 2 && graph.colour(ends[0]!) === graph.colour(ends[1]!)) {
    return no(
      `${classes}: an open tour starts and ends in different ones, and ${cell(ends[0]!)} and ${cell(ends[1]!)} are in the same`,
    );
  }
  return null;
}

/**
 * Schwenk's four-row argument, for any move graph: when a set of half the cells has no move
 * inside it, a closed tour alternates between the set and the rest; in a bipartite graph it
 * also alternates the two classes, so the whole set would lie in one class. The set tried: the
 * two outer rows of a board four rows tall whose rows do not wrap (the knight on a cylinder of
 * even circumference, among others), and the same for four columns on a plane.
 */
function outerLinesRule(
  board: Board,
  graph: KnightGraph,
  cells: readonly number[],
  query: ExistsQuery,
): Existence | null {
  if (query.closed !== true || !graph.bipartite) return null;
  const lines: Array<["rows" | "columns", (v: number) => number, number]> = [];
  if (board.topology !== "torus")
    lines.push(["rows", (v) => Math.floor(v / board.cols), board.rows]);
  if (board.topology === "plane") lines.push(["columns", (v) => v % board.cols, board.cols]);
  for (const [what, lineOf, count] of lines) {
    if (count !== 4) continue;
    const outer = cells.filter((v) => lineOf(v) === 0 || lineOf(v) === 3);
    if (2 * outer.length !== cells.length) continue;
    const inside = outer.some((v) =>
      Array.from(graph.neighbours(v)).some((w) => lineOf(w) === 0 || lineOf(w) === 3),
    );
    const classes = new Set(outer.map((v) => graph.colour(v)));
    if (inside || classes.size < 2) continue;
    return no(
      `the two outer ${what} of ${board} hold half its cells and no move of ${pieceWords(board)} joins two of them, so a closed tour alternates outer and inner cells; every move also crosses between the graph's two colour classes, so the outer cells would all be in one class, and they are in both (Schwenk's argument for four rows)`,
    );
  }
  return null;
}

/** The largest board the 2-factor rule is tried on: its flow takes about a tenth of a second. */
const TWO_FACTOR_MAX_CELLS = 4096;

/** The 2-factor rule (closed tours on a bipartite move graph). */
function twoFactorRule(board: Board, graph: KnightGraph, query: ExistsQuery): Existence | null {
  if (query.closed !== true || !graph.bipartite || board.cells > TWO_FACTOR_MAX_CELLS) return null;
  const result = twoFactor(board);
  if (result.exists) return null;
  return no(
    `a closed tour gives every cell exactly two moves, and no choice of moves of ${pieceWords(board)} on ${board.rows}×${board.cols} does: its cells of one colour need ${result.demand} move ends and the moves can give them at most ${result.capacity} (a cut in a flow, which a count of the moves across it confirms)`,
  );
}

/** Whether the graph's 2-colouring is the chessboard's (so "colour" means the squares' colour). */
function keepsChessboardColouring(board: Board, graph: KnightGraph): boolean {
  for (let v = 0; v < board.cells; v++) {
    if (!board.isHole(v) && graph.colour(v) !== board.colour(v)) return false;
  }
  return true;
}

/**
 * Whether a tour of the request can exist on `board` (any geometry), by the rules above; the
 * knight on a plain rectangle has its own theorems (`tourExists`). Expects checked cells.
 */
export function geometryTourExists(board: Board, query: ExistsQuery = {}): Existence {
  const { closed = false, start, end } = query;
  const name = String(board);
  const cell = (v: number) => formatCell(board, v);
  const cells = cellsOf(board);
  const n = cells.length;
  const graph = moveGraph(board);
  const kind = closed ? "closed" : "open";

  if (!closed && start !== undefined && end !== undefined && start === end && n > 1) {
    return no(
      `an open tour of ${name} visits ${n} cells, so it cannot start and end on the same cell ${cell(start)}`,
    );
  }
  if (closed && start !== undefined && end !== undefined && !graph.adjacent(start, end)) {
    return no(
      `a closed tour returns to its first cell, so its last cell must be a move of ${pieceWords(board)} from it; ${cell(end)} is not one from ${cell(start)}`,
    );
  }
  const none = noTourAtAll(board, graph, cells, closed);
  if (none !== null) return none;
  if (n === 1) return yes(`${name} has one cell, toured by standing still`);
  // Connected, so the two cells are one move apart (a closed tour was ruled out above).
  if (n === 2) return yes(`the two cells of ${name} are one move apart: an open tour`);
  const rule =
    degreeOneRule(board, graph, cells, query) ??
    bipartiteRule(board, graph, cells, query) ??
    outerLinesRule(board, graph, cells, query) ??
    twoFactorRule(board, graph, query) ??
    giraffeFiveByN(board, query.closed === true);
  if (rule !== null) return rule;

  if (isKnight(board.piece) && board.topology === "torus" && board.holes.length === 0) {
    const watkins = `every torus has a closed knight's tour (Watkins and Hoenigman, "Knight's tours on a torus", Mathematics Magazine 70, 1997)`;
    if (closed && (start === undefined || end === undefined)) {
      return yes(
        start === undefined && end === undefined
          ? `${name} has closed tours: ${watkins}`
          : `${watkins}, and a closed tour can be started at any of its cells`,
      );
    }
    if (!closed && (start === undefined || end === undefined)) {
      const at = start ?? end;
      return yes(
        at === undefined
          ? `${name} has closed tours, so open ones too: ${watkins}`
          : `${watkins}; opening one ${start === undefined ? "just after" : "at"} ${cell(at)} gives an open tour ${start === undefined ? "ending" : "starting"} there`,
      );
    }
  }
  const ends =
    start === undefined && end === undefined
      ? ""
      : ` ${[start === undefined ? "" : `from ${cell(start)}`, end === undefined ? "" : `to ${cell(end)}`].filter((t) => t !== "").join(" ")}`;
  return unknown(
    `no theorem here settles whether ${name} has a${kind === "open" ? "n" : ""} ${kind} tour${ends} (the colour, connectivity and degree rules allow one); a search can tell`,
  );
}
