// `npm run test:long`: the column transfer against the frontier count on longer boards than the
// fast suite's (the open knight to 5×6).
import { describe, test } from "vitest";
import { expectFrontierAgrees } from "../helpers/column-transfer.js";

describe("ColumnTransfer against the frontier count, long", () => {
  test("giraffe 5×n closed, n ≤ 12, and knight 5×n open, n ≤ 6", () => {
    expectFrontierAgrees(12, 6);
  });
});
