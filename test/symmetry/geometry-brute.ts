/**
 * Independent brute force for symmetry on geometries (tori, cylinders, pieces, holes): every
 * closed tour by a plain DFS over test/helpers' brute neighbours, the geometry's group built
 * from its definition by plain arithmetic (the turns and mirrors the topology keeps, the shifts
 * of wrapped axes, kept when they map holes to holes), and orbits counted by the least image of
 * each tour's edge set. Shares no code with src/.
 */
import { type BruteGeometry, bruteNeighbours } from "../helpers/geometry-brute.js";

/** Every undirected closed tour, each once: from the least cell, second cell < last cell. */
export function bruteClosedTourList(g: BruteGeometry): Int32Array[] {
  const adj = bruteNeighbours(g);
  const holes = new Set(g.holes ?? []);
  const cells: number[] = [];
  for (let v = 0; v < g.rows * g.cols; v++) if (!holes.has(v)) cells.push(v);
  const n = cells.length;
  const out: Int32Array[] = [];
  if (n < 3) return out;
  const first = cells[0]!;
  const seen = new Uint8Array(g.rows * g.cols);
  const path = new Int32Array(n);
  const dfs = (v: number, depth: number) => {
    if (depth === n) {
      if (adj[v]!.includes(first) && path[1]! < path[n - 1]!) out.push(path.slice());
      return;
    }
    for (const w of adj[v]!) {
      if (seen[w]) continue;
      seen[w] = 1;
      path[depth] = w;
      dfs(w, depth + 1);
      seen[w] = 0;
    }
  };
  seen[first] = 1;
  path[0] = first;
  dfs(first, 1);
  return out;
}

type Map2 = (r: number, c: number) => [number, number];

/** The group of the geometry as cell permutations, from its definition (identity first). */
export function bruteGroup(g: BruteGeometry): Int32Array[] {
  const { rows: R, cols: C } = g;
  const topology = g.topology ?? "plane";
  const turns: Map2[] = [
    (r, c) => [r, c],
    (r, c) => [R - 1 - r, C - 1 - c],
    (r, c) => [r, C - 1 - c],
    (r, c) => [R - 1 - r, c],
  ];
  // Turns that swap rows and columns: only a square whose two axes are alike.
  if (R === C && topology !== "cylinder") {
    turns.push(
      (r, c) => [c, R - 1 - r],
      (r, c) => [C - 1 - c, r],
      (r, c) => [c, r],
      (r, c) => [C - 1 - c, R - 1 - r],
    );
  }
  const rowShifts = topology === "torus" ? R : 1;
  const colShifts = topology === "plane" ? 1 : C;
  const holes = new Set(g.holes ?? []);
  const out: Int32Array[] = [];
  for (const turn of turns) {
    for (let a = 0; a < rowShifts; a++) {
      for (let b = 0; b < colShifts; b++) {
        const perm = new Int32Array(R * C);
        for (let v = 0; v < R * C; v++) {
          const [r, c] = turn(Math.floor(v / C), v % C);
          perm[v] = ((r + a) % R) * C + ((c + b) % C);
        }
        if ([...holes].every((h) => holes.has(perm[h]!))) out.push(perm);
      }
    }
  }
  return out;
}

/** The sorted edges of a closed tour as one string (start and direction forgotten). */
export function cycleKey(path: ArrayLike<number>): string {
  const n = path.length;
  const edges: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = path[i]!;
    const b = path[(i + 1) % n]!;
    edges.push(a < b ? `${a}-${b}` : `${b}-${a}`);
  }
  return edges.sort().join(" ");
}

/** A cycle's edges as sorted numbers a·cells + b (a < b): its edge set, in a comparable form. */
function edgeCodes(path: ArrayLike<number>, cells: number): Int32Array {
  const n = path.length;
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const a = path[i]!;
    const b = path[(i + 1) % n]!;
    out[i] = a < b ? a * cells + b : b * cells + a;
  }
  return out.sort();
}

/** The number of orbits of the tours under the group: distinct least images of edge sets. */
export function bruteOrbits(tours: readonly Int32Array[], group: readonly Int32Array[]): number {
  const seen = new Set<string>();
  for (const path of tours) {
    let least: Int32Array | null = null;
    for (const perm of group) {
      const cells = perm.length;
      const codes = edgeCodes(
        Array.from(path, (v) => perm[v]!),
        cells,
      );
      if (least === null || lessThan(codes, least)) least = codes;
    }
    seen.add(least!.join(","));
  }
  return seen.size;
}

function lessThan(a: Int32Array, b: Int32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** Whether the permutation maps the tour's edge set onto itself. */
export function fixesCycle(path: Int32Array, perm: Int32Array): boolean {
  return cycleKey(Array.from(path, (v) => perm[v]!)) === cycleKey(path);
}
