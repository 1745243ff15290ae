import { type Command, Option } from "commander";
import { Board, parseBoard } from "../core/board.js";
import { formatCell, parseCell } from "../core/cells.js";
import { CellError, OptionError } from "../core/errors.js";
import { parsePiece } from "../core/piece.js";
import { TOPOLOGIES, type Topology } from "../core/topology.js";
import type { CommandContext } from "./context.js";
import { FERS_WAZIR_MOVES, fersWazirRefused, isFersWazir } from "./fers-wazir-piece.js";
import { whyUnreadable } from "./input.js";
import { InputTooLarge } from "./input-limit.js";
import { oneOf } from "./options.js";

/** The geometry flags, as commander hands them to an action. */
export interface GeometryFlags {
  piece?: string;
  topology?: Topology;
  holes?: string;
  mask?: string;
}

/** A mask file is a picture of the board: refuse anything larger than a very large board's. */
const MAX_MASK_BYTES = 16 * 1024 * 1024;

/**
 * Add `--piece`, `--topology`, `--holes` and `--mask` to a command whose engines accept any
 * geometry (commands that cannot use them do not have them, so commander refuses them with
 * exit 2).
 */
export function addGeometryOptions(command: Command, what: { holes?: boolean } = {}): Command {
  command
    .option(
      "--piece <piece>",
      "the piece: knight (default), camel, zebra, giraffe, fers, wazir or a leap A,B; join with + (knight+camel); fers-wazir: the two in turn (count --closed, tour, verify)",
    )
    .addOption(
      new Option(
        "--topology <topology>",
        "plane (default), cylinder (columns wrap) or torus (rows and columns wrap)",
      ).argParser(oneOf("--topology", TOPOLOGIES)),
    );
  if (what.holes !== false) {
    command
      .option("--holes <cells>", "cells removed from the board, e.g. a1,h8 (or 0,0;7,7)")
      .option(
        "--mask <file>",
        "the board's cells as rows of . (a cell) and # (a hole); its size must match <board>",
      );
  }
  return command;
}

/** Whether any geometry flag was given. */
export function hasGeometry(flags: GeometryFlags): boolean {
  return (
    flags.piece !== undefined ||
    flags.topology !== undefined ||
    flags.holes !== undefined ||
    flags.mask !== undefined
  );
}

/**
 * The board a command works on: its size from `<board>`, the rest from the geometry flags.
 * Errors are KnightErrors naming the value (exit 2).
 */
export async function geometryBoard(
  context: CommandContext,
  spec: string,
  flags: GeometryFlags,
  what: { readonly fersWazir?: boolean } = {},
): Promise<Board> {
  const maxBytes = context.maxBytes();
  const size = parseBoard(spec, { maxBytes });
  if (!hasGeometry(flags)) return size;
  // The alternating rule is no leaper: its board is the king's, for the commands that know it.
  if (isFersWazir(flags.piece) && what.fersWazir !== true) throw fersWazirRefused();
  const pieceText = isFersWazir(flags.piece) ? FERS_WAZIR_MOVES : flags.piece;
  const piece = pieceText === undefined ? undefined : pieceFlag(pieceText);
  const holes = new Set<number>();
  if (flags.holes !== undefined) for (const h of parseHoles(flags.holes, size)) holes.add(h);
  if (flags.mask !== undefined) {
    const text = new TextDecoder().decode(await readMask(context, flags.mask));
    for (const h of parseMask(text, size, flags.mask)) holes.add(h);
  }
  return new Board(size.rows, size.cols, {
    maxBytes,
    ...(piece === undefined ? {} : { piece }),
    ...(flags.topology === undefined ? {} : { topology: flags.topology }),
    ...(holes.size === 0 ? {} : { holes }),
  });
}

/** The mask file's bytes; a file that cannot be read is bad input (exit 2), named with why. */
async function readMask(context: CommandContext, file: string): Promise<Uint8Array> {
  try {
    return await context.io.readFile(file, MAX_MASK_BYTES);
  } catch (error) {
    const why =
      error instanceof InputTooLarge
        ? `a mask is at most ${MAX_MASK_BYTES} bytes`
        : whyUnreadable(error);
    throw new OptionError(`--mask: cannot read '${file}': ${why}`, file);
  }
}

function pieceFlag(text: string) {
  try {
    return parsePiece(text);
  } catch (error) {
    if (error instanceof OptionError) throw new OptionError(`--piece: ${error.message}`, text);
    throw error;
  }
}

/**
 * `--holes`: a1-style cells separated by commas or spaces (`a1,h8`), or 0-based `row,col`
 * pairs separated by semicolons or spaces (`0,0;7,7`). A cell named twice is refused.
 */
export function parseHoles(text: string, board: Board): number[] {
  const tokens = text
    .trim()
    .split(/[\s;]+/)
    .filter((t) => t !== "");
  const names: string[] = [];
  for (const token of tokens) {
    if (/^[a-zA-Z]+\d+(,[a-zA-Z]+\d+)*,?$/.test(token)) {
      names.push(...token.split(",").filter((t) => t !== ""));
    } else {
      names.push(token);
    }
  }
  if (names.length === 0) {
    throw new OptionError(`--holes: no cells given in '${text}' (write e.g. a1,h8)`, text);
  }
  const seen = new Set<number>();
  for (const name of names) {
    let cell: number;
    try {
      cell = parseCell(name, board);
    } catch (error) {
      if (error instanceof CellError) throw new OptionError(`--holes: ${error.message}`, name);
      throw error;
    }
    if (seen.has(cell)) {
      throw new OptionError(`--holes: ${formatCell(board, cell)} is named twice`, name);
    }
    seen.add(cell);
  }
  return [...seen];
}

/**
 * A mask: one line per row, top row first, `.` (or any of `.oO_-` ) a cell and `#` (or `x`,
 * `X`) a hole; blank lines and lines starting `//` are skipped. Its size must be the board's.
 */
export function parseMask(text: string, board: Board, source: string): number[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("//"));
  if (lines.length !== board.rows) {
    throw new OptionError(
      `--mask ${source}: it has ${lines.length} rows but the board has ${board.rows}`,
      source,
    );
  }
  const holes: number[] = [];
  lines.forEach((line, r) => {
    const cells = line.replace(/\s+/g, "");
    if (cells.length !== board.cols) {
      throw new OptionError(
        `--mask ${source}: row ${r + 1} has ${cells.length} cells but the board has ${board.cols} columns`,
        source,
      );
    }
    for (let c = 0; c < cells.length; c++) {
      const ch = cells[c]!;
      if (ch === "#" || ch === "x" || ch === "X") holes.push(r * board.cols + c);
      else if (!".oO_-".includes(ch)) {
        throw new OptionError(
          `--mask ${source}: row ${r + 1}, column ${c + 1} is '${ch}'; use . for a cell and # for a hole`,
          source,
        );
      }
    }
  });
  return holes;
}
