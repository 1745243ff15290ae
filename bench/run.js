#!/usr/bin/env node
// The benchmark runner:
//   `npm run bench [-- --quick] [-- --filter TEXT] [-- --group NAME] [-- --merge] [-- --isolate]`.
// Every module in bench/cases/ exports an array of cases:
//   { group, name, fn, setup?, baseline?, quick?, iterations?, note?, cells?, mayFail?, sizes? }
// - fn(state) is timed (state = await setup() when given), after a warm-up;
// - baseline names another case of the same group: the report shows this case's median / its;
// - quick: false leaves the case out of --quick runs; a --quick run times the others in 200 ms
//   each (a case whose first call takes over QUICK_ONE_CALL_MS is reported from that call);
// - note: text, or note(state) → text (e.g. a size measured in setup);
// - mayFail: a peer's case whose failure is a result: its error goes in the table as
//   "fails: RangeError: ..." (any other case that throws stops the run);
// - sizes(state) → { minifiedBytes, gzipBytes }: a row of the report's package-size table.
// Memory per case: the growth of JS heap + external memory (typed arrays) over the case's
// first call (the warm-up), after a GC (run with --expose-gc, as `npm run bench` does); the process's peak
// RSS is shown too, but it is the peak of the whole run so far, not the case's own.
// Figures go to bench/results.json and docs/benchmarks.md; a --quick run (without --merge)
// writes bench/quick/results.json and bench/quick/benchmarks.md instead (not committed), so the
// everyday quick figures never overwrite the full run's, and notes its duration in
// bench/results.json. Ratios, not lone times, are what to
// quote: the machines are shared and noisy, and both sides of a ratio run in the same process.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Bench } from "tinybench";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const filterAt = args.indexOf("--filter");
const filter = filterAt >= 0 ? args[filterAt + 1] : undefined;
// --group NAME keeps one group exactly (--filter matches any part of "group name").
const groupAt = args.indexOf("--group");
/** --quick reports a case from its first call alone when that call takes longer than this. */
const QUICK_ONE_CALL_MS = 1000;
const group = groupAt >= 0 ? args[groupAt + 1] : undefined;
// --isolate runs every case in a Node process of its own (this script with --child FILE GROUP
// NAME OUT), so the peak RSS of its row is that case's own, not the run's so far.
const isolate = args.includes("--isolate");
const childAt = args.indexOf("--child");
const child =
  childAt >= 0
    ? {
        file: args[childAt + 1],
        group: args[childAt + 2],
        name: args[childAt + 3],
        out: args[childAt + 4],
      }
    : undefined;

const began = performance.now();
// Other work on the machine stretches a run: the 1-minute load average when it began says how much.
const loadAtStart = os.loadavg()[0];
const files = child
  ? [child.file]
  : (await readdir(join(here, "cases"))).filter((f) => f.endsWith(".js")).sort();
const cases = [];
for (const file of files) {
  const mod = await import(join(here, "cases", file));
  for (const c of mod.default) cases.push({ ...c, file });
}
// Rows in the order of the case files, whichever run measured them.
const caseOrder = (row) => {
  const at = cases.findIndex((c) => c.group === row.group && c.name === row.name);
  return at < 0 ? cases.length : at;
};
const selected = cases.filter(
  (c) =>
    (child === undefined || (c.group === child.group && c.name === child.name)) &&
    (!quick || c.quick !== false) &&
    (filter === undefined || `${c.group} ${c.name}`.includes(filter)) &&
    (group === undefined || c.group === group),
);

// --merge keeps the rows of bench/results.json that this run does not measure again, so one
// group can be re-measured without repeating the whole suite (each row says when it was taken).
const results = [];
// How long whole runs took (full and quick), kept across --merge runs for the report's header.
let runs = {};
try {
  runs = JSON.parse(await readFile(join(here, "results.json"), "utf8")).runs ?? {};
} catch {
  // No previous results.
}
if (args.includes("--merge")) {
  try {
    const previous = JSON.parse(await readFile(join(here, "results.json"), "utf8"));
    const rerun = new Set(selected.map((c) => `${c.group}\u0000${c.name}`));
    for (const row of previous.results ?? []) {
      if (!rerun.has(`${row.group}\u0000${row.name}`)) results.push(row);
    }
  } catch {
    // No previous results: nothing to keep.
  }
}
/** JS heap + external memory (typed arrays' buffers) now. */
const memory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
const errorText = (error) => `${error?.name ?? "Error"}: ${error?.message ?? String(error)}`;

/** One case measured in a process of its own (--isolate); its row, peak RSS its own. */
function measureIsolated(c) {
  const out = join(os.tmpdir(), `knight-bench-${process.pid}-${results.length}.json`);
  const run = spawnSync(
    process.execPath,
    [
      "--expose-gc",
      fileURLToPath(import.meta.url),
      ...(quick ? ["--quick"] : []),
      "--child",
      c.file,
      c.group,
      c.name,
      out,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (run.status !== 0) {
    throw new Error(`${c.group} / ${c.name}: its process ended with ${run.status ?? run.signal}`);
  }
  const row = JSON.parse(readFileSync(out, "utf8"));
  rmSync(out, { force: true });
  return { ...row, ownProcess: true };
}

for (const c of selected) {
  if (isolate) {
    results.push(measureIsolated(c));
    continue;
  }
  const state = c.setup ? await c.setup() : undefined;
  const base = {
    group: c.group,
    name: c.name,
    baseline: c.baseline,
    note: typeof c.note === "function" ? c.note(state) : c.note,
    cells: c.cells,
    measuredAt: new Date().toISOString(),
  };
  const failed = (error) => {
    const message = errorText(error);
    if (!c.mayFail) throw new Error(`${c.group} / ${c.name} failed: ${message}`, { cause: error });
    results.push({ ...base, error: message, peakRssBytes: process.resourceUsage().maxRSS * 1024 });
    process.stderr.write(`${c.group} / ${c.name}: fails: ${message}\n`);
  };

  // The first call is the warm-up and the memory probe: what it allocated and still held when
  // it returned, after a GC before it (a GC inside the call can hide some: a lower bound).
  global.gc?.();
  const before = memory();
  const probeStart = performance.now();
  // Whether the case is async, from the probe: tinybench would otherwise find out by calling
  // the function once more without awaiting it, and that stray call (a worker pool's count, say)
  // would run alongside the measured ones and compete for the cores.
  let isAsync = false;
  try {
    const result = c.fn(state);
    isAsync = typeof result?.then === "function";
    await result;
  } catch (error) {
    failed(error);
    continue;
  }
  const probeMs = performance.now() - probeStart;
  const firstCallBytes = Math.max(0, memory() - before);
  const sizes = c.sizes ? { sizes: c.sizes(state) } : {};

  // --quick: a case slower than QUICK_ONE_CALL_MS is reported from that one call.
  if (quick && probeMs > QUICK_ONE_CALL_MS) {
    const row = {
      ...base,
      medianMs: probeMs,
      meanMs: probeMs,
      p99Ms: probeMs,
      samples: 1,
      firstCallBytes,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
      ...sizes,
    };
    results.push(row);
    process.stderr.write(`${c.group} / ${c.name}: one call ${probeMs.toFixed(1)} ms\n`);
    continue;
  }

  const warmupTime = quick ? 50 : 200;
  const bench = new Bench({
    time: quick ? 200 : 1000,
    // More warm-up only for cases fast enough for it to be cheap (the probe was the first).
    warmup: probeMs < warmupTime,
    warmupTime,
    warmupIterations: 1,
    // --quick: as many runs as fit in 200 ms, one at least.
    iterations: quick ? 1 : (c.iterations ?? 5),
  });
  bench.add(c.name, () => c.fn(state), { async: isAsync });
  await bench.run();
  const r = bench.tasks[0].result;
  if (r.state === "errored" || r.error) {
    failed(r.error);
    continue;
  }
  const latency = r.latency ?? r;
  const row = {
    ...base,
    medianMs: latency.p50 ?? latency.median,
    meanMs: latency.mean,
    p99Ms: latency.p99,
    samples: latency.samples?.length ?? latency.samplesCount,
    firstCallBytes,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    ...sizes,
  };
  results.push(row);
  process.stderr.write(`${c.group} / ${c.name}: median ${row.medianMs.toFixed(4)} ms\n`);
}
if (child) {
  // A child of --isolate: hand the row to the parent, write no report.
  await writeFile(child.out, JSON.stringify(results[0]));
  process.exit(0);
}
results.sort((a, b) => caseOrder(a) - caseOrder(b));
for (const row of results) {
  delete row.ratio;
  if (!row.baseline || row.error) continue;
  const base = results.find((r) => r.group === row.group && r.name === row.baseline);
  if (base && !base.error) row.ratio = row.medianMs / base.medianMs;
}

// Cost growth: for groups whose cases give `cells`, the least-squares slope of log(time) against
// log(cells) — 1.0 means linear.
const growth = [];
for (const group of new Set(results.map((r) => r.group))) {
  const points = results.filter((r) => r.group === group && r.cells > 0 && r.medianMs > 0);
  if (points.length < 3) continue;
  const xs = points.map((p) => Math.log(p.cells));
  const ys = points.map((p) => Math.log(p.medianMs));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
  }
  growth.push({ group, exponent: sxy / sxx, points: points.length });
}

// A whole run (no --filter, --group or --merge) records how long it took.
const seconds = (performance.now() - began) / 1000;
if (filter === undefined && group === undefined && !args.includes("--merge")) {
  runs[quick ? "quick" : "full"] = {
    seconds,
    date: new Date().toISOString(),
    loadAtStart,
    ...(isolate ? { isolate: true } : {}),
  };
}

const machine = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: os.cpus()[0]?.model ?? "unknown",
  cores: os.cpus().length,
  memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
  quick,
};
// Where this run's report goes: the committed report, or bench/quick/ for a quick run.
const separate = quick && !args.includes("--merge");
const resultsPath = separate ? join(here, "quick", "results.json") : join(here, "results.json");
const reportPath = separate
  ? join(here, "quick", "benchmarks.md")
  : join(here, "..", "docs", "benchmarks.md");
if (separate) {
  await mkdir(join(here, "quick"), { recursive: true });
  // The committed report's header says how long quick runs take: update only that field.
  try {
    const main = JSON.parse(await readFile(join(here, "results.json"), "utf8"));
    if (runs.quick) {
      main.runs = { ...main.runs, quick: runs.quick };
      await writeFile(join(here, "results.json"), `${JSON.stringify(main, null, 2)}\n`);
    }
  } catch {
    // No committed report yet.
  }
}
await writeFile(resultsPath, `${JSON.stringify({ machine, runs, results, growth }, null, 2)}\n`);

const fmt = (ms) => (ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(2)} µs`);
const mib = (bytes) =>
  bytes === undefined
    ? ""
    : bytes >= 1024 ** 2
      ? `${(bytes / 1024 ** 2).toFixed(1)} MiB`
      : `${(bytes / 1024).toFixed(0)} KiB`;
// Three decimals, or two significant digits for ratios under 0.01 (0.000 would say nothing).
const ratio = (x) => (x >= 0.01 ? x.toFixed(3) : x.toPrecision(2));
// The report is a user doc: round figures only. The date and the load average of each run stay
// in bench/results.json (runs, and each row's date), the measurement record.
const took = (run) =>
  run
    ? `about ${Math.max(1, Math.round(run.seconds / 60))} min${run.isolate ? " (--isolate)" : ""}`
    : "not recorded yet";
const sized = results.filter((r) => r.sizes);
const lines = [
  "# Benchmarks",
  "",
  "Generated by `npm run bench` (bench/run.js); do not edit by hand.",
  "",
  `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; Node ${machine.node}${quick ? " (quick run)" : ""}. Other work on the machine slows a run: a ratio (two cases of one run) is steadier than a median. The date of each row and the load average at the start of each whole run are in bench/results.json.`,
  `How long a whole run takes here: \`npm run bench\` ${took(runs.full)}; \`npm run bench -- --quick\` ${took(runs.quick)}. \`npm run bench -- --group NAME --merge\` re-measures one group and keeps the other rows.`,
  "",
  'Ratio: this case\'s median / the median of the case named under "vs", measured in the same run. ' +
    "1st-call memory: growth of the JS heap plus external memory (typed arrays) over the case's first call, after a GC — what the call allocated and still held when it returned (a lower bound on its peak). " +
    "Process peak RSS: the peak of the whole benchmark process so far (cases run in order in one process), not the case's own — except in rows marked (own), measured with `--isolate`: each case in a Node process of its own, so the figure is that case's peak (Node and the case file's modules included).",
  "",
  "| group | case | median | p99 | ratio | vs | 1st-call memory | process peak RSS | note |",
  "|---|---|---|---|---|---|---|---|---|",
  ...results.map((r) =>
    r.error
      ? `| ${r.group} | ${r.name} | fails: ${r.error.replaceAll("|", "\\|")} | | | | | ${mib(r.peakRssBytes)}${r.ownProcess ? " (own)" : ""} | ${r.note ?? ""} |`
      : `| ${r.group} | ${r.name} | ${fmt(r.medianMs)} | ${fmt(r.p99Ms)} | ${r.ratio ? ratio(r.ratio) : ""} | ${r.ratio ? r.baseline : ""} | ${mib(r.firstCallBytes)} | ${mib(r.peakRssBytes)}${r.ownProcess ? " (own)" : ""} | ${r.note ?? ""} |`,
  ),
  "",
  ...(sized.length === 0
    ? []
    : [
        "## Package size",
        "",
        "The browser entry (dist/index.js) bundled by Vite for the browser, no Node polyfills, minified; gzip by node:zlib at its default level (scripts/docs/bundle-size.ts).",
        "",
        "| bundle | minified | gzipped |",
        "|---|---|---|",
        ...sized.map(
          (r) =>
            `| ${r.name} | ${(r.sizes.minifiedBytes / 1000).toFixed(1)} kB | ${(r.sizes.gzipBytes / 1000).toFixed(1)} kB |`,
        ),
        "",
      ]),
  ...(growth.length === 0
    ? []
    : [
        "## Cost growth",
        "",
        "Least-squares slope of log(median time) against log(cells) over the group's sizes (1.0 = linear).",
        "",
        "| group | exponent | sizes |",
        "|---|---|---|",
        ...growth.map((g) => `| ${g.group} | ${g.exponent.toFixed(2)} | ${g.points} |`),
        "",
      ]),
];
// The whole-process comparison with C (bench/peers/frontier-process.js --write), last.
try {
  const { processSection } = await import("./peers/process-section.js");
  const report = JSON.parse(await readFile(join(here, "process-results.json"), "utf8"));
  lines.push(...processSection.lines(report));
} catch {
  // Not measured yet.
}
await writeFile(reportPath, lines.join("\n"));
process.stderr.write(
  `wrote ${resultsPath} and ${reportPath} (${results.length} cases) in ${(seconds / 60).toFixed(1)} min\n`,
);
