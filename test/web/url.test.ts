import { describe, expect, it } from "vitest";
import { Board } from "../../src/index.js";
import { decodePath, encodePath, formatLink, type LinkView, parseLink } from "../../web/url.js";

const base: LinkView = {
  board: new Board(8, 8),
  start: 0,
  mode: "solve",
  closed: false,
  method: "auto",
  tieBreak: "",
  symmetry: "none",
  seed: "1",
  gradient: false,
  tour: null,
  moves: null,
  teachOrder: "fixed",
  teachClosed: false,
  countClosed: true,
  item: null,
};

describe("the page's address (web/url.ts)", () => {
  it("packs paths of cells up to 65,535 and reads them back", () => {
    const path = Int32Array.from([0, 1, 255, 256, 39_999, 65_535]);
    const text = encodePath(path);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Array.from(decodePath(text))).toEqual(Array.from(path));
  });

  it("writes only what differs from the defaults", () => {
    expect(formatLink(base)).toBe("#b=8x8&s=a8&mode=solve");
  });

  it("round-trips the settings, a tour from elsewhere and its step", () => {
    const board = new Board(5, 6);
    const path = Int32Array.from([0, 8, 4]);
    const hash = formatLink({
      ...base,
      board,
      start: 7,
      closed: true,
      method: "search",
      tieBreak: "roth",
      symmetry: "180",
      seed: "9",
      gradient: true,
      tour: { path, closed: false, fromSearch: false, step: 2 },
    });
    const link = parseLink(hash, new Board(8, 8));
    expect(link.board?.label).toBe("5x6");
    expect(link).toMatchObject({
      start: 7,
      mode: "solve",
      closed: true,
      method: "search",
      tieBreak: "roth",
      symmetry: "180",
      seed: "9",
      gradient: true,
      tourClosed: false,
      step: 2,
      run: false,
    });
    expect(Array.from(decodePath(link.path!))).toEqual([0, 8, 4]);
  });

  it("names a searched tour by run=1 instead of its path; play and teach keep their own", () => {
    const path = Int32Array.from([0, 10]);
    const searched = formatLink({
      ...base,
      tour: { path, closed: false, fromSearch: true, step: 2 },
    });
    expect(searched).toContain("run=1");
    expect(searched).not.toContain("p=");
    const played = parseLink(formatLink({ ...base, mode: "play", moves: path }), base.board);
    expect(played.mode).toBe("play");
    expect(Array.from(decodePath(played.path!))).toEqual([0, 10]);
    const taught = parseLink(
      formatLink({ ...base, mode: "teach", teachOrder: "warnsdorff", teachClosed: true }),
      base.board,
    );
    expect(taught).toMatchObject({ mode: "teach", teachOrder: "warnsdorff", teachClosed: true });
  });

  it("ignores a board out of range and a start off the board", () => {
    const link = parseLink("#b=300x300&s=z9", new Board(8, 8));
    expect(link.board).toBeNull();
    expect(link.start).toBe(0);
    expect(parseLink("#mode=nonsense", base.board).mode).toBe("solve");
  });

  it("carries the geometry: piece, edges and holes round-trip; old links stay the knight's plain board", () => {
    const board = new Board(6, 6, { piece: "giraffe", topology: "torus", holes: [0, 35] });
    const hash = formatLink({ ...base, board, start: 7 });
    expect(hash).toBe("#b=6x6&pc=giraffe&tp=torus&h=a6.f1&s=b5&mode=solve");
    const link = parseLink(hash, new Board(8, 8));
    expect(link.problems).toEqual([]);
    expect(link.board?.key).toBe(board.key);
    expect(link.start).toBe(7);
    const union = new Board(5, 5, { piece: "1,2+1,3", topology: "cylinder" });
    expect(parseLink(formatLink({ ...base, board: union }), base.board).board?.key).toBe(union.key);
    const old = parseLink("#b=6x6&s=a6&mode=solve", base.board);
    expect(old.board?.key).toBe("6x6");
    expect(old.board?.plain).toBe(true);
  });

  it("says what in a link's geometry cannot be used", () => {
    const bad = parseLink("#b=6x6&pc=dragon&tp=sphere&h=z9&s=a6", base.board);
    expect(bad.problems).toHaveLength(3);
    expect(bad.problems.join(" ")).toMatch(/dragon.*sphere.*z9/s);
    expect(bad.board?.key).toBe("6x6");
    const onHole = parseLink("#b=6x6&h=a6&s=a6", base.board);
    expect(onHole.problems).toEqual(["the start square “a6” is a hole of the 6×6 minus a6 board"]);
    const full = parseLink("#b=1x2&h=a1.b1", base.board);
    expect(full.problems.join(" ")).toMatch(/every cell/);
  });
});
