// The exact-cover cross-checks too long for the tests:
// - 6×6 closed: filtering all 106,172,416 cycle covers and mate pruning find the same 19,724
//   directed tours, every one valid (validateTour);
// - 6×10 pentominoes: all 9,356 tilings, and 2,339 up to symmetry.
//   npm run sweep:cover [-- --quick]
// About 4 minutes, nearly all of it the filter pass (200 s on the loaded machine); --quick leaves
// the filter pass out (about 15 s). Prints one line per check with its time; exit 1 if any check
// fails. Quoted by: docs/exact-cover.md (the cross-checks of the tour encoding). Imports the
// library from src/ (run by tsx, see scripts/README.md).

import { countToursByCover, pentominoProblem, type TourCoverMode } from "../../src/cover/index.js";
import { Board, exactCover, validateTour } from "../../src/index.js";
import { parseOptions } from "../lib/args.js";

const { values } = parseOptions({ options: { quick: { type: "boolean", default: false } } });

let failed = false;
function check(name: string, ok: boolean, detail: string, began: number): void {
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${detail} (${seconds} s)`);
  if (!ok) failed = true;
}

/** Every closed tour the exact-cover counter reports, as "c0,c1,…" keys, and the invalid ones. */
function toursOf(board: Board, mode: TourCoverMode) {
  const set = new Set<string>();
  let invalid = 0;
  const result = countToursByCover(board, {
    closed: true,
    mode,
    onTour: (tour) => {
      if (!validateTour(board, tour.path, { closed: true }).valid) invalid++;
      set.add(tour.path.join(","));
    },
  });
  return { set, invalid, result };
}

const board = new Board(6, 6);
let began = performance.now();
const pruned = toursOf(board, "prune");
check(
  "6x6 closed, prune",
  pruned.set.size === 19_724 && pruned.invalid === 0,
  `${pruned.set.size} distinct tours, ${pruned.invalid} invalid, ${pruned.result.deletions} options deleted`,
  began,
);
if (!values.quick) {
  began = performance.now();
  const filtered = toursOf(board, "filter");
  const same =
    filtered.set.size === pruned.set.size && [...filtered.set].every((t) => pruned.set.has(t));
  check(
    "6x6 closed, filter",
    filtered.result.covers === 106_172_416 && filtered.set.size === 19_724 && same,
    `${filtered.result.covers} covers, ${filtered.result.rejected} rejected, ${filtered.set.size} tours, same as prune: ${same}`,
    began,
  );
}

began = performance.now();
const all = exactCover(pentominoProblem(6, 10)).count().count;
check("pentominoes 6x10", all === 9356, `${all} tilings`, began);
began = performance.now();
const orbits = exactCover(pentominoProblem(6, 10, { upToSymmetry: true })).count().count;
check("pentominoes 6x10 up to symmetry", orbits === 2339, `${orbits} tilings`, began);

process.exitCode = failed ? 1 : 0;
