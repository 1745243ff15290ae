import { type BruteGeometry, bruteNeighbours } from "../helpers/geometry-brute.js";

/**
 * Whether a tour exists, by unpruned depth-first search on the independent brute-force move
 * graph (test/helpers/geometry-brute.ts), stopping at the first tour: a closed tour is a cycle
 * through every cell (at least three), an open one a path, from `start` and to `end` if given.
 */
export function bruteExists(
  g: BruteGeometry,
  request: { closed: boolean; start?: number | undefined; end?: number | undefined },
): boolean {
  const adj = bruteNeighbours(g);
  const holes = new Set(g.holes ?? []);
  const cells: number[] = [];
  for (let v = 0; v < g.rows * g.cols; v++) if (!holes.has(v)) cells.push(v);
  const n = cells.length;
  if (request.closed && n < 3) return false;
  const seen = new Uint8Array(g.rows * g.cols);
  let first = -1;
  const dfs = (v: number, depth: number): boolean => {
    if (depth === n) {
      if (request.closed) return adj[v]!.includes(first);
      return request.end === undefined || v === request.end;
    }
    for (const w of adj[v]!) {
      if (seen[w]) continue;
      seen[w] = 1;
      if (dfs(w, depth + 1)) return true;
      seen[w] = 0;
    }
    return false;
  };
  const starts =
    request.start !== undefined ? [request.start] : request.closed ? [cells[0]!] : cells;
  for (const s of starts) {
    seen.fill(0);
    first = s;
    seen[s] = 1;
    if (dfs(s, 1)) return true;
  }
  return false;
}
