// Counting: the backtracking counter against the frontier sweep on the same boards, and the
// worker pool against one worker. Ratios are what to quote (shared, noisy machines).
//   npm run bench -- --filter count
import { frontierCount, frontierCountExact } from "../../dist/engines.js";
import { Board, count } from "../../dist/index.js";
import { countParallel } from "../../dist/node/index.js";

const six = new Board(6, 6);
const five = new Board(5, 5);
const expect = (result, value) => {
  if (result.count !== value) throw new Error(`count ${result.count}, expected ${value}`);
};

export default [
  {
    group: "count 6x6 closed (9,862)",
    name: "backtrack, 1 thread",
    fn: () => expect(count(six, { closed: true, method: "backtrack" }), 9862n),
  },
  {
    group: "count 6x6 closed (9,862)",
    name: "frontier, 1 thread",
    fn: () => expect(count(six, { closed: true, method: "frontier" }), 9862n),
    baseline: "backtrack, 1 thread",
    iterations: 3,
  },
  {
    group: "count 6x6 closed (9,862)",
    name: "backtrack, 2 workers",
    fn: async () =>
      expect(await countParallel(six, { closed: true, method: "backtrack", workers: 2 }), 9862n),
    baseline: "backtrack, 1 thread",
  },
  {
    group: "count 5x5 open (1,728)",
    name: "backtrack, 1 thread",
    fn: () => expect(count(five, { method: "backtrack" }), 1728n),
  },
  {
    group: "count 5x5 open (1,728)",
    name: "frontier, 1 thread",
    fn: () => expect(count(five, { method: "frontier" }), 1728n),
    baseline: "backtrack, 1 thread",
  },
  {
    group: "count 3x30 closed",
    name: "frontier, 1 thread",
    fn: () => expect(count(new Board(3, 30), { closed: true }), 126169362176n),
  },
  {
    group: "count 6x6 open (6,637,920)",
    name: "backtrack, 1 worker",
    fn: async () => expect(await countParallel(six, { method: "backtrack", workers: 1 }), 6637920n),
    iterations: 1,
    quick: false,
  },
  {
    group: "count 6x6 open (6,637,920)",
    name: "backtrack, 2 workers",
    fn: async () => expect(await countParallel(six, { method: "backtrack", workers: 2 }), 6637920n),
    baseline: "backtrack, 1 worker",
    iterations: 1,
    quick: false,
  },
  // The frontier sweep against the backtracking counter on a board both can do (6x7 closed),
  // and on the boards of the targets (6x8 under 4 s, 6x10 under 10 s) against that same
  // backtracking count as a yardstick measured in the same run: the ratio says how the sweep's
  // time compares with a fixed piece of work, whatever the load.
  {
    group: "count 6x7 closed (1,067,638)",
    name: "backtrack, 1 thread",
    fn: () => expect(count(new Board(6, 7), { closed: true, method: "backtrack" }), 1067638n),
    iterations: 3,
  },
  {
    group: "count 6x7 closed (1,067,638)",
    name: "frontier, 1 thread",
    fn: () => expect(count(new Board(6, 7), { closed: true, method: "frontier" }), 1067638n),
    baseline: "backtrack, 1 thread",
    iterations: 3,
  },
  {
    group: "count 6x8 closed (55,488,142)",
    name: "yardstick: backtrack 6x7 closed, 1 thread",
    fn: () => expect(count(new Board(6, 7), { closed: true, method: "backtrack" }), 1067638n),
    iterations: 3,
  },
  {
    group: "count 6x8 closed (55,488,142)",
    name: "frontier, 1 thread",
    fn: () => expect(count(new Board(6, 8), { closed: true, method: "frontier" }), 55488142n),
    baseline: "yardstick: backtrack 6x7 closed, 1 thread",
    iterations: 3,
  },
  {
    // The JavaScript loop of the same sweep, which the WebAssembly one (the default up to 6 wide)
    // replaced, same run.
    group: "count 6x8 closed (55,488,142)",
    name: "frontier, JavaScript loop, 1 thread",
    fn: () => expect(frontierCount(8, 6, { mode: "cycle", loop: "narrow" }), 55488142n),
    baseline: "frontier, 1 thread",
    iterations: 3,
  },
  {
    // Without folding mirror states at row ends: the sweep as it was before, same run.
    group: "count 6x8 closed (55,488,142)",
    name: "frontier not folded, 1 thread",
    fn: () => expect(frontierCount(8, 6, { mode: "cycle", fold: false }), 55488142n),
    baseline: "frontier, 1 thread",
    iterations: 3,
  },
  {
    // The exact sweep (three limbs, 75-bit keys) the modular one replaced, same run.
    group: "count 6x8 closed (55,488,142)",
    name: "frontier exact (previous engine), 1 thread",
    fn: () => expect(frontierCountExact(8, 6, { mode: "cycle" }), 55488142n),
    baseline: "frontier, 1 thread",
    iterations: 3,
  },
  {
    group: "count 6x10 closed (239,187,240,144)",
    name: "yardstick: backtrack 6x7 closed, 1 thread",
    fn: () => expect(count(new Board(6, 7), { closed: true, method: "backtrack" }), 1067638n),
    iterations: 1,
    quick: false,
  },
  {
    group: "count 6x10 closed (239,187,240,144)",
    name: "frontier, 1 thread",
    fn: () => expect(count(new Board(6, 10), { closed: true, method: "frontier" }), 239187240144n),
    baseline: "yardstick: backtrack 6x7 closed, 1 thread",
    iterations: 1,
    quick: false,
  },
];
