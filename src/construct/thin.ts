import { Board } from "../core/board.js";
import type { TourResult } from "../core/result.js";
import type { SmallTourFinder } from "./finder.js";
import { spliceOpenPath } from "./joins.js";
import { Links } from "./links.js";

/**
 * Tours of thin boards (3 or 4 rows, any length) by pumping.
 *
 * Cut a tour of a 3×N board between two columns: the moves that cross the cut form a pattern
 * (which cells on each side they join). If the patterns at two cuts i < j are equal, the strip
 * of columns between them can be repeated: every cell keeps its two moves as column offsets, and
 * the moves leaving one copy of the strip land exactly where the next copy expects them. When,
 * in addition, the strip does not change how the left part's pieces pair up, the result is one
 * cycle for every number of copies (the pieces are glued the same way each time). So one tour of
 * a short board, found by search, gives tours of every length N + k·(j − i) in linear time.
 *
 * The last check is done where it is cheapest: the pumped tour is walked once (O(cells)); a
 * strip that splits it into several cycles is skipped for the next candidate.
 *
 * Base tours come from the caller's finder, each search capped at BASE_TIME_LIMIT_MS, and are
 * kept for the life of the process. Only answers are kept: a tour, or a proof that none exists.
 * A search cut short by its time limit (a loaded machine) says nothing about the board, so it
 * is not remembered and the next call searches again.
 */

/** Base boards are searched up to this length; longer boards are pumped from them. */
export const THIN_BASE_MAX = 34;
const BASE_MIN = { 3: 7, 4: 5 } as const;
/** Wall-clock cap of one base search (they take milliseconds on an idle machine). */
const BASE_TIME_LIMIT_MS = 2_000;

interface BaseTour {
  readonly length: number;
  readonly rows: number;
  /** neighbour slots of each cell of the rows×length base board (-1: open end). */
  readonly first: Int32Array;
  readonly second: Int32Array;
  /** Pairs of cuts [i, j] (cut s lies between columns s and s+1) with equal crossing patterns. */
  readonly strips: ReadonlyArray<readonly [number, number]>;
}

/** Base tours by board and kind: the tour, or null when a search proved there is none. */
const baseCache = new Map<string, BaseTour | null>();

/** Whether a finder's answer is final: a tour, or an exhaustive proof that none exists. */
function settled(result: TourResult): boolean {
  return result.status === "found" || result.status === "impossible";
}

function baseTour(
  rows: number,
  length: number,
  closed: boolean,
  finder: SmallTourFinder,
): BaseTour | null {
  const key = `${rows}x${length}:${closed}`;
  const hit = baseCache.get(key);
  if (hit !== undefined) return hit;
  const result = finder(new Board(rows, length), { closed, timeLimitMs: BASE_TIME_LIMIT_MS });
  let base: BaseTour | null = null;
  if (result.status === "found" && result.tour) {
    const path = result.tour.path;
    const cells = path.length;
    const first = new Int32Array(cells).fill(-1);
    const second = new Int32Array(cells).fill(-1);
    const link = (u: number, v: number) => {
      if (first[u] === -1) first[u] = v;
      else second[u] = v;
    };
    const edges = closed ? cells : cells - 1;
    for (let k = 0; k < edges; k++) {
      const u = path[k]!;
      const v = path[(k + 1) % cells]!;
      link(u, v);
      link(v, u);
    }
    base = { length, rows, first, second, strips: equalCuts(rows, length, first, second) };
  }
  if (settled(result)) baseCache.set(key, base);
  return base;
}

/** Cuts with equal crossing patterns, shortest strips first. */
function equalCuts(
  rows: number,
  length: number,
  first: Int32Array,
  second: Int32Array,
): Array<readonly [number, number]> {
  const patterns: string[] = [];
  for (let cut = 0; cut < length - 1; cut++) {
    const crossing: string[] = [];
    for (let r = 0; r < rows; r++) {
      // Moves span at most two columns: only the two columns left of the cut can cross it.
      for (let c = Math.max(0, cut - 1); c <= cut; c++) {
        const u = r * length + c;
        for (const v of [first[u]!, second[u]!]) {
          if (v >= 0 && v % length > cut)
            crossing.push(`${r},${c - cut},${Math.floor(v / length)},${(v % length) - cut}`);
        }
      }
    }
    patterns.push(crossing.sort().join(";"));
  }
  const strips: Array<readonly [number, number]> = [];
  for (let i = 0; i < patterns.length; i++) {
    for (let j = i + 1; j < patterns.length; j++) {
      if (patterns[i] === patterns[j]) strips.push([i, j]);
    }
  }
  return strips.sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
}

/**
 * Links of a rows×length board pumped from `base` by repeating the strip between cuts i and j,
 * or null when the result is not a single cycle (closed) or path (open).
 */
function pump(
  base: BaseTour,
  strip: readonly [number, number],
  length: number,
  closed: boolean,
): Links | null {
  const [i, j] = strip;
  const period = j - i;
  const extra = (length - base.length) / period;
  const { rows } = base;
  const stripEnd = i + (extra + 1) * period; // last column of the last copy
  const original = (x: number) =>
    x <= i ? x : x <= stripEnd ? i + 1 + ((x - i - 1) % period) : x - extra * period;
  const links = new Links(rows * length);
  for (let x = 0; x < length; x++) {
    const o = original(x);
    for (let r = 0; r < rows; r++) {
      const u = r * base.length + o;
      const cell = r * length + x;
      const slots = [base.first[u]!, base.second[u]!];
      for (let s = 0; s < 2; s++) {
        const v = slots[s]!;
        if (v < 0) continue;
        const nx = x + (v % base.length) - o;
        if (nx < 0 || nx >= length) return null;
        const target = Math.floor(v / base.length) * length + nx;
        if (s === 0) links.first[cell] = target;
        else links.second[cell] = target;
      }
    }
  }
  return isSingleWalk(links, closed) ? links : null;
}

/** Every link is mutual, and one walk covers all cells: one cycle, or one path when open. */
function isSingleWalk(links: Links, closed: boolean): boolean {
  const cells = links.first.length;
  let ends = 0;
  let end = 0;
  for (let u = 0; u < cells; u++) {
    for (const v of [links.first[u]!, links.second[u]!]) {
      if (v === -1) {
        ends++;
        end = u;
      } else if (!links.hasEdge(v, u)) {
        return false;
      }
    }
  }
  if (ends !== (closed ? 0 : 2)) return false;
  const scratch = new Int32Array(cells);
  return links.walk(end, scratch) === cells;
}

/**
 * A tour of a rows×length board with rows 3 or 4, or null when no base tour and strip fits
 * (then a search is the fallback). Returned as links: walk them from any cell (closed) or from
 * an end (open). Boards of 3 rows and odd length have only open tours: they are a pumped closed
 * tour of 3×(length − w) with an open 3×w block spliced on at the right.
 */
export function thinTourLinks(
  rows: 3 | 4,
  length: number,
  closed: boolean,
  finder: SmallTourFinder,
): Links | null {
  if (length <= THIN_BASE_MAX) return null;
  if (rows === 3 && !closed && length % 2 === 1) return threeRowsOdd(length, finder);
  return pumped(rows, length, closed, finder);
}

function pumped(
  rows: 3 | 4,
  length: number,
  closed: boolean,
  finder: SmallTourFinder,
): Links | null {
  for (let baseLength = THIN_BASE_MAX; baseLength >= BASE_MIN[rows]; baseLength--) {
    if (closed && baseLength % 2 === 1) continue;
    if (baseLength > length) continue;
    const base = baseTour(rows, baseLength, closed, finder);
    if (base === null) continue;
    for (const strip of base.strips) {
      const period = strip[1] - strip[0];
      if ((length - baseLength) % period !== 0) continue;
      const links = pump(base, strip, length, closed);
      if (links) return links;
    }
  }
  return null;
}

/** Widths of the open block that ends a 3-row board of odd length. */
const OPEN_BLOCK_WIDTHS = [7, 9, 11] as const;

function threeRowsOdd(length: number, finder: SmallTourFinder): Links | null {
  for (const width of OPEN_BLOCK_WIDTHS) {
    const left = length - width;
    const cycle = pumped(3, left, true, finder);
    const block = openThreeRowBlock(width, finder);
    if (cycle === null || block === null) continue;
    const board = new Board(3, length);
    const links = new Links(board.cells);
    for (let r = 0; r < 3; r++) {
      for (let x = 0; x < left; x++) {
        const u = r * left + x;
        links.first[r * length + x] = widen(cycle.first[u]!, left, length);
        links.second[r * length + x] = widen(cycle.second[u]!, left, length);
      }
    }
    const at = (cell: number) => Math.floor(cell / width) * length + left + (cell % width);
    for (let k = 0; k < block.length; k++) {
      const cell = at(block[k]!);
      if (k === 0) {
        links.first[cell] = at(block[1]!);
      } else {
        links.first[cell] = at(block[k - 1]!);
        links.second[cell] = k + 1 < block.length ? at(block[k + 1]!) : -1;
      }
    }
    spliceOpenPath(board, links, { r0: 0, c0: left, h: 3, w: width }, at(block[0]!));
    return links;
  }
  return null;
}

/** A cell index of a rows×from board, as an index of the rows×to board (same row and column). */
function widen(cell: number, from: number, to: number): number {
  return cell < 0 ? cell : Math.floor(cell / from) * to + (cell % from);
}

/**
 * An open tour of 3×width (odd) starting in its left column, by search; cached like the base
 * tours (a tour, or null once both starts are proved to have none).
 */
function openThreeRowBlock(width: number, finder: SmallTourFinder): Int32Array | null {
  const key = `open-block-3x${width}`;
  const hit = blockCache.get(key);
  if (hit !== undefined) return hit;
  const board = new Board(3, width);
  let proved = true;
  // The majority-colour cells of the left column: the two corners.
  for (const start of [0, 2 * width]) {
    const result = finder(board, { closed: false, start, timeLimitMs: BASE_TIME_LIMIT_MS });
    if (result.status === "found" && result.tour) {
      blockCache.set(key, result.tour.path);
      return result.tour.path;
    }
    if (!settled(result)) proved = false;
  }
  if (proved) blockCache.set(key, null);
  return null;
}

const blockCache = new Map<string, Int32Array | null>();

/** Forget cached base tours. */
export function clearThinBases(): void {
  baseCache.clear();
  blockCache.clear();
}
