import type { KnightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";
import { PathSearch } from "../count/path-search.js";
import type { RootSpec } from "./count-tree.js";

/**
 * Knuth's estimate of the size of a backtrack tree (Knuth 1975, "Estimating the efficiency of
 * backtrack programs"): walk from the root to a dead end or a leaf, choosing each step uniformly
 * among the children the pruned search would try; with d_k children at depth k, the walk stands
 * for 1 + d₁ + d₁d₂ + … nodes. The mean over walks is an unbiased estimate of the number of
 * search nodes of the full count, at a cost of microseconds per walk. It has a heavy tail (it
 * usually underestimates), so it is used only to skip counts that are hopeless by far.
 */
export function estimateSearchNodes(
  graph: KnightGraph,
  roots: readonly RootSpec[],
  random: Random,
  walks = 256,
): number {
  if (roots.length === 0) return 0;
  const search = new PathSearch(graph);
  const prefix = new Int32Array(graph.board.cells);
  let sum = 0;
  const children: number[] = [];
  for (let w = 0; w < walks; w++) {
    const root = roots[random.int(roots.length)]!;
    let depth = root.prefix.length;
    for (let i = 0; i < depth; i++) prefix[i] = root.prefix[i]!;
    let weight = roots.length;
    let nodes = weight;
    for (;;) {
      children.length = 0;
      search.run(
        prefix.subarray(0, depth),
        root.end,
        (s) => {
          if (s.depth > depth) children.push(s.path[depth]!);
          return undefined;
        },
        depth + 1,
      );
      if (children.length === 0) break;
      weight *= children.length;
      nodes += weight;
      prefix[depth++] = children[random.int(children.length)]!;
    }
    sum += nodes;
  }
  return sum / walks;
}
