import { describe, expect, test } from "vitest";
import { parseTourJson } from "../../src/core/format/json.js";
import { validateTour } from "../../src/core/validate.js";
import { tourReading } from "../../src/sample/key.js";
import { runCli } from "../helpers/cli.js";

function tours(stdout: string) {
  return stdout
    .trimEnd()
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => parseTourJson(line));
}

describe("knight sample", () => {
  test("6x6 closed: NDJSON of valid closed tours from a8; stderr says uniform over 9862", async () => {
    const result = await runCli(["sample", "6", "--closed", "--limit", "5", "--seed", "3"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^distribution: uniform over the 9862 closed tours of 6×6/);
    const list = tours(result.stdout);
    expect(list.length).toBe(5);
    for (const tour of list) {
      expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
      expect(tour.path[0]).toBe(0);
    }
  });

  test("the same seed gives the same output; another seed another", async () => {
    const a = await runCli(["sample", "5", "--limit", "4", "--seed", "9"]);
    const b = await runCli(["sample", "5", "--limit", "4", "--seed", "9"]);
    const c = await runCli(["sample", "5", "--limit", "4", "--seed", "10"]);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
  });

  test("--distinct: no two the same; more than exist prints them all and exits 1", async () => {
    const some = await runCli(["sample", "3x10", "--closed", "-n", "12", "--distinct"]);
    expect(some.code).toBe(0);
    const keys = tours(some.stdout).map((t) => Array.from(tourReading(t)).join(","));
    expect(new Set(keys).size).toBe(12);
    const all = await runCli(["sample", "3x10", "--closed", "-n", "20", "--distinct"]);
    expect(all.code).toBe(1);
    expect(all.stderr).toMatch(/only 16 distinct tours exist; all 16 were given \(20 asked for\)/);
    const list = tours(all.stdout);
    expect(list.length).toBe(16);
    expect(new Set(list.map((t) => Array.from(tourReading(t)).join(","))).size).toBe(16);
  });

  test("--start: open tours from that cell; --json: a closing status line on stdout, nothing on stderr", async () => {
    const result = await runCli(["sample", "5", "--start", "a1", "-n", "3", "--json"]);
    expect(result.code).toBe(0);
    // Standard error is for messages only; the data, metadata included, is on standard output.
    expect(result.stderr).toBe("");
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[3]!)).toEqual({
      status: "done",
      rows: 5,
      cols: 5,
      closed: false,
      start: "a1",
      method: "uniform",
      distribution: "uniform",
      count: "304",
      limit: 3,
      printed: 3,
      seed: 1,
      distinct: false,
    });
    for (const tour of tours(lines.slice(0, 3).join("\n"))) {
      expect(validateTour(tour.board, tour).valid).toBe(true);
      expect(tour.path[0]).toBe(20);
    }
  });

  test("large boards: randomised search, said to be not uniform", async () => {
    const result = await runCli(["sample", "8", "--closed", "-n", "3", "--distinct"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^distribution: randomised search \(not uniform\)/);
    const list = tours(result.stdout);
    expect(list.length).toBe(3);
    for (const tour of list)
      expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
    expect(new Set(list.map((t) => Array.from(tourReading(t)).join(","))).size).toBe(3);
    const json = await runCli(["sample", "5", "--method", "search", "--json"]);
    const last = JSON.parse(json.stdout.trimEnd().split("\n").at(-1)!);
    expect(last).toMatchObject({ status: "done", method: "search", count: null, printed: 1 });
    expect(last.distribution).toBe("randomised search (not uniform)");
  });

  test("impossible boards and starts exit 1 with the reason", async () => {
    const odd = await runCli(["sample", "5", "--closed"]);
    expect(odd.code).toBe(1);
    expect(odd.stderr).toMatch(/even number of cells/);
    expect(odd.stdout).toBe("");
    const minority = await runCli(["sample", "5", "--start", "b1"]);
    expect(minority.code).toBe(1);
    expect(minority.stdout).toBe("");
  });

  test("--start for closed tours is the cell printed first; --time-limit exits 3", async () => {
    const result = await runCli(["sample", "6", "--closed", "--start", "c3", "-n", "4"]);
    expect(result.code).toBe(0);
    for (const tour of tours(result.stdout)) {
      expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
      expect(tour.path[0]).toBe(3 * 6 + 2);
    }
    const slow = await runCli(["sample", "6", "--method", "uniform", "--time-limit", "0.001"]);
    expect(slow.code).toBe(3);
    expect(slow.stderr).toMatch(/time limit/);
  });

  test("--progress shows the count's pieces on stderr", async () => {
    const result = await runCli(["sample", "6", "--start", "c4", "--progress"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^counting the tours of 6×6: [\d,]+\/[\d,]+ pieces \(\d+ %\) \| [\d,]+ nodes( \| [\d,]+ nodes\/s)? \| \d+ s$/m,
    );
    expect(tours(result.stdout).length).toBe(1);
  });

  test("bad --limit, --seed, --method, --start exit 2 naming the value", async () => {
    // The old spelling still works, with a deprecation line (hidden from --help).
    const old = await runCli(["sample", "5", "--count", "2"]);
    expect(old.code).toBe(0);
    expect(old.stdout.trimEnd().split("\n")).toHaveLength(2);
    expect(old.stderr).toMatch(
      /^knight sample: note: --count is deprecated and will be removed; use --limit$/m,
    );
    for (const [argv, value] of [
      [["sample", "6", "--limit", "0"], "'0'"],
      [["sample", "6", "--limit", "x"], "'x'"],
      [["sample", "6", "--seed", "-1"], "-1"],
      [["sample", "6", "--seed", "4294967296"], "'4294967296'"],
      [["sample", "6", "--seed", "1.5"], "'1.5'"],
      [["sample", "6", "--method", "magic"], "'magic'"],
      [["sample", "6", "--start", "z9"], "z9"],
    ] as const) {
      const result = await runCli(argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr, argv.join(" ")).toContain(value);
    }
  });

  test("knight --help lists sample", async () => {
    const help = await runCli(["--help"]);
    expect(help.stdout).toMatch(/\bsample\b/);
    const own = await runCli(["sample", "--help"]);
    expect(own.stdout).toContain("distribution: uniform");
  });

  test("other geometries: the tours carry the geometry and validate against it", async () => {
    const torus = await runCli(["sample", "4", "--topology", "torus", "--closed", "-n", "4"]);
    expect(torus.code).toBe(0);
    expect(torus.stderr).toMatch(/^distribution: uniform over the 1344 closed tours of 4×4 torus/);
    for (const tour of tours(torus.stdout)) {
      expect(tour.board.topology).toBe("torus");
      expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
    }
    for (const argv of [
      ["sample", "10", "--piece", "giraffe", "--closed", "-n", "2"],
      ["sample", "8", "--holes", "a1,h1", "-n", "2", "--start", "d4"],
      ["sample", "6x7", "--topology", "cylinder", "--piece", "knight+camel", "-n", "2"],
      ["sample", "5", "--piece", "wazir", "--holes", "c3", "--closed", "-n", "2"],
    ]) {
      const result = await runCli(argv);
      expect(result.code, argv.join(" ")).toBe(0);
      const list = tours(result.stdout);
      expect(list.length).toBe(2);
      for (const tour of list) {
        expect(validateTour(tour.board, tour, { closed: argv.includes("--closed") }).valid).toBe(
          true,
        );
        expect(String(tour.board)).not.toBe(`${tour.board.rows}×${tour.board.cols}`);
      }
    }
    const json = await runCli(["sample", "4", "--topology", "torus", "--json"]);
    expect(JSON.parse(json.stdout.trimEnd().split("\n").at(-1)!)).toMatchObject({
      status: "done",
      rows: 4,
      cols: 4,
      topology: "torus",
    });
  });

  test("geometry errors exit 2 naming the value; an impossible geometry exits 1", async () => {
    for (const [argv, value] of [
      [["sample", "6", "--piece", "dragon"], "dragon"],
      [["sample", "6", "--topology", "sphere"], "sphere"],
      [["sample", "6", "--holes", "a1", "--start", "a1"], "a1"],
    ] as const) {
      const result = await runCli(argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.stderr).toContain(value);
    }
    const camel = await runCli(["sample", "8", "--piece", "camel"]);
    expect(camel.code).toBe(1);
    // The colour theorem answers before any search (a camel never changes colour).
    expect(camel.stderr).toMatch(/never changes the colour of its square/);
  });
});
