/**
 * The layout and accessibility matrix of the page: for each mode, at each size and colour
 * scheme, the primary controls on the first screen, no sideways scrolling and axe-core's verdict.
 * The fast suite (features.test.ts) walks a sample of it — every mode at both sizes, axe on the
 * desktop in the light scheme and on the search in the dark one; `npm run test:long` walks all
 * of it and saves the screenshots in test-output/.
 */
import { join } from "node:path";
import { expect } from "vitest";
import { axeProblems, DESKTOP, type Harness, OUTPUT, offScreen, PHONE } from "./harness.js";

export const MODES = ["solve", "teach", "play", "count", "gallery"] as const;
export type Mode = (typeof MODES)[number];
export type Scheme = "light" | "dark";
export const SIZES = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;
export type Size = (typeof SIZES)[number][0];

/** The primary controls and the message of each mode: on the first screen at any size. */
const PRIMARY: Record<Mode, string[]> = {
  solve: ["#board", "#message", "#run", "#stop", "#play", "#scrub"],
  teach: ["#board", "#message", "#teach-run", "#teach-step", "#teach-reset", "#speed"],
  play: ["#board", "#message", "#undo", "#play-reset"],
  count: ["#board", "#message", "#count-run", "#count-stop"],
  gallery: ["#board", "#message", "#play", "#scrub"],
};

/** Which checks a walk of the matrix makes at one mode, size and scheme. */
export interface Cell {
  mode: Mode;
  size: Size;
  scheme: Scheme;
}

export interface Walk {
  /** The colour schemes shown in a mode at a size. */
  schemes(mode: Mode, size: Size): readonly Scheme[];
  /** Whether axe-core runs there (the costly check: a second or more per run). */
  axe(cell: Cell): boolean;
  screenshots: boolean;
}

/** Every mode at both sizes, each scheme `walk` asks for: controls, width, axe. */
export async function walkMatrix(h: Harness, walk: Walk): Promise<void> {
  for (const [size, viewport] of SIZES) {
    const page = await h.open("", viewport);
    for (const mode of MODES) {
      await page.click(`#mode-${mode}`);
      if (mode === "solve") {
        await page.click("#run");
        await page.waitForFunction(
          () => document.querySelector<HTMLCanvasElement>("#board")!.dataset.status === "found",
        );
      }
      for (const scheme of walk.schemes(mode, size)) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.evaluate(() => window.dispatchEvent(new Event("resize")));
        await page.waitForTimeout(250);
        const where = `${mode} at ${size} (${scheme})`;
        expect(await offScreen(page, PRIMARY[mode]), where).toEqual([]);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(sideways, where).toBeLessThanOrEqual(viewport.width);
        if (walk.screenshots) {
          await page.screenshot({ path: join(OUTPUT, `web-${mode}-${size}-${scheme}.png`) });
        }
        if (walk.axe({ mode, size, scheme })) expect(await axeProblems(page), where).toEqual([]);
      }
    }
    await page.close();
  }
}

/** The whole matrix: every mode in the light scheme, the tour-showing ones in the dark as well. */
export const WHOLE: Walk = {
  schemes: (mode) => (mode === "solve" || mode === "gallery" ? ["light", "dark"] : ["light"]),
  axe: () => true,
  screenshots: true,
};
