import type { CensusEngine } from "./engine.js";
import { TURN_OF_WEDGE, WEDGE_BY_DIRECTIONS } from "./wedges.js";

/**
 * Bounds on the turn counts of a partial tour, for branch and bound (extreme.ts): they read the
 * census engine's state (usable moves per cell, the direction of each cell's chosen move) and
 * may delete moves through it, trailed like the search's own deletions.
 */

/**
 * A bound on the number of turns of class `cls` (TURN_ACUTE, ...) any tour completing the
 * current partial one has: at least (`least`) the cells whose turn is fixed in that class plus
 * the open cells all of whose possible wedges are in it; at most (`!least`) the fixed ones plus
 * the open cells with some possible wedge in it. O(cells × 8) per call.
 */
export function turnBound(engine: CensusEngine, cls: number, least: boolean): number {
  const { deg, avail, list, off, linkDir, eu, dir } = engine;
  let count = engine.turns[cls]!;
  for (let x = 0; x < engine.n; x++) {
    const d = deg[x]!;
    if (d === 2) continue;
    const start = off[x]!;
    const stop = start + avail[x]!;
    let inClass = false;
    let outClass = false;
    if (d === 1) {
      const d1 = linkDir[2 * x]! * 8;
      for (let i = start; i < stop; i++) {
        const f = list[i]!;
        const d2 = eu[f] === x ? dir[f]! : dir[f]! ^ 4;
        if (TURN_OF_WEDGE[WEDGE_BY_DIRECTIONS[d1 + d2]!] === cls) inClass = true;
        else outClass = true;
      }
    } else {
      for (let i = start; i < stop; i++) {
        const f = list[i]!;
        const d1 = (eu[f] === x ? dir[f]! : dir[f]! ^ 4) * 8;
        for (let j = i + 1; j < stop; j++) {
          const g = list[j]!;
          const d2 = eu[g] === x ? dir[g]! : dir[g]! ^ 4;
          if (TURN_OF_WEDGE[WEDGE_BY_DIRECTIONS[d1 + d2]!] === cls) inClass = true;
          else outClass = true;
        }
      }
    }
    if (least ? inClass && !outClass : inClass) count++;
  }
  return count;
}

/**
 * With no slack left for turns of class `cls` (`turnBound` equals the best value), the open
 * cells that are not already counted must not change the count: delete every usable move
 * that would give a cell with one move a turn of the class (`least`) or, for the greatest
 * count, one not of the class where one of the class is possible. Deletions are trailed like
 * the search's own, so backtracking restores them. False when a cell is left short of moves.
 */
export function restrictTurns(engine: CensusEngine, cls: number, least: boolean): boolean {
  const { deg, avail, list, off, linkDir, eu, dir } = engine;
  for (let x = 0; x < engine.n; x++) {
    if (deg[x] !== 1) continue;
    const d1 = linkDir[2 * x]! * 8;
    const start = off[x]!;
    let inClass = false;
    let outClass = false;
    for (let i = start, stop = start + avail[x]!; i < stop; i++) {
      const f = list[i]!;
      const d2 = eu[f] === x ? dir[f]! : dir[f]! ^ 4;
      if (TURN_OF_WEDGE[WEDGE_BY_DIRECTIONS[d1 + d2]!] === cls) inClass = true;
      else outClass = true;
    }
    if (!inClass || !outClass) continue;
    // Downwards: a deletion swaps the last usable move into this slot, already seen.
    for (let i = start + avail[x]! - 1; i >= start; i--) {
      const f = list[i]!;
      const d2 = eu[f] === x ? dir[f]! : dir[f]! ^ 4;
      const isIn = TURN_OF_WEDGE[WEDGE_BY_DIRECTIONS[d1 + d2]!] === cls;
      if (isIn === least && !engine.forbid(f)) return false;
    }
  }
  engine.clearForced();
  return true;
}
