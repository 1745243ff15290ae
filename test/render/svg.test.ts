import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { Board, renderSvg, type Tour } from "../../src/index.js";
import { cellCentre } from "../../src/render/index.js";
import { backtrackedTour, solvedTour } from "./helpers.js";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  isArray: (name) => ["polyline", "line", "text", "path", "circle", "rect"].includes(name),
});

type Node = Record<string, unknown>;
function parse(svg: string): Node {
  expect(XMLValidator.validate(svg)).toBe(true);
  return parser.parse(svg).svg as Node;
}

function pointsOf(svgRoot: Node): Array<[number, number]> {
  const polylines = svgRoot.polyline as Node[];
  expect(polylines).toHaveLength(1);
  return String(polylines[0]!.points)
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split(",").map(Number) as [number, number]);
}

function expectPointsMatch(tour: Tour, points: Array<[number, number]>): void {
  expect(points).toHaveLength(tour.path.length);
  for (let i = 0; i < tour.path.length; i++) {
    expect(points[i]).toEqual(cellCentre(tour.board.cols, tour.path[i]!));
    // and independently: column + .5, row + .5
    const cell = tour.path[i]!;
    expect(points[i]).toEqual([
      (cell % tour.board.cols) + 0.5,
      Math.floor(cell / tour.board.cols) + 0.5,
    ]);
  }
}

describe("renderSvg(tour, options)", () => {
  it("draws an 8×8 closed tour as one polyline of 64 points plus the closing move", () => {
    const tour = solvedTour(8, 8, true);
    const root = parse(renderSvg(tour));
    expect(root.viewBox).toBe("0 0 8 8");
    expectPointsMatch(tour, pointsOf(root));
    const closing = root.line as Node[];
    expect(closing).toHaveLength(1);
    const [x1, y1] = cellCentre(8, tour.path[63]!);
    const [x2, y2] = cellCentre(8, tour.path[0]!);
    expect([closing[0]!.x1, closing[0]!.y1, closing[0]!.x2, closing[0]!.y2].map(Number)).toEqual([
      x1,
      y1,
      x2,
      y2,
    ]);
    // start circle on the first cell, end square on the last; 64 step numbers in path order
    const circle = (root.circle as Node[])[0]!;
    expect([Number(circle.cx), Number(circle.cy)]).toEqual(cellCentre(8, tour.path[0]!));
    const texts = (Array.isArray(root.g as Node[] | Node) ? (root.g as Node[]) : [root.g as Node])
      .filter((g) => g.class === "numbers")
      .flatMap((g) => g.text as Node[]);
    expect(texts).toHaveLength(64);
    texts.forEach((text, i) => {
      expect(Number(text["#text"])).toBe(i + 1);
      expect([Number(text.x), Number(text.y)]).toEqual(cellCentre(8, tour.path[i]!));
    });
  });

  it("draws an open 5×5 tour without a closing line, with rows×cols points", () => {
    const tour = backtrackedTour(5, 5, false);
    const root = parse(renderSvg(tour));
    expectPointsMatch(tour, pointsOf(root));
    expect(root.line).toBeUndefined();
    expect(root.width).toBe("320");
  });

  it("reads a closed flag only when the ends really meet", () => {
    const tour = backtrackedTour(5, 5, false);
    const root = parse(renderSvg({ ...tour, closed: true }));
    expect(root.line).toBeUndefined();
  });

  it("drops step numbers when cells are too small, and stays compact at 200×200", () => {
    const tour = solvedTour(200, 200, false);
    const svg = renderSvg(tour, { gradient: true });
    expect(svg).not.toContain("<text");
    expect(svg.length).toBeLessThan(1_200_000);
    const root = parse(svg);
    expectPointsMatch(tour, pointsOf(root));
    expect(Number(root.width)).toBe(800);
  });

  it("colours by step with contiguous gradient runs that cover the path", () => {
    const tour = solvedTour(8, 8, true);
    const root = parse(renderSvg(tour, { gradient: true }));
    const group = (root.g as Node[]).find((g) => g.class === "gradient")!;
    const paths = group.path as Node[];
    expect(paths.length).toBeGreaterThan(10);
    // Concatenated runs (sharing end points) give back the path.
    const cells: string[] = [];
    for (const p of paths) {
      const pts = String(p.d).slice(1).split("L");
      if (cells.length > 0) expect(pts[0]).toBe(cells[cells.length - 1]);
      cells.push(...(cells.length > 0 ? pts.slice(1) : pts));
    }
    expect(cells).toHaveLength(64);
    expect(new Set(paths.map((p) => p.stroke)).size).toBe(paths.length);
  });

  it("animates: the path draws itself and numbers appear in order", () => {
    const tour = solvedTour(6, 6, false);
    const svg = renderSvg(tour, { animate: true, durationSeconds: 7 });
    const root = parse(svg);
    const polyline = (root.polyline as Node[])[0]!;
    expect(polyline.pathLength).toBe("1");
    expect((polyline.animate as Node).attributeName).toBe("stroke-dashoffset");
    expect((polyline.animate as Node).dur).toBe("7s");
    const texts = (root.g as Node).text as Node[];
    const begins = texts.map((t) => Number.parseFloat(String((t.set as Node).begin)));
    expect(begins[0]).toBe(0);
    expect(begins[35]).toBe(7);
    for (let i = 1; i < begins.length; i++)
      expect(begins[i]).toBeGreaterThanOrEqual(begins[i - 1]!);
  });

  it("draws a partial path and an empty board", () => {
    const board = new Board(4, 4);
    const partial = parse(renderSvg({ board, path: Int32Array.from([0, 6, 15]) }));
    expect(pointsOf(partial)).toEqual([
      [0.5, 0.5],
      [2.5, 1.5],
      [3.5, 3.5],
    ]);
    const empty = parse(renderSvg({ board, path: new Int32Array(0) }));
    expect(empty.polyline).toBeUndefined();
  });

  it("escapes theme colours", () => {
    const tour = backtrackedTour(5, 5, false);
    const svg = renderSvg(tour, { theme: { light: '"><script>' } });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain("<script>");
  });
});
