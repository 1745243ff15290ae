/**
 * A probe the browser tests call through the page's hooks: step numbers drawn by the library on
 * a canvas, measured pixel by pixel. A mitred halo sticks out of sharp glyph corners (the 4's);
 * a round one keeps the same width all around.
 */
import { Board, drawNumbers } from "../src/index.js";

/** How far the halo of step number `n` reaches beyond the glyph on each side (px), at cell size `size`. */
export function haloOutside(
  n: number,
  size: number,
): { left: number; right: number; top: number; bottom: number } {
  const board = new Board(1, n);
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#0000ff";
  ctx.fillRect(0, 0, size, size);
  // Only the last cell (step n) falls on the canvas: the others are drawn to its left.
  ctx.translate(-(n - 1) * size, 0);
  const path = Int32Array.from({ length: n }, (_, i) => i);
  drawNumbers(ctx, board, path, size, n, { light: "#ff00ff", text: "#000000" });
  const { data } = ctx.getImageData(0, 0, size, size);
  const box = () => ({ x0: size, y0: size, x1: -1, y1: -1 });
  const glyph = box();
  const halo = box();
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = (y * size + x) * 4;
      const r = data[o]!;
      const b = data[o + 2]!;
      const into = r < 60 && b < 60 ? glyph : r > 150 && b > 150 ? halo : null;
      if (into === null) continue;
      into.x0 = Math.min(into.x0, x);
      into.y0 = Math.min(into.y0, y);
      into.x1 = Math.max(into.x1, x);
      into.y1 = Math.max(into.y1, y);
    }
  }
  return {
    left: glyph.x0 - halo.x0,
    right: halo.x1 - glyph.x1,
    top: glyph.y0 - halo.y0,
    bottom: halo.y1 - glyph.y1,
  };
}
