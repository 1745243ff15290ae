/**
 * An independent, deliberately plain counter of a knight's tour puzzle's solutions, for small
 * boards: it shares no code with src/ (no move graph, no distance bounds, no deduction). It
 * walks the knight step by step from every possible first cell and only checks that each
 * numbered cell is met at its number.
 */
export interface BrutePuzzle {
  rows: number;
  cols: number;
  closed: boolean;
  /** [row, col] of each hole. */
  holes: Array<[number, number]>;
  /** [row, col, step] of each clue. */
  clues: Array<[number, number, number]>;
}

const JUMPS = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];

/** Solutions of the puzzle, counted up to `limit`; `first` is one as [row, col] per step. */
export function brutePuzzleCount(
  p: BrutePuzzle,
  limit = Number.MAX_SAFE_INTEGER,
): { count: number; first: Array<[number, number]> | null } {
  const hole = p.holes.map(([r, c]) => `${r},${c}`);
  const free: boolean[][] = [];
  for (let r = 0; r < p.rows; r++) {
    free.push([]);
    for (let c = 0; c < p.cols; c++) free[r]!.push(!hole.includes(`${r},${c}`));
  }
  const total = p.rows * p.cols - p.holes.length;
  const clueAt = new Map<number, [number, number]>();
  const clueOn = new Map<string, number>();
  for (const [r, c, s] of p.clues) {
    clueAt.set(s, [r, c]);
    clueOn.set(`${r},${c}`, s);
  }
  const path: Array<[number, number]> = [];
  const used = free.map((row) => row.map(() => false));
  let count = 0;
  let first: Array<[number, number]> | null = null;
  const fitsStep = (r: number, c: number, step: number): boolean => {
    const want = clueAt.get(step);
    if (want !== undefined) return want[0] === r && want[1] === c;
    return !clueOn.has(`${r},${c}`);
  };
  const walk = (r: number, c: number): void => {
    if (count >= limit) return;
    if (path.length === total) {
      const [r0, c0] = path[0]!;
      const dr = Math.abs(r - r0);
      const dc = Math.abs(c - c0);
      if (p.closed && !((dr === 1 && dc === 2) || (dr === 2 && dc === 1))) return;
      count++;
      if (first === null) first = path.map(([a, b]) => [a, b]);
      return;
    }
    for (const [dr, dc] of JUMPS) {
      const nr = r + dr!;
      const nc = c + dc!;
      if (nr < 0 || nc < 0 || nr >= p.rows || nc >= p.cols) continue;
      if (!free[nr]![nc] || used[nr]![nc] || !fitsStep(nr, nc, path.length + 1)) continue;
      used[nr]![nc] = true;
      path.push([nr, nc]);
      walk(nr, nc);
      path.pop();
      used[nr]![nc] = false;
    }
  };
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) {
      if (!free[r]![c] || !fitsStep(r, c, 1)) continue;
      used[r]![c] = true;
      path.push([r, c]);
      walk(r, c);
      path.pop();
      used[r]![c] = false;
    }
  }
  return { count, first };
}
