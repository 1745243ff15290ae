import { describe, expect, test } from "vitest";
import { runSymmetricCount } from "../../src/cli/commands/count-symmetry.js";
import type { CommandContext } from "../../src/cli/context.js";
import type { CliIO } from "../../src/cli/io.js";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";

/**
 * `knight count --symmetry / --up-to-symmetry` on other geometries, through the command's own
 * function (the count command's geometry flags are added with the count engines).
 */
function context(): { context: CommandContext; out: () => string } {
  let stdout = "";
  const io = {
    stdout: {
      write: (chunk: string | Uint8Array) => {
        stdout += String(chunk);
      },
    },
    stderr: { write: () => undefined },
    stdinIsTTY: true,
    readStdin: async () => new Uint8Array(0),
    readFile: async () => new Uint8Array(0),
    openOutput: async () => ({
      write: async (chunk: string | Uint8Array) => {
        stdout += String(chunk);
      },
      close: async () => undefined,
    }),
    env: {},
    interruptSignal: () => new AbortController().signal,
  } as unknown as CliIO;
  return { context: { io, maxBytes: () => 2 ** 30 }, out: () => stdout };
}

describe("runSymmetricCount on other geometries", () => {
  test("--closed --up-to-symmetry: 4×4 torus has 19 classes under its 128 symmetries", async () => {
    const { context: ctx, out } = context();
    const board = new Board(4, 4, { topology: "torus" });
    await runSymmetricCount(board, { closed: true, upToSymmetry: true, json: true }, ctx);
    expect(JSON.parse(out())).toEqual({
      status: "done",
      rows: 4,
      cols: 4,
      topology: "torus",
      closed: true,
      directed: false,
      symmetry: null,
      upToSymmetry: true,
      count: "19",
    });
  });

  test("--symmetry 180 on a torus counts; with --up-to-symmetry it is refused with the reason", async () => {
    const { context: ctx, out } = context();
    const board = new Board(4, 4, { topology: "torus" });
    await runSymmetricCount(board, { symmetry: "180" }, ctx);
    expect(out().trim()).toBe("24");
    await expect(
      runSymmetricCount(board, { symmetry: "180", upToSymmetry: true }, context().context),
    ).rejects.toThrow(OptionError);
  });

  test("--symmetry 90 on a cylinder is refused naming it", async () => {
    const board = new Board(4, 4, { topology: "cylinder" });
    await expect(runSymmetricCount(board, { symmetry: "90" }, context().context)).rejects.toThrow(
      /4×4 cylinder/,
    );
  });
});
