import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { formatTourJson } from "../../src/core/format/index.js";
import { parseTourJson } from "../../src/core/format/json.js";
import { validateTour } from "../../src/core/validate.js";
import { SampleThread } from "../../src/node/sample-thread.js";
import { sampleTours } from "../../src/sample/sample.js";

// The CLI's sampling thread (worker script from dist/: npm test builds it first).
async function drain(thread: SampleThread) {
  const first = await thread.next();
  const lines: string[] = [];
  for (;;) {
    const step = await thread.next();
    if (step.kind === "tours" || step.kind === "end") {
      lines.push(...step.lines.split("\n").filter((line) => line !== ""));
      if (step.kind === "end") return { first, lines, end: step };
    } else return { first, lines, end: step };
  }
}

describe("SampleThread", () => {
  it("gives the plan, then the same valid tours as sampleTours with the same seed", async () => {
    const board = new Board(6, 6);
    const options = { closed: true, count: 450, seed: 11, distinct: true } as const;
    const thread = new SampleThread(board, {
      ...options,
      method: "auto",
      start: undefined,
      timeLimitMs: undefined,
    });
    const { first, lines, end } = await drain(thread);
    expect(first.kind === "plan" && first.plan.status === "ready" && first.plan.total).toBe("9862");
    expect(end.kind === "end" && end.end.status).toBe("done");
    expect(end.kind === "end" && end.tours).toBeGreaterThan(0);
    expect(lines).toHaveLength(450);
    const plan = sampleTours(board, options);
    if (plan.status !== "ready") throw new Error(plan.reason);
    const here = [...plan.tours].map((tour) => formatTourJson(tour));
    expect(lines).toEqual(here);
    for (const line of lines) {
      const tour = parseTourJson(line);
      expect(validateTour(board, tour.path, { closed: true }).valid).toBe(true);
    }
    expect(new Set(lines).size).toBe(450);
  });

  it("reports an impossible board in its plan, and ends", async () => {
    const thread = new SampleThread(new Board(5, 5), {
      closed: true,
      count: 1,
      seed: 1,
      distinct: false,
      method: "auto",
      start: undefined,
      timeLimitMs: undefined,
    });
    const first = await thread.next();
    expect(first.kind === "plan" && first.plan.status).toBe("impossible");
    await thread.close();
  });

  it("ends at once when its signal is aborted, mid-count or mid-listing", async () => {
    for (const count of [2, 1e9]) {
      const controller = new AbortController();
      let reports = 0;
      const thread = new SampleThread(new Board(6, 6), {
        closed: count === 1e9,
        count,
        seed: 1,
        distinct: false,
        method: "auto",
        start: undefined,
        timeLimitMs: undefined,
        signal: controller.signal,
        // Mid-count (6×6 open tours take seconds to count): abort at the first report.
        onProgress:
          count === 2
            ? () => {
                reports++;
                controller.abort();
              }
            : undefined,
      });
      if (count === 1e9) {
        const first = await thread.next();
        expect(first.kind).toBe("plan");
        const step = await thread.next();
        expect(step.kind).toBe("tours");
        controller.abort();
      }
      expect((await thread.next()).kind).toBe("aborted");
      if (count === 2) expect(reports).toBeGreaterThan(0);
      await thread.close();
    }
  });

  it("rethrows a typed error from the thread with its code", async () => {
    const thread = new SampleThread(new Board(5, 5), {
      closed: false,
      count: 1,
      seed: -1,
      distinct: false,
      method: "auto",
      start: undefined,
      timeLimitMs: undefined,
    });
    await expect(thread.next()).rejects.toMatchObject({ code: "BAD_OPTION" });
  });
});
