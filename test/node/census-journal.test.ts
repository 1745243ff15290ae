import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Census } from "../../src/census/index.js";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";
import { CensusJournal } from "../../src/node/census-journal.js";
import { censusParallel } from "../../src/node/census-parallel.js";

const dir = mkdtempSync(join(tmpdir(), "knight-census-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const key = { board: "6x6", split: "centre-6x6-v1", stats: true };

describe("CensusJournal", () => {
  const census = new Census(new Board(6, 6));
  const result = (name: string) => {
    const run = census.runSubproblem(name);
    if (run.status !== "done") throw new Error(run.status);
    return run.result;
  };

  it("reads back what it recorded, once per subproblem, and ignores a torn last line", () => {
    const file = join(dir, "a.ndjson");
    const [first, second] = census.subproblems();
    const journal = CensusJournal.open(file, key);
    journal.record({ name: first!.name, ms: 5, result: result(first!.name) });
    journal.record({ name: first!.name, ms: 7, result: result(first!.name) });
    journal.close();
    appendFileSync(file, `{"name":"${second!.name}","ms":3,"result":{"na`);
    const again = CensusJournal.open(file, key);
    expect([...again.done.keys()]).toEqual([first!.name]);
    expect(again.done.get(first!.name)!.ms).toBe(5);
    again.record({ name: second!.name, ms: 4, result: result(second!.name) });
    again.close();
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    // Header, first, the torn fragment (now a line of its own, skipped), second.
    expect(lines).toHaveLength(4);
    expect([...CensusJournal.open(file, key).done.keys()]).toEqual([first!.name, second!.name]);
  });

  it("refuses a journal written for another board or split, naming it", () => {
    const file = join(dir, "b.ndjson");
    CensusJournal.open(file, key).close();
    expect(() =>
      CensusJournal.open(file, { ...key, board: "5x6", split: "centre-5x6-v1" }),
    ).toThrow(OptionError);
    expect(() => CensusJournal.open(file, { ...key, stats: false })).toThrow(
      /written for another census \(board 6x6, split centre-6x6-v1, with statistics\)/,
    );
  });
});

describe("censusParallel", () => {
  it("gives the census of 6×6 on two workers, and resumes from a journal without recounting", async () => {
    const board = new Board(6, 6);
    const file = join(dir, "c.ndjson");
    const names = new Census(board).subproblems().map((e) => e.name);
    const part = await censusParallel(board, {
      workers: 2,
      journal: file,
      names: names.slice(0, 50),
    });
    expect(part.totals.done).toBe(50);
    const whole = await censusParallel(board, { workers: 2, journal: file });
    expect(whole.status).toBe("done");
    expect(whole.totals.tours).toBe(9862n);
    const recorded = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .slice(1)
      .map((line) => JSON.parse(line).name as string);
    expect(recorded.length).toBe(names.length);
    expect(new Set(recorded).size).toBe(names.length);
    const fresh = await censusParallel(board, { workers: 1 });
    expect(whole.totals.histogramsJson()).toEqual(fresh.totals.histogramsJson());
  });

  it("stops at once when the signal has fired, with status aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const run = await censusParallel(new Board(6, 6), { signal: controller.signal });
    expect(run.status).toBe("aborted");
    expect(run.totals.done).toBe(0);
  });
});
