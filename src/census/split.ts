import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { moveGraph } from "../core/graph.js";
import { isKnight } from "../core/piece.js";
import type { Tour } from "../core/tour.js";
import { censusMoves, directionIn } from "./leaper.js";
import {
  clockwise,
  letterPermutation,
  type MoveMap,
  WEDGE_BY_DIRECTIONS,
  WEDGE_DIRECTIONS,
  WEDGE_LETTERS,
} from "./wedges.js";

/**
 * How a census cuts the closed tours of a board into subproblems: by the wedges (pairs of tour
 * moves, see wedges.ts) at a few chosen cells. Every closed tour has exactly one wedge at each
 * of those cells, so it lies in exactly one subproblem; a subproblem is the set of Hamiltonian
 * cycles of the move graph with its wedges' moves forced (the cells' other moves deleted). A
 * board symmetry maps the tours of one subproblem one-to-one onto those of its image, and every
 * statistic the census keeps is symmetric, so only one subproblem per orbit (the canonical one,
 * the least name) is searched and weighted by the orbit's size.
 *
 * Knuth's three splits of the 8×8 tours (TAOCP, Pre-Fascicle 8A, §7.2.2.4, answers 145, 151,
 * 152) read the wedges at cells that a quarter turn carries round: a name lists, for k = 0, 1,
 * 2, 3, the wedges at one or two cells after the board is turned clockwise k times, each letter
 * in that turned frame (so position 2k + j reads the cell that the k turns bring to the j-th
 * cell, i.e. that cell turned back k times).
 *
 * - `knuth` (`--split centre` on 8×8, and every other leaper): Knuth's bunches. One cell, 34:
 *   names of 4 letters read from cells 34, 33, 43, 44 (on 8×8; the NE, NW, SW, SE central cells
 *   on any even×even board). The board symmetries that keep the four cells (eight on a square,
 *   four on a rectangle). 66,771 canonical bunches on 8×8 (the names with `a` left out, below).
 * - `edge` (answer 151): two cells, the middle of the top edge — 03 and 04 on 8×8, (0, n/2 − 1)
 *   and (0, n/2) on n×n, n even — read at cells 03, 04, 40, 30, 74, 73, 37, 47: names of 8
 *   letters. 210,771 canonical names on 8×8.
 * - `ring` (answer 152): two cells, the two moves of the top-right corner — 15 and 26 on 8×8,
 *   (1, n − 3) and (2, n − 2) on n×n; for an {a, b}-leaper (a, n − 1 − b) and (b, n − 1 − a) —
 *   read at cells 15, 26, 21, 12, 62, 51, 56, 65: names of 8 letters. 41,790 canonical names on
 *   8×8.
 *   Edge and ring need a square board (a quarter turn must map it onto itself) whose eight cells
 *   are distinct; on 6×6 they are a census of their own, for checking the others against.
 * - `centre` (`--split centre` for the knight on any other board): two cells at the centre, so
 *   that a census of a board with 10⁴–10⁸ tours has a few hundred subproblems (the four central
 *   cells of a 6×6 would give 77,245 subproblems for 9,862 tours). On an even×even board the
 *   diagonal pair NE, SW of the centre (rows h−1, h; columns w, w−1); with an odd side, the two
 *   middle cells of the middle row or column; odd×odd, the centre cell. Names read the cells in
 *   that order, letters in the board's own frame; the symmetries are those of the board that
 *   map the cells onto themselves (on n×n: the half turn and the two diagonal reflections; on
 *   m×n: the half turn).
 *
 * Names left out (Knuth's, edge and ring splits), as Knuth leaves them out: those whose wedges
 * contradict at once the two moves of a cell that has only two (a corner). A chosen cell next to
 * such a cell must use the move to it (on the ring split, each wedge holds its corner's move);
 * the forced moves may not give a cell three moves, nor close a 4-cycle through such a cell (on
 * 8×8 the names with `a`: the corner 07, 15, 34 and 26; on the ring split, cells 15 and 26 both
 * moving to 34). Names that fail only in longer ways stay in as empty subproblems, as he counts
 * them: the central bunches `αlβl` and `lαlβ` (a 4-cycle through the centre, no corner), or an
 * edge name whose moves close a 12-cycle through two corners. So the counts are his: 66,771
 * central, 210,771 edge and 41,790 ring names on 8×8.
 */

/** The splits a user names: `centre` (Knuth's bunches on 8×8), `edge`, `ring`. */
export const SPLITS = ["centre", "edge", "ring"] as const;
export type SplitName = (typeof SPLITS)[number];

export type SplitKind = "knuth" | "centre" | "edge" | "ring";

/** One board symmetry as it acts on a name's positions and letters. */
interface NameSymmetry {
  /** Position p of a name goes to position cellPerm[p]. */
  readonly cellPerm: Int8Array;
  /** Board-frame letter w becomes letterPerm[w]. */
  readonly letterPerm: Int8Array;
}

/** A canonical subproblem: its name and how many subproblems it stands for. */
export interface SubproblemEntry {
  readonly name: string;
  readonly multiplicity: number;
}

/** Why a split cannot cut `board`'s tours (a sentence), or undefined when it can. */
export function splitRefusal(board: Board, split: SplitName): string | undefined {
  if (split === "centre") return undefined;
  const { rows, cols } = board;
  const fault =
    rows !== cols
      ? `${board} is not square, and the ${split} split reads its cells after quarter turns`
      : split === "edge" && rows % 2 === 1
        ? `an odd side has no two middle cells on its edge`
        : new Set(splitCells(board, split).map(([r, c]) => r * cols + c)).size !== 8
          ? `${board} is too small: its eight cells are not distinct`
          : undefined;
  return fault === undefined
    ? undefined
    : `no ${split} split of ${board}: ${fault}; the ${split} split takes n×n boards${split === "edge" ? " with n even" : ""} (Knuth's on 8×8)`;
}

/** The cells a split reads, in name order (as [row, col]). */
function splitCells(board: Board, kind: SplitKind): [number, number][] {
  const { rows, cols } = board;
  const h = Math.floor(rows / 2);
  const w = Math.floor(cols / 2);
  // A clockwise quarter turn takes (r, c) to (c, n − 1 − r); turned back k times, (r, c) is
  // the cell the k turns bring to it.
  const back = ([r, c]: [number, number], k: number): [number, number] => {
    let [a, b] = [r, c];
    for (let i = 0; i < k; i++) [a, b] = [rows - 1 - b, a];
    return [a, b];
  };
  const turnedBack = (first: [number, number][]) =>
    [0, 1, 2, 3].flatMap((k) => first.map((cell) => back(cell, k)));
  if (kind === "knuth") {
    // The four central cells (on a square, 34 turned back 0, 1, 2, 3 times).
    return [
      [h - 1, w],
      [h - 1, w - 1],
      [h, w - 1],
      [h, w],
    ];
  }
  if (kind === "edge") {
    return turnedBack([
      [0, w - 1],
      [0, w],
    ]);
  }
  if (kind === "ring") {
    // The corner (0, n − 1)'s two moves, the knight's (+1, −2) and (+2, −1) stretched.
    const [a, b] = censusLeap(board);
    return turnedBack([
      [a, cols - 1 - b],
      [b, cols - 1 - a],
    ]);
  }
  if (rows % 2 === 0 && cols % 2 === 0) {
    return [
      [h - 1, w],
      [h, w - 1],
    ];
  }
  if (rows % 2 === 1 && cols % 2 === 0) {
    return [
      [h, w - 1],
      [h, w],
    ];
  }
  if (rows % 2 === 0) {
    return [
      [h - 1, w],
      [h, w],
    ];
  }
  return [[h, w]];
}

/** The piece's leap as [short, long] ([1, 2] for the knight). */
function censusLeap(board: Board): [number, number] {
  const [dr, dc] = censusMoves(board)[0]!;
  return [Math.min(Math.abs(dr), Math.abs(dc)), Math.max(Math.abs(dr), Math.abs(dc))];
}

export class CensusSplit {
  readonly board: Board;
  readonly kind: SplitKind;
  /** The split as a user names it (`centre` for Knuth's central bunches too). */
  readonly split: SplitName;
  /** An id naming the split in journals: a journal from another split is refused. */
  readonly id: string;
  /** The cells read, in name order. */
  readonly cells: readonly number[];
  /** Letters per name: the number of cells read. */
  readonly width: number;
  /** Per position: board-frame letter → name letter, and back. */
  private readonly toName: readonly Int8Array[];
  private readonly fromName: readonly Int8Array[];
  private readonly symmetries: readonly NameSymmetry[];
  /** Per position: letters whose moves stay on the board. */
  private readonly onBoard: readonly Uint8Array[];
  /** Per position: the name letters allowed (on the board and not left out there), ascending. */
  private readonly allowed: readonly Int8Array[];
  /** Per position: name letters left out (1) by the position alone, see `excluded`. */
  private readonly leftOut: readonly Uint8Array[];
  /** Checks the forced moves of a whole name (Knuth's, edge and ring splits), see `excluded`. */
  private readonly forcedCheck: ForcedMoveCheck | undefined;
  /** The piece's 8 moves in census direction order (KNIGHT_MOVES for the knight). */
  private readonly moves: ReadonlyArray<readonly [number, number]>;
  private list: readonly SubproblemEntry[] | undefined;

  /** @throws OptionError when the board or the split is not one the census takes. */
  constructor(board: Board, split: SplitName = "centre") {
    this.board = board;
    const moves = censusMoves(board);
    this.moves = moves;
    if (!(SPLITS as readonly string[]).includes(split)) {
      throw new OptionError(
        `split must be one of ${SPLITS.join(", ")}; got '${String(split)}'`,
        split,
      );
    }
    const refusal = splitRefusal(board, split);
    if (refusal !== undefined) throw new OptionError(refusal, split);
    this.split = split;
    const { rows, cols } = board;
    const square = rows === cols;
    const knight = isKnight(board.piece);
    this.kind =
      split !== "centre" ? split : !knight || (rows === 8 && cols === 8) ? "knuth" : "centre";
    // The knight's ids are as before the other pieces; another piece's names it.
    this.id = knight
      ? `${this.kind}-${board.label}-v1`
      : `${this.kind}-${board.label}-${board.piece.name}-v1`;
    const cells = splitCells(board, this.kind);
    this.cells = cells.map(([r, c]) => r * cols + c);
    this.width = cells.length;
    const identity = Int8Array.from({ length: 28 }, (_, w) => w);
    const turned =
      (k: number): MoveMap =>
      (dr, dc) => {
        let a = dr;
        let b = dc;
        for (let i = 0; i < k; i++) [a, b] = clockwise(a, b);
        return [a, b];
      };
    // Position p reads its cell after k = p / (cells per turn) clockwise turns.
    const perTurn = this.width / 4;
    this.toName = cells.map((_, p) =>
      this.kind === "centre" ? identity : letterPermutation(turned(Math.floor(p / perTurn))),
    );
    this.fromName = this.toName.map((perm) => {
      const inverse = new Int8Array(28);
      for (let w = 0; w < 28; w++) inverse[perm[w]!] = w;
      return inverse;
    });
    const maps: [(r: number, c: number) => [number, number], MoveMap][] = [
      [(r, c) => [r, c], (a, b) => [a, b]],
      [(r, c) => [rows - 1 - r, cols - 1 - c], (a, b) => [-a, -b]],
      [(r, c) => [rows - 1 - r, c], (a, b) => [-a, b]],
      [(r, c) => [r, cols - 1 - c], (a, b) => [a, -b]],
    ];
    if (square) {
      maps.push(
        [(r, c) => [c, rows - 1 - r], (a, b) => [b, -a]],
        [(r, c) => [cols - 1 - c, r], (a, b) => [-b, a]],
        [(r, c) => [c, r], (a, b) => [b, a]],
        [(r, c) => [cols - 1 - c, rows - 1 - r], (a, b) => [-b, -a]],
      );
    }
    // The symmetries that map the central cells onto themselves (all of them, but for the
    // diagonal pair of an even×even board, which the reflections in the axes move).
    this.symmetries = maps
      .map(([cell, move]) => ({
        cellPerm: Int8Array.from(cells, ([r, c]) => {
          const [r2, c2] = cell(r, c);
          return cells.findIndex(([r3, c3]) => r3 === r2 && c3 === c2);
        }),
        letterPerm: letterPermutation(move),
      }))
      .filter((sym) => sym.cellPerm.every((p) => p >= 0));
    this.onBoard = cells.map(([r, c]) =>
      Uint8Array.from({ length: 28 }, (_, w) =>
        WEDGE_DIRECTIONS[w]!.every((d) => {
          const [dr, dc] = moves[d]!;
          return board.contains(r + dr, c + dc);
        })
          ? 1
          : 0,
      ),
    );
    // Board-frame letter → its two far cells, per position (−1 off the board).
    const ends = cells.map(([r, c]) =>
      Array.from({ length: 28 }, (_, w) =>
        WEDGE_DIRECTIONS[w]!.map((d) => {
          const [dr, dc] = moves[d]!;
          return board.contains(r + dr, c + dc) ? (r + dr) * cols + c + dc : -1;
        }),
      ),
    );
    this.forcedCheck =
      this.kind === "centre" ? undefined : new ForcedMoveCheck(board, this.cells, ends);
    this.leftOut = cells.map((_, p) =>
      Uint8Array.from({ length: 28 }, (_, letter) => {
        const w = this.fromName[p]![letter]!;
        return this.onBoard[p]![w] === 1 && this.forcedCheck?.refusesAt(p, w) ? 1 : 0;
      }),
    );
    this.allowed = cells.map((_, p) =>
      Int8Array.from(
        Array.from({ length: 28 }, (_, letter) => letter).filter(
          (letter) =>
            this.onBoard[p]![this.fromName[p]![letter]!] === 1 && this.leftOut[p]![letter] === 0,
        ),
      ),
    );
  }

  /**
   * Whether a name (of the right length, letters on the board) is left out of the census as
   * structurally empty: its wedges contradict the moves of a cell with two moves (on 8×8 the
   * names with `a`; see the class comment).
   */
  excluded(name: string): boolean {
    const board = new Int8Array(this.width);
    for (let p = 0; p < this.width; p++) {
      const letter = WEDGE_LETTERS.indexOf(name[p]!);
      if (letter < 0) return false;
      if (this.leftOut[p]![letter] === 1) return true;
      board[p] = this.fromName[p]![letter]!;
    }
    return this.forcedCheck?.refuses(board) === true;
  }

  /**
   * The canonical subproblems in name order (ASCII), with their multiplicities. Names whose
   * wedges leave the board, and excluded ones, are not listed.
   */
  subproblems(): readonly SubproblemEntry[] {
    if (this.list !== undefined) return this.list;
    const k = this.width;
    const { allowed, fromName, forcedCheck } = this;
    // An odometer over the allowed letters of each position, the last one turning fastest:
    // names come in ASCII order, and each is canonical when no image has a smaller code.
    const digit = new Int32Array(k);
    const letters = new Int8Array(k);
    const board = new Int8Array(k);
    const image = new Int8Array(k);
    const list: SubproblemEntry[] = [];
    const codes = new Float64Array(this.symmetries.length);
    this.list = list;
    if (allowed.some((a) => a.length === 0)) return list;
    for (;;) {
      let code = 0;
      for (let p = 0; p < k; p++) {
        letters[p] = allowed[p]![digit[p]!]!;
        board[p] = fromName[p]![letters[p]!]!;
        code = code * 28 + letters[p]!;
      }
      if (this.isCanonical(code, board, image, codes) && forcedCheck?.refuses(board) !== true) {
        list.push({ name: this.nameOfCode(letters), multiplicity: this.distinct });
      }
      let p = k - 1;
      while (p >= 0 && ++digit[p]! === allowed[p]!.length) digit[p--] = 0;
      if (p < 0) break;
    }
    return list;
  }

  /** The number of distinct images the last `isCanonical` call that returned true found. */
  private distinct = 0;

  /** Whether no image of the name (code, board-frame letters) has a smaller code. */
  private isCanonical(code: number, board: Int8Array, image: Int8Array, codes: Float64Array) {
    const k = this.width;
    let distinct = 0;
    for (const sym of this.symmetries) {
      for (let p = 0; p < k; p++) image[sym.cellPerm[p]!] = sym.letterPerm[board[p]!]!;
      let c = 0;
      for (let p = 0; p < k; p++) c = c * 28 + this.toName[p]![image[p]!]!;
      if (c < code) return false;
      let seen = false;
      for (let i = 0; i < distinct; i++) if (codes[i] === c) seen = true;
      if (!seen) codes[distinct++] = c;
    }
    this.distinct = distinct;
    return true;
  }

  private nameOfCode(letters: Int8Array): string {
    let name = "";
    for (let p = 0; p < letters.length; p++) name += WEDGE_LETTERS[letters[p]!];
    return name;
  }

  /** Check a name: the right length, wedge letters, on the board. */
  checkName(name: string): void {
    const fail = (why: string) =>
      new OptionError(`'${name}' is not a subproblem of the ${this.board} census: ${why}`, name);
    if (name.length !== this.width) throw fail(`a name has ${this.width} wedge letters`);
    for (let p = 0; p < this.width; p++) {
      const w = WEDGE_LETTERS.indexOf(name[p]!);
      if (w < 0) throw fail(`'${name[p]}' is not one of the letters ${WEDGE_LETTERS}`);
      if (this.onBoard[p]![this.fromName[p]![w]!] === 0) {
        throw fail(`wedge '${name[p]}' at position ${p + 1} leaves the board`);
      }
    }
  }

  /** The equivalent names of a name (its images under the board's symmetries), distinct. */
  equivalents(name: string): string[] {
    this.checkName(name);
    const k = this.width;
    const board = Int8Array.from(name, (ch, p) => this.fromName[p]![WEDGE_LETTERS.indexOf(ch)]!);
    const out: string[] = [];
    const image = new Int8Array(k);
    for (const sym of this.symmetries) {
      for (let p = 0; p < k; p++) image[sym.cellPerm[p]!] = sym.letterPerm[board[p]!]!;
      const text = Array.from(image, (w, p) => WEDGE_LETTERS[this.toName[p]![w]!]).join("");
      if (!out.includes(text)) out.push(text);
    }
    return out;
  }

  /** The canonical name of a name's class: the least of its equivalents in ASCII order. */
  canonical(name: string): string {
    return this.equivalents(name).sort()[0]!;
  }

  /**
   * The entry of a name's class as `subproblems()` lists it, found without the list (a run of
   * one subproblem would otherwise build all 66,771 of 8×8, a quarter of a CPU second): its
   * canonical name and the number of its distinct equivalents, or undefined when the class is
   * left out (`excluded`). Throws as `checkName` on a name that is not one.
   */
  entryOf(name: string): SubproblemEntry | undefined {
    const images = this.equivalents(name).sort();
    const canonical = images[0]!;
    return this.excluded(canonical) ? undefined : { name: canonical, multiplicity: images.length };
  }

  /**
   * The moves a subproblem forces: for each cell read, its two wedge moves as [cell, cell]
   * pairs (8 on a 2×2 centre), each move once: two cells read can be a move apart (on the
   * ring split of 6×6, 34 and 42), and a move both their wedges hold is listed by the first.
   */
  forcedMoves(name: string): [number, number][] {
    this.checkName(name);
    const cols = this.board.cols;
    const out: [number, number][] = [];
    for (let p = 0; p < this.width; p++) {
      const w = this.fromName[p]![WEDGE_LETTERS.indexOf(name[p]!)]!;
      const cell = this.cells[p]!;
      for (const d of WEDGE_DIRECTIONS[w]!) {
        const [dr, dc] = this.moves[d]!;
        const to = cell + dr * cols + dc;
        if (!out.some(([a, b]) => a === to && b === cell)) out.push([cell, to]);
      }
    }
    return out;
  }

  /** The name of the subproblem a closed tour of this board lies in (not canonicalised). */
  nameOfTour(tour: Tour): string {
    const { path } = tour;
    const n = path.length;
    const cols = this.board.cols;
    const at = new Int32Array(this.board.cells).fill(-1);
    for (let i = 0; i < n; i++) at[path[i]!] = i;
    let name = "";
    for (let p = 0; p < this.width; p++) {
      const cell = this.cells[p]!;
      const i = at[cell]!;
      if (i < 0) throw new RangeError(`the tour does not visit cell ${cell}`);
      const prev = path[(i + n - 1) % n]!;
      const next = path[(i + 1) % n]!;
      const dir = (to: number) =>
        directionIn(
          this.moves,
          Math.floor(to / cols) - Math.floor(cell / cols),
          (to % cols) - (cell % cols),
        );
      const w = WEDGE_BY_DIRECTIONS[dir(prev) * 8 + dir(next)]!;
      name += WEDGE_LETTERS[this.toName[p]![w]!];
    }
    return name;
  }
}

/**
 * The moves a name forces that contradict a cell with only two moves (which every tour enters
 * and leaves by them). `refusesAt` judges one position's wedge alone: a chosen cell next to such
 * a cell must take the move to it. `refuses` judges a whole name: its wedges' moves and the
 * two-move cells' moves may give no cell three moves, and may close no 4-cycle through a
 * two-move cell (longer short cycles are left to the search: see the class comment of
 * CensusSplit). Scratch arrays are reused: no allocation per name.
 */
class ForcedMoveCheck {
  /** Cells of the board (a 4-cycle is a tour of a board of 4 cells). */
  private readonly n: number;
  private readonly cells: readonly number[];
  /** Per position and board-frame letter: the wedge's two far cells (−1 off the board). */
  private readonly ends: readonly (readonly (readonly number[])[])[];
  /** The cells with two moves, and their moves as cell pairs (flat: a, b, a, b, …). */
  private readonly twoMove: readonly number[];
  private readonly twoMoveEdges: readonly number[];
  /** Per position: the two-move cells next to its cell. */
  private readonly nextToTwo: readonly (readonly number[])[];
  // Scratch: up to two neighbours per cell, how many, and the cells touched.
  private readonly slots: Int32Array;
  private readonly count: Uint8Array;
  private readonly touched: Int32Array;
  private touchedTop = 0;

  constructor(
    board: Board,
    cells: readonly number[],
    ends: readonly (readonly (readonly number[])[])[],
  ) {
    const graph = moveGraph(board);
    const n = board.cells;
    this.n = n;
    this.cells = cells;
    this.ends = ends;
    const twoMove: number[] = [];
    const edges: number[] = [];
    for (let v = 0; v < n; v++) {
      if (graph.offsets[v + 1]! - graph.offsets[v]! !== 2) continue;
      twoMove.push(v);
      edges.push(v, graph.targets[graph.offsets[v]!]!, v, graph.targets[graph.offsets[v]! + 1]!);
    }
    this.twoMove = twoMove;
    this.twoMoveEdges = edges;
    this.nextToTwo = cells.map((x) => twoMove.filter((t) => board.isMove(x, t)));
    this.slots = new Int32Array(2 * n);
    this.count = new Uint8Array(n);
    this.touched = new Int32Array(n);
  }

  /** Whether board-frame wedge w at position p misses the move to a neighbouring two-move cell. */
  refusesAt(p: number, w: number): boolean {
    const [a, b] = this.ends[p]![w]!;
    for (const t of this.nextToTwo[p]!) if (a !== t && b !== t) return true;
    // The 4-cycle of the cell, one end, a two-move cell and the other end (the names with `a`).
    return this.refuses1(p, w);
  }

  private refuses1(p: number, w: number): boolean {
    this.clear();
    const x = this.cells[p]!;
    const [a, b] = this.ends[p]![w]!;
    let fault = !this.join(x, a!) || !this.join(x, b!) || !this.joinTwoMove();
    if (!fault) fault = this.fourCycle();
    return fault;
  }

  /** Whether the wedges of a whole name (board-frame letters) contradict the two-move cells. */
  refuses(board: Int8Array): boolean {
    if (this.twoMove.length === 0) return false;
    this.clear();
    for (let p = 0; p < this.cells.length; p++) {
      const x = this.cells[p]!;
      const [a, b] = this.ends[p]![board[p]!]!;
      if (!this.join(x, a!) || !this.join(x, b!)) return true;
    }
    return !this.joinTwoMove() || this.fourCycle();
  }

  private clear(): void {
    for (let i = 0; i < this.touchedTop; i++) this.count[this.touched[i]!] = 0;
    this.touchedTop = 0;
  }

  private joinTwoMove(): boolean {
    const edges = this.twoMoveEdges;
    for (let i = 0; i < edges.length; i += 2)
      if (!this.join(edges[i]!, edges[i + 1]!)) return false;
    return true;
  }

  /** Add the move u–v once; false when a cell would get a third move. */
  private join(u: number, v: number): boolean {
    return this.attach(u, v) && this.attach(v, u);
  }

  private attach(u: number, v: number): boolean {
    const k = this.count[u]!;
    if (k > 0 && this.slots[2 * u] === v) return true;
    if (k > 1 && this.slots[2 * u + 1] === v) return true;
    if (k === 2) return false;
    if (k === 0) this.touched[this.touchedTop++] = u;
    this.slots[2 * u + k] = v;
    this.count[u] = k + 1;
    return true;
  }

  /** Whether the forced moves close a 4-cycle through a two-move cell. */
  private fourCycle(): boolean {
    const { slots, count } = this;
    for (const t of this.twoMove) {
      let prev = t;
      let x = slots[2 * t]!;
      let length = 1;
      while (x !== t && count[x] === 2 && length < 4) {
        const next = slots[2 * x] === prev ? slots[2 * x + 1]! : slots[2 * x]!;
        prev = x;
        x = next;
        length++;
      }
      if (x === t && length === 4 && this.n > 4) return true;
    }
    return false;
  }
}
