import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { type ColumnWord, columnsTour } from "../../src/construct/column-words.js";
import { Board } from "../../src/core/board.js";
import { parsePiece } from "../../src/core/piece.js";
import { validateTour } from "../../src/core/validate.js";
import { ColumnTransfer, DONE } from "../../src/count/column-transfer.js";
import { runColumns } from "../../src/count/column-words.js";
import { tourExists } from "../../src/theory/index.js";
import { cutCapacity } from "../../src/theory/two-factor.js";

/**
 * The committed certificate for closed giraffe tours on 5×n (scripts/sweeps/giraffe-5xn.jsonl,
 * docs/results.md): every tour in it validates, each loop of columns returns the transfer to
 * the state it left (so the tour pumps), and every cut re-counts below the demand.
 */

interface TourEntry {
  n: number;
  words: ColumnWord[];
  at?: number;
  loop?: ColumnWord[];
}
interface FactorEntry {
  n: number;
  twoFactor: boolean;
  capacity?: number;
  demand?: number;
  sourceSide?: number[];
}
const records = readFileSync(
  new URL("../../scripts/sweeps/giraffe-5xn.jsonl", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter((line) => line !== "")
  .map((line) => JSON.parse(line) as { kind: string });
const certificate = {
  tours: records.filter((r) => r.kind === "tour") as unknown as TourEntry[],
  twoFactor: records.filter((r) => r.kind === "two-factor") as unknown as FactorEntry[],
  decision: records.filter((r) => r.kind === "decision") as unknown as Array<{
    n: number;
    closedTour: boolean | null;
  }>,
};
const giraffe = parsePiece("giraffe");
const transfer = new ColumnTransfer({ height: 5, piece: giraffe, kind: "closed" });

function valid(words: readonly ColumnWord[]): boolean {
  const path = columnsTour(5, words);
  if (path === null) return false;
  const board = new Board(5, words.length, { piece: giraffe });
  return validateTour(board, { path, closed: true }).valid;
}

describe("giraffe 5×n certificate", () => {
  for (const entry of certificate.tours) {
    test(`the 5×${entry.n} tour validates${entry.loop ? ", and pumps by its loop" : ""}`, () => {
      expect(entry.words.length).toBe(entry.n);
      expect(valid(entry.words)).toBe(true);
      expect(runColumns(transfer, entry.words)!.at(-1)).toBe(DONE);
      if (!entry.loop) return;
      const at = entry.at!;
      const before = runColumns(transfer, entry.words.slice(0, at))!.at(-1)!;
      expect(runColumns(transfer, entry.loop, before)!.at(-1)).toBe(before);
      const once = [...entry.words.slice(0, at), ...entry.loop, ...entry.words.slice(at)];
      expect(once.length).toBe(entry.n + entry.loop.length);
      expect(valid(once)).toBe(true);
    });
  }

  test("every n without a 2-factor has a cut that re-counts below the demand", () => {
    for (const f of certificate.twoFactor) {
      if (f.twoFactor) continue;
      const board = new Board(5, f.n, { piece: giraffe });
      const side = new Uint8Array(board.cells);
      for (const cell of f.sourceSide!) side[cell] = 1;
      expect(cutCapacity(board, side), `5×${f.n}`).toBe(f.capacity);
      // Odd n: the colours differ in size, which alone rules out a closed tour.
      if (f.n % 2 === 0) expect(f.capacity!, `5×${f.n}`).toBeLessThan(f.demand!);
    }
  });

  test("the decision says yes exactly where the certificate holds a tour", () => {
    const toured = new Set<number>();
    for (const e of certificate.tours) {
      toured.add(e.n);
      if (e.loop)
        for (let k = 1; e.n + k * e.loop.length <= 40; k++) toured.add(e.n + k * e.loop.length);
    }
    for (const d of certificate.decision) {
      if (d.closedTour === true) expect(toured.has(d.n), `5×${d.n}`).toBe(true);
      if (d.closedTour === false) expect(toured.has(d.n), `5×${d.n}`).toBe(false);
    }
  });

  test("knight exists answers from it: tourExists agrees with every decision, both ways round", () => {
    for (const d of certificate.decision) {
      const want = d.closedTour === null ? "unknown" : d.closedTour;
      for (const board of [
        new Board(5, d.n, { piece: giraffe }),
        new Board(d.n, 5, { piece: giraffe }),
      ]) {
        const answer = tourExists(board, { closed: true });
        expect([d.n, answer.exists], answer.reason).toEqual([d.n, want]);
      }
    }
    // Past the certificate's 40: the rule by residue.
    for (const [n, want] of [
      [44, true],
      [46, true],
      [48, true],
      [50, true],
      [52, true],
      [54, true],
      [51, false],
    ] as const) {
      expect(tourExists(new Board(5, n, { piece: giraffe }), { closed: true }).exists).toBe(want);
    }
  });
});
