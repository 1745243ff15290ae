#!/usr/bin/env node
// What a `knight` process costs to start: each command line below run as a whole process, CPU
// time (user + sys, from GNU time) and wall time, medians of ROUNDS rounds. Short commands are
// mostly start-up (Node itself, then loading the modules the command needs), so this is the
// bench of "load only what the command needs" (the narrow-imports rule, lazy engines).
//   npm run build && node bench/peers/startup-process.js [ROUNDS] [--before DIR] [--write]
// Defaults: 9 rounds. --before DIR: another build (a checkout of an earlier commit with its
// dist/ built, e.g. `git clone . /tmp/before && git -C /tmp/before checkout COMMIT`, then its
// own `npm run build`); each round runs every command line on both builds, alternating which
// goes first, and the table puts them side by side. Every command line's output must be the
// same on both builds. --write appends the table, with date, commits and load, to
// bench/records/startup.md. Modules: how many files the process loaded (its worker threads'
// included), counted by a module hook in one extra untimed run per command line and build.
import { execFileSync, spawnSync } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os, { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, timed } from "./process-timing.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const args = process.argv.slice(2);
const beforeAt = args.indexOf("--before");
const before = beforeAt >= 0 ? resolve(args[beforeAt + 1]) : undefined;
const rounds = Number(args.find((a, i) => /^\d+$/.test(a) && i !== beforeAt + 1) ?? 9);
const write = args.includes("--write");

/**
 * The command lines; TOUR is a closed 8×8 tour in JSON, written once before the rounds. NODE is
 * `node -e 0`, the floor: Node's own start-up, the same for both builds.
 */
const LINES = [
  "NODE",
  "--version",
  "--help",
  "tour 5",
  "stats TOUR",
  "verify TOUR",
  "exists 8 --closed",
  "count 5",
  "count 6x7 --closed",
  "count 5 --method frontier",
  "census 6 --no-stats",
  "sample 5 --seed 1",
  "render TOUR --format svg",
  "enumerate 5 --limit 10",
];

for (const [what, path] of [
  ["GNU time", "/usr/bin/time"],
  ["a build (npm run build)", join(root, "dist", "cli", "main.js")],
  ["a built --before (its npm run build)", before && join(before, "dist", "cli", "main.js")],
]) {
  if (path && !existsSync(path)) {
    console.error(`needs ${what}: ${path} is missing`);
    process.exit(2);
  }
}

const dir = mkdtempSync(join(tmpdir(), "startup-process-"));
const builds = before
  ? [
      { key: "before", root: before },
      { key: "after", root },
    ]
  : [{ key: "now", root }];
const tourFile = join(dir, "tour.json");
const argvOf = (build, line) =>
  line === "NODE"
    ? [process.execPath, "-e", "0"]
    : [
        process.execPath,
        join(build.root, "bin", "knight.js"),
        ...line.split(" ").map((word) => (word === "TOUR" ? tourFile : word)),
      ];
const labelOf = (line) =>
  line === "NODE" ? "node -e 0" : `knight ${line.replace("TOUR", "tour.json")}`;

/** A module hook that appends every file URL a process (or its threads) loads to $MODULE_LOG. */
function moduleCounter() {
  const hooks = join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  if (url.startsWith("file:")) appendFileSync(process.env.MODULE_LOG, url + "\\n");
  return next(url, context);
}\n`,
  );
  const register = join(dir, "register.mjs");
  writeFileSync(
    register,
    `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  return (argv) => {
    const log = join(dir, "modules.log");
    writeFileSync(log, "");
    spawnSync(argv[0], ["--import", register, ...argv.slice(1)], {
      env: { ...process.env, MODULE_LOG: log },
    });
    return new Set(readFileSync(log, "utf8").split("\n").filter(Boolean)).size;
  };
}

/** The commit a build's checkout is at, if it is a git checkout. */
function commitOf(path) {
  try {
    const commit = execFileSync("git", ["-C", path, "rev-parse", "--short", "HEAD"], {
      encoding: "utf8",
    }).trim();
    const dirty = execFileSync("git", ["-C", path, "status", "--porcelain", "--", "src", "bin"], {
      encoding: "utf8",
    });
    return dirty ? `${commit} + changes` : commit;
  } catch {
    return "unknown";
  }
}

try {
  writeFileSync(tourFile, timed(dir, argvOf(builds[0], "tour 8 --closed --format json")).stdout);
  const countModules = moduleCounter();
  const modules = {};
  const cpu = {};
  const wall = {};
  const outputs = {};
  for (const build of builds) {
    for (const line of LINES) {
      modules[`${build.key} ${line}`] = countModules(argvOf(build, line));
      cpu[`${build.key} ${line}`] = [];
      wall[`${build.key} ${line}`] = [];
    }
  }
  const loadBefore = os.loadavg()[0];
  for (let round = 0; round < rounds; round++) {
    for (const [at, line] of LINES.entries()) {
      const order = (round + at) % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        const key = `${build.key} ${line}`;
        const started = performance.now();
        const run = timed(dir, argvOf(build, line));
        wall[key].push((performance.now() - started) / 1000);
        cpu[key].push(run.cpu);
        // Timings and paths aside, both builds must print the same.
        const stdout = run.stdout.replaceAll(tourFile, "TOUR");
        outputs[line] ??= stdout;
        if (outputs[line] !== stdout) throw new Error(`knight ${line}: the builds' outputs differ`);
      }
    }
    console.log(`round ${round + 1} of ${rounds} (load ${os.loadavg()[0].toFixed(1)})`);
  }
  const loadAfter = os.loadavg()[0];
  const f2 = (x) => x.toFixed(2);
  const columns = builds.flatMap((b) => [`${b.key} CPU s`, `${b.key} wall s`, `${b.key} modules`]);
  const rows = LINES.map((line) => {
    const cells = builds.flatMap((b) => {
      const key = `${b.key} ${line}`;
      return [f2(median(cpu[key])), f2(median(wall[key])), String(modules[key])];
    });
    return `| \`${labelOf(line)}\` | ${cells.join(" | ")} |`;
  });
  const table = [
    `| command line | ${columns.join(" | ")} |`,
    `|---|${columns.map(() => "---:").join("|")}|`,
    ...rows,
  ].join("\n");
  const buildsText = builds.map((b) => `${b.key}: ${commitOf(b.root)}`).join("; ");
  const section = `
## ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC — start-up of each command, whole process

\`node bench/peers/startup-process.js ${args.join(" ")}\` (${buildsText}). ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, Node ${process.version}; load average ${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end. Medians of ${rounds} rounds; in each round every command line ran once per build, the builds taking turns to go first. CPU is user + system of the process and its threads (GNU time); modules are the files it loaded. \`node -e 0\` is the floor: Node's own start-up.

${table}
`;
  console.log(section);
  if (write) {
    appendFileSync(join(root, "bench", "records", "startup.md"), section);
    console.log("appended to bench/records/startup.md");
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
