import type { Board } from "../core/board.js";
import type { KnightGraph } from "../core/graph.js";

/**
 * Facts about a move graph that the searches size and prune by, computed once per graph (the
 * graph is cached per geometry, so these are too): the largest degree (the width of a search
 * frame), whether the graph has a triangle (the leaving-cell check of `search` needs none), and
 * the cells a tour visits (the board's cells minus its holes).
 */

interface Facts {
  readonly maxDegree: number;
  readonly triangles: boolean;
}

const facts = new WeakMap<KnightGraph, Facts>();

function factsOf(graph: KnightGraph): Facts {
  let known = facts.get(graph);
  if (known === undefined) {
    known = { maxDegree: largestDegree(graph), triangles: hasTriangle(graph) };
    facts.set(graph, known);
  }
  return known;
}

/** The most moves any cell has (at least 1, so frames are never empty arrays). */
export function maxDegree(graph: KnightGraph): number {
  return factsOf(graph).maxDegree;
}

/**
 * Whether three cells are pairwise one move apart. Never on a bipartite graph (every knight
 * board, any leaper with a + b odd on a plane): only wrapped boards and unions such as
 * wazir+fers have them.
 */
export function hasTriangles(graph: KnightGraph): boolean {
  return factsOf(graph).triangles;
}

function largestDegree(graph: KnightGraph): number {
  let most = 1;
  for (let v = 0; v < graph.degree.length; v++) most = Math.max(most, graph.degree[v]!);
  return most;
}

function hasTriangle(graph: KnightGraph): boolean {
  if (graph.bipartite) return false;
  const { offsets, targets } = graph;
  for (let v = 0; v < graph.degree.length; v++) {
    for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
      const u = targets[i]!;
      if (u < v) continue;
      for (let j = i + 1; j < offsets[v + 1]!; j++) {
        if (graph.adjacent(u, targets[j]!)) return true;
      }
    }
  }
  return false;
}

/** The cells that are not holes, ascending (0, 1, … on a board without holes). */
export function tourCellList(board: Board): Int32Array {
  const out = new Int32Array(board.vertexCount);
  for (let v = 0, k = 0; v < board.cells; v++) if (!board.isHole(v)) out[k++] = v;
  return out;
}
