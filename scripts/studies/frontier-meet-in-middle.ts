// Meet in the middle for the frontier sweep: would sweeping from both ends and joining at a cut
// count 7×7 open tours faster than one sweep through the whole board? A slow, plain
// implementation (states as strings, one Map per layer) measured against the engine
// (`frontierCount`), which it must agree with; the figures are in docs/counting.md ("Meet in
// the middle"): the halves hold ~5 times fewer states than the full sweep's peak; how much the
// join costs depends on how it is done.
//
// The cut after cell k (row-major) splits the edges in three: within the top (cells < k), within
// the bottom, and across. C is the set of bottom cells with a neighbour in the top. The top sweep
// processes the top cells and then the cells of C, deciding only the edges that reach the top
// (the cells of C stay, with whatever degree they got); the bottom sweep processes the bottom
// cells from the last one back, deciding only bottom edges. Both end with states over C: per
// cell a degree (0, 1, 2) and, for degree 1, its partner through that side ("mate") or a tour
// end behind it (TAIL). A pair of states joins when the degrees add up to 2 (or 1 at a tour end)
// and the pieces of both sides make one cycle (closed) or one path (open):
//   count = Σ top count × bottom count over joinable pairs.
// --join pairs: bottom states grouped by degree vector, each top state checked against every
// bottom state of the complementary vectors. --join partitions (default): Möbius inversion on
// the set partitions of the meeting points (see joinByPartitions). The cut must leave some bottom
// cell outside C (else the top side could hold the whole tour, which it refuses).
//   npm run study:frontier-meet-in-middle [-- --board 6x6 --mode path --cut 14 --join pairs]
// 6×6 open at cut 14: 8 to 19 minutes with --join pairs (nearly all of it the join). Exit 1 when
// the count differs from the engine's. Imports the library from src/ (run by tsx, see
// scripts/README.md).

import { frontierCount } from "../../src/count/index.js";
import { boardSize, fail, numberOption, parseOptions } from "../lib/args.js";

type Mode = "cycle" | "path";
type Join = "pairs" | "partitions";

const FREE = -1;
const DONE = -2;
const TAIL = -3;

/** The knight graph of a rows × cols board, cells numbered row-major. */
function knightGraph(rows: number, cols: number): number[][] {
  const near: number[][] = Array.from({ length: rows * cols }, () => []);
  const moves = [
    [1, 2],
    [2, 1],
    [-1, 2],
    [-2, 1],
    [1, -2],
    [2, -1],
    [-1, -2],
    [-2, -1],
  ] as const;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      for (const [dr, dc] of moves) {
        const nr = r + dr;
        const nc = c + dc;
        if (nr >= 0 && nr < rows && nc >= 0 && nc < cols) near[r * cols + c]!.push(nr * cols + nc);
      }
    }
  }
  return near;
}

/** A state's key: a character per live cell (0 free, D done, T tail, a, b, … mates). */
function encode(codes: readonly number[]): string {
  const names = new Map<number, number>();
  let key = "";
  for (const code of codes) {
    if (code === FREE) key += "0";
    else if (code === DONE) key += "D";
    else if (code === TAIL) key += "T";
    else {
      if (!names.has(code)) names.set(code, names.size);
      key += String.fromCharCode(97 + names.get(code)!);
    }
  }
  return key;
}

function decode(key: string): number[] {
  return Array.from(key, (ch) =>
    ch === "0" ? FREE : ch === "D" ? DONE : ch === "T" ? TAIL : ch.charCodeAt(0) - 97,
  );
}

const degreeOf = (code: number): number => (code === FREE ? 0 : code === DONE ? 2 : 1);

interface Half {
  /** The cells the final states describe, in the sweep's order. */
  readonly live: readonly number[];
  readonly states: Map<string, number>;
  /** States after each step. */
  readonly sizes: readonly number[];
}

/**
 * Sweep `order`, deciding each allowed edge at its later end. Cells in `kept` never leave and
 * need no particular degree; every other cell leaves after its last allowed neighbour, with
 * degree 2 or (paths) as a tour end. No cycle may close and no path may be completed.
 */
function sweepHalf(
  near: readonly number[][],
  order: readonly number[],
  allowed: (u: number, v: number) => boolean,
  kept: ReadonlySet<number>,
  mode: Mode,
): Half {
  const step = new Int32Array(near.length).fill(-1);
  order.forEach((v, t) => {
    step[v] = t;
  });
  const lastStep = new Int32Array(near.length).fill(-1);
  for (const v of order) {
    let last = step[v]!;
    for (const u of near[v]!)
      if (step[u]! > step[v]! && allowed(u, v)) last = Math.max(last, step[u]!);
    lastStep[v] = last;
  }
  const pathMode = mode === "path";
  let live: number[] = [];
  let states = new Map<string, number>([["", 1]]);
  const sizes: number[] = [];
  for (let t = 0; t < order.length; t++) {
    const v = order[t]!;
    const cells = [...live, v];
    const at = new Map(cells.map((u, i) => [u, i]));
    const chosenFrom = near[v]!.filter((u) => step[u]! >= 0 && step[u]! < t && allowed(u, v));
    const options = chosenFrom.map((u) => at.get(u)!);
    const subsets: number[][] = [[]];
    for (let a = 0; a < options.length; a++) {
      subsets.push([options[a]!]);
      for (let b = a + 1; b < options.length; b++) subsets.push([options[a]!, options[b]!]);
    }
    const leaving = cells.flatMap((u, i) => (!kept.has(u) && lastStep[u] === t ? [i] : []));
    const stay = cells.flatMap((u, i) => (kept.has(u) || lastStep[u]! > t ? [i] : []));
    // Allowed edges each cell still has after this step (for the prune below).
    const left = cells.map((u) =>
      kept.has(u)
        ? Number.POSITIVE_INFINITY
        : near[u]!.filter((x) => step[x]! > t && allowed(u, x)).length,
    );
    const vAt = live.length;
    const next = new Map<string, number>();
    for (const [key, count] of states) {
      const before = decode(key);
      before.push(FREE);
      for (const subset of subsets) {
        const code = applyEdges(before, subset, vAt);
        if (
          code &&
          closeLeaving(code, leaving, pathMode) &&
          feasible(code, stay, left, cells, kept, pathMode)
        ) {
          const out = encode(stay.map((i) => code[i]!));
          next.set(out, (next.get(out) ?? 0) + count);
        }
      }
    }
    live = stay.map((i) => cells[i]!);
    states = next;
    sizes.push(states.size);
  }
  return { live, states, sizes };
}

/** The codes after v (at `vAt`) takes the edges to `subset`; undefined if that is not allowed. */
function applyEdges(
  before: readonly number[],
  subset: readonly number[],
  vAt: number,
): number[] | undefined {
  const code = before.slice();
  const NEW = 1000;
  const mate = (i: number): number => code.findIndex((x, j) => j !== i && x === code[i]);
  for (const u of subset) if (code[u] === DONE) return undefined;
  if (subset.length === 1) {
    const u = subset[0]!;
    if (code[u] === FREE) {
      code[u] = NEW;
      code[vAt] = NEW;
    } else if (code[u] === TAIL) {
      code[u] = DONE;
      code[vAt] = TAIL;
    } else {
      code[vAt] = code[u]!;
      code[u] = DONE;
    }
  } else if (subset.length === 2) {
    const [u, w] = subset as [number, number];
    code[vAt] = DONE;
    const cu = code[u]!;
    const cw = code[w]!;
    if (cu >= 0 && cu === cw) return undefined; // a cycle would close
    const endU = cu === FREE ? u : cu === TAIL ? -1 : mate(u);
    const endW = cw === FREE ? w : cw === TAIL ? -1 : mate(w);
    if (cu !== FREE) code[u] = DONE;
    if (cw !== FREE) code[w] = DONE;
    if (endU < 0 && endW < 0) return undefined; // a whole path would be complete
    if (endU < 0) code[endW] = TAIL;
    else if (endW < 0) code[endU] = TAIL;
    else {
      code[endU] = NEW;
      code[endW] = NEW;
    }
  }
  return code;
}

/** Cells leaving: degree 2, or (paths) a tour end whose mate then leads to a fixed end. */
function closeLeaving(code: number[], leaving: readonly number[], pathMode: boolean): boolean {
  for (const i of leaving) {
    const c = code[i]!;
    if (c === DONE) continue;
    if (c === FREE || c === TAIL || !pathMode) return false;
    code[code.findIndex((x, j) => j !== i && x === c)] = TAIL;
    code[i] = DONE;
  }
  return code.filter((c) => c === TAIL).length <= 2;
}

/** Every cell that must still reach its degree has edges enough left. */
function feasible(
  code: readonly number[],
  stay: readonly number[],
  left: readonly number[],
  cells: readonly number[],
  kept: ReadonlySet<number>,
  pathMode: boolean,
): boolean {
  const endsOpen = pathMode && code.filter((c) => c === TAIL).length < 2;
  for (const i of stay) {
    if (kept.has(cells[i]!)) continue;
    const degree = degreeOf(code[i]!);
    const need = endsOpen ? Math.max(0, 1 - degree) : 2 - degree;
    if (left[i]! < need) return false;
  }
  return true;
}

/** Whether the pieces of the top (f) and the bottom (b) over C make one cycle or one path. */
function joins(f: readonly number[], b: readonly number[], mode: Mode): boolean {
  const p = f.length;
  let ends = 0;
  let pieces = 0;
  for (let i = 0; i < p; i++) {
    const degree = degreeOf(f[i]!) + degreeOf(b[i]!);
    if (degree === 0 || degree > 2) return false;
    if (degree === 1) ends++;
    for (const x of [f[i]!, b[i]!]) {
      if (x === TAIL) {
        ends++;
        pieces += 1;
      } else if (x >= 0) pieces += 0.5;
    }
  }
  if (ends !== (mode === "cycle" ? 0 : 2) || pieces === 0) return false;
  const mateIn = (side: readonly number[], i: number): number =>
    side.findIndex((x, j) => j !== i && x === side[i]);
  let walked = 0;
  if (mode === "cycle") {
    const start = f.findIndex((x) => x >= 0);
    let cell = start;
    let side = f;
    do {
      cell = mateIn(side, cell);
      walked++;
      side = side === f ? b : f;
    } while (!(cell === start && side === f));
    return walked === pieces;
  }
  // A path: walk from one end (behind a TAIL, or a cell of degree 1) to the other.
  let cell = f.indexOf(TAIL);
  let side = b;
  if (cell >= 0) walked = 1;
  else if (b.includes(TAIL)) {
    cell = b.indexOf(TAIL);
    walked = 1;
    side = f;
  } else {
    cell = f.findIndex((x, i) => degreeOf(x) + degreeOf(b[i]!) === 1);
    if (cell < 0) cell = b.findIndex((x, i) => degreeOf(x) + degreeOf(f[i]!) === 1);
    side = f[cell]! >= 0 ? f : b;
  }
  for (;;) {
    const x = side[cell]!;
    if (x === TAIL) return walked + 1 === pieces;
    if (x < 0) return walked === pieces;
    cell = mateIn(side, cell);
    walked++;
    side = side === f ? b : f;
  }
}

interface Met {
  readonly count: bigint;
  readonly cutCells: number;
  readonly top: Half;
  readonly bottom: Half;
  readonly groups: number;
  readonly checks: number;
  readonly ms: readonly number[];
}

function meetInMiddle(rows: number, cols: number, mode: Mode, cut: number, join: Join): Met {
  const n = rows * cols;
  const near = knightGraph(rows, cols);
  const C = [...Array(n).keys()].filter((v) => v >= cut && near[v]!.some((u) => u < cut));
  if (C.length === n - cut)
    fail(`--cut ${cut}: every cell after it touches the top; take a smaller cut`);
  const kept = new Set(C);
  const t0 = performance.now();
  const topOrder = [...[...Array(cut).keys()], ...C];
  const top = sweepHalf(near, topOrder, (u, v) => u < cut || v < cut, kept, mode);
  const t1 = performance.now();
  const bottomOrder = [...Array(n).keys()].filter((v) => v >= cut).reverse();
  const bottom = sweepHalf(near, bottomOrder, (u, v) => u >= cut && v >= cut, kept, mode);
  const t2 = performance.now();
  const onC = (half: Half, key: string): number[] => {
    const codes = decode(key);
    return C.map((cell) => codes[half.live.indexOf(cell)]!);
  };
  const tops = [...top.states].map(([key, count]) => ({ codes: onC(top, key), count }));
  const bottoms = [...bottom.states].map(([key, count]) => ({ codes: onC(bottom, key), count }));
  const joined =
    join === "pairs" ? joinPairs(tops, bottoms, mode) : joinByPartitions(tops, bottoms, mode);
  const t3 = performance.now();
  return {
    count: joined.count,
    cutCells: C.length,
    top,
    bottom,
    groups: joined.groups,
    checks: joined.operations,
    ms: [t1 - t0, t2 - t1, t3 - t2],
  };
}

interface Side {
  readonly codes: number[];
  readonly count: number;
}

interface Joined {
  readonly count: bigint;
  /** Classes of bottom states; pairs checked (pairs) or table entries touched (partitions). */
  readonly groups: number;
  readonly operations: number;
}

/** The bottom's degree vectors a top state with degrees `a` meets (paths: ends on C). */
function wantedDegrees(a: readonly number[], mode: Mode): number[][] {
  const wanted = [a.map((x) => 2 - x)];
  if (mode === "path") {
    for (let i = 0; i < a.length; i++) {
      if (a[i]! > 1) continue;
      const one = wanted[0]!.slice();
      one[i] = 1 - a[i]!;
      wanted.push(one);
      for (let j = i + 1; j < a.length; j++) {
        if (a[j]! > 1) continue;
        const two = one.slice();
        two[j] = 1 - a[j]!;
        wanted.push(two);
      }
    }
  }
  return wanted;
}

/** Every top state against every bottom state of a complementary degree vector. */
function joinPairs(tops: readonly Side[], bottoms: readonly Side[], mode: Mode): Joined {
  const groups = new Map<string, { codes: number[]; count: number }[]>();
  for (const { codes, count } of bottoms) {
    const degrees = codes.map(degreeOf).join("");
    const group = groups.get(degrees) ?? [];
    group.push({ codes, count });
    groups.set(degrees, group);
  }
  let total = 0n;
  let checks = 0;
  for (const { codes: f, count: topCount } of tops) {
    const a = f.map(degreeOf);
    let sum = 0n;
    for (const degrees of wantedDegrees(a, mode)) {
      for (const { codes, count } of groups.get(degrees.join("")) ?? []) {
        checks++;
        if (joins(f, codes, mode)) sum += BigInt(count);
      }
    }
    total += BigInt(topCount) * sum;
  }
  return { count: total, groups: groups.size, operations: checks };
}

/**
 * The pieces of one side as blocks of the meeting points P (cells where both sides have degree
 * 1): a piece between two points is a pair, a piece from a point to a tour end (a cell of C
 * outside P, or a TAIL) a single point. Undefined when a piece touches no point (it would be
 * a whole tour on its own).
 */
function blocksOf(side: readonly number[], inP: readonly number[]): number[][] | undefined {
  const blocks: number[][] = [];
  for (let i = 0; i < side.length; i++) {
    const code = side[i]!;
    if (code === TAIL) {
      if (inP[i]! < 0) return undefined;
      blocks.push([inP[i]!]);
    } else if (code >= 0) {
      const j = side.findIndex((x, k) => k !== i && x === code);
      if (inP[i]! < 0 && inP[j]! < 0) return undefined;
      if (inP[i]! < 0) continue; // counted from the other end
      if (inP[j]! < 0) blocks.push([inP[i]!]);
      else if (i < j) blocks.push([inP[i]!, inP[j]!]);
    }
  }
  return blocks;
}

/** Each partition of P coarser than `blocks` (merging whole blocks): its key and block count. */
function coarsenings(
  blocks: readonly number[][],
  points: number,
  visit: (key: string, k: number) => void,
): void {
  const q = blocks.length;
  const group = new Int32Array(q);
  const label = new Int32Array(points);
  const walk = (b: number, used: number): void => {
    if (b === q) {
      // Canonical key: groups numbered by their first point.
      const names = new Map<number, number>();
      for (let x = 0; x < q; x++) for (const p of blocks[x]!) label[p] = group[x]!;
      let key = "";
      for (let p = 0; p < points; p++) {
        if (!names.has(label[p]!)) names.set(label[p]!, names.size);
        key += String.fromCharCode(65 + names.get(label[p]!)!);
      }
      visit(key, used);
      return;
    }
    for (let g = 0; g <= used; g++) {
      group[b] = g;
      walk(b + 1, Math.max(used, g + 1));
    }
  };
  walk(0, 0);
}

/** μ(π, 1̂) in the lattice of set partitions, π with k blocks: (−1)^(k−1) (k−1)!. */
function mobius(k: number): bigint {
  let f = 1n;
  for (let i = 2; i < k; i++) f *= BigInt(i);
  return k % 2 === 1 ? f : -f;
}

/**
 * The join by Möbius inversion on set partitions of the meeting points P: one side's pieces
 * and the other's connect P into one piece exactly when f ∨ b = 1̂, and
 * [f ∨ b = 1̂] = Σ over π ≥ f, π ≥ b of μ(π, 1̂). So each bottom state adds its count to every
 * partition coarser than its own (table H of its class), and each top state sums μ · H over the
 * partitions coarser than its own: linear in the states, times the coarsenings (Bell numbers
 * of the pieces), instead of a check per pair.
 */
function joinByPartitions(tops: readonly Side[], bottoms: readonly Side[], mode: Mode): Joined {
  const H = new Map<string, Map<string, number>>();
  let operations = 0;
  for (const { codes: b, count } of bottoms) {
    const degrees = b.map(degreeOf);
    const tails = b.filter((x) => x === TAIL).length;
    const ones = degrees.flatMap((d, i) => (d === 1 ? [i] : []));
    // The cells of C where the top adds nothing (tour ends on a bottom piece): up to 2 − tails.
    const endSets: number[][] = [[]];
    if (mode === "path") {
      for (let x = 0; x < ones.length; x++) {
        if (tails < 2) endSets.push([ones[x]!]);
        for (let y = x + 1; y < ones.length && tails === 0; y++) endSets.push([ones[x]!, ones[y]!]);
      }
    }
    for (const ends of endSets) {
      const inP = b.map(() => -1);
      let points = 0;
      for (const i of ones) if (!ends.includes(i)) inP[i] = points++;
      if (points === 0) continue;
      const blocks = blocksOf(b, inP);
      if (!blocks) continue;
      const cls = `${degrees.join("")}|${tails}|${ends.join(",")}`;
      const into = H.get(cls) ?? new Map<string, number>();
      H.set(cls, into);
      coarsenings(blocks, points, (key) => {
        operations++;
        into.set(key, (into.get(key) ?? 0) + count);
      });
    }
  }
  let total = 0n;
  for (const { codes: f, count: topCount } of tops) {
    const a = f.map(degreeOf);
    const tailsTop = f.filter((x) => x === TAIL).length;
    let sum = 0n;
    for (const degrees of wantedDegrees(a, mode)) {
      let tourEnds = 0;
      const ends: number[] = [];
      for (let i = 0; i < a.length; i++) {
        if (a[i]! + degrees[i]! === 1) tourEnds++;
        if (a[i] === 0 && degrees[i] === 1) ends.push(i);
      }
      const tails = (mode === "path" ? 2 : 0) - tailsTop - tourEnds;
      if (tails < 0) continue;
      const table = H.get(`${degrees.join("")}|${tails}|${ends.join(",")}`);
      if (!table) continue;
      const inP = f.map(() => -1);
      let points = 0;
      for (let i = 0; i < a.length; i++) if (a[i] === 1 && degrees[i] === 1) inP[i] = points++;
      const blocks = blocksOf(f, inP);
      if (!blocks) continue;
      coarsenings(blocks, points, (key, k) => {
        operations++;
        const h = table.get(key);
        if (h !== undefined) sum += mobius(k) * BigInt(h);
      });
    }
    total += BigInt(topCount) * sum;
  }
  return { count: total, groups: H.size, operations };
}

const { values } = parseOptions({
  options: {
    board: { type: "string", default: "6x6" },
    mode: { type: "string", default: "path" },
    cut: { type: "string" },
    join: { type: "string", default: "partitions" },
  },
});
const join: Join =
  values.join === "pairs"
    ? "pairs"
    : values.join === "partitions"
      ? "partitions"
      : fail("--join pairs|partitions");
const [rows, cols] = boardSize(values.board);
const mode: Mode =
  values.mode === "cycle" ? "cycle" : values.mode === "path" ? "path" : fail("--mode path|cycle");
const cut = numberOption(values.cut, "cut", Math.floor((rows * cols) / 2) - cols + 1);
if (!Number.isInteger(cut) || cut < 1 || cut >= rows * cols)
  fail(`--cut takes a cell from 1 to ${rows * cols - 1}`);

const engineSizes: number[] = [];
const engine = frontierCount(rows, cols, {
  mode,
  onLayer: (info) => engineSizes.push(info.states),
});
const met = meetInMiddle(rows, cols, mode, cut, join);
const peak = (sizes: readonly number[]): number => Math.max(...sizes);
console.log(
  `${rows}x${cols} ${mode}, cut after cell ${cut} (${met.cutCells} bottom cells touch the top)`,
);
console.log(
  `  engine:           ${engine.count} paths or cycles, peak ${engine.peakStates} states, ${engine.transitions} transitions`,
);
console.log(
  `  meet in the middle: ${met.count}; top peak ${peak(met.top.sizes)} states (${met.top.states.size} at the cut), bottom peak ${peak(met.bottom.sizes)} (${met.bottom.states.size} at the cut)`,
);
console.log(
  `  join (${join}): ${met.groups} classes of bottom states, ${met.checks} ${join === "pairs" ? "pairs checked" : "table entries touched"}; ms top ${met.ms[0]!.toFixed(0)}, bottom ${met.ms[1]!.toFixed(0)}, join ${met.ms[2]!.toFixed(0)}`,
);
if (met.count !== engine.count) {
  console.log(`  DISAGREE: ${met.count} against the engine's ${engine.count}`);
  process.exitCode = 1;
}
