// Tours against the npm package `knightstour` (1.0.6, a dev dependency used here only), on
// the tours it can do. Its solve() is a game engine's: Warnsdorff walks with random
// tie-breaks (preferring cells that do not close the tour), a fresh walk up to 1000 times,
// every step a recursive call — so boards somewhere past 30×30 overflow the stack.
// Ratios: ours / theirs in the same run (below 1 = ours is faster). Every tour of both sides
// is checked by validateTour once in setup; the timed calls only check the status.
import KnightsTour from "knightstour";
import { Board, solve, validateTour } from "../../dist/index.js";

const b8 = new Board(8, 8);
const THEIRS_OPEN = "knightstour solve(), 64 open tours";
const THEIRS_CLOSED = "knightstour solve(), 64 closed tours";

/** Their tour of a rows×cols board from `start`; null when solve() gave up. */
function theirTour(rows, cols, start, closed) {
  const game = new KnightsTour({
    rows,
    cols,
    players: [{ name: "bench", color: "black", moveIndexes: [start] }],
    gameMode: closed ? "Closed" : "Open",
  });
  game.solve();
  return game.solved ? game.players[0].moveIndexes : null;
}

function ourTour(board, start, closed, method) {
  const options = { start, closed, method };
  // knightstour retries up to 1000 random walks; our Warnsdorff gets the same allowance.
  const result = solve(
    board,
    method === "warnsdorff" ? { ...options, maxAttempts: 1000 } : options,
  );
  return result.status === "found" ? result.tour.path : null;
}

/** Setup: every start once, each tour validated; throws if one is missing or invalid. */
function checkAll(board, closed, tourFrom, who) {
  for (let start = 0; start < board.cells; start++) {
    const path = tourFrom(start);
    if (path === null) throw new Error(`${who}: no tour from cell ${start}`);
    const check = validateTour(board, path, { closed });
    if (!check.valid) throw new Error(`${who}: invalid tour from ${start}: ${check.message}`);
    if (path[0] !== start) throw new Error(`${who}: the tour from ${start} starts at ${path[0]}`);
  }
}

/** One tour from every start of 8×8; throws if one is missing. */
function all64(tourFrom, who) {
  for (let start = 0; start < 64; start++) {
    if (tourFrom(start) === null) throw new Error(`${who}: no tour from cell ${start}`);
  }
}

function group8(closed) {
  const kind = closed ? "closed" : "open";
  const group = `peer knightstour: 8x8 ${kind} from each of the 64 starts`;
  const theirs = closed ? THEIRS_CLOSED : THEIRS_OPEN;
  const cases = [
    {
      group,
      name: theirs,
      note: "random tie-breaks, up to 1000 walks per tour",
      setup: () => checkAll(b8, closed, (s) => theirTour(8, 8, s, closed), "knightstour"),
      fn: () => all64((s) => theirTour(8, 8, s, closed), "knightstour"),
    },
  ];
  for (const method of ["warnsdorff", "search"]) {
    const who = `knight-tours solve() method ${method}`;
    cases.push({
      group,
      name: `${who}, 64 ${kind} tours`,
      baseline: theirs,
      note: method === "warnsdorff" ? "roth tie-break, then seeded random walks" : "",
      setup: () => checkAll(b8, closed, (s) => ourTour(b8, s, closed, method), who),
      fn: () => all64((s) => ourTour(b8, s, closed, method), who),
    });
  }
  return cases;
}

/** Larger boards from a corner: where knightstour slows down, and where it fails. */
function bigger(n, { quick = false, mayFail = false } = {}) {
  const board = new Board(n, n);
  const group = `peer knightstour: ${n}x${n} open from a corner`;
  const theirs = `knightstour solve(), ${n}x${n}`;
  return [
    {
      group,
      name: theirs,
      // Random restarts: one tour takes from under a second to several; a median of three.
      iterations: 3,
      quick,
      mayFail,
      note: mayFail
        ? "one recursive call per step: deep boards overflow the stack"
        : "random restarts: single runs vary several-fold",
      fn: () => {
        const path = theirTour(n, n, 0, false);
        if (path === null) throw new Error(`knightstour found no tour of ${n}x${n}`);
        const check = validateTour(board, path);
        if (!check.valid) throw new Error(`knightstour: invalid ${n}x${n} tour: ${check.message}`);
      },
    },
    {
      group,
      name: `knight-tours solve() method warnsdorff, ${n}x${n}`,
      baseline: theirs,
      fn: () => {
        const path = ourTour(board, 0, false, "warnsdorff");
        if (path === null || !validateTour(board, path).valid) throw new Error("no tour");
      },
    },
  ];
}

export default [
  ...group8(false),
  ...group8(true),
  ...bigger(20, { quick: false }),
  // knightstour overflows the stack here: the row records the error.
  ...bigger(50, { quick: false, mayFail: true }),
];
