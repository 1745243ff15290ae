// What the column-transfer tests share (test/count/column-transfer.test.ts, test/long/).
import { expect } from "vitest";
import { Board } from "../../src/core/board.js";
import { parsePiece } from "../../src/core/piece.js";
import { ColumnTransfer, type TourKind } from "../../src/count/column-transfer.js";
import { count } from "../../src/count/count.js";

export function transfer(height: number, piece: string, kind: TourKind): ColumnTransfer {
  return new ColumnTransfer({ height, piece: parsePiece(piece), kind });
}

/** The transfer's answers for n = 1..cols. */
export function answers(t: ColumnTransfer, cols: number): boolean[] {
  const out: boolean[] = [];
  let set = t.initial();
  for (let n = 1; n <= cols; n++) {
    set = t.column(set);
    out.push(t.accepts(set));
  }
  return out;
}

/**
 * The transfer's answer equals the frontier count's (a tour exists when it counts one) for the
 * closed giraffe on 5×n up to `giraffeCols` and the open knight on 5×n up to `knightCols`.
 */
export function expectFrontierAgrees(giraffeCols: number, knightCols: number): void {
  const giraffe = answers(transfer(5, "giraffe", "closed"), giraffeCols);
  for (let n = 1; n <= giraffeCols; n++) {
    const board = new Board(5, n, { piece: "giraffe" });
    const c = count(board, { closed: true, method: "frontier" });
    expect(giraffe[n - 1], `5×${n} giraffe`).toBe(c.count > 0n);
  }
  const knight = answers(transfer(5, "knight", "open"), knightCols);
  for (let n = 1; n <= knightCols; n++) {
    const c = count(new Board(5, n), { method: "frontier" });
    expect(knight[n - 1], `5×${n} knight open`).toBe(c.count > 0n);
  }
}
