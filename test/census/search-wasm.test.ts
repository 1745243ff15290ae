import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { Census } from "../../src/census/census.js";
import { CensusEngine } from "../../src/census/engine.js";
import { SEARCH_SOURCE_SHA256 } from "../../src/census/search-wasm.js";
import { wasmCounter } from "../../src/census/wasm-search.js";
import { Board } from "../../src/core/index.js";

/** Tours and nodes of every subproblem of the board's census, in WebAssembly or JavaScript. */
function counts(board: Board, wasm: boolean): string[] {
  const census = new Census(board);
  const engine = census.searchEngine();
  engine.stats = false;
  engine.useWasm = wasm;
  return census.subproblems().map((entry) => {
    engine.run(census.split.forcedMoves(entry.name));
    return `${entry.name} ${engine.tours} ${engine.nodes}`;
  });
}

describe("the census search in WebAssembly (src/census/wasm/search.c)", () => {
  // Every run below is made twice, in WebAssembly and in JavaScript (useWasm false), and the
  // two must agree on tours, nodes, histograms and witnesses.
  test("the module was built from the search.c beside it (npm run build:wasm after an edit)", () => {
    const source = readFileSync(new URL("../../src/census/wasm/search.c", import.meta.url));
    expect(createHash("sha256").update(source).digest("hex")).toBe(SEARCH_SOURCE_SHA256);
  });

  test("6×6: every subproblem's tours and nodes as the JavaScript search's, 9,862 in all", () => {
    const board = new Board(6, 6);
    const wasm = counts(board, true);
    expect(wasm).toEqual(counts(board, false));
    const census = new Census(board);
    const weighted = census
      .subproblems()
      .reduce((sum, entry, i) => sum + Number(wasm[i]!.split(" ")[1]) * entry.multiplicity, 0);
    expect(weighted).toBe(9862);
  });

  test("the giraffe's 10×10 census (another leaper's moves) agrees too", () => {
    const census = new Census(new Board(10, 10, { piece: "giraffe" }));
    const engine = census.searchEngine();
    engine.stats = false;
    for (const [name, tours] of [
      ["BBBC", 8890],
      ["BBBd", 6850],
      ["BBCC", 3072],
    ] as const) {
      const forced = census.split.forcedMoves(name);
      engine.useWasm = true;
      engine.run(forced);
      const wasm = [engine.tours, engine.nodes];
      engine.useWasm = false;
      engine.run(forced);
      expect(wasm).toEqual([tours, engine.nodes]);
      // With statistics (the giraffe keeps no tarnish: its counters are private ones).
      engine.useWasm = true;
      const withStats = census.runSubproblem(name);
      engine.useWasm = false;
      expect(withStats).toEqual(census.runSubproblem(name));
    }
  });

  test("8×8, Knuth's smallest bunch CFgd: 165,504 tours, the JavaScript search's nodes", () => {
    const census = new Census(new Board(8, 8));
    const engine = census.searchEngine();
    engine.stats = false;
    const forced = census.split.forcedMoves("CFgd");
    expect(engine.run(forced)).toBe(true);
    const wasm = [engine.tours, engine.nodes];
    engine.useWasm = false;
    engine.run(forced);
    expect(wasm).toEqual([165504, engine.nodes]);
  });

  test("6×6 with statistics: every subproblem's histograms and witnesses as in JavaScript", () => {
    const results = (wasm: boolean): unknown[] => {
      const census = new Census(new Board(6, 6));
      census.searchEngine().useWasm = wasm;
      return census.subproblems().map((entry) => census.runSubproblem(entry.name));
    };
    const wasm = results(true);
    expect(wasm).toEqual(results(false));
    expect(JSON.stringify(wasm)).toContain('"stats"');
  });

  test("8×8 CFgd with statistics: the same histograms, witnesses and nodes", () => {
    const run = (wasm: boolean) => {
      const census = new Census(new Board(8, 8));
      census.searchEngine().useWasm = wasm;
      return census.runSubproblem("CFgd");
    };
    const wasm = run(true);
    expect(wasm).toEqual(run(false));
    expect(wasm.status === "done" && wasm.result.tours).toBe("165504");
  });

  test("a stop asked between nodes ends the count with the figures so far", () => {
    const census = new Census(new Board(8, 8));
    const engine = census.searchEngine();
    engine.stats = false;
    const seen: number[] = [];
    const finished = engine.run(census.split.forcedMoves("CFgd"), (nodes) => {
      seen.push(nodes, engine.tours);
      return nodes >= 8192;
    });
    expect(finished).toBe(false);
    expect(seen.slice(0, 2)[0]).toBe(4096);
    expect(engine.nodes).toBe(8192);
    expect(engine.tours).toBe(seen.at(-1));
    expect(engine.tours).toBeGreaterThan(0);
    expect(engine.tours).toBeLessThan(165504);
  });

  test("a board past the module's arrays gets no counter (the JavaScript search runs)", () => {
    const engine = new CensusEngine(new Board(18, 18));
    expect(wasmCounter(engine.geometry, engine.n)).toBeNull();
    const small = new CensusEngine(new Board(6, 6));
    expect(wasmCounter(small.geometry, small.n)).not.toBeNull();
  });
});
