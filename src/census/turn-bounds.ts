import type { CensusEngine } from "./engine.js";

/**
 * Bounds on the turn counts of a partial tour, for branch and bound (extreme.ts): they read the
 * census engine's state (usable moves per cell, the direction of each cell's chosen move) and
 * may delete moves through it, trailed like the search's own deletions.
 *
 * A turn statistic counts a set of the six angles (`TURN_STAT_ANGLES`: one angle, or Knuth's
 * acute, obtuse and orthogonal groups, which share 180°), given as a 6-bit mask. A bound runs
 * at every search node, so each open cell is summarised in O(its moves): the directions of its
 * usable moves as an 8-bit mask, then one table lookup gives the set of angles its wedge can
 * still make (6 bits).
 */

interface AngleTables {
  /** Angles a cell with no chosen move can make: bit k set when two of `mask`'s directions make angle k. */
  readonly ofTwo: Uint8Array;
  /** Angles a cell whose one chosen move has direction d can make: at d * 256 + mask. */
  readonly ofOne: Uint8Array;
}

/** The tables of each piece's angles (the engine's `angleOfPair`, one per board). */
const tablesByPairs = new WeakMap<Uint8Array, AngleTables>();

function angleTables(angleOfPair: Uint8Array): AngleTables {
  const cached = tablesByPairs.get(angleOfPair);
  if (cached !== undefined) return cached;
  const ofTwo = Uint8Array.from({ length: 256 }, (_, mask) => {
    let angles = 0;
    for (let a = 0; a < 8; a++) {
      if (((mask >> a) & 1) === 0) continue;
      for (let b = a + 1; b < 8; b++) if ((mask >> b) & 1) angles |= 1 << angleOfPair[a * 8 + b]!;
    }
    return angles;
  });
  const ofOne = Uint8Array.from({ length: 8 * 256 }, (_, i) => {
    const d = i >> 8;
    const mask = i & 255;
    let angles = 0;
    for (let b = 0; b < 8; b++) {
      if (b !== d && (mask >> b) & 1) angles |= 1 << angleOfPair[d * 8 + b]!;
    }
    return angles;
  });
  const tables = { ofTwo, ofOne };
  tablesByPairs.set(angleOfPair, tables);
  return tables;
}

/** The angles open cell x (d < 2 chosen moves) can still make, as bits. */
function openAngles(engine: CensusEngine, tables: AngleTables, x: number, d: number): number {
  const { avail, list, off, hdir } = engine;
  let mask = 0;
  for (let i = off[x]!, stop = i + avail[x]!; i < stop; i++) mask |= 1 << hdir[list[i]!]!;
  return d === 1 ? tables.ofOne[engine.linkDir[2 * x]! * 256 + mask]! : tables.ofTwo[mask]!;
}

/**
 * A bound on the number of turns whose angle is in `angles` (a 6-bit mask) any tour completing
 * the current partial one has: at least (`least`) the cells whose turn is fixed in the set plus
 * the open cells all of whose possible wedges are in it; at most (`!least`) the fixed ones plus
 * the open cells with some possible wedge in it. O(cells × 8) per call.
 */
export function turnBound(engine: CensusEngine, angles: number, least: boolean): number {
  const { deg } = engine;
  const tables = angleTables(engine.angleOfPair);
  let count = 0;
  for (let k = 0; k < 6; k++) if ((angles >> k) & 1) count += engine.angles[k]!;
  for (let x = 0; x < engine.n; x++) {
    const d = deg[x]!;
    if (d === 2) continue;
    const possible = openAngles(engine, tables, x, d);
    if (least ? possible !== 0 && (possible & ~angles) === 0 : (possible & angles) !== 0) count++;
  }
  return count;
}

/**
 * With no slack left for turns in `angles` (`turnBound` equals the best value), the open cells
 * that are not already counted must not change the count: delete every usable move that would
 * give a cell with one move a turn in the set (`least`) or, for the greatest count, one outside
 * it where one inside is possible. Deletions are trailed like the search's own, so backtracking
 * restores them. False when a cell is left short of moves.
 */
export function restrictTurns(engine: CensusEngine, angles: number, least: boolean): boolean {
  const { deg, avail, list, off, linkDir, hdir, angleOfPair } = engine;
  const tables = angleTables(angleOfPair);
  for (let x = 0; x < engine.n; x++) {
    if (deg[x] !== 1) continue;
    const possible = openAngles(engine, tables, x, 1);
    // Only a cell that can go either way has moves to delete.
    if ((possible & angles) === 0 || (possible & ~angles) === 0) continue;
    const d1 = linkDir[2 * x]! * 8;
    // Downwards: a deletion swaps the last usable move into this slot, already seen.
    for (let i = off[x]! + avail[x]! - 1; i >= off[x]!; i--) {
      const h = list[i]!;
      const isIn = ((angles >> angleOfPair[d1 + hdir[h]!]!) & 1) === 1;
      if (isIn === least && !engine.forbid(h >> 1)) return false;
    }
  }
  engine.clearForced();
  return true;
}
