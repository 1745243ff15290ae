import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { parseTourJson } from "../../src/core/format/json.js";
import { validateTour } from "../../src/core/validate.js";
import { countMethod } from "../../src/count/dispatch.js";
import { frontierGeometryRefusal } from "../../src/count/frontier-geometry.js";
import { runCli } from "../helpers/cli.js";
import { bruteCount } from "../helpers/geometry-brute.js";

// `knight count` runs in worker threads: the compiled dist/node/count-worker.js (npm run build).
const dir = mkdtempSync(join(tmpdir(), "knight-count-geometry-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("knight count on other geometries", () => {
  test("--topology, --piece, --holes count as the brute force does", async () => {
    for (const [argv, expected] of [
      [["count", "4x4", "--topology", "torus", "--closed"], "1344"],
      [["count", "4", "--piece", "wazir", "--closed"], "6"],
      [["count", "4", "--piece", "wazir"], "552"],
      [["count", "3x5", "--topology", "cylinder", "--closed", "--method", "backtrack"], "276"],
      [["count", "4x5", "--holes", "a4,e1", "--closed"], "10"],
      [["count", "3x5", "--piece", "fers+wazir", "--holes", "c2", "--closed"], "100"],
    ] as const) {
      const result = await runCli(argv);
      expect(result, argv.join(" ")).toMatchObject({ code: 0, stdout: `${expected}\n` });
    }
  });

  test("a torus is counted by the sweep by default, its rows interleaved, as the brute force does", async () => {
    // 2×7 is turned to 7×2, whose interleaved rows save three cells of window.
    const brute = bruteCount({ rows: 2, cols: 7, topology: "torus" });
    const board = new Board(2, 7, { topology: "torus" });
    expect(countMethod("auto", board)).toBe("frontier");
    for (const [argv, expected] of [
      [["count", "2x7", "--topology", "torus", "--closed"], brute.closed],
      [["count", "2x7", "--topology", "torus"], brute.open],
    ] as const) {
      const result = await runCli(argv);
      expect(result, argv.join(" ")).toMatchObject({ code: 0, stdout: `${expected}\n` });
    }
  });

  test("--json adds the geometry after cols, only when it is not the default", async () => {
    const torus = await runCli(["count", "4", "--topology", "torus", "--closed", "--json"]);
    expect(torus.stdout).toBe(
      '{"status":"done","rows":4,"cols":4,"topology":"torus","closed":true,"directed":false,"symmetry":null,"upToSymmetry":false,"count":"1344"}\n',
    );
    const holed = await runCli(["count", "4x5", "--holes", "a4,e1", "--piece", "knight", "--json"]);
    expect(JSON.parse(holed.stdout)).toEqual({
      status: "done",
      rows: 4,
      cols: 5,
      holes: [
        [0, 0],
        [3, 4],
      ],
      closed: false,
      directed: true,
      symmetry: null,
      upToSymmetry: false,
      count: "1388",
    });
    const plain = await runCli(["count", "6", "--closed", "--json"]);
    expect(plain.stdout).toBe(
      '{"status":"done","rows":6,"cols":6,"closed":true,"directed":false,"symmetry":null,"upToSymmetry":false,"count":"9862"}\n',
    );
  });

  test("--method frontier on a geometry the sweep refuses exits 2 with its reason", async () => {
    // The 9×9 torus: its rows need too wide a window and no free order of its cells does
    // better than them (the 7×7 torus has one now, and asks for --yes instead: centuries).
    const result = await runCli(["count", "9", "--topology", "torus", "--method", "frontier"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    const reason = frontierGeometryRefusal(new Board(9, 9, { topology: "torus" }))!;
    expect(result.stderr).toContain(reason);
  });

  test("bad input exits 2 naming the value", async () => {
    for (const [argv, pattern] of [
      [["count", "4", "--topology", "torus", "--method", "magic"], /magic/],
      [["count", "4", "--topology", "klein"], /klein/],
      [["count", "4", "--piece", "dragon"], /dragon/],
      [["count", "4", "--holes", "z9"], /z9/],
      [["count", "4", "--holes", "a1", "--start", "a1"], /hole|a1/],
      [["count", "4x5", "--holes", "a1", "--method", "dlx"], /without holes/],
      [["enumerate", "4", "--mask", "no-such-mask.txt"], /--mask: cannot read 'no-such-mask.txt'/],
      [["count", "4", "--topology", "torus", "--closed", "--symmetry", "180"], /plain/],
      [["count", "4", "--topology", "torus", "--closed", "--up-to-symmetry"], /plain/],
      [
        [
          "count",
          "4",
          "--topology",
          "torus",
          "--method",
          "mates",
          "--queue",
          "redis://127.0.0.1:1",
        ],
        /--queue/,
      ],
    ] as const) {
      const result = await runCli(argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr, argv.join(" ")).toMatch(pattern);
    }
  });

  test("a checkpoint records the geometry: a torus count's file does not resume a plane count", async () => {
    const file = join(dir, "torus.ckpt");
    const first = await runCli([
      "count",
      "4",
      "--topology",
      "torus",
      "--method",
      "backtrack",
      "--workers",
      "2",
      "--checkpoint",
      file,
    ]);
    expect(first).toMatchObject({ code: 0, stdout: "91392\n" });
    expect(readFileSync(file, "utf8")).toContain('"board":"4x4 torus"');
    const again = await runCli([
      "count",
      "4",
      "--topology",
      "torus",
      "--method",
      "backtrack",
      "--checkpoint",
      file,
    ]);
    expect(again).toMatchObject({ code: 0, stdout: "91392\n" });
    // The plain 4×4 has no open tour (a theorem answers 0 before any checkpoint is read): the
    // cylinder of the same size has, and its count is another count.
    const cylinder = await runCli([
      "count",
      "4",
      "--topology",
      "cylinder",
      "--method",
      "backtrack",
      "--checkpoint",
      file,
    ]);
    expect(cylinder.code).toBe(2);
    expect(cylinder.stderr).toMatch(/another count/);
  });
});

describe("knight enumerate on other geometries", () => {
  test("every listed tour carries its geometry and validates; as many as count", async () => {
    for (const [argv, expected] of [
      [["enumerate", "4", "--piece", "wazir", "--closed"], 6],
      [["enumerate", "4x5", "--holes", "a4,e1", "--closed"], 10],
      [["enumerate", "3x4", "--topology", "cylinder", "--closed", "--directed"], 4],
    ] as const) {
      const result = await runCli(argv);
      expect(result.code, argv.join(" ")).toBe(0);
      const lines = result.stdout.trimEnd().split("\n");
      expect(lines).toHaveLength(expected);
      for (const line of lines) {
        const tour = parseTourJson(line);
        expect(tour.board.plain).toBe(false);
        expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
      }
    }
  });
});
