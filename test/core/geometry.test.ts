import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applySymmetry,
  Board,
  formatTourJson,
  geometrySymmetries,
  KnightError,
  moveGraph,
  parsePiece,
  parseTourJson,
  validateTour,
} from "../../src/core/index.js";
import { bruteCount, bruteNeighbours } from "../helpers/geometry-brute.js";

const TOPOLOGY = fc.constantFrom("plane" as const, "cylinder" as const, "torus" as const);
const LEAP = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }))
  .filter(([a, b]) => a + b > 0);

describe("pieces", () => {
  it("reads names, leaps and unions into one canonical form", () => {
    expect(parsePiece("knight").leaps).toEqual([[1, 2]]);
    expect(parsePiece("2,1").name).toBe("knight");
    expect(parsePiece("1,4").name).toBe("giraffe");
    expect(parsePiece("camel+knight").name).toBe("knight+camel");
    expect(parsePiece("1,2+1,3").name).toBe("knight+camel");
    expect(parsePiece("fers+wazir").leaps).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(parsePiece("1,5").name).toBe("1,5");
  });

  it("refuses unknown pieces and the null leap, naming the value", () => {
    expect(() => parsePiece("dragon")).toThrow(/unknown piece 'dragon'.*knight, camel/);
    expect(() => parsePiece("0,0")).toThrow(/0,0 does not move/);
    expect(() => parsePiece("knight+")).toThrow(KnightError);
  });
});

describe("boards with a geometry", () => {
  it("have one key and one label", () => {
    expect(new Board(8, 8).key).toBe("8x8");
    expect(String(new Board(6, 6, { topology: "torus" }))).toBe("6×6 torus");
    expect(String(new Board(10, 10, { piece: "giraffe" }))).toBe("10×10 giraffe");
    expect(String(new Board(8, 8, { holes: [7, 56] }))).toBe("8×8 minus a1, h8");
    expect(new Board(8, 8, { holes: [7, 56] }).key).toBe("8x8 minus a1,h8");
    expect(new Board(4, 5, { topology: "cylinder", piece: "zebra" }).key).toBe(
      "4x5 cylinder zebra",
    );
    expect(new Board(8, 8).plain).toBe(true);
    expect(new Board(8, 8, { piece: "knight", topology: "plane", holes: [] }).plain).toBe(true);
  });

  it("refuse holes off the board, named twice, or covering every cell", () => {
    expect(() => new Board(3, 3, { holes: [9] })).toThrow(/hole 9 is not a cell/);
    expect(() => new Board(3, 3, { holes: [0, 0] })).toThrow(/hole a3 is named twice/);
    expect(() => new Board(1, 2, { holes: [0, 1] })).toThrow(/every cell .* is a hole/);
  });
});

describe("the move graph of any geometry", () => {
  it("has exactly the moves of an independent construction, and Board.isMove agrees", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(LEAP, { minLength: 1, maxLength: 2 }),
        TOPOLOGY,
        fc.array(fc.nat(48), { maxLength: 4 }),
        (rows, cols, leaps, topology, holeSeeds) => {
          const holes = [...new Set(holeSeeds.map((h) => h % (rows * cols)))];
          if (holes.length === rows * cols) return true;
          const board = new Board(rows, cols, {
            piece: parsePiece(leaps.map((l) => l.join(",")).join("+")),
            topology,
            holes,
          });
          const graph = moveGraph(board);
          const expected = bruteNeighbours({ rows, cols, leaps, topology, holes });
          for (let v = 0; v < board.cells; v++) {
            const got = [...graph.neighbours(v)].sort((p, q) => p - q);
            expect(got).toEqual(expected[v]);
            for (let w = 0; w < board.cells; w++) {
              expect(board.isMove(v, w)).toBe(expected[v]!.includes(w));
            }
          }
          expect(graph.vertexCount).toBe(rows * cols - holes.length);
          return true;
        },
      ),
      { numRuns: 150 },
    );
  });

  it("colours properly when bipartite, and says when it is not", () => {
    const colouring = (board: Board) => {
      const graph = moveGraph(board);
      if (!graph.bipartite) return null;
      for (let v = 0; v < board.cells; v++) {
        for (const w of graph.neighbours(v)) expect(graph.colour(w)).not.toBe(graph.colour(v));
      }
      return graph.colours;
    };
    expect(colouring(new Board(6, 6, { topology: "torus" }))).not.toBeNull();
    // An odd wrapped side lets the knight come back to its colour.
    expect(colouring(new Board(5, 6, { topology: "torus" }))).toBeNull();
    expect(colouring(new Board(5, 5, { piece: "fers+wazir" }))).toBeNull();
    // The fers never changes the chessboard colour, yet its graph is bipartite by rows.
    expect(colouring(new Board(4, 4, { piece: "fers" }))).not.toBeNull();
    expect(colouring(new Board(8, 8, { piece: "zebra" }))).not.toBeNull();
  });

  it("is cached per geometry, not per size", () => {
    const torus = moveGraph(new Board(5, 5, { topology: "torus" }));
    const plane = moveGraph(new Board(5, 5));
    expect(torus).not.toBe(plane);
    expect(torus.edgeCount).toBe(100);
    expect(plane.edgeCount).toBe(48);
    expect(moveGraph(new Board(5, 5, { topology: "torus" }))).toBe(torus);
  });

  it("drops loops and repeats on small wrapped boards", () => {
    // On a 4-column cylinder a leg of 2 either way reaches the same column; on 2 rows a leg
    // of 2 comes back to the same row.
    const graph = moveGraph(new Board(2, 4, { topology: "torus" }));
    for (let v = 0; v < 8; v++) {
      const list = [...graph.neighbours(v)];
      expect(new Set(list).size).toBe(list.length);
      expect(list).not.toContain(v);
    }
  });
});

describe("geometry symmetries", () => {
  it("map moves to moves and holes to holes", () => {
    const boards = [
      new Board(6, 6, { topology: "torus" }),
      new Board(4, 6, { topology: "cylinder", piece: "camel" }),
      new Board(5, 5, { holes: [0, 24] }),
      new Board(4, 4, { topology: "torus", holes: [0, 5] }),
    ];
    for (const board of boards) {
      const graph = moveGraph(board);
      for (const s of geometrySymmetries(board)) {
        for (let v = 0; v < board.cells; v++) {
          const image = applySymmetry(board, s, v);
          expect(board.isHole(image)).toBe(board.isHole(v));
          for (const w of graph.neighbours(v)) {
            expect(graph.adjacent(image, applySymmetry(board, s, w))).toBe(true);
          }
        }
      }
    }
  });

  it("number 8 or 4 on rectangles, more with translations on tori and cylinders", () => {
    expect(geometrySymmetries(new Board(8, 8)).length).toBe(8);
    expect(geometrySymmetries(new Board(6, 8)).length).toBe(4);
    expect(geometrySymmetries(new Board(6, 6, { topology: "torus" })).length).toBe(288);
    expect(geometrySymmetries(new Board(5, 6, { topology: "cylinder" })).length).toBe(24);
    expect(geometrySymmetries(new Board(8, 8, { holes: [0, 63] })).length).toBe(4);
  });
});

describe("tours on other geometries", () => {
  it("validate by the geometry's own moves, holes and length", () => {
    // A closed wazir tour of the 2×3 board minus nothing, and a torus-only closed knight tour.
    const wazir = new Board(2, 3, { piece: "wazir" });
    expect(validateTour(wazir, { path: [0, 1, 2, 5, 4, 3], closed: true }).valid).toBe(true);
    const holed = new Board(2, 3, { piece: "wazir", holes: [2] });
    expect(validateTour(holed, { path: [0, 1, 4, 5, 3] }).valid).toBe(false);
    expect(validateTour(holed, { path: [1, 0, 3, 4, 5] }).valid).toBe(true);
    const through = validateTour(holed, { path: [0, 1, 2, 5, 4] });
    expect(through.valid === false && through.message).toMatch(/c2, a hole/);
    const cylinder = new Board(1, 4, { piece: "wazir", topology: "cylinder" });
    expect(validateTour(cylinder, { path: [0, 3, 2, 1], closed: true }).valid).toBe(true);
    expect(validateTour(new Board(1, 4, { piece: "wazir" }), { path: [0, 3, 2, 1] }).valid).toBe(
      false,
    );
  });

  it("round-trip through tour JSON with their piece, topology and holes", () => {
    const board = new Board(2, 3, { piece: "wazir", holes: [2], topology: "cylinder" });
    const text = formatTourJson({ board, path: Int32Array.from([1, 0, 3, 4, 5]), closed: false });
    expect(text).toBe(
      '{"rows":2,"cols":3,"closed":false,"piece":[[0,1]],"topology":"cylinder","holes":[[0,2]],"path":[[0,1],[0,0],[1,0],[1,1],[1,2]]}',
    );
    const back = parseTourJson(text);
    expect(back.board.key).toBe(board.key);
    const plain = { board: new Board(1, 1), path: Int32Array.of(0), closed: false };
    expect(formatTourJson(plain)).toBe('{"rows":1,"cols":1,"closed":false,"path":[[0,0]]}');
    expect(() => parseTourJson('{"rows":2,"cols":2,"topology":"sphere","path":[]}')).toThrow(
      /"topology" must be one of plane, cylinder, torus/,
    );
  });

  it("brute force agrees with known counts (4×4 torus knight, 3×4 knight)", () => {
    expect(bruteCount({ rows: 3, cols: 4 })).toEqual({ closed: 0, open: 16 });
    expect(bruteCount({ rows: 2, cols: 3, leaps: [[0, 1]] }).closed).toBe(1);
  });
});
