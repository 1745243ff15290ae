// The two entries as built (dist/, which npm test builds first): the browser entry reaches no
// Node built-in and no package through its whole import graph, and both entries export every
// documented front door.
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const dist = join(root, "dist");

/** One front door per capability, as README and docs name them. */
const FRONT_DOORS = [
  "solve",
  "construct",
  "count",
  "enumerateTours",
  "exactCover",
  "symmetriesOf",
  "canonical",
  "tourStats",
  "renderSvg",
  "renderAnsi",
  "validateTour",
  "tourExists",
  "parseBoard",
  "parseCell",
  "parseTour",
  "formatTour",
  "findSymmetricTour",
  "countSymmetricTours",
] as const;
/** The Node-only front doors (knight-tours/node). */
const NODE_FRONT_DOORS = ["countParallel", "renderPng", "svgToPng"] as const;

interface ImportGraph {
  /** Built files reached, relative to dist/. */
  readonly files: string[];
  /** Every specifier that is not a relative path, with the file importing it. */
  readonly external: Array<{ from: string; specifier: string }>;
}

/**
 * Walk the static and dynamic imports (and re-exports) of the built files from `entry`.
 * TypeScript's own pre-processor reads the specifiers, so imports shown in comments (the
 * TSDoc examples) do not count.
 */
function importGraph(entry: string): ImportGraph {
  const seen = new Set<string>();
  const external: ImportGraph["external"] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith("./") || specifier.startsWith("../")) {
        const target = resolve(dirname(file), specifier);
        if (!existsSync(target)) throw new Error(`${file} imports ${specifier}: no such file`);
        queue.push(target);
      } else {
        external.push({ from: relative(dist, file), specifier });
      }
    }
  }
  return { files: [...seen].map((f) => relative(dist, f)).sort(), external };
}

const builtins = new Set(builtinModules);
const isNodeBuiltin = (specifier: string) =>
  specifier.startsWith("node:") || builtins.has(specifier.split("/")[0]!);

describe("the browser entry (dist/index.js)", () => {
  const graph = importGraph(join(dist, "index.js"));

  it("reaches the whole library but nothing of src/node or src/cli", () => {
    expect(graph.files.length).toBeGreaterThan(40);
    expect(graph.files).toContain("solve/solve.js");
    expect(graph.files.filter((f) => f.startsWith("node/") || f.startsWith("cli/"))).toEqual([]);
  });

  it("imports no Node built-in and no package, however deep", () => {
    expect(graph.external.filter((e) => isNodeBuiltin(e.specifier))).toEqual([]);
    // The library has no runtime dependencies at all: every import is one of its own files.
    expect(graph.external).toEqual([]);
  });

  it("exports every documented front door as a function", async () => {
    const entry = (await import(join(dist, "index.js"))) as Record<string, unknown>;
    const missing = FRONT_DOORS.filter((name) => typeof entry[name] !== "function");
    expect(missing).toEqual([]);
    // The typed errors and their codes go with them.
    expect(typeof entry.KnightError).toBe("function");
    expect(entry.ErrorCode).toMatchObject({ BadOption: "BAD_OPTION", BadSize: "BAD_SIZE" });
    // Nothing Node-only leaks into the browser entry.
    for (const name of NODE_FRONT_DOORS) expect(entry[name]).toBeUndefined();
  });
});

describe("the Node entry (dist/node/index.js)", () => {
  it("is where the Node built-ins are (the walk sees them)", () => {
    const graph = importGraph(join(dist, "node", "index.js"));
    expect(graph.external.some((e) => e.specifier === "node:worker_threads")).toBe(true);
  });

  it("exports the Node-only front doors", async () => {
    const entry = (await import(join(dist, "node", "index.js"))) as Record<string, unknown>;
    expect(NODE_FRONT_DOORS.filter((name) => typeof entry[name] !== "function")).toEqual([]);
  });
});
