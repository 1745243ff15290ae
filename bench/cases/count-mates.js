// The mates counter (Knuth's Algorithm H idea: choose edges, keep path ends' mates) against
// the backtracking path counter, measured in the same run. Ratios are what to quote.
//   npm run bench -- --group "count-mates 6x6 closed (9,862)" --merge
//   npm run bench -- --group "count-mates 6x7 closed (1,067,638)" --merge
//   npm run bench -- --group "count-mates 6x6 open (6,637,920)" --merge

import { MatesSearch } from "../../dist/count/mates.js";
import { Board, count, knightGraph } from "../../dist/index.js";
import { countParallel } from "../../dist/node/index.js";

const six = new Board(6, 6);
const sixBySeven = new Board(6, 7);
const expect = (got, value) => {
  if (got !== value) throw new Error(`count ${got}, expected ${value}`);
};

export default [
  {
    group: "count-mates 6x6 closed (9,862)",
    name: "backtrack (path counter), 1 thread",
    fn: () => expect(count(six, { closed: true, method: "backtrack" }).count, 9862n),
  },
  {
    group: "count-mates 6x6 closed (9,862)",
    name: "mates, 1 thread",
    fn: () => expect(count(six, { closed: true, method: "mates" }).count, 9862n),
    baseline: "backtrack (path counter), 1 thread",
  },
  {
    group: "count-mates 6x6 closed (9,862)",
    name: "MatesSearch, binary branching (take / forbid)",
    fn: () => expect(new MatesSearch(knightGraph(six), { branching: "binary" }).count(), 9862),
    baseline: "backtrack (path counter), 1 thread",
  },
  {
    group: "count-mates 6x7 closed (1,067,638)",
    name: "backtrack (path counter), 1 thread",
    fn: () => expect(count(sixBySeven, { closed: true, method: "backtrack" }).count, 1067638n),
    iterations: 2,
  },
  {
    group: "count-mates 6x7 closed (1,067,638)",
    name: "mates, 1 thread",
    fn: () => expect(count(sixBySeven, { closed: true, method: "mates" }).count, 1067638n),
    baseline: "backtrack (path counter), 1 thread",
    iterations: 3,
  },
  {
    group: "count-mates 6x7 closed (1,067,638)",
    name: "MatesSearch, binary branching (take / forbid)",
    fn: () =>
      expect(new MatesSearch(knightGraph(sixBySeven), { branching: "binary" }).count(), 1067638),
    baseline: "backtrack (path counter), 1 thread",
    iterations: 2,
  },
  {
    group: "count-mates 6x7 closed (1,067,638)",
    name: "mates, 2 workers",
    fn: async () =>
      expect(
        (await countParallel(sixBySeven, { closed: true, method: "mates", workers: 2 })).count,
        1067638n,
      ),
    baseline: "mates, 1 thread",
    iterations: 3,
  },
  {
    group: "count-mates 6x6 open (6,637,920)",
    name: "backtrack (path counter), 1 thread",
    fn: () => expect(count(six, { method: "backtrack" }).count, 6637920n),
    iterations: 1,
    quick: false,
  },
  {
    group: "count-mates 6x6 open (6,637,920)",
    name: "mates, 1 thread (one start per orbit)",
    fn: () => expect(count(six, { method: "mates" }).count, 6637920n),
    baseline: "backtrack (path counter), 1 thread",
    iterations: 1,
    quick: false,
  },
  {
    group: "count-mates 6x6 open (6,637,920)",
    name: "MatesSearch, one search through the virtual vertex",
    fn: () => expect(2 * new MatesSearch(knightGraph(six), { virtual: true }).count(), 6637920),
    baseline: "backtrack (path counter), 1 thread",
    iterations: 1,
    quick: false,
  },
];
