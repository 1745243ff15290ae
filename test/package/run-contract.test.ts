// The run contract, one spec run against every long computation of the public API (in the
// manner of graphology's shared specs): each takes the same limits (nodeLimit, timeLimitMs,
// signal, onProgress) and answers the same way —
// - a node limit of 0 stops it at its first check with status "limit";
// - a signal that has already fired stops it with status "aborted";
// - onProgress is called with the running totals ({ nodes, ms, … }) while it runs;
// - a time limit ends a run that would otherwise take far longer, with status "limit".
// Each front door is called on a problem far too big to finish, so only a limit can end it.
import { describe, expect, it } from "vitest";
import {
  Board,
  count,
  countClosedTourClasses,
  countSymmetricTours,
  enumerateTours,
  exactCover,
  findSymmetricTour,
  type Limits,
  type Progress,
  sampleTours,
  solve,
} from "../../src/index.js";

/** Runs one front door under `limits` to its end and says how it ended. */
type FrontDoor = (limits: Limits<Progress>) => string;

/** n-queens as exact cover: rows and columns primary, the diagonals secondary. */
function queens(n: number) {
  const name = (kind: string, i: number) => `${kind}${i}`;
  const range = (k: number) => Array.from({ length: k }, (_, i) => i);
  return {
    primary: [...range(n).map((i) => name("r", i)), ...range(n).map((i) => name("c", i))],
    secondary: [
      ...range(2 * n - 1).map((i) => name("a", i)),
      ...range(2 * n - 1).map((i) => name("b", i)),
    ],
    options: range(n * n).map((k) => {
      const r = Math.floor(k / n);
      const c = k % n;
      return [name("r", r), name("c", c), name("a", r + c), name("b", r - c + n - 1)];
    }),
  };
}

/** The last value of a generator: how the listing ended. */
function drain<T, R>(generator: Generator<T, R, undefined>): R {
  for (;;) {
    const step = generator.next();
    if (step.done) return step.value;
  }
}

const eight = new Board(8, 8);
const ten = new Board(10, 10);

const FRONT_DOORS: Record<string, FrontDoor> = {
  "solve (backtrack, open 8×8 from a corner)": (limits) =>
    solve(eight, { method: "backtrack", ...limits }).status,
  "solve (search, closed 4×30 refuted only by exhaustion)": (limits) =>
    solve(new Board(4, 30), { method: "search", closed: true, useTheory: false, ...limits }).status,
  "count (closed 8×8, backtrack)": (limits) =>
    count(eight, { closed: true, method: "backtrack", ...limits }).status,
  "count (closed 8×8, mates)": (limits) =>
    count(eight, { closed: true, method: "mates", ...limits }).status,
  "enumerateTours (closed 8×8)": (limits) =>
    drain(enumerateTours(eight, { closed: true, ...limits })),
  "sampleTours (uniform, closed 8×8: the count behind it)": (limits) => {
    const plan = sampleTours(eight, { closed: true, method: "uniform", ...limits });
    return plan.status === "ready" ? drain(plan.tours).status : plan.status;
  },
  "exactCover count (16 queens)": (limits) => exactCover(queens(16)).count(limits).status,
  "countSymmetricTours (10×10, 180°)": (limits) =>
    countSymmetricTours(ten, { rotation: 180, ...limits }).status,
  "countClosedTourClasses (10×10)": (limits) => countClosedTourClasses(ten, 1n, limits).status,
};

/**
 * Front doors with no problem too big to finish: the symmetric-tour finder settles even 102×102
 * under a quarter turn in about 3,000 nodes, below its first progress check, so only the limits
 * that stop it at once apply.
 */
const QUICK_FRONT_DOORS: Record<string, FrontDoor> = {
  "findSymmetricTour (closed 30×30, 90°)": (limits) =>
    findSymmetricTour(new Board(30, 30), { rotation: 90, ...limits }).status,
};

describe.each(Object.entries({ ...FRONT_DOORS, ...QUICK_FRONT_DOORS }))(
  "the run contract: %s",
  (_, run) => {
    it("stops at its first check with status 'limit' under nodeLimit 0", () => {
      expect(run({ nodeLimit: 0 })).toBe("limit");
    });

    it("stops with status 'aborted' when the signal has fired", () => {
      const controller = new AbortController();
      controller.abort();
      expect(run({ signal: controller.signal })).toBe("aborted");
    });
  },
);

describe.each(Object.entries(FRONT_DOORS))("the run contract, on a long run: %s", (_, run) => {
  it("reports progress with its running totals while it runs", () => {
    const seen: Progress[] = [];
    const status = run({
      nodeLimit: 300_000,
      progressEveryMs: 0,
      onProgress: (progress) => seen.push(progress),
    });
    expect(status).toBe("limit");
    expect(seen.length).toBeGreaterThan(0);
    for (const progress of seen) {
      expect(progress.nodes).toBeGreaterThanOrEqual(0);
      expect(progress.ms).toBeGreaterThanOrEqual(0);
    }
  });

  it("ends a run far longer than its time limit with status 'limit'", () => {
    const began = performance.now();
    expect(run({ timeLimitMs: 50 })).toBe("limit");
    // Generous: the point is that it stopped, not how fast (the machine may be loaded).
    expect(performance.now() - began).toBeLessThan(30_000);
  });
});
