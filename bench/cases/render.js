// Pictures (issue 8): the terminal grid, SVG and PNG of one tour per size, and the SVG's cost
// against the cells. Each case draws a tour the project constructed and validated in setup.
import { Board, renderAnsi, renderSvg, solve, validateTour } from "../../dist/index.js";
import { renderPng } from "../../dist/node/index.js";

const tours = new Map();
/** A closed tour of n×n, built once (construction) and validated. */
function tourOf(n) {
  let tour = tours.get(n);
  if (tour) return tour;
  const board = new Board(n, n);
  const result = solve(board, { closed: true });
  if (result.status !== "found") throw new Error(`${board}: ${result.reason}`);
  if (!validateTour(board, result.tour, { closed: true }).valid) throw new Error("invalid tour");
  tour = result.tour;
  tours.set(n, tour);
  return tour;
}

const svgCase = (n) => ({
  group: "render svg n×n",
  name: `renderSvg ${n}x${n}`,
  cells: n * n,
  setup: () => tourOf(n),
  fn: (tour) => renderSvg(tour).length,
  note: (tour) => `${(renderSvg(tour).length / 1024).toFixed(0)} KiB of SVG`,
  quick: n <= 100,
});

export default [
  {
    group: "render 8x8",
    name: "renderAnsi (numbered grid, colour)",
    setup: () => tourOf(8),
    fn: (tour) => renderAnsi(tour, { color: true }).length,
    quick: true,
  },
  {
    group: "render 8x8",
    name: "renderSvg",
    setup: () => tourOf(8),
    fn: (tour) => renderSvg(tour).length,
    baseline: "renderAnsi (numbered grid, colour)",
    quick: true,
  },
  {
    group: "render 8x8",
    name: "renderSvg animated, gradient",
    setup: () => tourOf(8),
    fn: (tour) => renderSvg(tour, { animate: true, gradient: true }).length,
    baseline: "renderAnsi (numbered grid, colour)",
    quick: true,
  },
  {
    group: "render 8x8",
    name: "renderPng (resvg)",
    setup: () => tourOf(8),
    fn: (tour) => renderPng(tour).length,
    baseline: "renderAnsi (numbered grid, colour)",
    quick: true,
  },
  svgCase(32),
  svgCase(100),
  svgCase(316),
  {
    group: "render png",
    name: "renderPng 100x100",
    setup: () => tourOf(100),
    fn: (tour) => renderPng(tour).length,
    note: (tour) => `${(renderPng(tour).length / 1024).toFixed(0)} KiB of PNG`,
  },
];
