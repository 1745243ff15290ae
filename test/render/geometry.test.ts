import fc from "fast-check";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { formatGrid } from "../../src/core/index.js";
import {
  Board,
  drawPath,
  drawSquares,
  moveGraph,
  renderAnsi,
  renderGrid,
  renderSvg,
  type Tour,
} from "../../src/index.js";
import { renderPng } from "../../src/node/png.js";
import {
  type Canvas2D,
  moveDisplacement,
  moveSegments,
  type Segment,
  wrapsAround,
} from "../../src/render/index.js";
import { graphTour } from "./helpers.js";

// Pictures on other geometries: holes drawn as missing cells (no number), moves of any leaper
// as straight segments, and on a cylinder or torus a move across an edge drawn as pieces that
// end on the border and start again on the opposite one — never a line across the board.

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  isArray: (name) => ["polyline", "line", "text", "path", "circle", "rect", "g"].includes(name),
});
type Node = Record<string, unknown>;
function parse(svg: string): Node {
  expect(XMLValidator.validate(svg)).toBe(true);
  return parser.parse(svg).svg as Node;
}
const groups = (root: Node, name: string): Node[] =>
  ((root.g as Node[] | undefined) ?? []).filter((g) => g.class === name);

/** Path data as commands: [letter, x, y]. */
function commands(d: string): Array<[string, number, number]> {
  return [...d.matchAll(/([ML])([-\d.]+),([-\d.]+)/g)].map((m) => [
    m[1]!,
    Number(m[2]),
    Number(m[3]),
  ]);
}

const centre = (cols: number, cell: number): [number, number] => [
  (cell % cols) + 0.5,
  Math.floor(cell / cols) + 0.5,
];
const onBorder = (board: Board, x: number, y: number): boolean =>
  x === 0 || y === 0 || x === board.cols || y === board.rows;

/** The pieces of a move, checked: inside the board, chained across edges, adding up to the leap. */
function expectChained(board: Board, a: number, b: number, pieces: Segment[]): void {
  const [dr, dc] = moveDisplacement(board, a, b);
  expect(pieces[0]!.slice(0, 2)).toEqual(centre(board.cols, a));
  expect(pieces.at(-1)!.slice(2)).toEqual(centre(board.cols, b));
  let sx = 0;
  let sy = 0;
  pieces.forEach(([x1, y1, x2, y2], k) => {
    for (const x of [x1, x2]) expect(x >= 0 && x <= board.cols).toBe(true);
    for (const y of [y1, y2]) expect(y >= 0 && y <= board.rows).toBe(true);
    sx += x2 - x1;
    sy += y2 - y1;
    if (k > 0) {
      // The piece before ended on an edge; this one starts at the same point of the opposite edge.
      const [, , px, py] = pieces[k - 1]!;
      expect(onBorder(board, px, py)).toBe(true);
      expect(onBorder(board, x1, y1)).toBe(true);
      expect(((px - x1) / board.cols) % 1 === 0 && ((py - y1) / board.rows) % 1 === 0).toBe(true);
    }
  });
  expect(sx).toBeCloseTo(dc, 9);
  expect(sy).toBeCloseTo(dr, 9);
}

describe("moveSegments(board, a, b)", () => {
  it("is one centre-to-centre segment on a plane, for any leaper", () => {
    const board = new Board(6, 6, { piece: "zebra" });
    const a = board.cell(0, 0);
    const b = board.cell(2, 3);
    expect(board.isMove(a, b)).toBe(true);
    expect(moveSegments(board, a, b)).toEqual([[0.5, 0.5, 3.5, 2.5]]);
    expect(wrapsAround(board, a, b)).toBe(false);
  });

  it("cuts a move across the seam of a cylinder into two half-segments", () => {
    const board = new Board(5, 6, { topology: "cylinder" });
    const a = board.cell(2, 5); // right edge
    const b = board.cell(1, 1); // one row up, two columns right (wrapped)
    expect(board.isMove(a, b)).toBe(true);
    expect(moveDisplacement(board, a, b)).toEqual([-1, 2]);
    const pieces = moveSegments(board, a, b);
    expect(pieces).toEqual([
      [5.5, 2.5, 6, 2.25],
      [0, 2.25, 1.5, 1.5],
    ]);
    expect(wrapsAround(board, a, b)).toBe(true);
  });

  it("crosses a torus's corner in three pieces", () => {
    const board = new Board(6, 6, { topology: "torus" });
    const a = board.cell(5, 5);
    const b = board.cell(0, 1); // (+1, +2) from the bottom-right corner cell
    const pieces = moveSegments(board, a, b);
    expect(pieces).toHaveLength(3);
    expectChained(board, a, b, pieces);
  });

  it("prefers the move that does not wrap when both are leaps", () => {
    // On 4 columns, two columns right and two columns left reach the same cell.
    const board = new Board(5, 4, { topology: "cylinder" });
    expect(moveSegments(board, board.cell(0, 1), board.cell(1, 3))).toHaveLength(1);
  });

  it("chains pieces across edges for every move of random wrapped geometries", () => {
    const pieces = ["knight", "camel", "zebra", "giraffe", "fers", "wazir", "knight+camel"];
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 7 }),
        fc.integer({ min: 3, max: 7 }),
        fc.constantFrom(...pieces),
        fc.constantFrom("cylinder" as const, "torus" as const),
        (rows, cols, piece, topology) => {
          const board = new Board(rows, cols, { piece, topology });
          const graph = moveGraph(board);
          for (let a = 0; a < board.cells; a++) {
            for (let i = graph.offsets[a]!; i < graph.offsets[a + 1]!; i++) {
              const b = graph.targets[i]!;
              expectChained(board, a, b, moveSegments(board, a, b));
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe("renderSvg on other geometries", () => {
  it("draws a torus tour with its wrapped moves as clipped half-segments", () => {
    const board = new Board(6, 6, { topology: "torus" });
    const tour = graphTour(board, true);
    const root = parse(renderSvg(tour));
    expect(root.polyline).toBeUndefined();
    const path = (root.path as Node[]).find((p) => p.class === "tour")!;
    const d = commands(String(path.d));
    // The cells, in order, are the points at cell centres; the border points come in pairs.
    const cells = d.filter(([, x, y]) => x % 1 === 0.5 && y % 1 === 0.5);
    expect(cells.map(([, x, y]) => [x, y])).toEqual([...tour.path].map((c) => centre(6, c)));
    let wrapped = 0;
    for (let i = 1; i < d.length; i++) {
      const [op, x, y] = d[i]!;
      const [, px, py] = d[i - 1]!;
      // No drawn line is longer than the leap itself: nothing crosses the board.
      if (op === "L") expect(Math.hypot(x - px, y - py)).toBeLessThanOrEqual(Math.sqrt(5) + 1e-9);
      if (op === "M") {
        wrapped++;
        expect(onBorder(board, px, py)).toBe(true);
        expect(onBorder(board, x, y)).toBe(true);
      }
    }
    const wrappedMoves = [...tour.path].filter((c, i) =>
      i === 0 ? false : wrapsAround(board, tour.path[i - 1]!, c),
    ).length;
    expect(wrappedMoves).toBeGreaterThan(0);
    expect(wrapped).toBeGreaterThanOrEqual(wrappedMoves);
    // The seams are marked, and the title names the board.
    expect(groups(root, "seams")[0]!.rect as Node[]).toHaveLength(4);
    expect(String(root.title)).toBe("Closed knight's tour on a 6×6 torus board (36 of 36 cells)");
  });

  it("draws a wrapped closing move as one dashed line per piece", () => {
    const board = new Board(5, 6, { topology: "cylinder" });
    // Find a closed tour whose closing move wraps: rotate a closed tour to such a move.
    const tour = graphTour(board, true);
    const n = tour.path.length;
    const k = [...tour.path].findIndex((c, i) => wrapsAround(board, c, tour.path[(i + 1) % n]!));
    expect(k).toBeGreaterThanOrEqual(0);
    const path = new Int32Array(n);
    for (let i = 0; i < n; i++) path[i] = tour.path[(k + 1 + i) % n]!;
    const root = parse(renderSvg({ board, path, closed: true }));
    const lines = root.line as Node[];
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.class).toBe("closing");
    const pieces = moveSegments(board, path[n - 1]!, path[0]!);
    expect(lines.map((l) => [l.x1, l.y1, l.x2, l.y2].map(Number))).toEqual(pieces);
  });

  it("cuts holes out: drawn dark, never numbered", () => {
    const board = new Board(3, 3, { holes: [4] });
    const tour: Tour = { board, path: Int32Array.of(0, 5, 6, 1, 8, 3, 2, 7), closed: true };
    const root = parse(renderSvg(tour, { cellSize: 40 }));
    const holes = groups(root, "holes");
    expect(holes).toHaveLength(1);
    expect((holes[0]!.rect as Node[]).map((r) => [r.x, r.y, r.width, r.height])).toEqual([
      ["1", "1", "1", "1"],
    ]);
    const texts = groups(root, "numbers")[0]!.text as Node[];
    expect(texts).toHaveLength(8);
    for (const t of texts) expect([t.x, t.y]).not.toEqual(["1.5", "1.5"]);
    expect(String(root.title)).toBe("Closed knight's tour on a 3×3 minus b2 board (8 of 8 cells)");
    // A plane: one polyline, no seams.
    expect(root.polyline as Node[]).toHaveLength(1);
    expect(groups(root, "seams")).toHaveLength(0);
  });

  it("draws any leaper's moves as straight segments and names the piece", () => {
    const board = new Board(5, 5, { piece: "wazir" });
    const tour = graphTour(board, false, 0);
    const root = parse(renderSvg(tour));
    expect(String(root.title)).toMatch(/^Open wazir tour on a 5×5 wazir board/);
    const points = String((root.polyline as Node[])[0]!.points).split(" ");
    expect(points).toHaveLength(25);
  });

  it("colours a wrapped tour by step in runs that still break at the edges", () => {
    const board = new Board(6, 6, { topology: "torus" });
    const tour = graphTour(board, true);
    const root = parse(renderSvg(tour, { gradient: true, animate: true }));
    const runs = groups(root, "gradient")[0]!.path as Node[];
    for (const run of runs) {
      const d = commands(String(run.d));
      for (let i = 1; i < d.length; i++) {
        const [op, x, y] = d[i]!;
        const [, px, py] = d[i - 1]!;
        if (op === "L") expect(Math.hypot(x - px, y - py)).toBeLessThanOrEqual(Math.sqrt(5) + 1e-9);
      }
    }
    const main = (root.path as Node[]).find((p) => p.class === "tour")!;
    expect(main.pathLength).toBe("1");
  });
});

describe("canvas, PNG and text on other geometries", () => {
  function recorder() {
    const calls: Array<{ op: string; args: number[]; style: string }> = [];
    const ctx: Record<string, unknown> = { fillStyle: "", strokeStyle: "", lineWidth: 1 };
    for (const op of ["fillRect", "rect", "moveTo", "lineTo", "arc"]) {
      ctx[op] = (...args: number[]) =>
        calls.push({
          op,
          args,
          style: String(op === "fillRect" ? ctx.fillStyle : ctx.strokeStyle),
        });
    }
    for (const op of ["beginPath", "stroke", "fill", "save", "restore", "setLineDash"])
      ctx[op] = () => {};
    return { ctx: ctx as unknown as Canvas2D, calls };
  }

  it("drawSquares fills holes and marks the seams", () => {
    const { ctx, calls } = recorder();
    drawSquares(ctx, new Board(3, 3, { holes: [4], topology: "cylinder" }), 10, {
      hole: "#010101",
      seam: "#020202",
    });
    const fills = calls.filter((c) => c.op === "fillRect");
    expect(fills.filter((c) => c.style === "#010101").map((c) => c.args)).toEqual([
      [10, 10, 10, 10],
    ]);
    expect(fills.filter((c) => c.style === "#020202")).toHaveLength(2);
  });

  it("drawPath starts a new line on the opposite edge after a wrapped move", () => {
    const board = new Board(6, 6, { topology: "torus" });
    const tour = graphTour(board, true);
    const { ctx, calls } = recorder();
    drawPath(ctx, board, tour.path, 10, { closed: true });
    const moves = calls.filter((c) => c.op === "moveTo");
    expect(moves.length).toBeGreaterThan(2);
    for (const m of moves.slice(1)) {
      const [x, y] = m.args;
      const edge = x === 0 || y === 0 || x === 60 || y === 60;
      const centre = (x! - 5) % 10 === 0 && (y! - 5) % 10 === 0;
      expect(edge || centre).toBe(true);
    }
    // No line is longer than a knight's move.
    let at = [0, 0];
    for (const c of calls) {
      if (c.op === "moveTo") at = c.args;
      if (c.op === "lineTo") {
        expect(Math.hypot(c.args[0]! - at[0]!, c.args[1]! - at[1]!)).toBeLessThanOrEqual(
          10 * Math.sqrt(5) + 1e-6,
        );
        at = c.args;
      }
    }
  });

  it("renderPng paints a hole in the hole colour", () => {
    const board = new Board(3, 3, { holes: [4] });
    const tour: Tour = { board, path: Int32Array.of(0, 5, 6, 1, 8, 3, 2, 7), closed: true };
    const png = PNG.sync.read(Buffer.from(renderPng(tour, { cellSize: 20 })));
    const i = (30 * png.width + 25) * 4; // inside b2, off the lines' way
    expect([png.data[i], png.data[i + 1], png.data[i + 2]]).toEqual([0x3a, 0x3a, 0x3a]);
  });

  it("renderGrid and renderAnsi show holes", () => {
    const board = new Board(3, 3, { holes: [4] });
    const tour: Tour = { board, path: Int32Array.of(0, 5, 6, 1, 8, 3, 2, 7), closed: true };
    expect(renderGrid(tour)).toBe("1 4 7\n6 # 2\n3 8 5");
    expect(renderAnsi(tour, { color: false })).toBe(" 1  4  7 \n 6  #  2 \n 3  8  5 ");
    const coloured = renderAnsi(tour).split("\n")[1]!;
    expect(coloured).toContain("\x1b[48;5;236m   \x1b[0m");
    // Without holes the grid is formatGrid's own text.
    const plain = graphTour(new Board(5, 5), false, 0);
    expect(renderGrid(plain)).toBe(formatGrid(plain));
  });
});
