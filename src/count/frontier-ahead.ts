/**
 * How much a frontier sweep has still to read, for its ETA: the states the cells after `t` will
 * take as input, predicted from the growth of each cell one row earlier. A cell's time is about
 * proportional to the states it reads, so this times the recent cost of a state is the time left.
 *
 * Once the frontier is full, each row repeats the profile of the row before it (the layers swell
 * and shrink at the same columns) at much the same size, and the last row, where nothing is left
 * below, empties the frontier: its cells read about 1.5 times the layer entering it in all (6×7,
 * 6×8, 7×8 closed; 6×7, 5×8 open). So the next row follows the last row's growth cell by cell,
 * later rows repeat it at the same size, and the last row counts 1.5 layers. On the sweeps
 * measured (6×8, 7×8 and 6×10 closed, 6×7, 5×10 and 5×12 open) this says 0.8 to 1.8 times the
 * states actually read from the point where the frontier is full; while it is still filling (a
 * row more than doubled the layer) it says far too little, and `filling` is set: the caller must
 * not trust it then.
 */
export interface StatesAhead {
  readonly states: number;
  readonly filling: boolean;
}

export function statesAhead(
  growth: Float64Array,
  states: number,
  t: number,
  n: number,
  cols: number,
): StatesAhead {
  const lastRow = n - cols;
  if (t >= n - 1) return { states: 0, filling: false };
  if (t + 1 >= lastRow) return { states: lastRowReads(states, n - 1 - t), filling: false };
  let rowGrowth = 1;
  for (let k = Math.max(0, t - cols + 1); k <= t; k++) rowGrowth *= growth[k] || 1;
  // After the next row, rows repeat it at the same size: its growth, less the row's own.
  const flatten = rowGrowth > 0 ? rowGrowth ** (-1 / cols) : 1;
  let ahead = 0;
  let layer = states;
  for (let u = t + 1; u < lastRow; u++) {
    ahead += layer; // cell u reads the layer after u − 1
    const k = u - cols * Math.ceil((u - t) / cols); // the same column, in the last row swept
    layer *= (growth[k] || 1) * (u - t > cols ? flatten : 1);
  }
  return { states: ahead + 1.5 * layer, filling: rowGrowth > 2 };
}

/** The states the last row's `cells` cells read, from the layer entering them: 1.5 layers in all. */
function lastRowReads(layer: number, cells: number): number {
  let ahead = 0;
  for (let i = 0; i < cells; i++) {
    ahead += layer;
    layer *= 0.4;
  }
  return ahead;
}
