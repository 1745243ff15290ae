// The package as a user gets it: `npm pack` holds only what a user needs, and the tarball
// installs (from the npm cache `npm ci` filled, the registry for what it lacks) into a fresh project where both
// entries import as ESM, the types resolve, and the `knight` bin runs.
// npm test builds dist/ before vitest runs; the tarball is packed from that build with
// --ignore-scripts (the real prepack rebuilds without source maps and builds web/dist).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  name: string;
  exports: Record<string, string | Record<string, string>>;
  bin: Record<string, string>;
  scripts: Record<string, string>;
};

/** The environment without the npm_* variables of an enclosing `npm test` (its prefix, config). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toLowerCase().startsWith("npm_")) env[key] = value;
  }
  return env;
}

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", args, {
    cwd,
    env: cleanEnv(),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

interface PackedFile {
  path: string;
  size: number;
}

let work: string;
let packed: PackedFile[];

beforeAll(() => {
  for (const built of ["dist/index.js", "dist/node/index.js", "dist/cli/main.js"]) {
    if (!existsSync(join(root, built))) {
      throw new Error(`${built} is missing: run npm run build first (npm test does)`);
    }
  }
  work = mkdtempSync(join(tmpdir(), "knight-pack-"));
  const report = JSON.parse(
    npm(["pack", "--json", "--ignore-scripts", "--pack-destination", work], root),
  ) as Array<{ filename: string; files: PackedFile[] }>;
  packed = report[0]!.files;
  const tarball = join(work, report[0]!.filename);
  const project = join(work, "project");
  execFileSync("mkdir", ["-p", project]);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "knight-pack-check", private: true, type: "module" }),
  );
  // From the npm cache that `npm ci` filled where it can; an install of another package can
  // leave only the abbreviated metadata there, which an offline install of a tarball refuses
  // (ENOTCACHED), so the registry (reachable wherever `npm ci` ran) fills the gaps.
  npm(["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], project);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("npm pack", () => {
  it("holds built JS, types, the bin, README, LICENSE and package.json, and nothing else", () => {
    const paths = packed.map((f) => f.path);
    const allowed =
      /^(dist\/.+\.(js|d\.ts)|bin\/knight\.js|web\/dist\/.+|README\.md|LICENSE|package\.json)$/;
    expect(paths.filter((p) => !allowed.test(p))).toEqual([]);
    expect(paths.filter((p) => p.endsWith(".map"))).toEqual([]);
    expect(paths.filter((p) => /^(src|test|bench|scripts|docs|\.ci)\//.test(p))).toEqual([]);
    for (const needed of [
      "dist/index.js",
      "dist/index.d.ts",
      "dist/node/index.js",
      "dist/node/index.d.ts",
      "dist/cli/main.js",
      "bin/knight.js",
      "README.md",
      "LICENSE",
      "package.json",
    ]) {
      expect(paths).toContain(needed);
    }
  });

  it("holds every file package.json's exports and bin name", () => {
    const paths = new Set(packed.map((f) => f.path));
    const targets: string[] = Object.values(pkg.bin);
    for (const target of Object.values(pkg.exports)) {
      targets.push(...(typeof target === "string" ? [target] : Object.values(target)));
    }
    for (const target of targets) expect(paths).toContain(target.replace(/^\.\//, ""));
  });

  it("is packed from a clean build: prepack empties dist/ and builds it without source maps", () => {
    // This test packs the working tree's dist/ with --ignore-scripts (npm test built it); a
    // real `npm pack` runs prepack, so files of deleted sources left in a local dist/ and the
    // source maps never reach the tarball.
    const steps = pkg.scripts.prepack.split("&&").map((step) => step.trim());
    expect(steps[0]).toMatch(/^npm run (--silent )?clean$/);
    expect(pkg.scripts.clean).toContain("rmSync('dist'");
    expect(steps).toContain("tsc -p tsconfig.build.json --sourceMap false");
    expect(steps.some((step) => step.startsWith("vite build --config web/vite.config.ts"))).toBe(
      true,
    );
  });
});

describe("the installed tarball", () => {
  const project = () => join(work, "project");

  it("imports as ESM from both entries, solves a tour and validates it", () => {
    writeFileSync(
      join(project(), "use.mjs"),
      [
        'import { Board, solve, validateTour, count } from "knight-tours";',
        'import { countParallel, renderPng } from "knight-tours/node";',
        "const board = new Board(8, 8);",
        "const result = solve(board, { closed: true });",
        "const check = validateTour(board, result.tour, { closed: true });",
        "const five = count(new Board(5, 5));",
        "console.log(JSON.stringify({",
        "  status: result.status, valid: check.valid, path: Array.from(result.tour.path),",
        "  count: String(five.count), node: [typeof countParallel, typeof renderPng],",
        "}));",
      ].join("\n"),
    );
    const out = JSON.parse(
      execFileSync("node", ["use.mjs"], { cwd: project(), encoding: "utf8" }),
    ) as { status: string; valid: boolean; path: number[]; count: string; node: string[] };
    expect(out.status).toBe("found");
    expect(out.valid).toBe(true);
    // Checked again here by the repository's own validator, not the installed copy.
    expect(validateTour(new Board(8, 8), out.path, { closed: true }).valid).toBe(true);
    expect(out.count).toBe("1728");
    expect(out.node).toEqual(["function", "function"]);
  });

  it("loads with require() too (Node >= 20.19, the engines floor, requires ES modules)", () => {
    const out = execFileSync(
      "node",
      ["-e", 'const k = require("knight-tours"); console.log(typeof k.solve, typeof k.count)'],
      { cwd: project(), encoding: "utf8" },
    );
    expect(out.trim()).toBe("function function");
  });

  it("type-checks a TypeScript user of both entries (types resolve through exports)", () => {
    writeFileSync(
      join(project(), "use.ts"),
      [
        'import { Board, solve, type SolveResult } from "knight-tours";',
        'import { type ParallelCountOptions } from "knight-tours/node";',
        "const result: SolveResult = solve(new Board(6, 6), { closed: true });",
        "const options: ParallelCountOptions = { workers: 1 };",
        "export { options, result };",
      ].join("\n"),
    );
    writeFileSync(
      join(project(), "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
          lib: ["ES2022", "DOM"],
        },
        files: ["use.ts"],
      }),
    );
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    // Fails with the compiler's messages (on its standard output) if the installed package's
    // types do not resolve.
    try {
      execFileSync("node", [tsc, "-p", "tsconfig.json"], { cwd: project(), encoding: "utf8" });
    } catch (error) {
      throw new Error(`tsc: ${(error as { stdout?: string }).stdout ?? String(error)}`);
    }
  });

  it("runs its knight bin", () => {
    const bin = join(project(), "node_modules", ".bin", "knight");
    const output = execFileSync(bin, ["tour", "6", "--closed", "--format", "json"], {
      cwd: project(),
      encoding: "utf8",
    });
    const tour = parseTour(output);
    expect(tour.board.rows).toBe(6);
    expect(validateTour(tour.board, tour.path, { closed: true }).valid).toBe(true);
  });
});
