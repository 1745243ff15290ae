import type { Board } from "../core/board.js";
import { isKnight } from "../core/piece.js";
import { segmentsCross } from "../stats/crossings.js";
import { censusMoves } from "./leaper.js";

/**
 * The moves of a board (the knight's, or another leaper's: see leaper.ts) as numbered undirected
 * edges, with what each contributes to a tour's statistics, computed once per board and read by
 * the census search:
 *
 * - `eu[f] < ev[f]`, `dir[f]`: the move's direction from eu to ev (an index into `censusMoves`,
 *   KNIGHT_MOVES for the knight; the way back is dir ^ 4), so `dir & 3` is its slope class (a
 *   move and its reverse share a slope);
 * - `tarnish1/2[f]`: for the knight, the two cells that share the board edge at the move's
 *   midpoint (the cells it jumps over), whose tarnish counts it raises. Tarnish is a knight's
 *   statistic: for another piece each move gets two private counters past the cells (so the
 *   search runs the same code, branch-free, and the value it keeps is meaningless and dropped,
 *   see `tarnish`);
 * - `term[f]`: x_u·y_v − x_v·y_u (x = column, y = row) for the move eu → ev: the polygon's
 *   twice-signed-area is the sum of these along the tour (the shoelace formula);
 * - `crossOffsets/crossList`: CSR lists of the moves each move crosses (segments between cell
 *   centres meeting at a point interior to both);
 * - `angleOfPair[d1 * 8 + d2]`: the angle (0..5, the piece's six in ascending order) between
 *   moves d1 and d2 (d1 ≠ d2) at a cell. The letters of the wedges are the knight's for every
 *   leaper, their angles are not: the knight's swapped-legs pair (`a`: (−2,+1), (−1,+2)) is its
 *   smallest angle, 36.87°, while the giraffe's (61.93°) is wider than its mirrored pair's
 *   (`c`: 28.07°).
 */
export interface MoveGeometry {
  readonly edges: number;
  readonly eu: Int32Array;
  readonly ev: Int32Array;
  readonly dir: Uint8Array;
  readonly tarnish1: Int32Array;
  readonly tarnish2: Int32Array;
  readonly term: Int32Array;
  readonly crossOffsets: Int32Array;
  readonly crossList: Int32Array;
  /** Most moves one move crosses. */
  readonly maxCross: number;
  /** Largest |term|. */
  readonly maxTerm: number;
  /** Whether tarnish is kept (the knight); else `tarnish1/2` are private counters. */
  readonly tarnish: boolean;
  /** Length of the tarnish counters: the cells, and for another piece two per move. */
  readonly tarnishCells: number;
  readonly angleOfPair: Uint8Array;
}

/**
 * The sizes in degrees (rounded to two decimals) of the piece's six turn angles, ascending: what
 * the census's `angle37` … `angle180` count on this board (the knight's 36.87 … 180).
 */
export function turnAngleDegrees(board: Board): number[] {
  const moves = censusMoves(board);
  const [r, c] = moves[0]!;
  const size = r * r + c * c;
  const dots = new Set<number>();
  for (const [r1, c1] of moves) dots.add(r * r1 + c * c1);
  dots.delete(size);
  return [...dots]
    .sort((x, y) => y - x)
    .map((dot) => Math.round((Math.acos(dot / size) * 18000) / Math.PI) / 100);
}

/**
 * The angle rank of each pair of the piece's 8 moves: moves of one length make wider angles as
 * their dot product falls, and an {a, b}-leaper's pairs have six dot products (2ab and b² − a²
 * never agree: their ratio would be 1 + √2), so ranking the distinct dot products from the
 * greatest gives the angles in ascending order.
 */
function anglesOfPairs(moves: ReadonlyArray<readonly [number, number]>): Uint8Array {
  const dot = (d1: number, d2: number) =>
    moves[d1]![0] * moves[d2]![0] + moves[d1]![1] * moves[d2]![1];
  const dots: number[] = [];
  for (let d1 = 0; d1 < 8; d1++) {
    for (let d2 = 0; d2 < 8; d2++) if (d1 !== d2) dots.push(dot(d1, d2));
  }
  const ranked = [...new Set(dots)].sort((x, y) => y - x);
  return Uint8Array.from({ length: 64 }, (_, i) =>
    i >> 3 === (i & 7) ? 0 : ranked.indexOf(dot(i >> 3, i & 7)),
  );
}

export function moveGeometry(board: Board): MoveGeometry {
  const { rows, cols, cells } = board;
  const moves = censusMoves(board);
  const knight = isKnight(board.piece);
  const eu: number[] = [];
  const ev: number[] = [];
  const dir: number[] = [];
  for (let u = 0; u < cells; u++) {
    const r = Math.floor(u / cols);
    const c = u - r * cols;
    for (let d = 0; d < 8; d++) {
      const [dr, dc] = moves[d]!;
      const r2 = r + dr;
      const c2 = c + dc;
      if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols) continue;
      const v = r2 * cols + c2;
      if (u < v) {
        eu.push(u);
        ev.push(v);
        dir.push(d);
      }
    }
  }
  const m = eu.length;
  const tarnish1 = new Int32Array(m);
  const tarnish2 = new Int32Array(m);
  const term = new Int32Array(m);
  let maxTerm = 0;
  for (let f = 0; f < m; f++) {
    const r = Math.floor(eu[f]! / cols);
    const c = eu[f]! - r * cols;
    const [dr, dc] = moves[dir[f]!]!;
    if (!knight) {
      tarnish1[f] = cells + 2 * f;
      tarnish2[f] = cells + 2 * f + 1;
    } else if (Math.abs(dr) === 2) {
      tarnish1[f] = (r + dr / 2) * cols + c;
      tarnish2[f] = (r + dr / 2) * cols + c + dc;
    } else {
      tarnish1[f] = r * cols + c + dc / 2;
      tarnish2[f] = (r + dr) * cols + c + dc / 2;
    }
    term[f] = c * (r + dr) - (c + dc) * r;
    maxTerm = Math.max(maxTerm, Math.abs(term[f]!));
  }
  const crossings: number[][] = Array.from({ length: m }, () => []);
  // A move spans at most `reach` rows.
  const reach = Math.max(Math.abs(moves[0]![0]), Math.abs(moves[0]![1]));
  const rc = (cell: number): [number, number] => [Math.floor(cell / cols), cell % cols];
  for (let f = 0; f < m; f++) {
    const [ar, ac] = rc(eu[f]!);
    const [br, bc] = rc(ev[f]!);
    for (let g = f + 1; g < m; g++) {
      const [cr, cc] = rc(eu[g]!);
      // Moves whose first cells are more than a move's reach apart cannot meet (cells ascend
      // by row).
      if (cr > Math.max(ar, br) + reach) break;
      const [dr, dc] = rc(ev[g]!);
      if (segmentsCross(ar, ac, br, bc, cr, cc, dr, dc)) {
        crossings[f]!.push(g);
        crossings[g]!.push(f);
      }
    }
  }
  const crossOffsets = new Int32Array(m + 1);
  for (let f = 0; f < m; f++) crossOffsets[f + 1] = crossOffsets[f]! + crossings[f]!.length;
  const crossList = Int32Array.from(crossings.flat());
  const maxCross = crossings.reduce((most, list) => Math.max(most, list.length), 0);
  return {
    edges: m,
    eu: Int32Array.from(eu),
    ev: Int32Array.from(ev),
    dir: Uint8Array.from(dir),
    tarnish1,
    tarnish2,
    term,
    crossOffsets,
    crossList,
    maxCross,
    maxTerm,
    tarnish: knight,
    tarnishCells: knight ? cells : cells + 2 * m,
    angleOfPair: anglesOfPairs(moves),
  };
}

/**
 * Each cell's moves in one flat array (CSR: `moves[offsets[v] .. offsets[v + 1])`), where each
 * move sits (`positions[2f]` at its eu, `positions[2f + 1]` at its ev), and the move joining two
 * cells (`moveBetween[a * n + b]`, −1 for none). The search permutes `moves` and `positions` in
 * place (its sparse sets): every engine gets its own.
 */
export function cellIncidence(
  g: MoveGeometry,
  n: number,
): { offsets: Int32Array; moves: Int32Array; positions: Int32Array; moveBetween: Int32Array } {
  const { eu, ev, edges: m } = g;
  const offsets = new Int32Array(n + 1);
  for (let f = 0; f < m; f++) {
    offsets[eu[f]! + 1]!++;
    offsets[ev[f]! + 1]!++;
  }
  for (let v = 0; v < n; v++) offsets[v + 1]! += offsets[v]!;
  const fill = offsets.slice(0, n);
  const moves = new Int32Array(2 * m);
  const positions = new Int32Array(2 * m);
  for (let f = 0; f < m; f++) {
    const pu = fill[eu[f]!]!++;
    const pv = fill[ev[f]!]!++;
    moves[pu] = f;
    moves[pv] = f;
    positions[2 * f] = pu;
    positions[2 * f + 1] = pv;
  }
  const moveBetween = new Int32Array(n * n).fill(-1);
  for (let f = 0; f < m; f++) {
    moveBetween[eu[f]! * n + ev[f]!] = f;
    moveBetween[ev[f]! * n + eu[f]!] = f;
  }
  return { offsets, moves, positions, moveBetween };
}
