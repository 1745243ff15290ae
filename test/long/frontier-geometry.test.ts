// `npm run test:long`: the frontier sweep on other geometries against the mates counter on
// boards larger than the fast suite's (test/count/frontier-geometry.test.ts).
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { count } from "../../src/count/count.js";

describe("a second method on larger boards, long", () => {
  test("5×5 cylinder closed and 6×6 minus the four corners closed: the sweep equals mates", () => {
    for (const board of [
      new Board(5, 5, { topology: "cylinder" }),
      new Board(6, 6, { holes: [0, 5, 30, 35] }),
    ]) {
      const swept = count(board, { closed: true, method: "frontier" });
      const mates = count(board, { closed: true, method: "mates" });
      expect([swept.status, mates.status]).toEqual(["done", "done"]);
      expect(swept.count).toBe(mates.count);
    }
  });
});
