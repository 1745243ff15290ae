import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";

/**
 * Squirrel & Cull's Warnsdorff rule (D. Squirrel, P. Cull, "A Warnsdorff-Rule Algorithm for
 * Knight's Tours on Square Boards", 1996; the rule table follows the authors' published
 * program, github.com/douglassquirrel/warnsdorff, config.py).
 *
 * The knight starts in the top-left corner of an n×n board and always moves to an unvisited
 * neighbour with the fewest unvisited neighbours (Warnsdorff). Ties are broken by a fixed
 * *move ordering* — a ranking of the eight directions — and the ordering changes when the
 * knight stands on set *switch squares*, which depend on n mod 8 (n mod 16 when n ≡ 5). The
 * change happens before the move that leaves the switch square, and only the current rule's
 * switch square is watched, so the rules are used strictly in turn.
 *
 * Directions are numbered as in the paper, (row step, column step) with row 1 at the top:
 * 1 (−2,+1), 2 (−1,+2), 3 (+1,+2), 4 (+2,+1), 5 (+2,−1), 6 (+1,−2), 7 (−1,−2), 8 (−2,−1).
 */
const DIRECTIONS: readonly (readonly [number, number])[] = [
  [-2, 1],
  [-1, 2],
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
];

/** One rule: a move ordering (direction digits, most preferred first) and its switch square. */
export interface RuleSpec {
  readonly ordering: string;
  /** 1-based (row, column) of the switch square; null for the last rule. */
  readonly until: readonly [number, number] | null;
}

/** The published rule table for an n×n board (1-based squares; some fall off small boards). */
export function squirrelRules(n: number): readonly RuleSpec[] {
  const r = (ordering: string, row: number, col: number): RuleSpec => ({
    ordering,
    until: [row, col],
  });
  const last = (ordering: string): RuleSpec => ({ ordering, until: null });
  switch (n % 8) {
    case 0:
      return [
        r("34261578", n - 1, n - 2),
        r("87642135", 2, 2),
        r("51867342", n - 8, 1),
        r("51342678", 7, n - 3),
        last("21435678"),
      ];
    case 1:
      return [
        r("34261578", n - 1, n - 2),
        r("87642135", 2, 2),
        r("51324678", n - 6, (n + 9) / 2),
        last("32481765"),
      ];
    case 2:
      return [
        r("34261578", 6, 1),
        r("87642135", 3, 1),
        r("54132678", n - 15, 4),
        r("52431678", 10, n - 2),
        r("85647123", 5, (n - 6) / 2),
        last("15746823"),
      ];
    case 3:
      return [
        r("34625718", n - 1, n - 2),
        r("42681357", n - 6, n),
        r("86512347", 2, 5),
        r("51867342", n - 10, 3),
        r("61825437", (n + 1) / 2, n - 2),
        last("71642538"),
      ];
    case 4:
      return [
        r("34261578", n - 1, n - 2),
        r("87642135", 2, 2),
        r("51867342", n - 8, 1),
        r("51342678", 10, n - 5),
        r("86753421", 13, (n + 2) / 2),
        last("78563421"),
      ];
    case 5:
      return [
        r("34261578", n - 1, n - 2),
        r("87642135", 2, 2),
        r("51324678", n - 2, n % 16 === 5 ? (n - 5) / 2 : (n - 13) / 2),
        last("15234678"),
      ];
    case 6:
      return [
        r("34261578", 6, 1),
        r("87642135", 3, 1),
        r("54132678", n - 10, 1),
        r("52431678", 10, n - 2),
        r("85647123", 3, (n + 8) / 2),
        last("12453678"),
      ];
    default:
      return [
        r("34625718", n - 1, n - 2),
        r("42681357", n - 6, n),
        r("86512347", 2, 5),
        r("51867342", n - 6, 3),
        r("61825437", (n + 1) / 2, n - 2),
        last("61357284"),
      ];
  }
}

/** Smallest board the rule is defined for (smaller boards have no open tour from a corner). */
export const SQUIRREL_MIN_SIDE = 5;

/**
 * Why `squirrel` cannot walk `board` from `start`, or null when it can: the rule is defined for
 * the knight on plain n×n boards with n ≥ 5, from a corner (any corner: the walk is mapped by
 * the board symmetry that takes it to the top-left one).
 */
export function squirrelRefusal(board: Board, start: number): string | null {
  if (!board.plain) {
    return `the squirrel tie-break is a knight's move ordering on a plain square board (Squirrel & Cull 1996): it needs a knight on a plain rectangle, and ${board} is not one; use another tie-break`;
  }
  const { rows, cols } = board;
  if (rows !== cols || rows < SQUIRREL_MIN_SIDE) {
    return `the squirrel tie-break is defined for square boards n×n with n ≥ ${SQUIRREL_MIN_SIDE} (Squirrel & Cull 1996), not ${board}`;
  }
  if (cornerIndex(board, start) < 0) {
    const [topLeft, topRight, bottomLeft, bottomRight] = corners(board).map((cell) =>
      formatCell(board, cell),
    );
    return `the squirrel tie-break starts from a corner (Squirrel & Cull 1996); use --start ${bottomLeft}, ${topLeft}, ${bottomRight} or ${topRight}, or another tie-break`;
  }
  return null;
}

/** 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right; −1 when `cell` is not a corner. */
function cornerIndex(board: Board, cell: number): number {
  return corners(board).indexOf(cell);
}

/** The corners of the board: top-left, top-right, bottom-left, bottom-right. */
function corners(board: Board): number[] {
  const { rows, cols } = board;
  return [0, cols - 1, (rows - 1) * cols, rows * cols - 1];
}

/**
 * Walks Squirrel & Cull's rule on one n×n board. The rule table, the neighbour lists in
 * direction order and the per-rule direction ranks are built once; `walk` allocates nothing.
 */
export class SquirrelWalker {
  readonly board: Board;
  /** The current path (board cells); valid up to the length the last walk returned. */
  readonly path: Int32Array;
  private readonly n: number;
  /** Neighbour of cell c in direction d (0-based) at c·8 + d, or −1 off the board. */
  private readonly neighbours: Int32Array;
  private readonly degree: Uint8Array;
  private readonly visited: Uint8Array;
  /** Rank of direction d under rule k at k·8 + d (0 = most preferred). */
  private readonly ranks: Uint8Array;
  /** Switch cell of rule k (−1: never switches, as for squares off a small board). */
  private readonly switches: Int32Array;

  constructor(board: Board) {
    if (board.rows !== board.cols || !board.plain) {
      throw new Error("SquirrelWalker needs a knight on a plain square board");
    }
    this.board = board;
    const n = board.cols;
    this.n = n;
    const cells = board.cells;
    this.path = new Int32Array(cells);
    this.degree = new Uint8Array(cells);
    this.visited = new Uint8Array(cells);
    this.neighbours = new Int32Array(cells * 8).fill(-1);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        for (let d = 0; d < 8; d++) {
          const [dr, dc] = DIRECTIONS[d]!;
          const nr = r + dr;
          const nc = c + dc;
          if (nr >= 0 && nr < n && nc >= 0 && nc < n)
            this.neighbours[(r * n + c) * 8 + d] = nr * n + nc;
        }
      }
    }
    const rules = squirrelRules(n);
    this.ranks = new Uint8Array(rules.length * 8);
    this.switches = new Int32Array(rules.length).fill(-1);
    rules.forEach((rule, k) => {
      for (let rank = 0; rank < 8; rank++)
        this.ranks[k * 8 + Number(rule.ordering[rank]) - 1] = rank;
      if (rule.until !== null) {
        const [row, col] = rule.until;
        if (row >= 1 && row <= n && col >= 1 && col <= n)
          this.switches[k] = (row - 1) * n + col - 1;
      }
    });
  }

  /**
   * Walk from the corner `start` until the board is covered or no move is left; returns the
   * number of cells on the path (`path[0 .. length)`). Other corners than the top-left one are
   * walked as the top-left one and mapped back by the symmetry that swaps them.
   */
  walk(start: number): number {
    const corner = cornerIndex(this.board, start);
    if (corner < 0) throw new Error(`squirrel walks start from a corner, not cell ${start}`);
    const { n, neighbours, degree, visited, ranks, switches, path } = this;
    const cells = n * n;
    visited.fill(0);
    for (let cell = 0; cell < cells; cell++) {
      let d = 0;
      for (let k = 0; k < 8; k++) if (neighbours[cell * 8 + k]! >= 0) d++;
      degree[cell] = d;
    }
    let rule = 0;
    let current = 0;
    let length = 0;
    for (;;) {
      visited[current] = 1;
      path[length++] = current;
      const base = current * 8;
      for (let k = 0; k < 8; k++) {
        const next = neighbours[base + k]!;
        if (next >= 0) degree[next]!--;
      }
      if (length === cells) break;
      if (current === switches[rule]) rule++;
      let best = -1;
      let bestDegree = 9;
      let bestRank = 8;
      for (let k = 0; k < 8; k++) {
        const next = neighbours[base + k]!;
        if (next < 0 || visited[next] === 1) continue;
        const d = degree[next]!;
        const rank = ranks[rule * 8 + k]!;
        if (d < bestDegree || (d === bestDegree && rank < bestRank)) {
          best = next;
          bestDegree = d;
          bestRank = rank;
        }
      }
      if (best < 0) break;
      current = best;
    }
    if (corner !== 0) {
      // Corner 1: mirror the columns; 2: mirror the rows; 3: both (a half turn).
      for (let i = 0; i < length; i++) {
        const p = path[i]!;
        const r = Math.floor(p / n);
        const c = p - r * n;
        path[i] = (corner & 2 ? n - 1 - r : r) * n + (corner & 1 ? n - 1 - c : c);
      }
    }
    return length;
  }
}
