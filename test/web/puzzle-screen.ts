/**
 * Puzzle mode's screen at one size and colour scheme: the puzzle of the day after a hint and a
 * check, axe-core's verdict, and on a phone the grid and its buttons on the first screen.
 * puzzle.test.ts checks the desktop (with axe) and the phone (without); test:long
 * (test/long/web-matrix.test.ts) the phone with axe in both schemes.
 */
import { join } from "node:path";
import { expect } from "vitest";
import { axeProblems, type Harness, OUTPUT, offScreen, PHONE } from "./harness.js";

export async function checkPuzzleScreen(
  h: Harness,
  viewport: { width: number; height: number },
  colorScheme: "light" | "dark",
  options: { axe: boolean },
): Promise<void> {
  const page = await h.open("#mode=puzzle", viewport, { colorScheme });
  await page.waitForSelector("#puzzle-grid[data-kind='daily']:not([data-loading]) input");
  await page.click("#puzzle-hint");
  await page.click("#puzzle-check");
  if (options.axe) expect(await axeProblems(page), `${colorScheme}`).toEqual([]);
  if (viewport === PHONE) {
    expect(await offScreen(page, ["#puzzle-grid", "#puzzle-check", "#puzzle-hint"])).toEqual([]);
    await page.screenshot({ path: join(OUTPUT, `web-puzzle-phone-${colorScheme}.png`) });
  }
  await page.close();
}
