import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { formatBinaryTour, parseBinaryTour, tourChunks } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { construct } from "../../src/solve/index.js";
import { runCli } from "../helpers/cli.js";

describe("knight tour, streamed (boards of 10^6 cells and more)", () => {
  it("writes a closed tour from the block order, byte for byte the same in every format", async () => {
    const bin = await runCli(["tour", "1000", "--closed", "--format", "bin", "--out", "t.bin"]);
    expect(bin.code).toBe(0);
    const tour = parseBinaryTour(bin.written["t.bin"]!);
    expect(tour.path[0]).toBe(0);
    expect(validateTour(tour.board, tour.path, { closed: true }).valid).toBe(true);
    // The text formats: exactly what the whole-tour writer prints for the same path.
    for (const format of ["json", "algebraic"] as const) {
      const text = await runCli(["tour", "1000", "--closed", "--format", format]);
      let expected = "";
      for (const chunk of tourChunks(tour, format)) expected += chunk;
      expect(text.stdout === expected, format).toBe(true);
    }
  });

  it("writes the closed tour of a board with one row of blocks, the same in every format", async () => {
    const bin = await runCli([
      "tour",
      "6x200000",
      "--closed",
      "--start",
      "c3",
      "--format",
      "bin",
      "--out",
      "t.bin",
      "--stats",
    ]);
    expect(bin.code).toBe(0);
    expect(bin.stderr).toMatch(/method blocks.*closed: yes/);
    const tour = parseBinaryTour(bin.written["t.bin"]!);
    expect(tour.path[0]).toBe(tour.board.cells - 3 * tour.board.cols + 2);
    expect(validateTour(tour.board, tour.path, { closed: true }).valid).toBe(true);
    for (const format of ["json", "algebraic"] as const) {
      const text = await runCli([
        "tour",
        "6x200000",
        "--closed",
        "--start",
        "c3",
        "--format",
        format,
      ]);
      let expected = "";
      for (const chunk of tourChunks(tour, format)) expected += chunk;
      expect(text.stdout === expected, format).toBe(true);
    }
  });

  it("writes an open tour of an odd board, which has no closed one", async () => {
    const result = await runCli(["tour", "1001", "--format", "bin", "--out", "o.bin", "--stats"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/method blocks.*closed: no/);
    const tour = parseBinaryTour(result.written["o.bin"]!);
    expect(validateTour(tour.board, tour.path).valid).toBe(true);
  });

  it("refuses, before writing a byte, a file larger than the free disk", async () => {
    const result = await runCli(["tour", "2000", "--closed", "--format", "bin", "--out", "t.bin"], {
      freeBytes: 1_000_000,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /not enough disk space for 't\.bin': the tour needs 15\.3 MiB \(16000020 bytes\) and the disk has 976\.6 KiB free/,
    );
    expect(result.written["t.bin"]).toBeUndefined();
  });

  it("keeps the whole-tour path for a grid and for shapes with no block order", async () => {
    const thin = await runCli(["tour", "4x300000", "--format", "bin", "--out", "t.bin", "--stats"]);
    expect(thin.code).toBe(0);
    expect(thin.stderr).toMatch(/method construct/);
    const tour = parseBinaryTour(thin.written["t.bin"]!);
    expect(validateTour(tour.board, tour.path).valid).toBe(true);
  });
});

describe("knight verify, streamed (binary tours, one bit a cell)", () => {
  const board = new Board(30, 40);
  const tour = construct(board, { closed: true }).tour!;
  const bytes = formatBinaryTour(tour);

  it("checks a binary tour arriving in chunks of any size", async () => {
    for (const inputChunk of [7, 65_536]) {
      const result = await runCli(["verify", "-"], { stdin: bytes, inputChunk });
      expect(result.stdout).toBe("valid closed tour of 30×40 (1200 cells)\n");
      const file = await runCli(["verify", "t.bin", "--json"], {
        files: { "t.bin": bytes },
        inputChunk,
      });
      expect(JSON.parse(file.stdout)).toMatchObject({
        valid: true,
        rows: 30,
        cols: 40,
        closed: true,
      });
    }
  });

  it("names the first fault, and a file of the wrong size", async () => {
    const broken = bytes.slice();
    new DataView(broken.buffer).setUint32(20 + 4 * 10, tour.path[12]!, true);
    const bad = await runCli(["verify", "t.bin"], { files: { "t.bin": broken }, inputChunk: 64 });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /^knight verify: t\.bin: invalid tour: step 10 → 11, .* is not a knight's move\n$/,
    );
    const short = await runCli(["verify", "-"], { stdin: bytes.subarray(0, bytes.length - 2) });
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/binary tour of 1200 cells should be 4820 bytes, but it is 4818/);
    const long = await runCli(["verify", "-"], { stdin: new Uint8Array([...bytes, 0, 0, 0, 0]) });
    expect(long.code).toBe(2);
    expect(long.stderr).toMatch(/should be 4820 bytes, but it is longer/);
  });

  it("reads text tours on standard input whole, as before", async () => {
    const json = await runCli(["tour", "8", "--closed", "--format", "json"]);
    const result = await runCli(["verify"], { stdin: json.stdout });
    expect(result.stdout).toBe("valid closed tour of 8×8 (64 cells)\n");
  });
});
