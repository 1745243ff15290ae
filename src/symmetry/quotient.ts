import type { Board } from "../core/board.js";
import { moveGraph } from "../core/graph.js";
import { type TransformName, transformPermutation } from "./transforms.js";

/** The rotations a symmetric tour can have: a half turn or a quarter turn. */
export type Rotation = 180 | 90;

/**
 * Greatest common divisor (Euclid's algorithm). A total voltage t generates the rotation group
 * Z_k — the lifted quotient cycle is one tour, not several — exactly when gcd(t, k) = 1.
 */
export function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * The quotient of the move graph by a rotation group (Knuth's "folding"). The half turn σ
 * pairs every cell with its opposite; the quarter turn ρ groups cells in fours. On a board
 * with an even number of cells neither fixes a cell, so every orbit has exactly `order` cells.
 * Nothing here is particular to the knight: any geometry whose symmetry group holds the
 * generator folds the same way, its holes left out of every orbit (a symmetry maps holes to
 * holes); the trivial group (order 1, `trivialQuotient`) gives the move graph itself, which the
 * same searches then walk for plain Hamiltonian cycles and paths.
 *
 * - vertex q of the quotient = one orbit; its representative `rep[q]` is the least cell in it;
 * - for each knight move a–b of the board with a = rep(qa) there is an arc qa → qb carrying the
 *   voltage t where b = ρ^t(rep(qb)). Following a walk in the quotient from a cell x of orbit q
 *   lands on ρ^(sum of voltages)(x): the walk lifts to the board, and a Hamiltonian cycle of
 *   the quotient lifts to ONE cycle through every cell exactly when its total voltage
 *   generates the group (odd for the half turn; 1 or 3 for the quarter turn) — otherwise it
 *   lifts to 2 (or 4) separate cycles.
 * - moves a–ρ^t(a) inside one orbit are loops; for the half turn they are the moves that a
 *   direction-reversing symmetric tour must use (see `loops`).
 *
 * Arrays are CSR like the knight graph: arcs of q are `arcTo/arcVolt[arcOffsets[q] ..
 * arcOffsets[q+1])`; `nbrTo` lists the distinct neighbouring orbits (parallel arcs merged),
 * which is what degree pruning needs.
 */
export interface Quotient {
  readonly board: Board;
  /** The rotation: 90 for a quarter-turn group, else 180 (mirrors, the trivial group). */
  readonly rotation: Rotation;
  /** The transform generating the group: rotate180, rotate90, a mirror, or identity. */
  readonly generator: TransformName;
  /** Size of the group: 2 for 180°, 4 for 90°, 1 for the trivial group. */
  readonly order: number;
  /** Number of orbits (cells that are not holes / order). */
  readonly size: number;
  /** rep[q]: least cell of orbit q. Orbits are numbered by increasing representative. */
  readonly rep: Int32Array;
  /** orbitOf[cell]: the orbit of a cell (-1 for a hole). */
  readonly orbitOf: Int32Array;
  /** powerOf[cell] = t with cell = ρ^t(rep[orbitOf[cell]]). */
  readonly powerOf: Uint8Array;
  /** powers[t][cell] = ρ^t(cell), t = 0 .. order-1. */
  readonly powers: readonly Int32Array[];
  readonly arcOffsets: Int32Array;
  readonly arcTo: Int32Array;
  readonly arcVolt: Uint8Array;
  readonly nbrOffsets: Int32Array;
  readonly nbrTo: Int32Array;
  /** Loops: cells a with a knight move a–ρ^t(a) (a a representative), as [orbit, t] pairs. */
  readonly loops: ReadonlyArray<readonly [number, number]>;
}

/**
 * Build the quotient of `board`'s knight graph by the rotation. The caller checks the board
 * first (90° needs a square board; neither rotation may fix a cell, so cells must be even).
 */
export function buildQuotient(board: Board, rotation: Rotation): Quotient {
  return buildQuotientBy(board, rotation === 180 ? "rotate180" : "rotate90");
}

/**
 * The quotient by the group a transform generates (rotate90: order 4; rotate180 or a mirror
 * without fixed cells: order 2). The transform must fix no cell.
 */
export function buildQuotientBy(board: Board, generator: TransformName): Quotient {
  const order = generator === "rotate90" || generator === "rotate270" ? 4 : 2;
  return buildQuotientOf(board, transformPermutation(board, generator), order, generator);
}

/**
 * The quotient by the trivial group: one orbit per cell that is not a hole, arcs the moves,
 * every voltage 0. Its Hamiltonian cycles and paths are the board's tours, so the quotient
 * searches and the randomised finder serve any geometry's plain tours too.
 */
export function trivialQuotient(board: Board): Quotient {
  const identity = new Int32Array(board.cells);
  for (let v = 0; v < board.cells; v++) identity[v] = v;
  return buildQuotientOf(board, identity, 1, "identity");
}

/** The quotient by the group of order `order` that the permutation `step` generates. */
function buildQuotientOf(
  board: Board,
  step: Int32Array,
  order: number,
  generator: TransformName,
): Quotient {
  const rotation: Rotation = order === 4 ? 90 : 180;
  const cells = board.cells;
  const powers: Int32Array[] = [];
  let current = new Int32Array(cells);
  for (let v = 0; v < cells; v++) current[v] = v;
  for (let t = 0; t < order; t++) {
    powers.push(current);
    if (t + 1 === order) break;
    const nextPower = new Int32Array(cells);
    for (let v = 0; v < cells; v++) nextPower[v] = step[current[v]!]!;
    current = nextPower;
  }
  const orbitOf = new Int32Array(cells).fill(-1);
  const powerOf = new Uint8Array(cells);
  const reps: number[] = [];
  for (let v = 0; v < cells; v++) {
    if (orbitOf[v] !== -1 || board.isHole(v)) continue;
    const q = reps.length;
    reps.push(v);
    for (let t = 0; t < order; t++) {
      const w = powers[t]![v]!;
      // The callers fold only by symmetries that fix no cell of the tour.
      if (t > 0 && w === v) throw new Error(`internal: ${generator} fixes a cell of ${board}`);
      orbitOf[w] = q;
      powerOf[w] = t;
    }
  }
  const size = reps.length;
  const rep = Int32Array.from(reps);
  const graph = moveGraph(board);
  const arcOffsets = new Int32Array(size + 1);
  const nbrOffsets = new Int32Array(size + 1);
  const arcTo: number[] = [];
  const arcVolt: number[] = [];
  const nbrTo: number[] = [];
  const loops: Array<[number, number]> = [];
  for (let q = 0; q < size; q++) {
    arcOffsets[q] = arcTo.length;
    nbrOffsets[q] = nbrTo.length;
    const a = rep[q]!;
    const firstNbr = nbrTo.length;
    for (let i = graph.offsets[a]!; i < graph.offsets[a + 1]!; i++) {
      const b = graph.targets[i]!;
      const qb = orbitOf[b]!;
      if (qb === q) {
        loops.push([q, powerOf[b]!]);
        continue;
      }
      arcTo.push(qb);
      arcVolt.push(powerOf[b]!);
      let seen = false;
      for (let j = firstNbr; j < nbrTo.length; j++) if (nbrTo[j] === qb) seen = true;
      if (!seen) nbrTo.push(qb);
    }
  }
  arcOffsets[size] = arcTo.length;
  nbrOffsets[size] = nbrTo.length;
  return {
    board,
    rotation,
    generator,
    order,
    size,
    rep,
    orbitOf,
    powerOf,
    powers,
    arcOffsets,
    arcTo: Int32Array.from(arcTo),
    arcVolt: Uint8Array.from(arcVolt),
    nbrOffsets,
    nbrTo: Int32Array.from(nbrTo),
    loops,
  };
}
