import { describe, expect, it } from "vitest";
import {
  Board,
  drawEnds,
  drawKnight,
  drawNumbers,
  drawPath,
  drawSquares,
} from "../../src/index.js";
import { type Canvas2D, GRADIENT_BUCKETS } from "../../src/render/index.js";
import { solvedTour } from "./helpers.js";

/** A 2D context that records calls: enough to check what the drawing functions ask for. */
function recorder() {
  const calls: Array<{ op: string; args: number[]; style?: string }> = [];
  const ctx = {
    fillStyle: "",
    strokeStyle: "",
    lineWidth: 1,
    lineJoin: "miter",
    lineCap: "butt",
    font: "",
    textAlign: "start",
    textBaseline: "alphabetic",
    globalAlpha: 1,
  } as Record<string, unknown>;
  for (const op of [
    "fillRect",
    "strokeRect",
    "rect",
    "moveTo",
    "lineTo",
    "arc",
    "fillText",
    "strokeText",
  ]) {
    ctx[op] = (...args: unknown[]) =>
      calls.push({
        op,
        args: args.filter((a) => typeof a === "number") as number[],
        style: String(op.startsWith("stroke") || op === "lineTo" ? ctx.strokeStyle : ctx.fillStyle),
      });
  }
  for (const op of ["beginPath", "stroke", "fill", "save", "restore", "setLineDash"]) {
    ctx[op] = () => calls.push({ op, args: [], style: String(ctx.strokeStyle) });
  }
  return { ctx: ctx as unknown as Canvas2D, calls };
}

describe("canvas drawing", () => {
  it("drawSquares fills the board light, then every dark square in one path", () => {
    const { ctx, calls } = recorder();
    drawSquares(ctx, new Board(3, 4), 10);
    expect(calls[0]).toMatchObject({ op: "fillRect", args: [0, 0, 40, 30] });
    const dark = calls
      .filter((c) => c.op === "rect")
      .map((c) => [c.args[0]! / 10, c.args[1]! / 10]);
    expect(dark).toEqual([
      [1, 0],
      [3, 0],
      [0, 1],
      [2, 1],
      [1, 2],
      [3, 2],
    ]);
    expect(calls.filter((c) => c.op === "fill")).toHaveLength(1);
  });

  it("drawPath strokes the first upTo cells through their centres", () => {
    const tour = solvedTour(6, 6, true);
    const { ctx, calls } = recorder();
    drawPath(ctx, tour.board, tour.path, 20, { upTo: 10 });
    const points = calls.filter((c) => c.op === "moveTo" || c.op === "lineTo").map((c) => c.args);
    expect(points).toHaveLength(10);
    points.forEach(([x, y], i) => {
      const cell = tour.path[i]!;
      expect([x, y]).toEqual([(cell % 6) * 20 + 10, Math.floor(cell / 6) * 20 + 10]);
    });
    expect(calls.filter((c) => c.op === "stroke")).toHaveLength(1);
  });

  it("drawPath adds the closing move only when the whole closed tour is shown", () => {
    const tour = solvedTour(6, 6, true);
    const whole = recorder();
    drawPath(whole.ctx, tour.board, tour.path, 20, { closed: true });
    expect(whole.calls.filter((c) => c.op === "stroke")).toHaveLength(2);
    const part = recorder();
    drawPath(part.ctx, tour.board, tour.path, 20, { closed: true, upTo: 35 });
    expect(part.calls.filter((c) => c.op === "stroke")).toHaveLength(1);
  });

  it("drawPath with a gradient uses one stroke per colour, covering every move once", () => {
    const tour = solvedTour(10, 10, false);
    const { ctx, calls } = recorder();
    drawPath(ctx, tour.board, tour.path, 8, { gradient: true, lineWidth: 1 });
    const strokes = calls.filter((c) => c.op === "stroke");
    expect(strokes).toHaveLength(GRADIENT_BUCKETS);
    expect(new Set(strokes.map((s) => s.style)).size).toBe(GRADIENT_BUCKETS);
    expect(calls.filter((c) => c.op === "lineTo")).toHaveLength(99);
  });

  it("drawNumbers writes 1..upTo when legible and nothing on tiny cells", () => {
    const tour = solvedTour(8, 8, false);
    const big = recorder();
    expect(drawNumbers(big.ctx, tour.board, tour.path, 40, 12)).toBe(true);
    expect(big.calls.filter((c) => c.op === "fillText")).toHaveLength(12);
    const tiny = recorder();
    expect(drawNumbers(tiny.ctx, tour.board, tour.path, 6)).toBe(false);
    expect(tiny.calls.filter((c) => c.op === "fillText")).toHaveLength(0);
  });

  it("drawEnds marks the start, and the end only once the path is complete", () => {
    const tour = solvedTour(5, 5, false);
    const part = recorder();
    drawEnds(part.ctx, tour.board, tour.path, 10, 5);
    expect(part.calls.filter((c) => c.op === "arc")).toHaveLength(1);
    expect(part.calls.filter((c) => c.op === "fillRect")).toHaveLength(0);
    const whole = recorder();
    drawEnds(whole.ctx, tour.board, tour.path, 10);
    const end = tour.path[24]!;
    const square = whole.calls.find((c) => c.op === "fillRect")!;
    expect(square.args[0]! + square.args[2]! / 2).toBeCloseTo((end % 5) * 10 + 5);
  });

  it("drawKnight draws a glyph on big cells and a dot on small ones", () => {
    const board = new Board(8, 8);
    const big = recorder();
    drawKnight(big.ctx, board, 9, 40);
    expect(big.calls.some((c) => c.op === "fillText")).toBe(true);
    const small = recorder();
    drawKnight(small.ctx, board, 9, 6);
    expect(small.calls.some((c) => c.op === "arc")).toBe(true);
    const none = recorder();
    drawKnight(none.ctx, board, -1, 6);
    expect(none.calls).toHaveLength(0);
  });
});
