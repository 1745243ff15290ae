import type { CensusEngine } from "./engine.js";
import { type StatName, TURN_STAT_ANGLES } from "./stats.js";
import { restrictTurns, turnBound } from "./turn-bounds.js";
import { WEDGE_BY_DIRECTIONS } from "./wedges.js";

/**
 * Admissible bounds on a partial tour's final statistics, for branch and bound (extreme.ts).
 * Each reads the census engine's state at a search node — the chosen moves and the usable ones
 * (`avail`, `list`, `off`, `hdir`), the running tallies — and returns a value no tour
 * completing the partial one can beat: at most its final value for a least, at least for a
 * greatest. They run at every node, so each is O(moves) or O(cells × 8) and allocates nothing
 * (scratch arrays are kept per engine).
 *
 * The turn counts' bounds are in turn-bounds.ts. Most others share one step: a new move (not chosen yet) ends at two open cells, so a sum over
 * the new moves of the final tour is half a sum over the open cells x of x's `need` (2 − its
 * chosen moves) new moves. Bounding each cell's share by its `need` best usable moves bounds the
 * whole: `halfTopSum` below.
 */

/**
 * Scratch for the bounds of one engine, allocated once: per move a mark and a value, per
 * tarnish counter an increment.
 */
export class BoundScratch {
  readonly usable: Uint8Array;
  readonly value: Int32Array;
  readonly extra: Int32Array;
  /** |term| of each move: the most it can add to the doubled swept area. */
  readonly absTerm: Int32Array;
  /** For the slope bounds (slopeRanges). */
  readonly slopes = new Int32Array(20);

  constructor(engine: CensusEngine) {
    const g = engine.geometry;
    this.usable = new Uint8Array(g.edges);
    this.value = new Int32Array(g.edges);
    this.extra = new Int32Array(g.tarnishCells);
    this.absTerm = Int32Array.from(g.term, Math.abs);
  }
}

/**
 * Σ over open cells x of the sum of the `need` (2 − chosen moves) largest (`most`) or smallest
 * values among x's usable moves, `value[move]`: twice a bound on the sum of the values of the
 * moves still to come (each ends at two open cells).
 */
function cellShares(engine: CensusEngine, value: Int32Array, most: boolean): number {
  const { deg, avail, list, off } = engine;
  let sum = 0;
  for (let x = 0; x < engine.n; x++) {
    const need = 2 - deg[x]!;
    if (need === 0) continue;
    // The best two values (a cell needs at most two moves).
    let first = most ? -0x7fffffff : 0x7fffffff;
    let second = first;
    for (let i = off[x]!, stop = i + avail[x]!; i < stop; i++) {
      const v = value[list[i]! >> 1]!;
      if (most ? v > first : v < first) {
        second = first;
        first = v;
      } else if (most ? v > second : v < second) {
        second = v;
      }
    }
    // A cell short of moves is a dead end the search finds by itself: count what it has.
    if (avail[x]! >= 1) sum += first;
    if (need === 2 && avail[x]! >= 2) sum += second;
  }
  return sum;
}

/** Mark the usable moves (`scratch.usable`); each is listed at both of its (open) ends. */
function markUsable(engine: CensusEngine, usable: Uint8Array, on: number): void {
  const { deg, avail, list, off } = engine;
  for (let x = 0; x < engine.n; x++) {
    if (deg[x] === 2) continue;
    for (let i = off[x]!, stop = i + avail[x]!; i < stop; i++) usable[list[i]! >> 1] = on;
  }
}

/**
 * Crossings: the chosen pairs plus, for the moves to come, at most the chosen moves each
 * crosses plus half the usable moves it crosses (a pair of new moves is shared by both), at
 * least the chosen moves each crosses.
 */
export function crossingsBound(engine: CensusEngine, s: BoundScratch, least: boolean): number {
  const { crossOffsets, crossList } = engine.geometry;
  const { usable, value } = s;
  if (!least) markUsable(engine, usable, 1);
  const { deg, avail, list, off } = engine;
  for (let x = 0; x < engine.n; x++) {
    if (deg[x] === 2) continue;
    for (let i = off[x]!, stop = i + avail[x]!; i < stop; i++) {
      const h = list[i]!;
      if (h & 1) continue; // each move once, at its eu end
      const f = h >> 1;
      // The chosen moves f crosses.
      const hit = engine.crossedBy(f);
      let c = least ? hit : 2 * hit;
      if (!least) {
        for (let j = crossOffsets[f]!, end = crossOffsets[f + 1]!; j < end; j++) {
          c += usable[crossList[j]!]!;
        }
      }
      value[f] = c;
    }
  }
  if (!least) markUsable(engine, usable, 0);
  const shares = cellShares(engine, value, !least);
  // least: Σ new cc ≥ shares / 2; most: Σ new (cc + cu/2) ≤ shares / 4 (values doubled).
  return least
    ? engine.crossings + Math.ceil(shares / 2)
    : engine.crossings + Math.floor(shares / 4);
}

/**
 * Moves no other move crosses: at least the chosen ones that nothing chosen or usable crosses
 * (nothing can cross them any more); at most the chosen ones nothing chosen crosses plus the
 * moves to come that nothing chosen crosses (a move crossed once stays crossed).
 */
export function unintersectedBound(engine: CensusEngine, s: BoundScratch, least: boolean): number {
  const { crossOffsets, crossList, edges } = engine.geometry;
  if (!least) {
    const { deg, avail, list, off } = engine;
    const value = s.value;
    for (let x = 0; x < engine.n; x++) {
      if (deg[x] === 2) continue;
      for (let i = off[x]!, stop = i + avail[x]!; i < stop; i++) {
        const f = list[i]! >> 1;
        value[f] = engine.isCrossed(f) ? 0 : 1;
      }
    }
    return engine.unintersected + Math.floor(cellShares(engine, value, true) / 2);
  }
  const usable = s.usable;
  markUsable(engine, usable, 1);
  let count = 0;
  for (let f = 0; f < edges; f++) {
    if (!engine.isChosen(f) || engine.isCrossed(f)) continue;
    let free = 1;
    for (let j = crossOffsets[f]!, end = crossOffsets[f + 1]!; j < end; j++) {
      if (usable[crossList[j]!] === 1) {
        free = 0;
        break;
      }
    }
    count += free;
  }
  markUsable(engine, usable, 0);
  return count;
}

/**
 * The doubled swept area, at most: each path's own shoelace sum in absolute value (the tour may
 * walk it either way) plus the |term| of each move to come.
 */
export function sweptAreaMost(engine: CensusEngine, s: BoundScratch): number {
  const { deg, mate, area } = engine;
  let sum = 0;
  for (let x = 0; x < engine.n; x++) {
    if (deg[x] !== 1 || mate[x]! < x) continue;
    const a = area[x]!;
    sum += a < 0 ? -a : a;
  }
  return sum + Math.floor(cellShares(engine, s.absTerm, true) / 2);
}

/**
 * Slopes: per slope class, at most the chosen moves plus half of Σ over open cells of
 * min(need, usable moves of the class), at least the chosen ones plus half of Σ of the moves of
 * the class a cell must take (need − its usable moves of other classes). `into[0..3]` gets the
 * least, `into[4..7]` the most.
 */
function slopeRanges(engine: CensusEngine, into: Int32Array): void {
  const { deg, avail, list, off, hdir, slopes } = engine;
  // into[8..11]: the least, [12..15]: the most, summed over cells; [16..19]: one cell's moves.
  into.fill(0, 8, 20);
  for (let x = 0; x < engine.n; x++) {
    const need = 2 - deg[x]!;
    if (need === 0) continue;
    into[16] = into[17] = into[18] = into[19] = 0;
    for (let i = off[x]!, stop = i + avail[x]!; i < stop; i++) into[16 + (hdir[list[i]!]! & 3)]!++;
    const a = avail[x]!;
    for (let k = 0; k < 4; k++) {
      const mine = into[16 + k]!;
      into[12 + k]! += Math.min(mine, need);
      const must = need - (a - mine);
      if (must > 0) into[8 + k]! += must;
    }
  }
  for (let k = 0; k < 4; k++) {
    into[k] = slopes[k]! + Math.ceil(into[8 + k]! / 2);
    into[4 + k] = slopes[k]! + Math.floor(into[12 + k]! / 2);
  }
}

/** maxSlope / minSlope (`which`), at least (`least`) or at most. */
export function slopeBound(
  engine: CensusEngine,
  s: BoundScratch,
  which: "maxSlope" | "minSlope",
  least: boolean,
): number {
  const r = s.slopes;
  slopeRanges(engine, r);
  // The four counts sum to n: the most is at least n/4, the fewest at most n/4.
  const quarter = engine.n / 4;
  if (which === "maxSlope") {
    if (least) return Math.max(Math.ceil(quarter), r[0]!, r[1]!, r[2]!, r[3]!);
    return Math.max(r[4]!, r[5]!, r[6]!, r[7]!);
  }
  if (least) return Math.min(r[0]!, r[1]!, r[2]!, r[3]!);
  return Math.min(Math.floor(quarter), r[4]!, r[5]!, r[6]!, r[7]!);
}

/**
 * Σ t² over the tarnish counters, at most: each counter raised by every usable move that
 * tarnishes it (a new move raises its two by one each).
 */
export function tarnishMost(engine: CensusEngine, s: BoundScratch): number {
  const { tarnish1, tarnish2 } = engine.geometry;
  const { deg, avail, list, off, tarnish } = engine;
  const extra = s.extra;
  for (let x = 0; x < engine.n; x++) {
    if (deg[x] === 2) continue;
    for (let i = off[x]!, stop = i + avail[x]!; i < stop; i++) {
      const h = list[i]!;
      if (h & 1) continue;
      extra[tarnish1[h >> 1]!]!++;
      extra[tarnish2[h >> 1]!]!++;
    }
  }
  let sum = 0;
  for (let c = 0; c < extra.length; c++) {
    const t = tarnish[c]! + extra[c]!;
    sum += t * t;
    extra[c] = 0;
  }
  return sum;
}

/** The letters (28 bits) a cell with no chosen move can take, from its usable directions. */
const LETTERS_OF_TWO: Int32Array = Int32Array.from({ length: 256 }, (_, mask) => {
  let letters = 0;
  for (let a = 0; a < 8; a++) {
    if (((mask >> a) & 1) === 0) continue;
    for (let b = a + 1; b < 8; b++) {
      if ((mask >> b) & 1) letters |= 1 << WEDGE_BY_DIRECTIONS[a * 8 + b]!;
    }
  }
  return letters;
});

/**
 * Distinct wedge letters, at most: those used plus the unused ones some open cell can still
 * take, and no more new ones than open cells.
 */
export function wedgesUsedMost(engine: CensusEngine): number {
  const { deg, avail, list, off, hdir, linkDir } = engine;
  const used = engine.letters;
  let possible = 0;
  let open = 0;
  for (let x = 0; x < engine.n; x++) {
    const d = deg[x]!;
    if (d === 2) continue;
    open++;
    if (d === 1) {
      const d1 = linkDir[2 * x]! * 8;
      for (let i = off[x]!, stop = i + avail[x]!; i < stop; i++) {
        possible |= 1 << WEDGE_BY_DIRECTIONS[d1 + hdir[list[i]!]!]!;
      }
    } else {
      let mask = 0;
      for (let i = off[x]!, stop = i + avail[x]!; i < stop; i++) mask |= 1 << hdir[list[i]!]!;
      possible |= LETTERS_OF_TWO[mask]!;
    }
  }
  const fresh = bitCount(possible & ~used);
  return engine.wedgesUsed + Math.min(fresh, open);
}

function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A statistic's bound for one goal, as extreme.ts uses it. */
export interface StatBound {
  /** The optimistic value of the engine's partial tour (in the census's units: area doubled). */
  readonly value: (engine: CensusEngine) => number;
  /** With no slack left, delete the moves that would make the value worse (false: dead end). */
  readonly restrict: ((engine: CensusEngine) => boolean) | undefined;
  /**
   * Search by deepening (cutoffs from the best root score on) rather than by improving the
   * best tour found: right when the bound is tight, as the turn counts' is.
   */
  readonly deepen: boolean;
}

type Maker = (least: boolean, s: BoundScratch) => StatBound | undefined;

const plain = (value: (engine: CensusEngine) => number): StatBound => ({
  value,
  restrict: undefined,
  deepen: false,
});

/** The bound of each statistic, by goal; undefined where none is kept. */
const MAKERS: Readonly<Record<string, Maker>> = {
  crossings: (least, s) => plain((e) => crossingsBound(e, s, least)),
  unintersected: (least, s) => plain((e) => unintersectedBound(e, s, least)),
  sweptArea: (least, s) => (least ? undefined : plain((e) => sweptAreaMost(e, s))),
  maxSlope: (least, s) => plain((e) => slopeBound(e, s, "maxSlope", least)),
  minSlope: (least, s) => plain((e) => slopeBound(e, s, "minSlope", least)),
  tarnishSquares: (least, s) => plain(least ? (e) => e.tarnishSquares : (e) => tarnishMost(e, s)),
  wedgesUsed: (least) => plain(least ? (e) => e.wedgesUsed : wedgesUsedMost),
};

/** Whether `stat` has a bound for the goal (the least when `least`). */
export function hasBound(stat: string, least: boolean): boolean {
  if (stat.split("+").every((t) => TURN_STAT_ANGLES[t as StatName] !== undefined)) return true;
  if (stat === "sweptArea") return !least;
  return MAKERS[stat] !== undefined;
}

/** The bound of `stat` for the goal on `engine`, or undefined (none: a full census). */
export function statBound(
  engine: CensusEngine,
  stat: string,
  least: boolean,
): StatBound | undefined {
  // A sum of angle counts (extreme.ts) counts the union of their angles.
  let set: number | undefined;
  for (const term of stat.split("+")) {
    const angles = TURN_STAT_ANGLES[term as StatName];
    set = angles === undefined ? undefined : (set ?? 0) | angles;
    if (set === undefined) break;
  }
  if (set !== undefined) {
    return {
      value: (e) => turnBound(e, set, least),
      restrict: (e) => restrictTurns(e, set, least),
      // Measured (docs/census.md): deepening proves the least counts on 8×8 in minutes where
      // improving the best tour takes hours; for the greatest, the root bound is far above the
      // answer and improving does better (6×8, greatest acute: 2.3 M nodes against 6.6 M).
      deepen: least,
    };
  }
  const make = MAKERS[stat];
  return make === undefined ? undefined : make(least, new BoundScratch(engine));
}
