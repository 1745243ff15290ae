/**
 * Fers–wazir tours by plain depth-first search, sharing no code with src/: from cell 0, every
 * walk that visits each cell once, alternating a diagonal step and an orthogonal step, and
 * steps back to cell 0 by the class the alternation calls for. For boards of up to ~24 cells.
 */

/** The closed alternating tours of rows × cols, undirected (each cycle once), as OEIS A383153. */
export function bruteFersWazir(rows: number, cols: number): number {
  const n = rows * cols;
  if (n < 4) return 0;
  const seen = new Uint8Array(n);
  // diagonal = 1: the step from the current cell must be diagonal.
  const step = (v: number, diagonal: number): number[] => {
    const out: number[] = [];
    const r = Math.floor(v / cols);
    const c = v % cols;
    const deltas = diagonal
      ? [
          [1, 1],
          [1, -1],
          [-1, 1],
          [-1, -1],
        ]
      : [
          [0, 1],
          [0, -1],
          [1, 0],
          [-1, 0],
        ];
    for (const [dr, dc] of deltas) {
      const nr = r + dr!;
      const nc = c + dc!;
      if (nr >= 0 && nr < rows && nc >= 0 && nc < cols) out.push(nr * cols + nc);
    }
    return out;
  };
  let directed = 0;
  const dfs = (v: number, depth: number, diagonal: number, firstDiagonal: number): void => {
    if (depth === n) {
      // The closing step takes the class after the last one; it must differ from the first
      // step's, so that cell 0 too has one of each.
      if (diagonal !== firstDiagonal && step(v, diagonal).includes(0)) directed++;
      return;
    }
    for (const w of step(v, diagonal)) {
      if (seen[w]) continue;
      seen[w] = 1;
      dfs(w, depth + 1, 1 - diagonal, firstDiagonal);
      seen[w] = 0;
    }
  };
  seen[0] = 1;
  dfs(0, 1, 1, 1);
  dfs(0, 1, 0, 0);
  // Each undirected cycle through cell 0 is walked once in each direction.
  return directed / 2;
}
