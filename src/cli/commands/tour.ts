import type { Command } from "commander";
import type { StreamFormat } from "../../core/format/chunks.js";
import { METHODS, type Method } from "../../core/result.js";
import { TIE_BREAKS, type TieBreak } from "../../solve/types.js";
import type { CommandContext } from "../context.js";
import { addGeometryOptions, type GeometryFlags, hasGeometry } from "../geometry-options.js";
import { nonNegativeInteger, oneOf, positiveInteger, seconds, seedValue } from "../options.js";
import { streamTour } from "../stream-output.js";
import {
  addAnimateOptions,
  addPictureOptions,
  PICTURE_FORMATS,
  type PictureFlags,
} from "./picture-options.js";

const FORMATS = [
  ...(["grid", "json", "algebraic", "bin"] as const satisfies readonly StreamFormat[]),
  ...PICTURE_FORMATS,
] as const;

export interface TourFlags extends PictureFlags, GeometryFlags {
  animate?: boolean;
  fps?: number;
  start?: string;
  end?: string;
  closed?: boolean;
  method?: Method;
  tieBreak?: TieBreak;
  symmetry?: "180" | "90";
  seed?: number;
  format: (typeof FORMATS)[number];
  out?: string;
  stats?: boolean;
  timeLimit?: number;
  nodeLimit?: number;
  progress?: boolean;
  trace?: string | true;
  traceLimit?: number;
}

export function registerTour(program: Command, context: CommandContext): void {
  const command = program
    .command("tour")
    .description("find a knight's tour of a board (or any piece's, on any geometry) and print it")
    .argument("<board>", "N (an N×N board) or RxC, e.g. 8 or 6x8")
    .option("-s, --start <cell>", "first cell, a1-style or row,col (default: the top-left corner)")
    .option("-e, --end <cell>", "required last cell (open tours)")
    .option("-c, --closed", "find a closed tour (the last cell a knight's move from the first)")
    .option(
      "-m, --method <name>",
      `search method: ${METHODS.join(", ")} (see below)`,
      oneOf("--method", METHODS),
      "auto",
    )
    .option(
      "--tie-break <rule>",
      `Warnsdorff tie-break rule: ${TIE_BREAKS.join(", ")}`,
      oneOf("--tie-break", TIE_BREAKS),
    )
    .option(
      "--symmetry <angle>",
      "closed tour unchanged by a rotation of 180 or 90 degrees",
      oneOf("--symmetry", ["180", "90"] as const),
    )
    .option("--seed <n>", "seed for randomised choices (0..4294967295)", seedValue)
    .option(
      "-f, --format <format>",
      `output format: ${FORMATS.join(", ")}`,
      oneOf("--format", FORMATS),
      "grid",
    )
    .option("-o, --out <file>", "write the tour to FILE instead of standard output")
    .option("--stats", "print search and shape statistics (turns, crossings) to standard error")
    .option(
      "--time-limit <seconds>",
      "give up after this many seconds (exit 3)",
      seconds("--time-limit"),
    )
    .option(
      "--node-limit <n>",
      "give up after this many search nodes (exit 3)",
      positiveInteger("--node-limit"),
    )
    .option("--progress", "show progress on standard error even when it is not a terminal")
    .option(
      "--trace [file]",
      "write one line per search event (step, advance/backtrack/prune with the reason/stuck, cell, depth) to standard error, or to FILE",
    )
    .option(
      "--trace-limit <n>",
      "write at most N trace lines (implies --trace; the last line says it was capped)",
      nonNegativeInteger("--trace-limit"),
    );
  addPictureOptions(addAnimateOptions(addGeometryOptions(command)))
    .addHelpText(
      "after",
      `
Examples:
  knight tour 8                      an open tour of the 8×8 board from a8
  knight tour 8 --closed --stats     a closed tour, with search statistics
  knight tour 6x8 --start b1 --format algebraic
  knight tour 8 --closed --format json | knight verify
  knight tour 8 --closed --format svg --gradient --out tour.svg
  knight tour 8 --animate --fps 20
  knight tour 5 --start a1 --trace --trace-limit 40     the search's first 40 steps
  knight tour 6 --start a1 --end f1 --method bidirectional --trace trace.txt
  knight tour 6x6 --topology torus --closed --format json     a closed tour of the torus
  knight tour 10 --piece giraffe     a giraffe's tour ({1,4} leaper)
  knight tour 8 --piece fers-wazir   fers and wazir moves in turn (closed)
  knight tour 8 --holes a1,h8,d4     a tour of the board minus three cells`,
    )
    .action(async (boardSpec: string, flags: TourFlags) => {
      // Large boards stream from the block-order construction in constant memory (the knight
      // on a plain board only); the search and the pictures load only for the tours that need them.
      if (!hasGeometry(flags) && (await streamTour(boardSpec, flags, context))) return;
      const { findTour } = await import("./tour-find.js");
      await findTour(boardSpec, flags, context);
    });
}
