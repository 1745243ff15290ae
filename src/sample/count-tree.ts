import type { KnightGraph } from "../core/graph.js";
import { createRandom } from "../core/random.js";
import { PathSearch } from "../count/path-search.js";
import { estimateSearchNodes } from "./estimate.js";

/**
 * Unranking Hamiltonian paths by counting: the engine of uniform sampling.
 *
 * The tours to sample from are split into a few *roots* — "the paths that begin with this
 * prefix and end at this cell (or anywhere)" — each counted once by the backtracking counter's
 * PathSearch. Their tours are numbered 0 … total−1 in the order the depth-first search meets
 * them (neighbours in CSR order at every step). `unrank(r)` finds tour number r without listing
 * the others, by self-reducibility: at a prefix, count the completions through each next cell,
 * skip whole subtrees while r is past them, and step into the one that holds r. A uniformly
 * random r is then a uniformly random tour, exactly.
 *
 * Ranks are served in sorted batches (`unrankMany`): one walk of a subtree collects every rank
 * that falls in it, so a batch costs at most one count of the tours, however many it holds.
 *
 * The counts are cached in a tree, so the expensive top levels are counted once and shared by
 * every later batch:
 * - the top levels come free with the count: each root is cut, as the backtracking counter
 *   cuts its work, into prefixes a few cells long (about `splitTarget` in all), and each is
 *   counted on its own — the same search nodes as one count of the root;
 * - a prefix whose subtree is cheap (at most `enumerateNodes` search nodes), or that is met for
 *   the first time, is not split: the search walks its completions up to the last rank wanted
 *   there (for a single rank, half the subtree on average — cheaper than counting every child);
 * - a prefix met again is split: each child's completions are counted (with their search cost)
 *   and kept, and later visits step straight through it to the children that hold ranks.
 * The cache stops growing at `maxCachedNodes` nodes; deeper visits then just walk.
 */

/** One prefix of the rank space. Its cells are the cells on the way down from its root. */
interface PrefixNode {
  /** The cell this node adds to its parent's prefix. */
  readonly cell: number;
  /** Number of completions (tours beginning with this prefix). */
  total: number;
  /** Search nodes it took to count them: the cost of walking this subtree. */
  cost: number;
  /** Visits that walked instead of splitting. */
  visits: number;
  /** The next cells with at least one completion, in search order; null until split. */
  children: PrefixNode[] | null;
}

/** A counted root: the paths beginning with `prefix` and ending at `end` (-1: anywhere). */
export interface RootSpec {
  readonly prefix: readonly number[];
  readonly end: number;
}

/** A root's tours, possibly shared: `perm` (when not null) maps the root's tours to this slot's. */
export interface RootSlot {
  readonly root: number;
  readonly perm: Int32Array | null;
}

/**
 * Thrown when `shouldStop` or the node limit ended a count; `estimate` is set when the count was
 * not started because Knuth's estimate of its search nodes was over the node limit.
 */
export class CountStopped extends Error {
  readonly estimate: number | null;
  constructor(estimate: number | null = null) {
    super("count stopped");
    this.name = "CountStopped";
    this.estimate = estimate;
  }
}

/** The estimator's own seed: the choice of method must not depend on the user's --seed. */
const ESTIMATE_SEED = 0x5eed;

export interface CountTreeOptions {
  /** Subtrees cheaper than this many search nodes are walked, never split (default 20,000). */
  readonly enumerateNodes?: number;
  /** Most prefix nodes kept in the cache (default 200,000). */
  readonly maxCachedNodes?: number;
  /**
   * The root counts are cut into about this many prefix counts in all (default 2048), which
   * cost the same as one count per root and give the top of the tree for free.
   */
  readonly splitTarget?: number;
  /**
   * Polled during the searches with the tree's search nodes so far (a Budget's `shouldStop`
   * fits); true stops them (CountStopped is thrown).
   */
  readonly shouldStop?: ((nodes: number) => boolean) | null | undefined;
  /**
   * Stop the root counts once they have used this many search nodes (CountStopped); when
   * Knuth's estimate of the count's nodes is over this, do not start.
   */
  readonly nodeLimit?: number | undefined;
  /** Called after each piece of the root counts: pieces done, pieces in all, search nodes. */
  readonly onProgress?: ((done: number, total: number, nodes: number) => void) | undefined;
  /** With a node limit, check Knuth's estimate before counting (default true). */
  readonly estimateFirst?: boolean | undefined;
}

export class CountTree {
  readonly graph: KnightGraph;
  /** The number of tours in the rank space: Σ over slots of their root's count. */
  readonly total: bigint;
  /** Search nodes spent so far (counting roots, splitting, walking). */
  get nodes(): number {
    return this.search.nodes;
  }
  private readonly search: PathSearch;
  private readonly roots: RootSpec[];
  private readonly rootNodes: PrefixNode[];
  private readonly slots: RootSlot[];
  private readonly enumerateNodes: number;
  private readonly maxCachedNodes: number;
  private readonly shouldStop: (() => boolean) | null;
  private cached = 0;
  /** The prefix being descended (cells 0 … depth−1). */
  private readonly prefix: Int32Array;

  /**
   * Count every root (the expensive part: as much as counting the tours once). `slots` lists
   * the rank space in order: slot k stands for root `slots[k].root`'s tours, mapped through
   * `slots[k].perm` when given (a board symmetry: the tours from a cell are the tours from its
   * orbit's representative, turned).
   */
  constructor(
    graph: KnightGraph,
    roots: readonly RootSpec[],
    slots: readonly RootSlot[] | null = null,
    options: CountTreeOptions = {},
  ) {
    this.graph = graph;
    this.search = new PathSearch(graph);
    this.roots = roots.map((root) => ({ prefix: [...root.prefix], end: root.end }));
    this.enumerateNodes = options.enumerateNodes ?? 20_000;
    this.maxCachedNodes = options.maxCachedNodes ?? 200_000;
    this.prefix = new Int32Array(graph.board.cells);
    const limit = options.nodeLimit ?? Number.POSITIVE_INFINITY;
    if (Number.isFinite(limit) && options.estimateFirst !== false) {
      // A count that is plainly over the limit is not started: Knuth's estimate (1024 walks,
      // fixed seed) says so in milliseconds. It tends to underestimate (by 2–3× on 6×6 open,
      // 6×7 closed, 4×10 open), so it is compared with the limit itself.
      const estimate = estimateSearchNodes(graph, this.roots, createRandom(ESTIMATE_SEED), 1024);
      if (estimate > limit) throw new CountStopped(estimate);
    }
    const stop = options.shouldStop ?? null;
    // The caller's poll sees the tree's search nodes (a budget's node limit counts them).
    const outer = stop === null ? null : () => stop(this.search.nodes);
    this.shouldStop = outer;
    const pieces = Math.max(1, Math.ceil((options.splitTarget ?? 2048) / this.roots.length));
    const cuts = this.roots.map((root) => this.cutRoot(root, pieces));
    const first = this.search.nodes;
    const stopRoots =
      Number.isFinite(limit) || outer !== null
        ? () => this.search.nodes - first > limit || (outer?.() ?? false)
        : null;
    const allPieces = cuts.reduce((sum, cut) => sum + cut.length, 0);
    let done = 0;
    const onPiece = options.onProgress
      ? () => options.onProgress?.(++done, allPieces, this.search.nodes)
      : null;
    this.rootNodes = this.roots.map((root, r) =>
      this.countRoot(root, cuts[r]!, stopRoots, onPiece),
    );
    this.slots = slots ? [...slots] : this.roots.map((_, root) => ({ root, perm: null }));
    let total = 0n;
    for (const slot of this.slots) total += BigInt(this.rootNodes[slot.root]!.total);
    this.total = total;
  }

  /**
   * Cut a root's paths as the backtracking counter does (backtrackPlan): at the first depth
   * that gives at least `pieces` prefixes (at most 8 cells deeper). countRoot counts each and
   * builds the tree's top levels from them — the same search nodes as one count of the root,
   * but the first samples then walk a piece, not the whole root.
   */
  private cutRoot(root: RootSpec, pieces: number): Int32Array[] {
    const search = this.search;
    const base = root.prefix.length;
    let prefixes: Int32Array[] = [Int32Array.from(root.prefix)];
    for (let extra = 1; extra <= 8 && prefixes.length < pieces; extra++) {
      const deeper: Int32Array[] = [];
      let grew = false;
      search.run(
        root.prefix,
        root.end,
        (s) => {
          if (s.depth === base + extra) grew = true;
          deeper.push(s.path.slice(0, s.depth));
          return undefined;
        },
        base + extra,
      );
      if (!grew) break;
      prefixes = deeper;
    }
    return prefixes;
  }

  /** Count each piece of a root (see cutRoot) and build the root's top levels from them. */
  private countRoot(
    root: RootSpec,
    prefixes: readonly Int32Array[],
    shouldStop: (() => boolean) | null,
    onPiece: (() => void) | null,
  ): PrefixNode {
    const search = this.search;
    const base = root.prefix.length;
    const top: PrefixNode = {
      cell: root.prefix[base - 1]!,
      total: 0,
      cost: 0,
      visits: 0,
      children: null,
    };
    const trail: PrefixNode[] = [top];
    for (const prefix of prefixes) {
      const before = search.nodes;
      const found = search.run(prefix, root.end, null, undefined, shouldStop);
      if (found < 0) throw new CountStopped();
      onPiece?.();
      const cost = search.nodes - before;
      // Descend from the top along the prefix, adding the nodes this prefix is the first to reach.
      let node = top;
      for (let d = base; d < prefix.length; d++) {
        node.children ??= [];
        const last = node.children[node.children.length - 1];
        if (last !== undefined && last.cell === prefix[d] && trail[d - base + 1] === last) {
          node = last;
        } else {
          const child: PrefixNode = {
            cell: prefix[d]!,
            total: 0,
            cost: 0,
            visits: 0,
            children: null,
          };
          node.children.push(child);
          node = child;
        }
        trail[d - base + 1] = node;
      }
      for (let d = 0; d <= prefix.length - base; d++) {
        trail[d]!.total += found;
        trail[d]!.cost += cost;
      }
      this.cached += prefix.length - base;
    }
    prune(top);
    return top;
  }

  /** The number of tours of slot k (its root's count). */
  slotTotal(k: number): number {
    return this.rootNodes[this.slots[k]!.root]!.total;
  }

  /** Tour number `rank` (0 ≤ rank < total) in search order: its cells, in visiting order. */
  unrank(rank: bigint): Int32Array {
    return this.unrankMany([rank])[0]!;
  }

  /**
   * Tours number `ranks[i]`, in the order asked (repeats allowed). The ranks are sorted and
   * served together: one walk of an unsplit subtree collects every rank that falls in it, so a
   * batch costs at most one count of the tours however many it holds.
   */
  unrankMany(ranks: readonly bigint[]): Int32Array[] {
    const out = new Array<Int32Array>(ranks.length);
    // Which slot each rank falls in; ranks of slots sharing a root are served together.
    const byRoot: Wanted[][] = this.roots.map(() => []);
    const perms: (Int32Array | null)[] = new Array(ranks.length).fill(null);
    ranks.forEach((rank, index) => {
      if (rank < 0n || rank >= this.total) {
        throw new RangeError(`rank ${rank} is outside 0..${this.total - 1n}`);
      }
      let rest = rank;
      for (const slot of this.slots) {
        const size = BigInt(this.rootNodes[slot.root]!.total);
        if (rest < size) {
          byRoot[slot.root]!.push({ rank: Number(rest), index });
          perms[index] = slot.perm;
          return;
        }
        rest -= size;
      }
    });
    byRoot.forEach((items, r) => {
      if (items.length === 0) return;
      items.sort((x, y) => x.rank - y.rank || x.index - y.index);
      const root = this.roots[r]!;
      const depth = root.prefix.length;
      for (let i = 0; i < depth; i++) this.prefix[i] = root.prefix[i]!;
      this.serve(this.rootNodes[r]!, depth, root.end, items, out);
    });
    perms.forEach((perm, index) => {
      if (perm === null) return;
      const path = out[index]!;
      for (let i = 0; i < path.length; i++) path[i] = perm[path[i]!]!;
    });
    return out;
  }

  /** Fill `out` for `items` (sorted by rank, ranks within `node`), `prefix[0 .. depth)` = node. */
  private serve(
    node: PrefixNode,
    depth: number,
    end: number,
    items: readonly Wanted[],
    out: Int32Array[],
  ): void {
    const prefix = this.prefix;
    if (node.children === null) {
      const walk =
        node.cost <= this.enumerateNodes || node.visits === 0 || this.cached >= this.maxCachedNodes;
      if (walk) {
        node.visits++;
        this.walkTo(prefix.subarray(0, depth), end, items, out);
        return;
      }
      const { offsets, targets } = this.graph;
      node.children = this.split(prefix.subarray(0, depth), end, node, offsets, targets);
    }
    let from = 0;
    let base = 0;
    for (const child of node.children) {
      let to = from;
      while (to < items.length && items[to]!.rank < base + child.total) to++;
      if (to > from) {
        const part = items
          .slice(from, to)
          .map((item) => ({ rank: item.rank - base, index: item.index }));
        prefix[depth] = child.cell;
        this.serve(child, depth + 1, end, part, out);
      }
      base += child.total;
      from = to;
    }
    if (from < items.length) throw new Error("unreachable: children's counts do not add up");
  }

  /** Count the completions through each next cell of `prefix` (in search order). */
  private split(
    prefix: Int32Array,
    end: number,
    node: PrefixNode,
    offsets: Int32Array,
    targets: Int32Array,
  ): PrefixNode[] {
    const depth = prefix.length;
    const head = prefix[depth - 1]!;
    const extended = new Int32Array(depth + 1);
    extended.set(prefix);
    const children: PrefixNode[] = [];
    let sum = 0;
    for (let k = offsets[head]!, stop = offsets[head + 1]!; k < stop; k++) {
      const cell = targets[k]!;
      if (prefix.includes(cell)) continue;
      extended[depth] = cell;
      const before = this.search.nodes;
      const found = this.search.run(extended, end, null, undefined, this.shouldStop);
      if (found < 0) throw new CountStopped();
      if (found === 0) continue;
      sum += found;
      children.push({
        cell,
        total: found,
        cost: this.search.nodes - before,
        visits: 0,
        children: null,
      });
    }
    if (sum !== node.total) {
      throw new Error(`internal: a prefix's ${node.total} completions split into ${sum}`);
    }
    this.cached += children.length;
    return children;
  }

  /** The completions of `prefix` numbered by `items` (sorted), in one walk of the search. */
  private walkTo(
    prefix: Int32Array,
    end: number,
    items: readonly Wanted[],
    out: Int32Array[],
  ): void {
    let seen = 0;
    let next = 0;
    this.search.run(
      prefix,
      end,
      (search) => {
        while (next < items.length && items[next]!.rank === seen) {
          out[items[next++]!.index] = search.path.slice(0, search.depth);
        }
        seen++;
        return next < items.length;
      },
      undefined,
      this.shouldStop,
    );
    if (next < items.length) {
      if (this.shouldStop?.()) throw new CountStopped();
      throw new Error(`internal: completion ${items[next]!.rank} of a prefix was not found`);
    }
  }
}

/** Drop the children with no completions (the pieces of a root that had none). */
function prune(node: PrefixNode): void {
  if (node.children === null) return;
  node.children = node.children.filter((child) => child.total > 0);
  for (const child of node.children) prune(child);
  // A split node with no children left is an unsplit node with no tours.
  if (node.children.length === 0) node.children = null;
}

/** A rank wanted within a subtree, and where its tour goes in the output. */
interface Wanted {
  readonly rank: number;
  readonly index: number;
}
