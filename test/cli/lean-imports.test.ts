import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// What each `knight` command loads, read from the compiled modules (npm test builds dist/ before
// vitest) without starting a process: a module's imports, followed from file to file. A short
// command is mostly start-up, and start-up is mostly loading modules (docs/architecture.md,
// narrow imports; bench/records/startup.md): these checks keep an import through a file of
// re-exports, or an engine imported at the top of a command, from coming back unnoticed.
const dist = fileURLToPath(new URL("../../dist/", import.meta.url));

const STATIC = /^(?:import|export)\s(?:[^;]*?\sfrom\s*)?"(\.[^"]+)"/gm;
const DYNAMIC = /\bimport\("(\.[^"]+)"\)/g;

/**
 * The modules of dist/ that loading `entry` loads (relative to dist/, entry included). With
 * `dynamic`, also those it may load later through `import()`: everything the command can run.
 */
function graph(entry: string, dynamic = false): string[] {
  const seen = new Set<string>();
  const stack = [resolve(dist, entry)];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    const specs = [...text.matchAll(STATIC)].map((m) => m[1]!);
    if (dynamic) specs.push(...[...text.matchAll(DYNAMIC)].map((m) => m[1]!));
    for (const spec of specs) stack.push(resolve(dirname(file), spec));
  }
  return [...seen].map((file) => relative(dist, file)).sort();
}

/** The modules of `modules` under any of `places`: a folder (`count`) or a path's start. */
const inFolders = (modules: readonly string[], places: readonly string[]) =>
  modules.filter((m) => places.some((p) => m.startsWith(p.includes("/") ? p : `${p}/`)));

/** The library's folders of engines: what a command's registration must not load. */
const ENGINES = [
  "census",
  "construct",
  "count",
  "cover",
  "play",
  "puzzle",
  "render",
  "sample",
  "solve",
  "stats",
  "symmetry",
  "theory",
  "node",
];

/**
 * Modules outside cli/ and core/ that a command's registration may load: the names its options
 * and help list (method names, tie-breaks, a default), each in a module of constants.
 */
const REGISTRATION_ALLOWED = [
  "count/methods.js",
  "sample/methods.js",
  "solve/types.js",
  "node/queue/errors.js",
  "node/queue/lock.js",
  // The census's split and statistic names, with the wedge and move tables they are read from.
  "census/split.js",
  "census/stats.js",
  "census/leaper.js",
  "census/wedges.js",
];

/** The commands whose registration loads no engine (every one on the `knight --help` list). */
const LEAN_COMMANDS = [
  "census",
  "count",
  "enumerate",
  "exists",
  "play",
  "sample",
  "serve",
  "tour",
  "verify",
  "worker",
];

describe("what each knight command loads", () => {
  it("is measured on a build", () => {
    expect(existsSync(resolve(dist, "cli/main.js")), "npm run build first").toBe(true);
  });

  it("knight --version: the program alone, no command (a few core modules and the CLI's own)", async () => {
    const { commandsNeeded } = await import("../../src/cli/program.js");
    expect(commandsNeeded(["--version"])).toEqual([]);
    expect(commandsNeeded(["-V"])).toEqual([]);
    // Anything else keeps the commands it needs: the one named, or all of them for the help.
    expect(commandsNeeded(["count", "--version"])).toEqual(["count"]);
    expect(commandsNeeded(["--help"])).toBeUndefined();
    const loaded = graph("cli/main.js");
    expect(inFolders(loaded, ENGINES)).toEqual([]);
    expect(loaded.filter((m) => m.startsWith("cli/commands/"))).toEqual([]);
    expect(loaded.length).toBeLessThanOrEqual(20);
  });

  it("no module imports a file of re-exports (an index.ts, engines.ts): each loads a whole folder", () => {
    const entries = ["cli/main.js", ...LEAN_COMMANDS.map((c) => `cli/commands/${c}.js`)];
    for (const entry of entries) {
      const barrels = graph(entry, true).filter((m) => /(^|\/)(index|engines)\.js$/.test(m));
      expect(barrels, entry).toEqual([]);
    }
  });

  it.each(LEAN_COMMANDS)("registering %s (for --help, or to run it) loads no engine", (name) => {
    const engines = inFolders(graph(`cli/commands/${name}.js`), ENGINES);
    expect(engines.filter((m) => !REGISTRATION_ALLOWED.includes(m))).toEqual([]);
  });

  it.each([
    // Reading and checking a tour needs no search, count, sample, census or exact cover.
    ["stats", ["solve", "construct", "sample", "cover", "count", "census", "render", "node"]],
    ["verify", ["solve", "construct", "sample", "cover", "count", "census", "stats", "render"]],
    ["render", ["solve", "construct", "sample", "cover", "count", "census", "stats", "symmetry"]],
  ])("everything %s can load holds none of %j", (name, folders) => {
    expect(inFolders(graph(`cli/commands/${name}.js`, true), folders)).toEqual([]);
  });

  it.each([
    // What a plain run loads before it looks at its flags: the branches it may not take (the
    // job queue, the symmetric counts, pictures, the block-order stream) load when taken.
    ["count-run", ["render", "solve", "construct", "sample", "symmetry", "node/queue/count"]],
    ["census-run", ["render", "solve", "construct", "sample", "symmetry", "node/queue/census"]],
    ["tour-find", ["count", "census", "sample", "symmetry", "stats", "node"]],
    ["sample-run", ["render", "census", "construct", "solve", "cover"]],
    [
      "exists-run",
      ["solve", "construct", "render", "census", "count", "sample", "symmetry", "node"],
    ],
  ])("%s loads none of %j until a flag asks", (name, folders) => {
    expect(inFolders(graph(`cli/commands/${name}.js`), folders)).toEqual([]);
  });
});
