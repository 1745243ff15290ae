import { describe, expect, test } from "vitest";
import { parseTourJson } from "../../src/core/format/json.js";
import { validateTour } from "../../src/core/validate.js";
import { runCli } from "../helpers/cli.js";

describe("knight count", () => {
  test("prints the count; --json prints the contract", async () => {
    const plain = await runCli(["count", "6", "--closed"]);
    expect(plain).toMatchObject({ code: 0, stdout: "9862\n" });
    const json = await runCli(["count", "5", "--start", "a1", "--json"]);
    expect(json.code).toBe(0);
    // The envelope (docs/cli.md): status first, `closed` as everywhere (no `kind`).
    expect(JSON.parse(json.stdout)).toEqual({
      status: "done",
      rows: 5,
      cols: 5,
      closed: false,
      directed: true,
      symmetry: null,
      upToSymmetry: false,
      start: "a1",
      count: "304",
    });
  });

  test("--undirected, --directed, --non-closable, --method, --end", async () => {
    expect((await runCli(["count", "3x4", "--undirected"])).stdout).toBe("8\n");
    expect((await runCli(["count", "4x5", "--undirected", "--method", "frontier"])).stdout).toBe(
      "82\n",
    );
    expect((await runCli(["count", "3x10", "--closed", "--directed"])).stdout).toBe("32\n");
    expect((await runCli(["count", "5", "--end", "c3"])).stdout).toBe("64\n");
    const knuth = await runCli(["count", "5x6", "--non-closable", "--undirected", "--json"]);
    expect(JSON.parse(knuth.stdout)).toMatchObject({ nonClosable: true, directed: false });
  });

  test("--threads with auto picking another method: counted, and a note says the flag did not apply", async () => {
    const run = await runCli(["count", "5", "--threads", "2"]);
    expect(run).toMatchObject({ code: 0, stdout: "1728\n" });
    expect(run.stderr).toBe(
      "knight count: note: --threads 2 is for the frontier sweep; auto picked mates for 5×5, whose subproblems run on --workers\n",
    );
  });

  test("bad input exits 2 with one line naming the value", async () => {
    for (const argv of [
      ["count", "6", "--closed", "--open"],
      ["count", "6", "--method", "magic"],
      ["count", "6", "--workers", "0"],
      ["count", "5", "--start", "z9"],
      ["count", "6", "--closed", "--non-closable"],
    ]) {
      const result = await runCli(argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr.trimEnd().split("\n").length).toBeLessThanOrEqual(2);
    }
  });

  test("a count over --max-memory with --no-spill exits 2 naming the limit", async () => {
    // Without --no-spill the sweep spills to a temporary folder instead (count-defaults.test.ts).
    const result = await runCli(["--max-memory", "2M", "count", "6x8", "--closed", "--no-spill"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/frontier table .* over the limit/);
  });

  test("a time limit exits 3", async () => {
    const result = await runCli(["count", "8", "--closed", "--time-limit", "0.2"]);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/time limit/);
  });

  test("--progress draws the bar on stderr, data stays alone on stdout", async () => {
    const result = await runCli(["count", "5", "--progress"]);
    expect(result.stdout).toBe("1728\n");
    expect(result.stderr).toMatch(/open tours of 5×5/);
  });
});

describe("knight enumerate", () => {
  test("streams NDJSON tours, each valid, as many as count", async () => {
    const result = await runCli(["enumerate", "3x4", "--undirected"]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(8);
    for (const line of lines) {
      const tour = parseTourJson(line);
      expect(validateTour(tour.board, tour).valid).toBe(true);
    }
  });

  test("--limit stops after N; closed tours are closed", async () => {
    const result = await runCli(["enumerate", "6", "--closed", "--limit", "5"]);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      const tour = parseTourJson(line);
      expect(tour.closed).toBe(true);
      expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
    }
  });
});
