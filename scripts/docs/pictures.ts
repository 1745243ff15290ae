// Draws the pictures of the docs into docs/images/ with the project's own renderer
// (src/render/svg.ts and, for the huge tour, the PNG rasteriser of knight-tours/node).
//   npm run docs:pictures       (about 5 s)
// Quoted by: the pages of docs/guide/ show these files (closed-8x8.svg, open-5x5.svg, …), and
// docs/pictures.md the pictures of other pieces and boards; a rerun writes byte-identical files.
// Every tour is found by a seeded library call (or, for the holed board, by the small
// deterministic search below) and checked by validateTour before it is drawn, so the pictures
// are reproducible and correct. Sizes stay
// small: the whole set is about 150 KB (the 200×200 tour is a PNG at 2 px a cell: as SVG it
// would be 875 KB). Imports the library from src/ (run by tsx, see scripts/README.md).
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TourResult } from "../../src/core/index.js";
import {
  Board,
  construct,
  findSymmetricTour,
  moveGraph,
  parseCell,
  renderSvg,
  solve,
  type Tour,
  validateTour,
} from "../../src/index.js";
import { renderPng } from "../../src/node/index.js";

const OUT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "docs", "images");

/** The tour of a "found" result, validated on its board's geometry; throws otherwise. */
function checked(board: Board, result: TourResult, what: string): Tour {
  if (result.status !== "found" || result.tour === null)
    throw new Error(`${what}: ${result.status} ${result.reason ?? ""}`);
  const verdict = validateTour(board, result.tour, { closed: result.tour.closed });
  if (!verdict.valid) throw new Error(`${what}: invalid tour: ${verdict.message}`);
  return result.tour;
}

interface Picture {
  readonly file: string;
  readonly what: string;
  readonly draw: () => string | Uint8Array;
}

const PICTURES: readonly Picture[] = [
  {
    file: "closed-8x8.svg",
    what: "a closed 8×8 tour (knight tour 8 --closed --seed 1)",
    draw: () => {
      const board = new Board(8, 8);
      const tour = checked(board, solve(board, { closed: true, seed: 1 }), "closed 8×8");
      return renderSvg(tour, { gradient: true, cellSize: 40 });
    },
  },
  {
    file: "open-5x5.svg",
    what: "an open 5×5 tour from a1 (knight tour 5 --start a1)",
    draw: () => {
      const board = new Board(5, 5);
      const result = solve(board, { start: parseCell("a1", board) });
      return renderSvg(checked(board, result, "open 5×5"), { cellSize: 48 });
    },
  },
  {
    file: "warnsdorff-dead-end-8x8.svg",
    what: "Warnsdorff's rule, first-listed tie-break, from e6: stuck after 60 cells",
    draw: () => {
      const board = new Board(8, 8);
      const start = parseCell("e6", board);
      const result = solve(board, { method: "warnsdorff", tieBreak: "first", start });
      if (result.status !== "stuck" || !result.partial) {
        throw new Error(`the Warnsdorff walk from e6 no longer gets stuck (${result.status})`);
      }
      return renderSvg({ board, path: result.partial, closed: false }, { cellSize: 40 });
    },
  },
  {
    file: "symmetric-180-8x8.svg",
    what: "a closed 8×8 tour unchanged by a half turn (knight tour 8 --closed --symmetry 180 --seed 1)",
    draw: () => {
      const board = new Board(8, 8);
      const result = findSymmetricTour(board, { rotation: 180, seed: 1 });
      return renderSvg(checked(board, result, "180° 8×8"), { gradient: true, cellSize: 40 });
    },
  },
  {
    file: "symmetric-90-18x18.svg",
    what: "a closed 18×18 tour unchanged by a quarter turn (knight tour 18 --closed --symmetry 90 --seed 1)",
    draw: () => {
      const board = new Board(18, 18);
      const result = findSymmetricTour(board, { rotation: 90, seed: 1 });
      const tour = checked(board, result, "90° 18×18");
      return renderSvg(tour, { gradient: true, numbers: false, cellSize: 20 });
    },
  },
  {
    file: "zebra-10x10.svg",
    what: "a closed zebra {2,3} tour of 10×10 (knight tour 10 --piece zebra --closed --seed 1)",
    draw: () => {
      const board = new Board(10, 10, { piece: "zebra" });
      const tour = checked(board, solve(board, { closed: true, seed: 1 }), "zebra 10×10");
      return renderSvg(tour, { gradient: true, cellSize: 36 });
    },
  },
  {
    file: "torus-6x6.svg",
    what: "a closed knight's tour of the 6×6 torus, wrapped moves leaving one edge and entering the opposite one (knight tour 6 --topology torus --closed --seed 1)",
    draw: () => {
      const board = new Board(6, 6, { topology: "torus" });
      const tour = checked(board, solve(board, { closed: true, seed: 1 }), "torus 6×6");
      return renderSvg(tour, { cellSize: 48 });
    },
  },
  {
    file: "holy-knight-8x8.svg",
    what: "the holy knight's tour puzzle of Rosetta Code: 36 squares of 8×8 left, an open tour from a3 (a small search here)",
    draw: () => {
      const board = holyBoard();
      const tour = localTour(board, parseCell("a3", board), "holy knight's board");
      return renderSvg(tour, { cellSize: 40 });
    },
  },
  {
    file: "huge-200x200.png",
    what: "a closed 200×200 tour by divide and conquer (knight tour 200 --closed --method construct)",
    draw: () => {
      const board = new Board(200, 200);
      const tour = checked(board, construct(board, { closed: true }), "constructed 200×200");
      return renderPng(tour, { gradient: true, numbers: false, markEnds: false, cellSize: 2 });
    },
  },
];

/**
 * The board of Rosetta Code's "Solve a Holy Knight's tour": an 8×8 board with pennies on 28
 * squares (`.`), the knight to visit the other 36 from the square marked `s` (a3).
 */
const HOLY = [
  ".xxx....",
  ".x.xx...",
  ".xxxxxxx",
  "xxx..x.x",
  "x.x..xxx",
  "sxxxxxx.",
  "..xx.x..",
  "...xxx..",
];
function holyBoard(): Board {
  const holes: number[] = [];
  HOLY.forEach((row, r) => {
    [...row].forEach((mark, c) => {
      if (mark === ".") holes.push(r * 8 + c);
    });
  });
  return new Board(8, 8, { holes });
}

/**
 * An open tour from `start` by depth-first search in Warnsdorff's order on the move graph (ties
 * in the graph's order): deterministic, and quick on boards of a few dozen cells. The library's
 * solvers learn holes in the same release; until then the holed picture comes from here.
 */
function localTour(board: Board, start: number, what: string): Tour {
  const graph = moveGraph(board);
  const visited = new Uint8Array(board.cells);
  const path: number[] = [start];
  visited[start] = 1;
  const onward = (cell: number): number => {
    let d = 0;
    for (let i = graph.offsets[cell]!; i < graph.offsets[cell + 1]!; i++)
      if (!visited[graph.targets[i]!]) d++;
    return d;
  };
  const extend = (): boolean => {
    if (path.length === board.vertexCount) return true;
    const here = path[path.length - 1]!;
    const next: number[] = [];
    for (let i = graph.offsets[here]!; i < graph.offsets[here + 1]!; i++)
      if (!visited[graph.targets[i]!]) next.push(graph.targets[i]!);
    next.sort((a, b) => onward(a) - onward(b));
    for (const cell of next) {
      visited[cell] = 1;
      path.push(cell);
      if (extend()) return true;
      path.pop();
      visited[cell] = 0;
    }
    return false;
  };
  if (!extend()) throw new Error(`${what}: no open tour from ${start}`);
  const tour: Tour = { board, path: Int32Array.from(path), closed: false };
  const verdict = validateTour(board, tour, { closed: false });
  if (!verdict.valid) throw new Error(`${what}: invalid tour: ${verdict.message}`);
  return tour;
}

mkdirSync(OUT, { recursive: true });
let total = 0;
for (const { file: name, what, draw } of PICTURES) {
  const file = join(OUT, name);
  writeFileSync(file, draw());
  const bytes = statSync(file).size;
  total += bytes;
  console.error(`${name.padEnd(30)} ${String(Math.round(bytes / 1024)).padStart(4)} KB  ${what}`);
}
console.error(`${"total".padEnd(30)} ${String(Math.round(total / 1024)).padStart(4)} KB in ${OUT}`);
