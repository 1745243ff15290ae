// Random tours (knight sample): the cost of a uniform sample, against the count it rests on.
// A uniform sampler first counts the tours (cut into ~2048 prefix counts, the same search nodes
// as `count`'s backtracking engine), then each tour is a rank drawn uniformly and unranked
// through the cached count tree. "one more tour" runs on a warm sampler (its cache grows over
// the run), so it is the steady-state cost per sample; "from scratch" includes the count.
//   npm run bench -- --group "sample 6x6 closed (uniform over 9,862)" --merge

import { createRandom } from "../../dist/core/random.js";
import { Board, count, sampleTours, solve } from "../../dist/index.js";
import { randomTour } from "../../dist/sample/random-search.js";
import { UniformSampler } from "../../dist/sample/uniform.js";

const six = new Board(6, 6);
const five = new Board(5, 5);
const eight = new Board(8, 8);

function first(plan) {
  if (plan.status !== "ready") throw new Error(`sample: ${plan.status}`);
  const next = plan.tours.next();
  if (next.done) throw new Error("sample: no tour");
  return next.value;
}

function uniformGroup(group, board, space, expected, options = {}) {
  const query = { closed: space.closed, ...(space.start >= 0 ? { start: space.start } : {}) };
  const check = (total) => {
    if (total !== expected) throw new Error(`total ${total}, expected ${expected}`);
  };
  return [
    {
      group,
      name: "count (backtrack), for scale",
      fn: () => check(count(board, { ...query, method: "backtrack" }).count),
      ...options,
    },
    {
      group,
      name: "one tour from scratch (sampleTours: count + draw)",
      fn: () => first(sampleTours(board, { ...query, method: "uniform", seed: 1 })),
      baseline: "count (backtrack), for scale",
      ...options,
    },
    {
      group,
      name: "one more tour (sampler ready)",
      setup: () => ({ sampler: new UniformSampler(board, space), random: createRandom(1) }),
      fn: ({ sampler, random }) => sampler.sample(random),
      baseline: "count (backtrack), for scale",
    },
    {
      group,
      name: "100 more tours in one batch (sampler ready)",
      setup: () => ({ sampler: new UniformSampler(board, space), random: createRandom(2) }),
      fn: ({ sampler, random }) => {
        let n = 0;
        for (const _ of sampler.tours(random, 100)) n++;
        if (n !== 100) throw new Error(`${n} tours`);
      },
      baseline: "count (backtrack), for scale",
    },
  ];
}

export default [
  ...uniformGroup(
    "sample 6x6 closed (uniform over 9,862)",
    six,
    { closed: true, start: -1 },
    9862n,
  ),
  ...uniformGroup(
    "sample 5x5 open (uniform over 1,728)",
    five,
    { closed: false, start: -1 },
    1728n,
  ),
  ...uniformGroup(
    "sample 6x6 open from a1 (uniform over 524,486)",
    six,
    { closed: false, start: 30 },
    524486n,
    { iterations: 2 },
  ),
  ...uniformGroup(
    "sample 6x6 open (uniform over 6,637,920)",
    six,
    { closed: false, start: -1 },
    6637920n,
    { iterations: 1, quick: false },
  ),
  {
    group: "sample 8x8 closed (randomised search, not uniform)",
    name: "solve search (one tour, no randomness)",
    fn: () => solve(eight, { closed: true, method: "search" }),
  },
  {
    group: "sample 8x8 closed (randomised search, not uniform)",
    name: "one random tour (Warnsdorff random + 512 rotations)",
    setup: () => ({ random: createRandom(1) }),
    fn: ({ random }) => {
      if (randomTour(eight, { closed: true, start: -1 }, random).status !== "found") {
        throw new Error("no tour");
      }
    },
    baseline: "solve search (one tour, no randomness)",
  },
];
