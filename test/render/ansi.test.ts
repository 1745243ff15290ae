import { describe, expect, it } from "vitest";
import { formatGrid } from "../../src/core/index.js";
import { Board, renderAnsi } from "../../src/index.js";
import {
  ansiAnimationFrames,
  HIDE_CURSOR,
  playAnsiAnimation,
  SHOW_CURSOR,
} from "../../src/render/index.js";
import { backtrackedTour } from "./helpers.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI codes is the point
const stripAnsi = (text: string): string => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");

describe("renderAnsi(tour, options)", () => {
  it("shows every step number in its cell, light and dark squares alternating", () => {
    const tour = backtrackedTour(5, 5, false);
    const text = renderAnsi(tour);
    const plain = stripAnsi(text).split("\n");
    const grid = formatGrid(tour).split("\n");
    expect(plain).toHaveLength(5);
    for (let r = 0; r < 5; r++) {
      expect(plain[r]!.trim().split(/\s+/)).toEqual(grid[r]!.trim().split(/\s+/));
    }
    const firstRow = text.split("\n")[0]!;
    expect(firstRow.match(/48;5;223m/g)).toHaveLength(3); // a8-style light squares: c = 0, 2, 4
    expect(firstRow.match(/48;5;137m/g)).toHaveLength(2);
  });

  it("without colour has no escape codes and brackets the knight", () => {
    const tour = backtrackedTour(5, 5, false);
    const text = renderAnsi(tour, { color: false, upTo: 3 });
    expect(text).not.toContain("\x1b");
    const cells = text.split("\n").join("");
    expect(cells).toContain("[ 3]");
    expect(cells.match(/\./g)).toHaveLength(22);
  });
});

describe("ansiAnimationFrames(tour)", () => {
  it("starts with the empty board and then draws one step per frame", () => {
    const tour = backtrackedTour(5, 5, false);
    const frames = [...ansiAnimationFrames(tour, { color: false })];
    expect(frames).toHaveLength(26);
    expect(stripAnsi(frames[0]!).match(/\./g)).toHaveLength(25);
    // Replaying the frames on a tiny terminal model gives the final board.
    const screen = stripAnsi(frames[0]!).split("\n").slice(0, 5);
    const lines = screen.map((l) => l.split(""));
    let row = 5;
    let col = 0;
    for (const frame of frames.slice(1)) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal codes
      const re = /\x1b\[(\d+)([ABG])|\r|([^\x1b\r]+)/g;
      for (let m = re.exec(frame); m !== null; m = re.exec(frame)) {
        if (m[2] === "A") row -= Number(m[1]);
        else if (m[2] === "B") row += Number(m[1]);
        else if (m[2] === "G") col = Number(m[1]) - 1;
        else if (m[0] === "\r") col = 0;
        else {
          for (const ch of m[3]!) lines[row]![col++] = ch;
        }
      }
    }
    const final = lines.map((l) => l.join(""));
    expect(final.join("\n")).toBe(renderAnsi(tour, { color: false, upTo: 25 }));
  });
});

describe("playAnsiAnimation(tour, options)", () => {
  it("hides the cursor, plays every frame and shows the cursor again", async () => {
    const tour = backtrackedTour(5, 5, false);
    const out: string[] = [];
    const ended = await playAnsiAnimation(tour, { write: (t) => out.push(t), fps: 1000 });
    expect(ended).toBe("finished");
    expect(out[0]).toBe(HIDE_CURSOR);
    expect(out.at(-1)).toBe(SHOW_CURSOR);
    expect(out).toHaveLength(28);
  });

  it("stops on abort (Ctrl-C) and still restores the cursor", async () => {
    const tour = { board: new Board(8, 8), path: Int32Array.from({ length: 64 }, (_, i) => i) };
    const controller = new AbortController();
    const out: string[] = [];
    const playing = playAnsiAnimation(tour, {
      write: (t) => {
        out.push(t);
        if (out.length === 5) controller.abort();
      },
      fps: 1000,
      signal: controller.signal,
    });
    await expect(playing).resolves.toBe("aborted");
    expect(out.at(-1)).toBe(SHOW_CURSOR);
    expect(out.length).toBeLessThan(10);
  });
});
