import { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { type KnightGraph, knightGraph } from "../core/graph.js";
import { createRandom, type Random } from "../core/random.js";
import type { Tour } from "../core/tour.js";
import { boardSymmetries } from "../count/cell-orbits.js";
import { PathSearch } from "../count/path-search.js";
import { forEachSymmetry } from "../symmetry/group.js";
import { CountTree, type CountTreeOptions, type RootSpec } from "./count-tree.js";
import { estimateSearchNodes } from "./estimate.js";
import { randomBelow, randomWord } from "./random-bigint.js";

/**
 * Uniform sampling of knight's tours by counting (see CountTree), with these conventions:
 *
 * - **closed**: uniform over the closed tours as drawn figures (undirected cycles; 9,862 on
 *   6×6). The cycles through the start cell s (`start`, default the top-left corner a8) are
 *   numbered by the two neighbours a < b of s they use: the roots are "s, a, …, ending at b".
 *   The tour drawn is printed from s in a direction chosen by a fair coin, so the output is also
 *   uniform over the directed closed tours from s (each cycle gives exactly two).
 * - **open**: uniform over the directed open tours (a path and its reverse are two tours, as
 *   `knight count` counts them): 1,728 on 5×5, 304 from a corner. With a start, over the tours
 *   from that cell. Without one, the tours from each cell are a slot of the rank space; cells in
 *   one orbit of the board's symmetries share the count (and cache) of the orbit's
 *   representative, whose tours are turned onto them.
 *
 * Counting reads only the move graph, so any geometry samples the same way: a torus's tours
 * are shared along the orbits of its shifts too, holes are never a start, and closed tours are
 * printed by default from the first cell that is not a hole.
 */
export interface UniformSpace {
  readonly closed: boolean;
  /** Required first cell (flat index), or -1. */
  readonly start: number;
}

export class UniformSampler {
  readonly board: Board;
  readonly space: UniformSpace;
  /** The tours the sampler chooses among (closed: undirected cycles; open: directed paths). */
  readonly total: bigint;
  private readonly tree: CountTree;
  /** The cell closed tours are printed from. */
  private readonly from: number;

  /** Counts every root first: as long as counting the tours once. */
  constructor(board: Board, space: UniformSpace, options: CountTreeOptions = {}) {
    this.board = board;
    this.space = space;
    const graph = knightGraph(board);
    checkCounts(graph);
    this.from = space.closed ? (space.start >= 0 ? space.start : board.firstCell) : space.start;
    const { roots, slots } = space.closed
      ? closedRoots(graph, this.from)
      : openRoots(board, space.start);
    this.tree = new CountTree(graph, roots, slots, options);
    this.total = this.tree.total;
  }

  /** Search nodes spent so far (the root counts, then splitting and walking). */
  get nodes(): number {
    return this.tree.nodes;
  }

  /**
   * Tour number `rank` (0 ≤ rank < total). Closed tours are read from the start towards the
   * lesser of its two neighbours on the cycle, or the other way when `reversed`.
   */
  tourAt(rank: bigint, reversed = false): Tour {
    return this.tourFrom(this.tree.unrank(rank), reversed);
  }

  /** One tour, uniformly at random: a uniform rank, then (closed) a fair coin for direction. */
  sample(random: Random): Tour {
    return this.tours(random, 1).next().value!;
  }

  /**
   * `count` tours drawn uniformly and independently, or with `distinct` uniformly without
   * replacement (a sparse Fisher–Yates shuffle of the ranks: O(count) memory, no rejection,
   * whatever the total) — stopping after `total` tours when fewer exist than asked for. Draws
   * are made `batch` at a time and unranked together (one walk per subtree serves them all);
   * the random stream, and so the output, does not depend on the batch size.
   */
  *tours(random: Random, count: number, distinct = false, batch = 1024): Generator<Tour> {
    const total = this.total;
    const wanted = distinct && BigInt(count) > total ? Number(total) : count;
    const moved = new Map<bigint, bigint>();
    let drawn = 0;
    while (drawn < wanted) {
      const size = Math.min(batch, wanted - drawn);
      const ranks: bigint[] = [];
      const reversed: boolean[] = [];
      for (let k = 0; k < size; k++) {
        if (distinct) {
          const i = BigInt(drawn + k);
          const j = i + randomBelow(random, total - i);
          ranks.push(moved.get(j) ?? j);
          moved.set(j, moved.get(i) ?? i);
          moved.delete(i);
        } else ranks.push(randomBelow(random, total));
        reversed.push(this.space.closed && (randomWord(random) & 1) === 1);
      }
      const paths = this.tree.unrankMany(ranks);
      for (let k = 0; k < size; k++) yield this.tourFrom(paths[k]!, reversed[k]!);
      drawn += size;
    }
  }

  private tourFrom(path: Int32Array, reversed: boolean): Tour {
    if (reversed && this.space.closed) path.subarray(1).reverse();
    return { board: this.board, path, closed: this.space.closed };
  }
}

/**
 * Knuth's estimate of the search nodes a count of `space` takes (fixed seed, `walks` walks,
 * milliseconds): `sampler` for the uniform sampler's count (one root per orbit of starts),
 * `everyStart` for a count that searches from every start (the backtracking counter). It tends
 * to underestimate (2–3× on 6×6 open), so it is a floor for "this would take hours".
 */
export function estimateCountNodes(
  board: Board,
  space: UniformSpace,
  walks = 256,
): { readonly sampler: number; readonly everyStart: number } {
  const graph = knightGraph(board);
  const from = space.closed ? (space.start >= 0 ? space.start : board.firstCell) : space.start;
  const { roots, slots } = space.closed ? closedRoots(graph, from) : openRoots(board, space.start);
  const sampler = estimateSearchNodes(graph, roots, createRandom(0x5eed), walks);
  return { sampler, everyStart: sampler * ((slots?.length ?? roots.length) / roots.length) };
}

function closedRoots(graph: KnightGraph, s: number): { roots: RootSpec[]; slots: null } {
  const neighbours = Array.from(graph.neighbours(s));
  const roots: RootSpec[] = [];
  for (const a of neighbours) {
    for (const b of neighbours) if (a < b) roots.push({ prefix: [s, a], end: b });
  }
  return { roots, slots: null };
}

function openRoots(
  board: Board,
  start: number,
): { roots: RootSpec[]; slots: { root: number; perm: Int32Array | null }[] | null } {
  if (start >= 0) return { roots: [{ prefix: [start], end: -1 }], slots: null };
  // One root per orbit of the board's symmetries; every cell is a slot that borrows the root of
  // its orbit's least cell, turned by a symmetry taking that cell to it.
  const symmetries = board.plain ? boardSymmetries(board) : geometryPermutations(board);
  const roots: RootSpec[] = [];
  const rootOf = new Map<number, number>();
  const slots: { root: number; perm: Int32Array | null }[] = [];
  for (let s = 0; s < board.cells; s++) {
    if (board.isHole(s)) continue;
    let least = s;
    for (const perm of symmetries) least = Math.min(least, perm[s]!);
    let root = rootOf.get(least);
    if (root === undefined) {
      root = roots.length;
      rootOf.set(least, root);
      roots.push({ prefix: [least], end: -1 });
    }
    const perm = least === s ? null : symmetries.find((p) => p[least] === s)!;
    slots.push({ root, perm });
  }
  return { roots, slots };
}

/**
 * The symmetries of a geometry as permutations (copies). A large torus has 8·rows·cols of
 * them: beyond MAX_PERMUTATION_ENTRIES cells in all, only its turns and mirrors are used (the
 * counts are then shared less, never wrongly).
 */
function geometryPermutations(board: Board): Int32Array[] {
  const out: Int32Array[] = [];
  let entries = 0;
  forEachSymmetry(board, (symmetry, perm) => {
    const shifted = symmetry.shiftRows !== 0 || symmetry.shiftCols !== 0;
    if (shifted && entries + perm.length > MAX_PERMUTATION_ENTRIES) return undefined;
    entries += perm.length;
    out.push(perm.slice());
    return undefined;
  });
  return out;
}

const MAX_PERMUTATION_ENTRIES = 1 << 22;

/**
 * The count behind uniform sampling is the backtracking counter's path search, which must end
 * a path after the graph's vertex count (cells less holes): asked once, of a 1×3 board whose
 * last cell is a hole (one path from its first cell).
 *
 * @throws OptionError naming the board when it cannot count this geometry's tours.
 */
function checkCounts(graph: KnightGraph): void {
  if (graph.board.holes.length === 0) return;
  countsHoles ??=
    new PathSearch(knightGraph(new Board(1, 3, { piece: "wazir", holes: [2] }))).run(
      [0],
      -1,
      null,
    ) === 1;
  if (!countsHoles) {
    throw new OptionError(
      `uniform sampling counts tours with the backtracking counter's path search, which does not yet count tours of boards with holes such as ${graph.board}`,
      graph.board.key,
    );
  }
}

let countsHoles: boolean | undefined;
