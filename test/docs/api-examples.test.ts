import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { format } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";

// Every public front door carries an `@example` in its TSDoc (TypeDoc shows it in the API
// reference, `npm run docs:api`). This test runs each example against src/ and checks the output
// it claims: a `console.log(…)` line followed by `// → text` on the same or the next line must
// print exactly that text (trailing spaces aside). So the examples cannot rot.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const OUT = join(ROOT, "test-output", "api-examples");

/** [source file, exported function]: the front doors of both entries. */
const FRONT_DOORS: readonly (readonly [string, string])[] = [
  ["src/solve/solve.ts", "solve"],
  ["src/solve/construct.ts", "construct"],
  ["src/count/count.ts", "count"],
  ["src/count/enumerate.ts", "enumerateTours"],
  ["src/symmetry/invariance.ts", "symmetriesOf"],
  ["src/symmetry/canonical.ts", "canonical"],
  ["src/symmetry/canonical.ts", "canonicalKey"],
  ["src/symmetry/transforms.ts", "transformTour"],
  ["src/symmetry/find.ts", "findSymmetricTour"],
  ["src/symmetry/count.ts", "countSymmetricTours"],
  ["src/symmetry/count.ts", "countClosedTourClasses"],
  ["src/symmetry/classes.ts", "classifyTours"],
  ["src/stats/tour-stats.ts", "tourStats"],
  ["src/render/svg.ts", "renderSvg"],
  ["src/render/ansi.ts", "renderAnsi"],
  ["src/core/validate.ts", "validateTour"],
  ["src/theory/exists.ts", "tourExists"],
  ["src/cover/format.ts", "exactCover"],
  ["src/puzzle/solve.ts", "solvePuzzle"],
  ["src/puzzle/solve.ts", "gradePuzzle"],
  ["src/puzzle/hint.ts", "nextDeduction"],
  ["src/puzzle/generate.ts", "generatePuzzle"],
  // knight-tours/node
  ["src/node/png.ts", "renderPng"],
  ["src/node/count-parallel.ts", "countParallel"],
];

/** The TSDoc comment right before `export function name`, without its ` * ` margins. */
function tsdocOf(source: string, name: string): string | undefined {
  const at = new RegExp(`export (async )?function\\*? ?${name}\\b`).exec(source);
  if (!at) return undefined;
  const end = source.lastIndexOf("*/", at.index);
  const start = source.lastIndexOf("/**", end);
  if (end < 0 || start < 0 || source.slice(end + 2, at.index).trim() !== "") return undefined;
  return source
    .slice(start + 3, end)
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, ""))
    .join("\n");
}

function exampleCode(doc: string): string | undefined {
  const m = /@example\s*\n```(?:ts|typescript)\n([\s\S]*?)\n```/.exec(doc);
  return m?.[1];
}

/** For each console.log line, the output it claims (`// → text`), or null when it claims none. */
function claimedOutputs(code: string): (string | null)[] {
  const lines = code.split("\n");
  const claims: (string | null)[] = [];
  lines.forEach((line, i) => {
    if (!line.includes("console.log(")) return;
    const same = /\/\/ → (.*)$/.exec(line);
    const next = /^\s*\/\/ → (.*)$/.exec(lines[i + 1] ?? "");
    claims.push((same?.[1] ?? next?.[1] ?? null)?.trimEnd() ?? null);
  });
  return claims;
}

afterEach(() => vi.restoreAllMocks());

describe("@example blocks of the public front doors", () => {
  const entry = join(ROOT, "src", "index.ts").replace(/\\/g, "/");
  const nodeEntry = join(ROOT, "src", "node", "index.ts").replace(/\\/g, "/");
  for (const [file, name] of FRONT_DOORS) {
    it(`${name} (${file}) has an example that prints what it says`, async () => {
      const doc = tsdocOf(readFileSync(join(ROOT, file), "utf8"), name);
      expect(doc, `no TSDoc comment right before export function ${name} in ${file}`).toBeDefined();
      const code = exampleCode(doc!);
      expect(code, `add an @example with a \`\`\`ts block to ${name}'s TSDoc`).toBeDefined();
      expect(code).toMatch(/from "knight-tours(\/node)?"/);
      const claims = claimedOutputs(code!);
      expect(
        claims.some((c) => c !== null),
        `${name}'s example claims no output`,
      ).toBe(true);

      mkdirSync(OUT, { recursive: true });
      const script = join(OUT, `${name}.ts`);
      writeFileSync(
        script,
        code!
          .replaceAll('from "knight-tours"', `from "${entry}"`)
          .replaceAll('from "knight-tours/node"', `from "${nodeEntry}"`),
      );
      const printed: string[] = [];
      vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
        printed.push(format(...args).trimEnd());
      });
      await import(`${script}?t=${Date.now()}`);
      expect(printed.length, `${name}'s example: console.log calls`).toBe(claims.length);
      claims.forEach((claim, i) => {
        if (claim !== null) expect(printed[i], `${name}'s example, output ${i + 1}`).toBe(claim);
      });
    });
  }
});
