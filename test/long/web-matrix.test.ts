// `npm run test:long`: the page's whole layout and accessibility matrix, which the fast suite
// samples (test/web/features.test.ts, puzzle.test.ts): every mode at 1280×800 and 390×844, the
// tour-showing ones in the dark scheme too, axe-core at each, and Puzzle mode on a phone in
// both schemes; screenshots in test-output/.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, PHONE } from "../web/harness.js";
import { WHOLE, walkMatrix } from "../web/layout-matrix.js";
import { checkPuzzleScreen } from "../web/puzzle-screen.js";

const h = new Harness();
beforeAll(() => h.start(), 300_000);
afterAll(() => h.stop());

describe("the page's layout and accessibility, whole", () => {
  it("every mode at both sizes, light and dark: controls on the first screen, axe finds nothing serious", async () => {
    await walkMatrix(h, WHOLE);
  });

  it("Puzzle mode on a phone, light and dark: axe-clean, the grid and its buttons on the first screen", async () => {
    await checkPuzzleScreen(h, PHONE, "light", { axe: true });
    await checkPuzzleScreen(h, PHONE, "dark", { axe: true });
    expect(h.consoleErrors).toEqual([]);
  });
});
