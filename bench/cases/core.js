// Core model: building the knight graph and validating a tour on a 1000×1000 board.
import { Board, KnightGraph, solve, validateTour } from "../../dist/index.js";

const big = new Board(1000, 1000);

export default [
  {
    group: "core",
    name: "knight graph 1000x1000 (build)",
    fn: () => new KnightGraph(big),
  },
  {
    group: "core",
    name: "validate tour 1000x1000",
    setup: () => {
      // Warnsdorff with the roth tie-break (farthest from the centre) covers 1000×1000 from a corner.
      const result = solve(big, { method: "warnsdorff", tieBreak: "roth", start: 0 });
      if (result.status !== "found")
        throw new Error(`no 1000x1000 tour to validate: ${result.reason}`);
      return result.tour;
    },
    fn: (tour) => {
      if (!validateTour(big, tour).valid) throw new Error("invalid");
    },
  },
];
