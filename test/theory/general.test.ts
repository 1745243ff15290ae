import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { solve } from "../../src/solve/index.js";
import { closedTourExists, openTourExists, tourExists } from "../../src/theory/index.js";
import { bruteExists } from "./brute-exists.js";

describe("Watkins and Hoenigman on the knight's torus, under the simple-graph convention", () => {
  it("every torus of 3 to 20 cells has a closed tour, and 1×1, 1×2, 2×1 have none (brute force)", () => {
    for (let rows = 1; rows <= 20; rows++) {
      for (let cols = 1; rows * cols <= 20; cols++) {
        const truth = bruteExists({ rows, cols, topology: "torus" }, { closed: true });
        expect(truth, `${rows}x${cols} torus`).toBe(rows * cols >= 3);
        const answer = tourExists(new Board(rows, cols, { topology: "torus" }), { closed: true });
        expect(answer.exists, `${rows}x${cols}: ${answer.reason}`).toBe(rows * cols >= 3);
      }
    }
  });

  it("search finds a closed tour on every torus up to 8×8, the theorem aside", () => {
    for (let rows = 1; rows <= 8; rows++) {
      for (let cols = 1; cols <= 8; cols++) {
        if (rows * cols < 3) continue;
        const board = new Board(rows, cols, { topology: "torus" });
        const result = solve(board, { closed: true, useTheory: false, timeLimitMs: 20_000 });
        expect(result.status, `${board}: ${result.reason}`).toBe("found");
        expect(validateTour(board, result.tour!, { closed: true }).valid).toBe(true);
      }
    }
  });

  it("cites the theorem, and leaves open tours with both ends to a search", () => {
    const torus = new Board(6, 6, { topology: "torus" });
    expect(tourExists(torus, { closed: true }).reason).toMatch(
      /Watkins and Hoenigman, "Knight's tours on a torus", Mathematics Magazine 70, 1997/,
    );
    expect(tourExists(torus, { start: 3 }).exists).toBe(true);
    expect(tourExists(torus, { start: 0, end: 1 }).exists).toBe("unknown");
    // 6×6 torus: both sides even, so the knight's graph is bipartite (the chessboard colours).
    expect(tourExists(torus, { start: 0, end: 2 }).exists).toBe(false);
    // Holes or another piece: the theorem says nothing.
    expect(
      tourExists(new Board(6, 6, { topology: "torus", holes: [0, 1] }), { closed: true }).exists,
    ).toBe("unknown");
  });
});

describe("Schwenk's four-row argument on any move graph", () => {
  it("no 4-row cylinder of even circumference has a closed knight's tour; odd ones do", () => {
    for (let cols = 1; cols <= 10; cols++) {
      const board = new Board(4, cols, { topology: "cylinder" });
      const answer = tourExists(board, { closed: true });
      if (cols % 2 === 0) {
        expect(answer.exists, `${board}`).toBe(false);
        expect(answer.reason).toMatch(/two outer rows of 4×\d+ cylinder hold half its cells/);
      } else {
        expect(answer.reason, `${board}`).not.toMatch(/outer rows/);
      }
      if (4 * cols <= 20) {
        expect(bruteExists({ rows: 4, cols, topology: "cylinder" }, { closed: true })).toBe(
          cols % 2 === 1,
        );
      }
    }
  });

  it("never denies a closed tour that exists (every piece, 4-line planes and cylinders, holes)", () => {
    const pieces = ["knight", "zebra", "giraffe", "wazir", "fers", "1,4", "knight+camel"];
    let denied = 0;
    for (const piece of pieces) {
      for (const topology of ["plane", "cylinder"] as const) {
        for (let other = 1; other <= 5; other++) {
          for (const [rows, cols] of [
            [4, other],
            [other, 4],
          ] as const) {
            for (const holes of [[], [0, rows * cols - 1]]) {
              if (holes.length >= rows * cols) continue;
              const board = new Board(rows, cols, { piece, topology, holes });
              const answer = tourExists(board, { closed: true });
              if (!/outer (rows|columns)/.test(answer.reason)) continue;
              denied++;
              const truth = bruteExists(
                { rows, cols, topology, holes, leaps: board.piece.leaps.map(([a, b]) => [a, b]) },
                { closed: true },
              );
              expect(truth, `${board}: ${answer.reason}`).toBe(false);
            }
          }
        }
      }
    }
    // The rule decided some of them (not only the plain knight, which has its own theorem).
    expect(denied).toBeGreaterThan(5);
  });
});

describe("the 2-factor rule", () => {
  it("never denies a closed tour that exists, and decides boards no other rule does", () => {
    let decided = 0;
    for (const piece of ["knight", "zebra", "giraffe", "2,5"]) {
      for (const topology of ["plane", "cylinder"] as const) {
        for (let rows = 2; rows <= 6; rows++) {
          for (let cols = 2; rows * cols <= 24; cols++) {
            for (const holes of [[], [0], [0, rows * cols - 1]]) {
              const board = new Board(rows, cols, { piece, topology, holes });
              const answer = tourExists(board, { closed: true });
              if (!/exactly two moves/.test(answer.reason)) continue;
              decided++;
              const leaps = board.piece.leaps.map(([a, b]) => [a, b] as [number, number]);
              const truth = bruteExists({ rows, cols, topology, holes, leaps }, { closed: true });
              expect(truth, `${board}: ${answer.reason}`).toBe(false);
            }
          }
        }
      }
    }
    // Among them: the zebra and the giraffe on the 6×2 and 6×4 cylinders, the knight on 3×5
    // less a corner.
    expect(decided).toBeGreaterThanOrEqual(8);
  });

  it("says what falls short: the giraffe on 5×10", () => {
    const answer = tourExists(new Board(5, 10, { piece: "giraffe" }), { closed: true });
    expect(answer).toEqual({
      exists: false,
      reason:
        "a closed tour gives every cell exactly two moves, and no choice of moves of the giraffe on 5×10 does: its cells of one colour need 50 move ends and the moves can give them at most 44 (a cut in a flow, which a count of the moves across it confirms)",
    });
  });
});

describe("the general rules, each with its reason", () => {
  it("a leaper with a + b even keeps its colour", () => {
    const answer = tourExists(new Board(8, 8, { piece: "camel" }));
    expect(answer.exists).toBe(false);
    expect(answer.reason).toMatch(/a \+ b even, so it never changes the colour/);
    // On a torus with an odd side the colour does change across the wrap: no such rule.
    expect(tourExists(new Board(5, 5, { piece: "camel", topology: "torus" })).reason).not.toMatch(
      /never changes the colour/,
    );
  });

  it("a common factor of the legs confines the piece to a sublattice", () => {
    const answer = tourExists(new Board(6, 6, { piece: "2,4" }));
    expect(answer.exists).toBe(false);
    expect(answer.reason).toMatch(/multiple of 2 squares along each axis/);
  });

  it("a disconnected graph, a cell with no move, cells of degree one", () => {
    expect(tourExists(new Board(3, 3)).exists).toBe(false); // plain: the knight's theorem
    const centre = tourExists(new Board(3, 3, { piece: "zebra" }));
    expect(centre.reason).toMatch(/has no move of the zebra/);
    const apart = tourExists(new Board(2, 6, { piece: "giraffe" }));
    expect(apart.exists).toBe(false);
    const wazirLine = new Board(1, 5, { piece: "wazir" });
    expect(tourExists(wazirLine).exists).toBe("unknown");
    expect(tourExists(wazirLine, { closed: true }).reason).toMatch(/only one move of the wazir/);
    expect(tourExists(wazirLine, { start: 2 }).reason).toMatch(
      /a1 and e1 have only one move of the wazir on 1×5 wazir, so each must end an open tour, and one end of the tour is c1/,
    );
  });

  it("bipartite class sizes", () => {
    const holed = tourExists(new Board(8, 8, { holes: [0, 63] }));
    expect(holed.exists).toBe(false);
    expect(holed.reason).toMatch(/32 cells of one colour and 30 of the other, too unequal/);
    const closed = tourExists(new Board(5, 5, { piece: "wazir" }), { closed: true });
    expect(closed.reason).toMatch(/a closed tour needs them equal/);
    const torusWazir = tourExists(new Board(4, 4, { piece: "wazir", topology: "torus" }), {
      start: 0,
      end: 5,
    });
    expect(torusWazir.exists).toBe(false);
  });

  it("a closed tour needs three cells", () => {
    const pair = new Board(1, 2, { piece: "wazir" });
    expect(tourExists(pair, { closed: true }).reason).toMatch(/at least three cells/);
    expect(tourExists(pair).exists).toBe(true);
    expect(tourExists(new Board(1, 1, { piece: "giraffe" })).exists).toBe(true);
  });

  it("closedTourExists and openTourExists take any geometry", () => {
    const torus = new Board(5, 5, { topology: "torus" });
    expect(closedTourExists(torus).exists).toBe(true);
    expect(openTourExists(new Board(8, 8, { piece: "fers" })).exists).toBe(false);
  });
});
