import { type Board, isKnight, moveGraph, OptionError, type Tour } from "../core/index.js";
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
 * moves, see wedges.ts) at the cells nearest the centre. Every closed tour has exactly one wedge
 * at each of those cells, so it lies in exactly one subproblem; a subproblem is the set of
 * Hamiltonian cycles of the knight graph with its wedges' moves forced (the cells' other moves
 * deleted). A board symmetry maps the tours of one subproblem one-to-one onto those of its
 * image, and every statistic the census keeps is symmetric, so only one subproblem per orbit
 * (the canonical one, the least name) is searched and weighted by the orbit's size.
 *
 * - `knuth` (the knight on 8×8, and every other leaper): Knuth's bunches. The four central
 *   cells; letter k of a name (k = 0..3) is the wedge at cell 34 after the board is turned
 *   clockwise k times, i.e. read from cells 34, 33, 43, 44 (on 8×8; the NE, NW, SW, SE central
 *   cells on any even×even board), each in a frame turned k times; the board symmetries that
 *   keep the four cells (eight on a square, four on a rectangle). Names whose wedge at a cell
 *   closes a 4-cycle through a cell with only two moves (whose moves reach that wedge's two
 *   ends) are left out: on 8×8, the names with `a` (the corner 07), leaving 66,771 canonical
 *   bunches whose multiplicities sum to 27⁴; for the giraffe on 10×10, those with `A` (the
 *   corner 90), again 66,771.
 * - `centre` (the knight on any other board): two cells at the centre, so that a census of a board with
 *   10⁴–10⁸ tours has a few hundred subproblems (the four central cells of a 6×6 would give
 *   77,245 subproblems for 9,862 tours). On an even×even board the diagonal pair NE, SW of the
 *   centre (rows h−1, h; columns w, w−1); with an odd side, the two middle cells of the middle
 *   row or column; odd×odd, the centre cell. Names read the cells in that order, letters in the
 *   board's own frame; the symmetries are those of the board that map the cells onto
 *   themselves (on n×n: the half turn and the two diagonal reflections; on m×n: the half turn).
 */

export type SplitKind = "knuth" | "centre";

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

export class CensusSplit {
  readonly board: Board;
  readonly kind: SplitKind;
  /** An id naming the split in journals: a journal from another split is refused. */
  readonly id: string;
  /** The central cells, in name order. */
  readonly cells: readonly number[];
  /** Letters per name: the number of central cells. */
  readonly width: number;
  /** Per position: board-frame letter → name letter, and back. */
  private readonly toName: readonly Int8Array[];
  private readonly fromName: readonly Int8Array[];
  private readonly symmetries: readonly NameSymmetry[];
  /** Per position: letters whose moves stay on the board. */
  private readonly onBoard: readonly Uint8Array[];
  /** Per position: name letters left out (1), see `excluded`. */
  private readonly leftOut: readonly Uint8Array[];
  /** The piece's 8 moves in census direction order (KNIGHT_MOVES for the knight). */
  private readonly moves: ReadonlyArray<readonly [number, number]>;
  private list: readonly SubproblemEntry[] | undefined;

  constructor(board: Board) {
    this.board = board;
    const moves = censusMoves(board);
    this.moves = moves;
    const { rows, cols } = board;
    const square = rows === cols;
    const knight = isKnight(board.piece);
    this.kind = !knight || (rows === 8 && cols === 8) ? "knuth" : "centre";
    // The knight's ids are as before the other pieces; another piece's names it.
    this.id = knight
      ? `${this.kind}-${board.label}-v1`
      : `${this.kind}-${board.label}-${board.piece.name}-v1`;
    const h = Math.floor(rows / 2);
    const w = Math.floor(cols / 2);
    let cells: [number, number][];
    if (this.kind === "knuth") {
      cells = [
        [h - 1, w],
        [h - 1, w - 1],
        [h, w - 1],
        [h, w],
      ];
    } else if (rows % 2 === 0 && cols % 2 === 0) {
      cells = [
        [h - 1, w],
        [h, w - 1],
      ];
    } else if (rows % 2 === 1 && cols % 2 === 0) {
      cells = [
        [h, w - 1],
        [h, w],
      ];
    } else if (rows % 2 === 0) {
      cells = [
        [h - 1, w],
        [h, w],
      ];
    } else {
      cells = [[h, w]];
    }
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
    this.toName = cells.map((_, k) =>
      this.kind === "knuth" ? letterPermutation(turned(k)) : identity,
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
    this.leftOut =
      this.kind === "knuth" ? this.closedByTwo(cells) : cells.map(() => new Uint8Array(28));
  }

  /**
   * Per position, the name letters whose wedge closes a 4-cycle: some other cell has exactly two
   * moves, to the wedge's two ends, so a tour through both would be the 4-cycle of the central
   * cell, one end, that cell and the other end.
   */
  private closedByTwo(cells: readonly (readonly [number, number])[]): Uint8Array[] {
    const graph = moveGraph(this.board);
    const { cols } = this.board;
    // The pairs of ends of the cells with two moves, as "lo,hi".
    const pairs = new Set<string>();
    for (let v = 0; v < graph.offsets.length - 1; v++) {
      if (graph.offsets[v + 1]! - graph.offsets[v]! !== 2) continue;
      const a = graph.targets[graph.offsets[v]!]!;
      const b = graph.targets[graph.offsets[v]! + 1]!;
      pairs.add(`${Math.min(a, b)},${Math.max(a, b)}`);
    }
    return cells.map(([r, c], p) =>
      Uint8Array.from({ length: 28 }, (_, letter) => {
        const w = this.fromName[p]![letter]!;
        if (this.onBoard[p]![w] === 0 || graph.vertexCount <= 4) return 0;
        const [a, b] = WEDGE_DIRECTIONS[w]!.map((d) => {
          const [dr, dc] = this.moves[d]!;
          return (r + dr) * cols + c + dc;
        }) as [number, number];
        return pairs.has(`${Math.min(a, b)},${Math.max(a, b)}`) ? 1 : 0;
      }),
    );
  }

  /**
   * Whether a name is left out of the census as structurally empty: a wedge that closes a
   * 4-cycle through a cell with two moves (on 8×8 the names with `a`; see the class comment).
   */
  excluded(name: string): boolean {
    for (let p = 0; p < this.width && p < name.length; p++) {
      const letter = WEDGE_LETTERS.indexOf(name[p]!);
      if (letter >= 0 && this.leftOut[p]![letter] === 1) return true;
    }
    return false;
  }

  /**
   * The canonical subproblems in name order (ASCII), with their multiplicities. Names whose
   * wedges leave the board, and excluded ones, are not listed.
   */
  subproblems(): readonly SubproblemEntry[] {
    if (this.list !== undefined) return this.list;
    const k = this.width;
    const total = 28 ** k;
    const letters = new Int8Array(k);
    const board = new Int8Array(k);
    const image = new Int8Array(k);
    const list: SubproblemEntry[] = [];
    const leftOut = this.leftOut;
    const codes = new Int32Array(this.symmetries.length);
    outer: for (let code = 0; code < total; code++) {
      for (let p = k - 1, rest = code; p >= 0; p--, rest = Math.floor(rest / 28)) {
        letters[p] = rest % 28;
      }
      for (let p = 0; p < k; p++) {
        if (leftOut[p]![letters[p]!] === 1) continue outer;
        board[p] = this.fromName[p]![letters[p]!]!;
        if (this.onBoard[p]![board[p]!] === 0) continue outer;
      }
      let distinct = 0;
      for (const sym of this.symmetries) {
        for (let p = 0; p < k; p++) image[sym.cellPerm[p]!] = sym.letterPerm[board[p]!]!;
        let c = 0;
        for (let p = 0; p < k; p++) c = c * 28 + this.toName[p]![image[p]!]!;
        if (c < code) continue outer;
        let seen = false;
        for (let i = 0; i < distinct; i++) if (codes[i] === c) seen = true;
        if (!seen) codes[distinct++] = c;
      }
      list.push({ name: this.nameOfCode(letters), multiplicity: distinct });
    }
    this.list = list;
    return list;
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
   * The moves a subproblem forces: for each central cell, its two wedge moves as [cell, cell]
   * pairs (8 on a 2×2 centre).
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
        out.push([cell, cell + dr * cols + dc]);
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
