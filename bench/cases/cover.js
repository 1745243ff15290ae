// Exact cover (src/cover): the Dancing Links engine against the npm peers on the same problems,
// and the knight's-tour encodings (filter vs mate pruning).
//
// Peers (dev dependencies, used here only):
// - @algorithm.ts/dlx: its solve() stops at the first solution, so a subclass overrides its
//   recursive _algorithmX to count every solution (same data structure, same MRV rule);
// - dancing-links: counted through its solution generator (findAll() on 6×6 would hold 10^8
//   solution arrays and run out of memory).
// Ratios: each case's median / @algorithm.ts/dlx's median in the same run (below 1 = faster).
import { DancingLinkX } from "@algorithm.ts/dlx";
import { DancingLinks as PeerDancingLinks } from "dancing-links";
// Each name from the module that defines it, as in src/ (the indexing step, which the bench
// times apart, is in no entry).
import { indexProblem } from "../../dist/cover/format.js";
import { countToursByCover, findTourByCover, tourCoverEncoding } from "../../dist/cover/knight.js";
import { pentominoProblem } from "../../dist/cover/problems.js";
import { Board, validateTour } from "../../dist/index.js";

class CountingDlx extends DancingLinkX {
  count = 0;
  countAll() {
    this.count = 0;
    this._algorithmX(0, []);
    return this.count;
  }
  // Their _algorithmX with "return true" on a solution replaced by counting.
  _algorithmX(dep, selected) {
    const { _count, _col, _L, _R, _D } = this;
    if (_R[0] === 0) {
      this.count++;
      return false;
    }
    let c = _R[0];
    for (let i = _R[0]; i !== 0; i = _R[i]) if (_count[i] < _count[c]) c = i;
    this._removeColumn(c);
    for (let i = _D[c]; i !== c; i = _D[i]) {
      for (let j = _R[i]; j !== i; j = _R[j]) this._removeColumn(_col[j]);
      this._algorithmX(dep + 1, selected);
      for (let j = _L[i]; j !== i; j = _L[j]) this._restoreColumn(_col[j]);
    }
    this._restoreColumn(c);
    return false;
  }
}

/** A fresh @algorithm.ts/dlx structure for a problem of items 0..n-1 (theirs are 1-based). */
function algorithmTs(problem) {
  const size = problem.options.reduce((s, o) => s + o.length, 0) + problem.primary + 1;
  const dlx = new CountingDlx({ MAX_N: size + 1 });
  dlx.init(problem.primary);
  problem.options.forEach((option, k) => {
    dlx.addRow(
      k + 1,
      Array.from(option, (i) => i + 1),
    );
  });
  return dlx;
}

function peerCount(problem) {
  const solver = new PeerDancingLinks().createSolver({ columns: problem.primary });
  problem.options.forEach((option, k) => {
    solver.addSparseConstraint(k, Array.from(option));
  });
  let count = 0;
  for (const _ of solver.createGenerator()) count++;
  return count;
}

function expect(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: got ${actual}, expected ${expected}`);
}

const closed6 = tourCoverEncoding(new Board(6, 6), { closed: true }).problem;
const open5 = tourCoverEncoding(new Board(5, 5), { closed: false }).problem;
const pentominoes = indexProblem(pentominoProblem(6, 10));
const pentominoesUpToSymmetry = indexProblem(pentominoProblem(6, 10, { upToSymmetry: true }));

const PEER = "@algorithm.ts/dlx (counting subclass)";

/**
 * One problem, four counters. Ours by default (with the count cache and the bulk count of the
 * last items), ours as the plain DLX1 search (both off: engine against engine), and the peers.
 * `slow` cases (minutes on the big problems) are left out of --quick runs.
 */
function countGroup(group, problem, expected, { slow = false } = {}) {
  const common = { group, iterations: 1 };
  const slowOnly = slow ? { quick: false } : {};
  return [
    {
      ...common,
      name: "knight-tours count()",
      baseline: PEER,
      note: "cache of residual counts + subset DP for the last 4 items",
      fn: () => expect(new DancingLinks(problem).count().count, expected, "ours"),
    },
    {
      ...common,
      ...slowOnly,
      name: "knight-tours count(), plain DLX1 search",
      baseline: PEER,
      note: "memoItems: 0, bulkItems: 0",
      fn: () =>
        expect(
          new DancingLinks(problem, { memoItems: 0, bulkItems: 0 }).count().count,
          expected,
          "plain",
        ),
    },
    {
      ...common,
      ...slowOnly,
      name: PEER,
      fn: () => expect(algorithmTs(problem).countAll(), expected, PEER),
    },
    {
      ...common,
      ...slowOnly,
      name: "dancing-links (generator)",
      baseline: PEER,
      fn: () => expect(peerCount(problem), expected, "dancing-links"),
    },
  ];
}

const board5 = new Board(5, 5);
const board6 = new Board(6, 6);
const board8 = new Board(8, 8);
const board20 = new Board(20, 20);

export default [
  ...countGroup("cover: 5x5 open, all 414,736 covers", open5, 414_736),
  ...countGroup("cover: pentominoes 6x10 up to symmetry, 2,339", pentominoesUpToSymmetry, 2339),
  ...countGroup("cover: pentominoes 6x10, all 9,356", pentominoes, 9356, { slow: true }),
  ...countGroup("cover: 6x6 closed, all 106,172,416 covers", closed6, 106_172_416, {
    slow: true,
  }),
  {
    group: "cover: 6x6 closed tours",
    name: "prune: all 19,724 directed tours",
    iterations: 5,
    fn: () => {
      const result = countToursByCover(board6, { closed: true, mode: "prune" });
      expect(result.tours, 19_724, "prune");
    },
  },
  {
    group: "cover: 5x5 open tours",
    name: "prune: 1,728 tours",
    fn: () => expect(countToursByCover(board5, { closed: false }).tours, 1728, "prune"),
  },
  {
    group: "cover: 5x5 open tours",
    name: "filter: 1,728 of 414,736 covers",
    baseline: "prune: 1,728 tours",
    fn: () =>
      expect(countToursByCover(board5, { closed: false, mode: "filter" }).tours, 1728, "filter"),
  },
  {
    group: "cover: find a tour",
    name: "8x8 closed, prune, validated",
    fn: () => {
      const result = findTourByCover(board8, { closed: true });
      if (!validateTour(board8, result.tour, { closed: true }).valid) throw new Error("invalid");
    },
  },
  {
    group: "cover: find a tour",
    name: "20x20 closed, prune, validated",
    fn: () => {
      const result = findTourByCover(board20, { closed: true });
      if (!validateTour(board20, result.tour, { closed: true }).valid) throw new Error("invalid");
    },
  },
];
