import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command, Option } from "commander";
import fc from "fast-check";
import { expect } from "vitest";
import { ExitCode } from "../../src/cli/exit-codes.js";
import type { CliIO } from "../../src/cli/io.js";
import { createProgram } from "../../src/cli/program.js";
import { formatTour } from "../../src/core/format/index.js";
import type { Tour } from "../../src/core/tour.js";
import { runCli } from "../helpers/cli.js";
import { open5x5Tour } from "../helpers/tours.js";

/**
 * The cases of test/cli/fuzz.test.ts. Robustness of the whole command line: random argv built from the real commands and flags
 * (read from the commander program, so a new flag is fuzzed as soon as it is registered) with
 * good, bad and hostile values. Whatever the input, `run()` must not throw, must end with a
 * documented exit code, must never print a stack trace, and a bad input (exit 2) must get a
 * short message that names something the user typed. Every run is bounded: the commands that
 * take --time-limit/--node-limit get small ones, and boards stay small.
 */

// ---------------------------------------------------------------- the program's shape

interface CommandSpec {
  readonly name: string;
  readonly args: ReadonlyArray<{ name: string; required: boolean }>;
  readonly options: readonly Option[];
}

const stubIO = {} as CliIO; // createProgram only stores it; nothing runs here
const program: Command = await createProgram(stubIO);
export const SPECS: readonly CommandSpec[] = program.commands.map((command) => ({
  name: command.name(),
  args: command.registeredArguments.map((a) => ({ name: a.name(), required: a.required })),
  options: command.options,
}));
const GLOBAL_OPTIONS = program.options.filter((o) => o.long === "--max-memory");

function hasOption(spec: CommandSpec, long: string): boolean {
  return spec.options.some((o) => o.long === long);
}

// ---------------------------------------------------------------- values

/** Hostile values every flag and argument gets now and then. */
const BAD = [
  "",
  " ",
  "-1",
  "0",
  "-0",
  "1.5",
  "1e9",
  "8x",
  "x8",
  "NaN",
  "Infinity",
  "99999999999999999999",
  "0x10",
  "٣",
  "８",
  "é",
  "💥",
  "a\u0000b",
  "z99",
  "-",
  "null",
  "{}",
  "9".repeat(300),
  "q".repeat(5000),
];
const NUMBERS = ["1", "2", "3", "10", "50", "0.05", "0.2", "1000000"];
const CELLS = [
  "a1",
  "b3",
  "c2",
  "e5",
  "0,0",
  "2,1",
  "4,4",
  "A1",
  "aa1",
  "a0",
  "a-1",
  "0,-1",
  "-1,0",
  "1,2,3",
  "5,0",
  "99999999999999999999,0",
];
const BOARDS = [
  "1",
  "2",
  "3",
  "4",
  "5",
  "3x4",
  "4x3",
  "4x5",
  "5x4",
  "1x5",
  "3x7",
  "5X5",
  "5×5",
  "6",
];
const BAD_BOARDS = ["3x0", "0x3", "5 x", "x", "100000x100000", "2147483648x1", "5x5x5", "-3"];

const tmp = mkdtempSync(join(tmpdir(), "knight-fuzz-"));
/** Remove the temporary files the cases write (checkpoints). */
export function removeFuzzFiles(): void {
  rmSync(tmp, { recursive: true, force: true });
}
const junkCheckpoint = join(tmp, "junk.ckpt");
writeFileSync(junkCheckpoint, "not a checkpoint\n\u00ff\u0000");
/** --checkpoint writes real files: only ever under the temporary directory. */
const CHECKPOINTS = [
  join(tmp, "a.ckpt"),
  join(tmp, "b.ckpt"),
  tmp,
  join(tmp, "no", "such", "dir", "x.ckpt"),
  junkCheckpoint,
  // Refused before any file is touched.
  "-",
  "",
];

/** --spill-dir makes real folders: only ever under the temporary directory (a random value such
 * as 0x10 made a folder in the project's own). */
const SPILL_DIRS = [join(tmp, "spill"), tmp, join(tmp, "no", "such", "spill"), junkCheckpoint, ""];

/** A valid open 5×5 tour (from a1's corner), and files of every kind of good and bad input. */
const tour5: Tour = open5x5Tour();
const json5 = formatTour(tour5, "json");
function errno(code: string): Error {
  return Object.assign(new Error(`${code}: cannot read`), { code });
}
let junkState = 7;
const junk = Uint8Array.from({ length: 600 }, () => {
  junkState = (junkState * 1103515245 + 12345) & 0x7fffffff;
  return junkState & 0xff;
});
const FILES: Record<string, string | Uint8Array | Error> = {
  "tour.json": json5,
  "tour.txt": formatTour(tour5, "grid"),
  "tour.alg": formatTour(tour5, "algebraic"),
  "crlf.txt": formatTour(tour5, "grid").replace(/\n/g, "\r\n"),
  "bom.json": `\uFEFF${json5}`,
  "extra.json": json5.replace('{"rows"', '{"name":"x","rows"'),
  "types.json": json5.replace('"rows":5', '"rows":"5"'),
  "fraction.json": json5.replace("[2,2]", "[2,2.5]"),
  "wrong-board.json": json5.replace('"rows":5', '"rows":6'),
  "off-board.json": json5.replace("[2,2]", "[9,9]"),
  "array.json": "[1,2,3]",
  "null.json": "null",
  "truncated.json": json5.slice(0, 40),
  "empty.txt": "",
  "blank.txt": "\n \n\t\n",
  "nul.txt": "\u0000\u0000\u0000",
  "junk.bin": junk,
  "bad-utf8.txt": Uint8Array.from([0x31, 0x20, 0xff, 0xfe, 0x80, 0x0a]),
  "huge-line.txt": "a".repeat(200_000),
  "huge-number.txt": "9".repeat(200_000),
  "knuth.dlx": "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n",
  dir: errno("EISDIR"),
  "locked.json": errno("EACCES"),
};
const FILE_NAMES = [...Object.keys(FILES), "missing.json", "random.bin"];
const STDIN = [undefined, json5, "", "junk", "a1\nb3\nhint\nundo\nquit\n", "\u00ff"];

const value = (good: readonly string[]) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...good) },
    { weight: 2, arbitrary: fc.constantFrom(...BAD) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );

/** Good values for a flag, guessed from its name and its parser's allowed list. */
function goodValues(option: Option): readonly string[] {
  const allowed = (option.parseArg as { allowed?: readonly string[] } | undefined)?.allowed;
  if (allowed) return allowed;
  if (option.argChoices) return option.argChoices;
  const long = option.long ?? "";
  if (/start|end/.test(long)) return CELLS;
  if (/checkpoint|journal/.test(long)) return CHECKPOINTS;
  if (/out|trace$/.test(long)) return ["out.txt", "-", "x/y.svg"];
  if (/memory/.test(long)) return ["1", "1K", "512M", "2G", "1.5GiB", "3T"];
  return NUMBERS;
}

function optionTokens(option: Option): fc.Arbitrary<string[]> {
  const name = fc.constantFrom(...[option.long, option.short].filter((n) => n !== undefined));
  if (!option.required && !option.optional) return name.map((n) => [n]);
  // Checkpoints and journals are real files: only ever paths under the temporary directory.
  const v =
    option.long === "--checkpoint" || option.long === "--journal"
      ? fc.constantFrom(...CHECKPOINTS)
      : option.long === "--spill-dir"
        ? fc.constantFrom(...SPILL_DIRS)
        : value(goodValues(option));
  return fc.tuple(name, v, fc.boolean()).map(([n, x, joined]) =>
    // --flag=value is the only way to pass a value that starts with '-'
    n.startsWith("--") && joined ? [`${n}=${x}`] : option.optional && x === "" ? [n] : [n, x],
  );
}

function argumentValue(name: string): fc.Arbitrary<string> {
  if (name === "board")
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...BOARDS) },
      { weight: 1, arbitrary: fc.constantFrom(...BAD_BOARDS) },
      { weight: 1, arbitrary: fc.constantFrom(...BAD) },
    );
  if (name === "file") return fc.constantFrom(...FILE_NAMES, "-");
  return value(NUMBERS);
}

export interface Case {
  readonly argv: string[];
  readonly stdin: string | Uint8Array | undefined;
  /** Random bytes: the file `random.bin` (and standard input when `stdin` is them). */
  readonly bytes?: Uint8Array;
  /** Writes to these paths ("-": standard output) fail with this error code. */
  readonly failWrites?: Record<string, string>;
}

/** The exit codes the table allows a run to end with (70, a bug, never). */
const DOCUMENTED = Object.values(ExitCode).filter((code) => code !== ExitCode.Internal);
/** Write failures the output layer must turn into one line (or a quiet end, for EPIPE). */
const WRITE_FAILURES = ["ENOSPC", "EACCES", "EISDIR", "EPIPE", "EIO"];

export const caseArbitrary: fc.Arbitrary<Case> = fc.constantFrom(...SPECS).chain((spec) => {
  const positional = fc.tuple(
    ...spec.args.map((a) =>
      a.required
        ? argumentValue(a.name).map((v) => [v])
        : fc
            .option(argumentValue(a.name), { nil: undefined })
            .map((v) => (v === undefined ? [] : [v])),
    ),
  );
  const pool = [...spec.options, ...GLOBAL_OPTIONS];
  const flags = fc
    .subarray(pool, { maxLength: Math.min(4, pool.length) })
    .chain((chosen) => fc.tuple(...chosen.map(optionTokens)));
  const stray = fc.oneof(
    { weight: 8, arbitrary: fc.constant<string[]>([]) },
    { weight: 1, arbitrary: fc.constantFrom(["--colsed"], ["extra"], ["--"], ["-x"], ["--help"]) },
  );
  return fc
    .record({
      positional,
      flags,
      stray,
      positionalLast: fc.boolean(),
      stdin: fc.constantFrom(...STDIN),
      bytes: fc.uint8Array({ maxLength: 3000 }),
      randomStdin: fc.boolean(),
      failure: fc.option(
        fc.tuple(fc.constantFrom("-", "out.txt"), fc.constantFrom(...WRITE_FAILURES)),
        { freq: 4 },
      ),
    })
    .map(({ positional, flags, stray, positionalLast, stdin, bytes, randomStdin, failure }) => {
      const args = positional.flat();
      const opts = flags.flat();
      const body = positionalLast ? [...opts, ...args] : [...args, ...opts];
      return {
        argv: [spec.name, ...body, ...stray, ...bounds(spec)],
        stdin: randomStdin && stdin !== undefined ? bytes : stdin,
        bytes,
        ...(failure === null ? {} : { failWrites: { [failure[0]]: failure[1] } }),
      };
    });
});

/** Small limits last on the line (the last value of a flag wins), so no run is long. */
function bounds(spec: CommandSpec): string[] {
  const extra: string[] = [];
  if (hasOption(spec, "--time-limit")) extra.push("--time-limit", "0.3");
  if (hasOption(spec, "--node-limit")) extra.push("--node-limit", "20000");
  if (hasOption(spec, "--trace-limit")) extra.push("--trace-limit", "50");
  if (hasOption(spec, "--workers")) extra.push("--workers", "1");
  if (spec.name === "enumerate") extra.push("--limit", "20");
  if (spec.name === "sample") extra.push("--limit", "2");
  // serve listens only on the loopback address, and stops at once (the interrupt is raised).
  if (spec.name === "serve") extra.push("--host", "127.0.0.1", "--port", "0");
  return extra;
}

// ---------------------------------------------------------------- the property

const STACK_FRAME = /\n\s+at .+[:(]\d+/;
const JS_ERROR = /\b(TypeError|RangeError|ReferenceError|SyntaxError|internal error)\b/;

export async function check({ argv, stdin, bytes, failWrites }: Case): Promise<void> {
  const aborted = new AbortController();
  if (argv[0] === "serve") aborted.abort();
  const began = performance.now();
  const result = await runCli(argv, {
    files: { ...FILES, "random.bin": bytes ?? new Uint8Array(0) },
    ...(stdin === undefined ? { stdinIsTTY: true } : { stdin, stdinIsTTY: false }),
    interrupt: aborted.signal,
    ...(failWrites === undefined ? {} : { failWrites }),
  });
  const seconds = (performance.now() - began) / 1000;
  const where = `knight ${argv.map((a) => JSON.stringify(a.length > 40 ? `${a.slice(0, 40)}…` : a)).join(" ")}\n${result.stderr.slice(0, 2000)}`;
  // A hang detector, not a speed check: the limits above end every run well within this.
  expect(seconds, `${where}\nran ${seconds.toFixed(1)} s`).toBeLessThan(20);
  expect(DOCUMENTED, where).toContain(result.code);
  // No partial output file: a write that failed, or an output given up, leaves nothing behind.
  for (const path of [...Object.keys(failWrites ?? {}), ...result.aborted]) {
    expect(result.written[path], `${where}\n(${path} written)`).toBeUndefined();
  }
  if (result.code === ExitCode.WriteFailed) {
    // One line says it (after any notes the command printed before writing).
    const said = result.stderr.split("\n").filter((line) => line.includes("cannot write"));
    expect(said, where).toHaveLength(1);
    expect(said[0], where).toMatch(/cannot write (standard output|'[^']+'): .+ \(E[A-Z]+\)$/);
  }
  // With --json a script always has JSON to read: every line of standard output parses.
  const spec = SPECS.find((s) => s.name === argv[0]);
  if (
    argv.includes("--json") &&
    spec !== undefined &&
    hasOption(spec, "--json") &&
    result.code !== ExitCode.Ok &&
    failWrites?.["-"] === undefined
  ) {
    const lines = result.stdout.split("\n").filter((line) => line.trim() !== "");
    expect(lines.length, `${where}\n(no JSON on standard output)`).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), `${where}\n${line}`).not.toThrow();
  }
  expect(result.stderr, where).not.toMatch(STACK_FRAME);
  expect(result.stderr, where).not.toMatch(JS_ERROR);
  if (result.code === 2) {
    const message = result.stderr.trim();
    expect(message.length, where).toBeGreaterThan(0);
    // One line, and at most a usage hint (a missing argument prints commander's usage line).
    expect(message.split("\n").length, where).toBeLessThanOrEqual(3);
    // Values are quoted in full only while short: a 5000-character argument is cut.
    expect(message.length, where).toBeLessThanOrEqual(600);
    // It names something the user typed: a value, a flag, a file, or the argument missing.
    const typed = argv
      .flatMap((a) => a.split("="))
      .map((a) => a.trim().slice(0, 20))
      .filter((a) => a.length > 0);
    const named =
      typed.some((t) => message.includes(t)) ||
      /missing required argument|no input|too many arguments|unknown (option|command)/.test(
        message,
      ) ||
      /'(|\s+)'/.test(message); // an empty or blank value, shown quoted
    expect(named, `${where}\n(names none of the words typed)`).toBe(true);
  }
}
