// The census search: a whole 6×6 census, and one 8×8 bunch, counting only and with every
// statistic, in the same run (the ratio is the cost of the statistics). The C comparison on a
// large bunch (ByDy, 31,905,973 tours) is bench/peers/census-compare.js: a run of minutes.
//   npm run bench -- --group "census 6x6 (9,862 tours)" --merge
//   npm run bench -- --group "census 8x8 bunch CFgd (165,504 tours)" --merge
import { Board, Census } from "../../dist/index.js";

const expect = (got, value) => {
  if (got !== value) throw new Error(`census gave ${got}, expected ${value}`);
};
const six = new Census(new Board(6, 6));
const eight = new Census(new Board(8, 8));
const bunch = (stats) => {
  const run = eight.runSubproblem("CFgd", { stats });
  expect(run.status === "done" && run.result.tours, "165504");
};

export default [
  {
    group: "census 6x6 (9,862 tours)",
    name: "count only, 214 subproblems, 1 thread",
    fn: () => expect(six.run(undefined, { stats: false }).tours, 9862n),
  },
  {
    group: "census 6x6 (9,862 tours)",
    name: "with statistics",
    fn: () => expect(six.run().tours, 9862n),
    baseline: "count only, 214 subproblems, 1 thread",
  },
  {
    group: "census 8x8 bunch CFgd (165,504 tours)",
    name: "count only",
    fn: () => bunch(false),
    iterations: 3,
  },
  {
    group: "census 8x8 bunch CFgd (165,504 tours)",
    name: "with statistics",
    fn: () => bunch(true),
    baseline: "count only",
    iterations: 3,
  },
];
