/**
 * Independent brute force for the symmetry tests: every closed tour of a small board, and
 * every directed open tour, by plain recursion over (row, col) with one simple prune. It
 * shares no code with src/ (only the move arithmetic), so it can check the quotient counts.
 */
const MOVES = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
] as const;

function neighbours(rows: number, cols: number): number[][] {
  const out: number[][] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const list: number[] = [];
      for (const [dr, dc] of MOVES) {
        const nr = r + dr;
        const nc = c + dc;
        if (nr >= 0 && nr < rows && nc >= 0 && nc < cols) list.push(nr * cols + nc);
      }
      out.push(list);
    }
  }
  return out;
}

/**
 * Every undirected closed tour, each once: from the corner cell 0, whose only two moves are
 * forced, out through its first neighbour and back through its second.
 */
export function bruteClosedTours(rows: number, cols: number): Int32Array[] {
  const total = rows * cols;
  const nbrs = neighbours(rows, cols);
  const tours: Int32Array[] = [];
  if (total < 4 || nbrs[0]!.length !== 2) return tours;
  const [first, last] = nbrs[0]!;
  const seen = new Uint8Array(total);
  // free[v]: neighbours of v not yet on the path (the corner counts: it closes the tour).
  const free = nbrs.map((list) => list.length);
  const path = new Int32Array(total);
  const place = (v: number, on: boolean) => {
    seen[v] = on ? 1 : 0;
    for (const w of nbrs[v]!) free[w]! += on ? -1 : 1;
  };
  const dfs = (v: number, depth: number): void => {
    if (depth === total) {
      if (v === last) tours.push(path.slice());
      return;
    }
    for (const w of nbrs[v]!) {
      if (seen[w] || (w === last && depth < total - 1)) continue;
      path[depth] = w;
      place(w, true);
      // Prune: an unvisited cell next to v (other than w and the last cell) left with no way
      // out but one can no longer be passed through.
      let ok = true;
      for (const x of nbrs[v]!) {
        if (!seen[x] && x !== last && free[x]! < 2) ok = false;
      }
      if (ok) dfs(w, depth + 1);
      place(w, false);
    }
  };
  path[0] = 0;
  place(0, true);
  free[first]!++;
  free[last]!++; // the corner stays available to its two neighbours
  path[1] = first;
  place(first, true);
  dfs(first, 2);
  return tours;
}

/** Every directed open tour (each path once per direction), for tiny boards like 5×5. */
export function bruteOpenTours(rows: number, cols: number): Int32Array[] {
  const total = rows * cols;
  const nbrs = neighbours(rows, cols);
  const tours: Int32Array[] = [];
  const seen = new Uint8Array(total);
  const path = new Int32Array(total);
  const dfs = (v: number, depth: number): void => {
    if (depth === total) {
      tours.push(path.slice());
      return;
    }
    for (const w of nbrs[v]!) {
      if (seen[w]) continue;
      seen[w] = 1;
      path[depth] = w;
      dfs(w, depth + 1);
      seen[w] = 0;
    }
  };
  for (let s = 0; s < total; s++) {
    seen[s] = 1;
    path[0] = s;
    dfs(s, 1);
    seen[s] = 0;
  }
  return tours;
}

/** The image of cell v under a transform given as a function of (r, c). */
export function mapCell(
  cols: number,
  f: (r: number, c: number) => [number, number],
  v: number,
  outCols = cols,
): number {
  const [r, c] = f(Math.floor(v / cols), v % cols);
  return r * outCols + c;
}

/** A key of a tour's set of moves, independent of start and direction. */
export function edgeSetKey(path: ArrayLike<number>, closed: boolean): string {
  const edges: string[] = [];
  const n = path.length;
  const count = closed ? n : n - 1;
  for (let i = 0; i < count; i++) {
    const a = path[i]!;
    const b = path[(i + 1) % n]!;
    edges.push(a < b ? `${a}-${b}` : `${b}-${a}`);
  }
  return edges.sort().join(" ");
}

/**
 * How the map f acts on a closed tour: "rotating" (moves it along itself), "reversing", or
 * null when it does not map the tour onto itself. Compares edge sets (independent of src/).
 */
export function closedTourSymmetry(
  path: Int32Array,
  cols: number,
  f: (r: number, c: number) => [number, number],
): "rotating" | "reversing" | null {
  const n = path.length;
  const image = Array.from(path, (v) => mapCell(cols, f, v));
  if (edgeSetKey(image, true) !== edgeSetKey(path, true)) return null;
  const at = path.indexOf(image[0]!);
  return path[(at + 1) % n] === image[1] ? "rotating" : "reversing";
}
