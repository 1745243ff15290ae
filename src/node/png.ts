import { createRequire } from "node:module";
import type { Resvg as ResvgClass } from "@resvg/resvg-js";
import { type Drawable, renderSvg, type SvgOptions } from "../render/svg.js";

export interface PngOptions extends Omit<SvgOptions, "animate" | "durationSeconds"> {
  /** Background behind the board (default: none, the board fills the picture anyway). */
  readonly background?: string;
}

/**
 * A PNG of the tour: the same picture as `renderSvg` (never animated), rasterised by resvg
 * (a Rust SVG renderer with prebuilt binaries, so no browser or Cairo is needed). Fonts are the
 * system's; step numbers need any sans-serif font installed.
 *
 * @example
 * ```ts
 * import { Board, solve } from "knight-tours";
 * import { renderPng } from "knight-tours/node";
 *
 * const tour = solve(new Board(8, 8), { closed: true, seed: 1 }).tour!;
 * const png = renderPng(tour, { gradient: true, cellSize: 40 }); // 320 × 320 pixels
 * // writeFileSync("tour.png", png) saves it
 * console.log(new TextDecoder().decode(png.subarray(1, 4))); // → PNG
 * ```
 */
export function renderPng(tour: Drawable, options: PngOptions = {}): Uint8Array {
  const { background, ...svgOptions } = options;
  return svgToPng(renderSvg(tour, svgOptions), background);
}

/** Rasterise an SVG text at its own width and height. */
export function svgToPng(svg: string, background?: string): Uint8Array {
  const resvg = new (resvgClass())(svg, {
    ...(background === undefined ? {} : { background }),
    font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" },
  });
  return resvg.render().asPng();
}

/**
 * resvg is a native addon of several megabytes: it is loaded on the first picture, not with the
 * CLI (whose every other command, a streamed 10⁸-cell tour among them, would carry it).
 */
let resvg: typeof ResvgClass | undefined;
function resvgClass(): typeof ResvgClass {
  resvg ??= (createRequire(import.meta.url)("@resvg/resvg-js") as { Resvg: typeof ResvgClass })
    .Resvg;
  return resvg;
}
