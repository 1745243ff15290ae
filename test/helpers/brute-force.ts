/**
 * An independent, deliberately simple tour finder for tiny boards: recursive DFS over
 * (row, col) pairs, sharing no code with src/. It tries moves with fewer onward moves first
 * (so tours that exist are found fast) but prunes nothing, so a "no" is a full exhaustion.
 * Used to check the theory and the solvers against the ground truth.
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
];

export interface BruteQuery {
  rows: number;
  cols: number;
  closed: boolean;
  /** [row, col] of the first cell; any when omitted. */
  start?: [number, number];
  end?: [number, number];
}

/** Whether some tour meets the query (exhaustive). */
export function bruteForceExists(q: BruteQuery): boolean {
  return bruteForceTour(q) !== null;
}

/** A tour meeting the query as flat cells r * cols + c, or null when none exists. */
export function bruteForceTour(q: BruteQuery): number[] | null {
  const { rows, cols } = q;
  const total = rows * cols;
  const seen = new Uint8Array(total);
  const isMove = (a: number, b: number) => {
    const dr = Math.abs(Math.floor(a / cols) - Math.floor(b / cols));
    const dc = Math.abs((a % cols) - (b % cols));
    return (dr === 1 && dc === 2) || (dr === 2 && dc === 1);
  };
  const neighbours = (cell: number): number[] => {
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    const out: number[] = [];
    for (const [dr, dc] of MOVES) {
      const nr = r + dr!;
      const nc = c + dc!;
      if (nr >= 0 && nr < rows && nc >= 0 && nc < cols) out.push(nr * cols + nc);
    }
    return out;
  };
  // Moving cell → next strands an unvisited neighbour u of cell when u has no unvisited
  // neighbour left and cannot be entered from next either: no tour can reach u any more.
  const strandsACell = (cell: number, next: number): boolean => {
    for (const u of neighbours(cell)) {
      if (seen[u] || isMove(u, next)) continue;
      let links = 0;
      for (const w of neighbours(u)) if (!seen[w]) links++;
      if (links === 0) return true;
    }
    return false;
  };
  const endCell = q.end ? q.end[0] * cols + q.end[1] : -1;
  let first = -1;
  const path: number[] = [];
  const dfs = (cell: number, depth: number): boolean => {
    if (depth === total) {
      if (endCell >= 0 && cell !== endCell) return false;
      return !q.closed || (total > 2 && isMove(cell, first));
    }
    const candidates: Array<[number, number]> = [];
    for (const next of neighbours(cell)) {
      if (seen[next]) continue;
      if (next === endCell && depth + 1 < total) continue;
      let onward = 0;
      for (const after of neighbours(next)) if (!seen[after]) onward++;
      candidates.push([onward, next]);
    }
    candidates.sort((a, b) => a[0] - b[0]);
    for (const [, next] of candidates) {
      seen[next] = 1;
      path[depth] = next;
      if (strandsACell(cell, next)) {
        seen[next] = 0;
        continue;
      }
      if (dfs(next, depth + 1)) return true;
      seen[next] = 0;
    }
    return false;
  };
  // Every closed tour passes through cell 0, so one start is enough to settle "any closed tour".
  const starts = q.start
    ? [q.start[0] * cols + q.start[1]]
    : q.closed
      ? [0]
      : Array.from({ length: total }, (_, i) => i);
  for (const s of starts) {
    if (s === endCell && total > 1) continue;
    seen.fill(0);
    seen[s] = 1;
    first = s;
    path[0] = s;
    if (dfs(s, 1)) return path.slice(0, total);
  }
  return null;
}
