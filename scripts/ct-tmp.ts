import { Census } from "../src/census/index.js";
import { Board } from "../src/core/index.js";
for (const split of ["centre", "ring", "edge"] as const) {
  const t = performance.now();
  const c = new Census(new Board(6, 6), split);
  const n = c.subproblems().length;
  const t1 = performance.now();
  const totals = c.run();
  console.log(split, n, totals.tours, totals.visited, (t1 - t).toFixed(0), (performance.now() - t1).toFixed(0), "ms");
}
