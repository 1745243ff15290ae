import { XMLValidator } from "fast-xml-parser";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import type { CliIO, OutputSink } from "../../src/cli/io.js";
import { run } from "../../src/cli/run.js";
import { Board, formatTourJson, parseTour, validateTour } from "../../src/index.js";
import { SHOW_CURSOR } from "../../src/render/index.js";
import { runCli } from "../helpers/cli.js";
import { graphTour, solvedTour } from "./helpers.js";

/** An in-process terminal: stdout is a TTY, Ctrl-C is `interrupt()`. */
function terminal(env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const controller = new AbortController();
  const io: CliIO = {
    stdout: {
      write: (c) => {
        stdout += String(c);
      },
      isTTY: true,
    },
    stderr: {
      write: (c) => {
        stderr += String(c);
      },
      isTTY: true,
    },
    stdinIsTTY: true,
    readStdin: async () => new Uint8Array(),
    readFile: async () => new Uint8Array(),
    openOutput: async () => {
      const sink: OutputSink = {
        write: async (chunk) => {
          stdout += String(chunk);
        },
        close: async () => {},
      };
      return sink;
    },
    env,
    interruptSignal: () => controller.signal,
    totalMemory: 8 * 1024 ** 3,
  };
  return {
    io,
    interrupt: () => controller.abort(),
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
  };
}

describe("knight tour --format svg|png|ansi", () => {
  it("prints a well-formed SVG of a valid closed tour", async () => {
    const result = await runCli(["tour", "8", "--closed", "--format", "svg", "--gradient"]);
    expect(result.code).toBe(0);
    expect(XMLValidator.validate(result.stdout)).toBe(true);
    const points = /points="([^"]+)"/.exec(result.stdout)![1]!.split(" ");
    expect(points).toHaveLength(64);
    const path = points.map((p) => {
      const [x, y] = p.split(",").map(Number) as [number, number];
      return (y - 0.5) * 8 + (x - 0.5);
    });
    expect(validateTour(solvedTour(8, 8, true).board, path, { closed: true }).valid).toBe(true);
  });

  it("writes a PNG to --out", async () => {
    const result = await runCli([
      "tour",
      "6x7",
      "--format",
      "png",
      "--cell-size",
      "20",
      "--out",
      "t.png",
    ]);
    expect(result.code).toBe(0);
    const png = PNG.sync.read(Buffer.from(result.written["t.png"]!));
    expect([png.width, png.height]).toEqual([140, 120]);
  });

  it("refuses a PNG bound for a terminal before searching (exit 2)", async () => {
    const t = terminal();
    const code = await run(["tour", "8", "--format", "png"], t.io);
    expect(code).toBe(2);
    expect(t.stderr).toMatch(/--out FILE/);
    expect(t.stdout).toBe("");
  });

  it("prints a coloured board on a terminal, plain with NO_COLOR", async () => {
    const coloured = terminal();
    expect(await run(["tour", "5", "--format", "ansi"], coloured.io)).toBe(0);
    expect(coloured.stdout).toContain("\x1b[48;5;");
    const plain = terminal({ NO_COLOR: "1" });
    expect(await run(["tour", "5", "--format", "ansi"], plain.io)).toBe(0);
    expect(plain.stdout).not.toContain("\x1b");
    expect(parseTour(plain.stdout).path).toHaveLength(25);
  });
});

describe("knight tour --animate", () => {
  it("prints the final board when stdout is not a terminal", async () => {
    const result = await runCli(["tour", "5", "--animate"]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain("\x1b");
    const tour = parseTour(result.stdout);
    expect(validateTour(tour.board, tour.path).valid).toBe(true);
  });

  it("plays on a terminal and restores the cursor", async () => {
    const t = terminal();
    expect(await run(["tour", "5", "--animate", "--fps", "1000"], t.io)).toBe(0);
    expect(t.stdout.startsWith("\x1b[?25l")).toBe(true);
    expect(t.stdout.endsWith(SHOW_CURSOR)).toBe(true);
  });

  it("prints the final board when the board does not fit the terminal", async () => {
    const t = terminal();
    Object.assign(t.io.stdout, { columns: 40 });
    expect(await run(["tour", "12", "--animate", "--fps", "1000"], t.io)).toBe(0);
    expect(t.stderr).toMatch(/does not fit/);
    expect(t.stdout).not.toContain("\x1b[?25l");
  });

  it("ends on Ctrl-C with exit 130 and the cursor shown", async () => {
    const t = terminal();
    const running = run(["tour", "8", "--animate", "--fps", "20"], t.io);
    await new Promise((r) => setTimeout(r, 120));
    t.interrupt();
    expect(await running).toBe(130);
    expect(t.stdout).toContain(SHOW_CURSOR);
    expect(t.stdout.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(t.stdout.lastIndexOf("\x1b[?25l"));
  });
});

describe("knight render", () => {
  const json = formatTourJson(solvedTour(6, 6, true));

  it("draws a tour read from standard input as SVG, animated", async () => {
    const result = await runCli(["render", "--animated"], { stdin: json, stdinIsTTY: false });
    expect(result.code).toBe(0);
    expect(XMLValidator.validate(result.stdout)).toBe(true);
    expect(result.stdout).toContain("<animate");
  });

  it("prints the numbered grid and reads files", async () => {
    const result = await runCli(["render", "t.json", "--format", "grid"], {
      files: { "t.json": json },
    });
    expect(result.code).toBe(0);
    expect(Array.from(parseTour(result.stdout).path)).toEqual(Array.from(parseTour(json).path));
  });

  it("refuses an invalid tour (exit 1) and unreadable input (exit 2)", async () => {
    const broken = json.replace("[0,0]", "[9,9]");
    expect((await runCli(["render", "-"], { stdin: broken, stdinIsTTY: false })).code).toBe(1);
    const swapped = JSON.parse(json) as { path: number[][] };
    [swapped.path[3], swapped.path[4]] = [swapped.path[4]!, swapped.path[3]!];
    const bad = await runCli(["render", "-"], {
      stdin: JSON.stringify(swapped),
      stdinIsTTY: false,
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/invalid tour/);
    expect((await runCli(["render", "-"], { stdin: "hello", stdinIsTTY: false })).code).toBe(2);
    expect((await runCli(["render", "-", "--format", "jpg"], { stdin: json })).code).toBe(2);
  });

  it("reads the geometry from tour JSON: a torus tour drawn with wrapped moves, holes shown", async () => {
    const torus = formatTourJson(graphTour(new Board(6, 6, { topology: "torus" }), true));
    expect(torus).toContain('"topology":"torus"');
    const svg = await runCli(["render", "-"], { stdin: torus, stdinIsTTY: false });
    expect(svg.code).toBe(0);
    expect(svg.stdout).toContain('<path class="tour"');
    expect(svg.stdout).toContain('<g class="seams"');
    const board = new Board(3, 3, { holes: [4] });
    const holed = formatTourJson({
      board,
      path: Int32Array.of(0, 5, 6, 1, 8, 3, 2, 7),
      closed: true,
    });
    const grid = await runCli(["render", "-", "--format", "grid"], {
      stdin: holed,
      stdinIsTTY: false,
    });
    expect(grid.code).toBe(0);
    expect(grid.stdout).toBe("1 4 7\n6 # 2\n3 8 5\n");
    // The torus tour read as a plain board is no tour: the geometry is what is checked.
    const flat = torus.replace(',"topology":"torus"', "");
    expect(flat).not.toContain("torus");
    const refused = await runCli(["render", "-"], { stdin: flat, stdinIsTTY: false });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/invalid tour/);
  });
});
