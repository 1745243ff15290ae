import type { CensusEngine } from "./engine.js";
import { TURN_OF_WEDGE, WEDGE_BY_DIRECTIONS } from "./wedges.js";

/**
 * Bounds on the turn counts of a partial tour, for branch and bound (extreme.ts): they read the
 * census engine's state (usable moves per cell, the direction of each cell's chosen move) and
 * may delete moves through it, trailed like the search's own deletions.
 *
 * A bound runs at every search node, so each open cell is summarised in O(its moves): the
 * directions of its usable moves as an 8-bit mask, then one table lookup gives the set of turn
 * classes its wedge can still take (3 bits).
 */

/** The turn class (0..2) of the wedge of directions d1, d2 (d1 ≠ d2), at d1 * 8 + d2. */
const CLASS_OF_PAIR: Uint8Array = Uint8Array.from({ length: 64 }, (_, i) => {
  const w = WEDGE_BY_DIRECTIONS[i]!;
  return w < 0 ? 0 : TURN_OF_WEDGE[w]!;
});

/** Classes a cell with no chosen move can take: bit c set when two of `mask`'s directions form a wedge of class c. */
const CLASSES_OF_TWO: Uint8Array = Uint8Array.from({ length: 256 }, (_, mask) => {
  let classes = 0;
  for (let a = 0; a < 8; a++) {
    if (((mask >> a) & 1) === 0) continue;
    for (let b = a + 1; b < 8; b++) {
      if ((mask >> b) & 1) classes |= 1 << CLASS_OF_PAIR[a * 8 + b]!;
    }
  }
  return classes;
});

/** Classes a cell whose one chosen move has direction d can take: at d * 256 + mask. */
const CLASSES_OF_ONE: Uint8Array = Uint8Array.from({ length: 8 * 256 }, (_, i) => {
  const d = i >> 8;
  const mask = i & 255;
  let classes = 0;
  for (let b = 0; b < 8; b++) {
    if (b !== d && (mask >> b) & 1) classes |= 1 << CLASS_OF_PAIR[d * 8 + b]!;
  }
  return classes;
});

/** The turn classes open cell x (fewer than two chosen moves) can still take, as bits. */
function openClasses(engine: CensusEngine, x: number, d: number): number {
  const { avail, list, off, hdir } = engine;
  let mask = 0;
  for (let i = off[x]!, stop = i + avail[x]!; i < stop; i++) mask |= 1 << hdir[list[i]!]!;
  return d === 1 ? CLASSES_OF_ONE[engine.linkDir[2 * x]! * 256 + mask]! : CLASSES_OF_TWO[mask]!;
}

/**
 * A bound on the number of turns of class `cls` (TURN_ACUTE, ...) any tour completing the
 * current partial one has: at least (`least`) the cells whose turn is fixed in that class plus
 * the open cells all of whose possible wedges are in it; at most (`!least`) the fixed ones plus
 * the open cells with some possible wedge in it. O(cells × 8) per call.
 */
export function turnBound(engine: CensusEngine, cls: number, least: boolean): number {
  const { deg } = engine;
  const bit = 1 << cls;
  let count = engine.turns[cls]!;
  for (let x = 0; x < engine.n; x++) {
    const d = deg[x]!;
    if (d === 2) continue;
    const classes = openClasses(engine, x, d);
    if (least ? classes === bit : (classes & bit) !== 0) count++;
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
  const { deg, avail, list, off, linkDir, hdir } = engine;
  const bit = 1 << cls;
  for (let x = 0; x < engine.n; x++) {
    if (deg[x] !== 1) continue;
    const classes = openClasses(engine, x, 1);
    // Only a cell that can go either way has moves to delete.
    if ((classes & bit) === 0 || classes === bit) continue;
    const d1 = linkDir[2 * x]! * 8;
    // Downwards: a deletion swaps the last usable move into this slot, already seen.
    for (let i = off[x]! + avail[x]! - 1; i >= off[x]!; i--) {
      const h = list[i]!;
      const isIn = CLASS_OF_PAIR[d1 + hdir[h]!] === cls;
      if (isIn === least && !engine.forbid(h >> 1)) return false;
    }
  }
  engine.clearForced();
  return true;
}
