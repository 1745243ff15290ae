import { describe, expect, test } from "vitest";
import { Census } from "../../../src/census/index.js";
import { Board } from "../../../src/core/board.js";
import { threadExecutor } from "../../../src/node/queue/execute.js";
import { type CensusJob, JobRejected } from "../../../src/node/queue/jobs.js";
import { canonicalJson } from "../../../src/node/queue/results.js";
import { JobThreads } from "../../../src/node/queue/threads.js";

// A queue worker builds the split its job's id names (`ring-6x6-v1`), not the default one.
describe("threadExecutor on a split's job (no Redis: the executor alone)", () => {
  const job: CensusJob = {
    app: "knight-tours",
    v: 1,
    kind: "census",
    board: "6x6",
    split: "ring-6x6-v1",
    stats: true,
    name: "",
  };

  test("runs a ring subproblem of 6×6 to the library's result, and rejects a split that does not fit", async () => {
    const census = new Census(new Board(6, 6), "ring");
    const busiest = census
      .subproblems()
      .map((e) => census.runSubproblem(e.name))
      .flatMap((run) => (run.status === "done" ? [run.result] : []))
      .reduce((a, b) => (Number(b.tours) > Number(a.tours) ? b : a));
    const threads = new JobThreads(1);
    try {
      const run = threadExecutor(threads);
      const signal = new AbortController().signal;
      const output = await run({ ...job, name: busiest.name }, () => {}, signal);
      expect(output.json).toBe(canonicalJson(busiest));
      await expect(
        run({ ...job, board: "6x8", split: "ring-6x8-v1", name: "DJDJDJDJ" }, () => {}, signal),
      ).rejects.toThrow(JobRejected);
    } finally {
      await threads.close();
    }
  });
});
