import type { Command } from "commander";
import type { Board } from "../../core/board.js";
import type { Tour } from "../../core/tour.js";
import { validateTour } from "../../core/validate.js";
import { renderGrid } from "../../render/grid.js";
import { autoCellSize, renderSvg, type SvgOptions } from "../../render/svg.js";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { inputLabel, readTourInputs } from "../input.js";
import type { CliIO, OutputStream } from "../io.js";
import { oneOf } from "../options.js";
import { writeOutput } from "../output.js";
import { addPictureOptions, type PictureFlags, type PictureFormat } from "./picture-options.js";

const RENDER_FORMATS = ["svg", "png", "grid", "ansi"] as const;

/** Colour on a terminal unless NO_COLOR is set (https://no-color.org) or FORCE_COLOR=0. */
export function wantsColor(io: CliIO, stream: OutputStream): boolean {
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "") return false;
  if (io.env.FORCE_COLOR !== undefined) return io.env.FORCE_COLOR !== "0";
  return stream.isTTY === true;
}

/**
 * Refuse a PNG or a binary tour bound for a terminal before any work is done: binary bytes
 * would garble it.
 */
export function checkPictureTarget(format: string, out: string | undefined, io: CliIO): void {
  if (BINARY_FORMATS[format] && (out === undefined || out === "-") && io.stdout.isTTY === true) {
    throw new CliExit(
      ExitCode.BadInput,
      `--format ${format}: standard output is a terminal; give --out FILE.${BINARY_FORMATS[format]} or redirect the output`,
      format,
    );
  }
}

/** Formats of binary bytes (with their file extension): never written to a terminal. */
const BINARY_FORMATS: Readonly<Record<string, string>> = { png: "png", bin: "bin" };

/** The largest PNG drawn: a side of 16384 pixels, and 2^26 pixels (256 MiB of RGBA) in all. */
export const PNG_MAX_SIDE = 16384;
export const PNG_MAX_PIXELS = 2 ** 26;

/**
 * Refuse a PNG too large to draw before drawing it: `--cell-size 100000` on 5×5 asked the
 * rasteriser for 500000² pixels (15 GB and minutes), and 2·10^9 made it abort the process.
 */
export function checkPngSize(board: Board, cellSize: number | undefined): void {
  const cell = cellSize ?? autoCellSize(board.rows, board.cols);
  const width = board.cols * cell;
  const height = board.rows * cell;
  if (width <= PNG_MAX_SIDE && height <= PNG_MAX_SIDE && width * height <= PNG_MAX_PIXELS) return;
  const fits = Math.min(
    Math.floor(PNG_MAX_SIDE / Math.max(board.rows, board.cols)),
    Math.floor(Math.sqrt(PNG_MAX_PIXELS / board.cells)),
  );
  throw new CliExit(
    ExitCode.BadInput,
    `--format png: the ${board} board at ${cell} px per cell is ${width}×${height} pixels, over the ${PNG_MAX_SIDE} px per side and ${PNG_MAX_PIXELS} pixels a PNG may have; ${fits >= 1 ? `give --cell-size ${fits} or less, or use --format svg` : "use --format svg"}`,
  );
}

/** Write `tour` as an SVG, a PNG or an ANSI board to --out or standard output. */
export async function writePicture(
  tour: Tour,
  format: PictureFormat,
  flags: PictureFlags,
  io: CliIO,
): Promise<void> {
  checkPictureTarget(format, flags.out, io);
  const options: SvgOptions = {
    ...(flags.gradient ? { gradient: true } : {}),
    ...(flags.numbers === false ? { numbers: false } : {}),
    ...(flags.cellSize === undefined ? {} : { cellSize: flags.cellSize }),
  };
  // PNG (resvg) and ANSI load their renderers when drawn: `knight tour` imports this module.
  switch (format) {
    case "svg": {
      await writeOutput(
        renderSvg(tour, { ...options, animate: flags.animated === true }),
        flags.out,
        io,
      );
      return;
    }
    case "png": {
      checkPngSize(tour.board, flags.cellSize);
      const { renderPng } = await import("../../node/png.js");
      await writeOutput([renderPng(tour, options)], flags.out, io);
      return;
    }
    case "ansi": {
      const { renderAnsi } = await import("../../render/ansi.js");
      const toTerminal = flags.out === undefined || flags.out === "-";
      const color = toTerminal && wantsColor(io, io.stdout);
      await writeOutput(renderAnsi(tour, { color }), flags.out, io);
      return;
    }
  }
}

/**
 * `knight tour … --animate`: play the tour on the terminal at `fps` moves per second. Ctrl-C
 * stops it (exit 130) with the cursor restored. Without a terminal, print the final board.
 */
export async function animateTour(tour: Tour, fps: number, io: CliIO): Promise<void> {
  const { playAnsiAnimation, renderAnsi } = await import("../../render/ansi.js");
  const color = wantsColor(io, io.stdout);
  if (io.stdout.isTTY !== true) {
    io.stdout.write(`${renderAnsi(tour, { color })}\n`);
    return;
  }
  // The animation moves the cursor back up into the board: it must fit on the screen.
  const width = tour.board.cols * (String(tour.board.vertexCount).length + 2);
  const height = (io.stdout as { readonly rows?: number }).rows;
  if (
    (io.stdout.columns !== undefined && width > io.stdout.columns) ||
    (height !== undefined && tour.board.rows + 1 > height)
  ) {
    io.stderr.write(
      `knight tour: --animate: the ${tour.board} board does not fit this terminal; printing the final board\n`,
    );
    io.stdout.write(`${renderAnsi(tour, { color })}\n`);
    return;
  }
  const signal = io.interruptSignal();
  const ended = await playAnsiAnimation(tour, {
    write: (text) => io.stdout.write(text),
    fps,
    color,
    signal,
  });
  if (ended === "aborted") {
    io.stdout.write("\n");
    throw new CliExit(ExitCode.Interrupted, "interrupted");
  }
}

interface RenderFlags extends PictureFlags {
  format: (typeof RENDER_FORMATS)[number];
}

export function registerRender(program: Command, { io, maxBytes }: CommandContext): void {
  const command = program
    .command("render")
    .description("draw a tour as SVG, PNG, a numbered grid or a coloured terminal board")
    .argument(
      "[file]",
      "the tour (JSON, numbered grid, move list or binary); '-' or none reads standard input",
    )
    .option(
      "-f, --format <format>",
      `picture format: ${RENDER_FORMATS.join(", ")}`,
      oneOf("--format", RENDER_FORMATS),
      "svg",
    )
    .option("-o, --out <file>", "write the picture to FILE instead of standard output")
    .option("--animated", "svg: the path draws itself (SMIL animation, plays in browsers)");
  addPictureOptions(command)
    .addHelpText(
      "after",
      `
The tour is checked first: an invalid tour is refused (exit 1) rather than drawn.
PNG needs --out FILE or a redirected standard output.

Examples:
  knight tour 8 --closed --format json | knight render --format svg --out tour.svg
  knight render tour.json --format png --gradient --out tour.png
  knight render tour.json --format ansi`,
    )
    .action(async (file: string | undefined, flags: RenderFlags) => {
      checkPictureTarget(flags.format, flags.out, io);
      const entries = await readTourInputs(file, io, maxBytes());
      const tours: Tour[] = [];
      for (const { line, tour, error } of entries) {
        if (error !== undefined || tour === undefined) throw error;
        // A partial path (a grid with dots) is drawn as it is; a full one must be a real tour
        // of the geometry its file gives (piece, topology, holes).
        if (tour.path.length === tour.board.vertexCount) {
          const verdict = validateTour(tour.board, tour.path, { closed: tour.closed });
          const at = line === undefined ? "" : `line ${line}: `;
          if (!verdict.valid) {
            throw new CliExit(
              ExitCode.NoTour,
              `${inputLabel(file)}${at}invalid tour: ${verdict.message}`,
            );
          }
        }
        tours.push(tour);
      }
      // Text formats draw every tour of JSON lines, a blank line apart; a picture draws one.
      if (flags.format === "grid" || flags.format === "ansi") {
        const { renderAnsi } = await import("../../render/ansi.js");
        const color =
          flags.format === "ansi" &&
          (flags.out === undefined || flags.out === "-") &&
          wantsColor(io, io.stdout);
        const drawn = tours.map((t) =>
          flags.format === "grid" ? renderGrid(t) : renderAnsi(t, { color }),
        );
        await writeOutput(drawn.join("\n\n"), flags.out, io);
        return;
      }
      if (tours.length > 1) {
        throw new CliExit(
          ExitCode.BadInput,
          `the input holds ${tours.length} tours (one per line); --format ${flags.format} draws one: pick a line (e.g. sed -n 2p), or use --format grid or ansi for all`,
          flags.format,
        );
      }
      await writePicture(tours[0]!, flags.format, flags, io);
    });
}
