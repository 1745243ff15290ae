/**
 * An independent move graph and tour counter for any leaper geometry, sharing no code with src/:
 * the moves come from the leaps by plain arithmetic (wrapped with % where the board wraps), and
 * tours are counted by an unpruned depth-first search. For boards of up to ~20 cells.
 */
export interface BruteGeometry {
  rows: number;
  cols: number;
  /** Leaps [a, b]; the knight when omitted. */
  leaps?: Array<[number, number]>;
  topology?: "plane" | "cylinder" | "torus";
  /** Flat cells r * cols + c. */
  holes?: number[];
}

/** Neighbour sets of every cell (holes have none), loops and repeats dropped. */
export function bruteNeighbours(g: BruteGeometry): number[][] {
  const { rows, cols } = g;
  const leaps = g.leaps ?? [[1, 2]];
  const wrapRows = g.topology === "torus";
  const wrapCols = g.topology === "cylinder" || g.topology === "torus";
  const holes = new Set(g.holes ?? []);
  const out: number[][] = [];
  for (let v = 0; v < rows * cols; v++) {
    const set = new Set<number>();
    if (!holes.has(v)) {
      const r = Math.floor(v / cols);
      const c = v % cols;
      for (const [a, b] of leaps) {
        for (const [x, y] of [
          [a, b],
          [b, a],
        ] as const) {
          for (const sr of [1, -1]) {
            for (const sc of [1, -1]) {
              let nr = r + sr * x;
              let nc = c + sc * y;
              if (wrapRows) nr = ((nr % rows) + rows) % rows;
              if (wrapCols) nc = ((nc % cols) + cols) % cols;
              if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) continue;
              const w = nr * cols + nc;
              if (w !== v && !holes.has(w)) set.add(w);
            }
          }
        }
      }
    }
    out.push([...set].sort((p, q) => p - q));
  }
  return out;
}

/**
 * Tours by exhaustive search: `closed` counts undirected Hamiltonian cycles, `open` counts
 * directed Hamiltonian paths (each path once per direction), as the project counts them.
 */
export function bruteCount(g: BruteGeometry): { closed: number; open: number } {
  const adj = bruteNeighbours(g);
  const holes = new Set(g.holes ?? []);
  const cells: number[] = [];
  for (let v = 0; v < g.rows * g.cols; v++) if (!holes.has(v)) cells.push(v);
  const n = cells.length;
  const seen = new Uint8Array(g.rows * g.cols);
  let open = 0;
  let closedDirected = 0;
  let first = -1;
  const dfs = (v: number, depth: number) => {
    if (depth === n) {
      open++;
      if (n > 2 && adj[v]!.includes(first)) closedDirected++;
      return;
    }
    for (const w of adj[v]!) {
      if (seen[w]) continue;
      seen[w] = 1;
      dfs(w, depth + 1);
      seen[w] = 0;
    }
  };
  for (const s of cells) {
    first = s;
    seen[s] = 1;
    dfs(s, 1);
    seen[s] = 0;
  }
  if (n === 1) return { closed: 0, open: 1 };
  // Each undirected cycle is found n times (starts) × 2 (directions).
  return { closed: closedDirected / (2 * n), open };
}

/**
 * Every directed Hamiltonian path by brute force, tallied by its two ends: `ends[s][e]` paths
 * run from s to e. Built on bruteNeighbours only (independent of src/).
 */
export function brutePathEnds(g: BruteGeometry): { ends: number[][]; adj: number[][] } {
  const adj = bruteNeighbours(g);
  const cells = g.rows * g.cols;
  const n = cells - (g.holes?.length ?? 0);
  const ends = Array.from({ length: cells }, () => new Array<number>(cells).fill(0));
  const seen = new Uint8Array(cells);
  const dfs = (s: number, v: number, depth: number): void => {
    if (depth === n) {
      ends[s]![v]!++;
      return;
    }
    for (const w of adj[v]!) {
      if (seen[w]) continue;
      seen[w] = 1;
      dfs(s, w, depth + 1);
      seen[w] = 0;
    }
  };
  for (let s = 0; s < cells; s++) {
    if (g.holes?.includes(s)) continue;
    seen[s] = 1;
    dfs(s, s, 1);
    seen[s] = 0;
  }
  return { ends, adj };
}
