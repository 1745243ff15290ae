// Draws the layer map of docs/architecture.md from dependency-cruiser's own view of src/: one
// node per folder, an arrow for each folder another imports (dotted when only types cross), as
// a Mermaid flowchart between the `layer-map` markers of the page.
//   npm run docs:architecture                              rewrites the picture (about 3 s)
//   npx tsx scripts/docs/architecture.ts --check           exit 1 if the picture is stale
// Quoted by: docs/architecture.md. test/docs/architecture.test.ts runs the check, so the
// picture cannot drift from the imports (the rules themselves are in .dependency-cruiser.cjs).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const ARCHITECTURE_DOC = join(ROOT, "docs", "architecture.md");
const START = "<!-- layer-map:start (npm run docs:architecture) -->";
const END = "<!-- layer-map:end -->";

interface CruisedModule {
  source: string;
  dependencies: { resolved: string; dependencyTypes: string[] }[];
}

/** The folder-level import graph of src/, as dependency-cruiser resolves it. */
function folderGraph(): CruisedModule[] {
  const run = spawnSync(
    join(ROOT, "node_modules", ".bin", "depcruise"),
    [
      "src",
      "--config",
      ".dependency-cruiser.cjs",
      "--collapse",
      "^src/[^/]+/",
      "--output-type",
      "json",
    ],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`depcruise failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { modules: CruisedModule[] }).modules;
}

const label = (source: string) => source.replace(/^src\//, "").replace(/\/$/, "");

/** The Mermaid flowchart: entries at the top, core at the bottom. */
export function layerMap(): string {
  const lines = ["```mermaid", "flowchart TD"];
  const modules = folderGraph().sort((a, b) => a.source.localeCompare(b.source));
  for (const module of modules) {
    const from = label(module.source);
    const targets = [...module.dependencies].sort((a, b) => a.resolved.localeCompare(b.resolved));
    for (const dependency of targets) {
      const typesOnly = dependency.dependencyTypes.every((type) => type.startsWith("type"));
      const arrow = typesOnly ? "-.->" : "-->";
      lines.push(
        `  ${id(from)}["${from}"] ${arrow} ${id(label(dependency.resolved))}["${label(dependency.resolved)}"]`,
      );
    }
  }
  lines.push("```");
  return lines.join("\n");
}

const id = (name: string) => name.replace(/[^a-z]/gi, "_");

/** The page with its picture redrawn. */
export function redrawn(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${ARCHITECTURE_DOC} lacks the layer-map markers`);
  return `${page.slice(0, start + START.length)}\n${layerMap()}\n${page.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const page = readFileSync(ARCHITECTURE_DOC, "utf8");
  const next = redrawn(page);
  if (process.argv.includes("--check")) {
    if (next !== page) {
      process.stderr.write(
        "docs/architecture.md: the layer map is stale (npm run docs:architecture)\n",
      );
      process.exit(1);
    }
  } else {
    writeFileSync(ARCHITECTURE_DOC, next);
    process.stdout.write(`wrote ${ARCHITECTURE_DOC}\n`);
  }
}
