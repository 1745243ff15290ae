// Symmetry and shape: counting rotation-symmetric tours on the quotient board (Knuth's
// 2,432,932 on 8×8), finding symmetric tours on large boards, canonical keys, tour statistics.
import {
  Board,
  canonicalKey,
  countSymmetricTours,
  findSymmetricTour,
  solve,
  tourStats,
  validateTour,
} from "../../dist/index.js";

const check = (actual, expected, what) => {
  if (actual !== expected) throw new Error(`${what}: got ${actual}, expected ${expected}`);
};

const found = (board, result) => {
  if (result.status !== "found") throw new Error(`${board}: ${result.reason}`);
  if (!validateTour(board, result.tour, { closed: true }).valid) throw new Error("invalid tour");
  return result.tour;
};

const b8 = new Board(8);
const b6x10 = new Board(6, 10);
const b50 = new Board(50);
const b102 = new Board(102);
const b18 = new Board(18);
const b300 = new Board(300);

export default [
  {
    group: "symmetry count",
    name: "6x10 half turn, plain DFS (394,128)",
    fn: () =>
      check(countSymmetricTours(b6x10, { rotation: 180, memo: false }).count, 394_128, "6x10"),
  },
  {
    group: "symmetry count",
    name: "6x10 half turn, memoised (394,128)",
    baseline: "6x10 half turn, plain DFS (394,128)",
    fn: () => check(countSymmetricTours(b6x10, { rotation: 180 }).count, 394_128, "6x10"),
  },
  {
    group: "symmetry count",
    name: "8x8 half turn (2,432,932)",
    iterations: 3,
    note: "target < 4 s on one core; a plain C program: 1.8 s",
    fn: () => check(countSymmetricTours(b8, { rotation: 180 }).count, 2_432_932, "8x8"),
  },
  {
    group: "symmetry count",
    name: "8x8 half turn, classes (608,233), Burnside",
    baseline: "8x8 half turn (2,432,932)",
    iterations: 3,
    note: "target < 10 s",
    fn: () =>
      check(
        countSymmetricTours(b8, { rotation: 180, upToSymmetry: true }).classes,
        608_233,
        "8x8 classes",
      ),
  },
  {
    group: "symmetry count",
    name: "8x8 half turn, classes (608,233), every tour lifted and tested",
    baseline: "8x8 half turn (2,432,932)",
    iterations: 1,
    quick: false,
    note: "independent of the no-mirror theorem",
    fn: () =>
      check(
        countSymmetricTours(b8, { rotation: 180, upToSymmetry: true, classMethod: "stabilisers" })
          .classes,
        608_233,
        "8x8 classes",
      ),
  },
  {
    group: "symmetry find",
    name: "closed tour 50x50, solve() (no symmetry)",
    fn: () => found(b50, solve(b50, { closed: true, seed: 1 })),
  },
  {
    group: "symmetry find",
    name: "half-turn tour 50x50",
    baseline: "closed tour 50x50, solve() (no symmetry)",
    fn: () => found(b50, findSymmetricTour(b50, { rotation: 180, seed: 1 })),
  },
  {
    group: "symmetry find",
    name: "quarter-turn tour 18x18 (Knuth's)",
    fn: () => found(b18, findSymmetricTour(b18, { rotation: 90, seed: 1 })),
  },
  {
    group: "symmetry find",
    name: "quarter-turn tour 102x102",
    fn: () => found(b102, findSymmetricTour(b102, { rotation: 90, seed: 1 })),
  },
  {
    group: "symmetry shape",
    name: "validate tour 300x300",
    setup: () => found(b300, findSymmetricTour(b300, { rotation: 180, seed: 1 })),
    fn: (tour) => validateTour(b300, tour),
  },
  {
    group: "symmetry shape",
    name: "tourStats 300x300 (angles, crossings, slopes, 4 symmetries)",
    baseline: "validate tour 300x300",
    setup: () => found(b300, findSymmetricTour(b300, { rotation: 180, seed: 1 })),
    fn: (tour) => tourStats(tour),
  },
  {
    group: "symmetry shape",
    name: "canonicalKey 300x300",
    baseline: "validate tour 300x300",
    setup: () => found(b300, findSymmetricTour(b300, { rotation: 180, seed: 1 })),
    fn: (tour) => canonicalKey(tour),
  },
];
