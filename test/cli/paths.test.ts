import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CensusJournal } from "../../src/node/census-journal.js";
import { Checkpoint } from "../../src/node/checkpoint.js";
import { loadSnapshot } from "../../src/node/frontier-snapshot.js";

// Paths a command writes or reads back must be regular files (or a new file in an existing
// folder): a checkpoint on /dev/zero was once read whole (16.8 GB resident, then bad_alloc), on
// /dev/null it failed on fsync, --out /dev/null silently lost the work. The real executable
// (npm test builds dist/ first), several runs in one shell so the suite spawns few processes.
const bin = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "knight-paths-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function shell(lines: readonly string[]): Array<{ code: number; stdout: string; stderr: string }> {
  const script = lines
    .map((line, i) => `timeout 60 ${line} > out.${i} 2> err.${i}; echo "$?" > code.${i}`)
    .join("\n");
  const result = spawnSync("bash", ["-c", `mkfifo fifo 2>/dev/null; ${script}`], {
    cwd: work,
    env: { ...process.env, K: `${process.execPath} ${bin}` },
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  const read = (name: string) => readFileSync(join(work, name), "utf8");
  return lines.map((_, i) => ({
    code: Number(read(`code.${i}`)),
    stdout: read(`out.${i}`),
    stderr: read(`err.${i}`),
  }));
}

describe("paths that are not regular files are refused with one line and exit 2", () => {
  it("for --checkpoint, --journal, --spill-dir and --out: devices, folders, FIFOs, no folder", () => {
    const cases: Array<[string, RegExp]> = [
      [
        "$K count 6 --closed --checkpoint /dev/zero",
        /^knight count: --checkpoint '\/dev\/zero': it is a device; give a regular file/,
      ],
      [
        "$K count 6 --closed --checkpoint /dev/full",
        /^knight count: --checkpoint '\/dev\/full': it is a device/,
      ],
      [
        "$K count 6 --closed --checkpoint /dev/null",
        /^knight count: --checkpoint '\/dev\/null': it is a device/,
      ],
      ["$K count 5 --checkpoint .", /^knight count: --checkpoint '\.': it is a folder/],
      [
        "$K count 5 --checkpoint fifo",
        /^knight count: --checkpoint 'fifo': it is a named pipe \(FIFO\)/,
      ],
      [
        "$K count 5 --checkpoint no/such/c.ckpt",
        /^knight count: --checkpoint 'no\/such\/c\.ckpt': its folder 'no\/such' does not exist/,
      ],
      [
        "$K census 5 --journal /dev/zero",
        /^knight census: --journal '\/dev\/zero': it is a device/,
      ],
      [
        "$K count 5 --method frontier --spill-dir /dev/null",
        /^knight count: --spill-dir '\/dev\/null': it is a device; give a folder/,
      ],
      ["$K tour 5 --out /dev/null", /^knight tour: --out '\/dev\/null': it is a device/],
      ["$K tour 5 --out /dev/full", /^knight tour: --out '\/dev\/full': it is a device/],
      ["$K tour 5 --out fifo", /^knight tour: --out 'fifo': it is a named pipe/],
      ["$K tour 5 --out .", /^knight tour: --out '\.': it is a folder/],
      [
        "$K tour 5 --out no/such/folder/t.txt",
        /^knight tour: --out 'no\/such\/folder\/t\.txt': its folder 'no\/such\/folder' does not exist/,
      ],
      [
        `$K count 5 --method frontier --spill-dir ${"9".repeat(300)}`,
        /^knight count: --spill-dir '9+…' \(300 characters\): the name is too long for this system$/,
      ],
      [
        "$K tour 5 --format json | $K render --out /dev/full",
        /^knight render: --out '\/dev\/full': it is a device/,
      ],
    ];
    const runs = shell(cases.map(([line]) => line));
    runs.forEach(({ code, stderr }, i) => {
      expect(code, `${cases[i]![0]}\n${stderr}`).toBe(2);
      expect(stderr.trimEnd().split("\n"), stderr).toHaveLength(1);
      expect(stderr.trimEnd()).toMatch(cases[i]![1]);
    });
    expect(readdirSync(work).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("an --out whose folder takes no new files (/proc) names the folder, not a missing one", () => {
    const [run] = shell(["$K tour 5 --out /proc/version"]);
    expect(run!.code).toBe(74);
    expect(run!.stderr.trimEnd()).toBe(
      "knight tour: cannot write '/proc/version': its folder '/proc' takes no new files (ENOENT)",
    );
  });
});

describe("state files are read only when regular and of a bounded size", () => {
  const key = {
    board: "5x5",
    kind: "open",
    start: -1,
    end: -1,
    directed: true,
    nonClosable: false,
    method: "backtrack",
    splitDepth: 3,
  };

  it("Checkpoint.open and CensusJournal.open refuse a device before reading it", () => {
    expect(() => Checkpoint.open("/dev/zero", key, 10)).toThrow(/it is a device/);
    expect(() => Checkpoint.open("/dev/null", key, 10)).toThrow(/it is a device/);
    expect(() =>
      CensusJournal.open("/dev/zero", { board: "5x5", split: "s", stats: false }),
    ).toThrow(/it is a device/);
  });

  it("a checkpoint far larger than its count's lines can fill is refused, not read", () => {
    const file = join(work, "huge.ckpt");
    writeFileSync(file, Buffer.alloc(2 ** 20 + 256 * 10 + 1, 0x20));
    expect(() => Checkpoint.open(file, key, 10)).toThrow(/more than the \d+ such a file can hold/);
    expect(existsSync(file)).toBe(true);
  });

  it("a frontier snapshot path that is a device, or whose header claims gigabytes, is ignored", () => {
    expect(loadSnapshot("/dev/zero", "k")).toBeUndefined();
    const file = join(work, "bad.frontier");
    const head = Buffer.alloc(8);
    head.writeUInt32LE(0xffff_fff0, 0);
    writeFileSync(file, head);
    expect(loadSnapshot(file, "k")).toBeUndefined();
  });
});
