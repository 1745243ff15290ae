import type { Command } from "commander";
import { positiveInteger } from "../options.js";

/**
 * The picture options `knight tour` and `knight render` share, apart from the drawing itself
 * (render.ts): registering them loads nothing of the renderers.
 */

/** Picture formats `knight tour` and `knight render` share. */
export const PICTURE_FORMATS = ["svg", "png", "ansi"] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

export interface PictureFlags {
  out?: string;
  /** Colour the path by step. */
  gradient?: boolean;
  /** commander's --no-numbers sets numbers: false. */
  numbers?: boolean;
  cellSize?: number;
  /** An animated SVG (svg format only). */
  animated?: boolean;
}

export function isPictureFormat(format: string): format is PictureFormat {
  return (PICTURE_FORMATS as readonly string[]).includes(format);
}

/** Options for --animate, added to `knight tour` by one call. */
export function addAnimateOptions(command: Command): Command {
  return command
    .option(
      "--animate",
      "play the tour on the terminal (the final board when not a terminal); with --format svg, an SVG whose path draws itself",
    )
    .option("--fps <n>", "moves per second for --animate (default 10)", positiveInteger("--fps"));
}

/** Options shared by the picture formats. */
export function addPictureOptions(command: Command): Command {
  return command
    .option("--gradient", "svg/png: colour the path from blue (start) to red (end)")
    .option("--no-numbers", "svg/png: leave out the step numbers")
    .option(
      "--cell-size <px>",
      "svg/png: pixels per cell (default: about 800 px in all)",
      positiveInteger("--cell-size"),
    );
}
