import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { OptionError } from "../../src/core/errors.js";
import { Checkpoint, type CheckpointKey } from "../../src/node/checkpoint.js";

const dir = mkdtempSync(join(tmpdir(), "knight-checkpoint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key: CheckpointKey = {
  board: "6x6",
  kind: "closed",
  start: -1,
  end: -1,
  directed: false,
  nonClosable: false,
  method: "backtrack",
  splitDepth: 3,
};

describe("Checkpoint", () => {
  test("records finished subproblems and reads them back", () => {
    const file = join(dir, "a.ckpt");
    const first = Checkpoint.open(file, key, 10);
    expect(first.done.size).toBe(0);
    first.record(3, 17n);
    first.record(0, 123456789012345678901234567890n);
    first.close();
    const again = Checkpoint.open(file, key, 10);
    expect(again.done).toEqual(
      new Map([
        [3, 17n],
        [0, 123456789012345678901234567890n],
      ]),
    );
    again.close();
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[1]!)).toEqual({ id: 3, count: "17" });
  });

  test("a torn last line (a kill mid-write) is ignored and later records still read", () => {
    const file = join(dir, "torn.ckpt");
    const first = Checkpoint.open(file, key, 10);
    first.record(1, 5n);
    first.close();
    appendFileSync(file, '{"id":2,"cou');
    const second = Checkpoint.open(file, key, 10);
    expect([...second.done.keys()]).toEqual([1]);
    second.record(2, 8n);
    second.close();
    const third = Checkpoint.open(file, key, 10);
    expect(third.done).toEqual(
      new Map([
        [1, 5n],
        [2, 8n],
      ]),
    );
    third.close();
  });

  test("a checkpoint of another count, or not a checkpoint, is refused with the file named", () => {
    const file = join(dir, "other.ckpt");
    Checkpoint.open(file, key, 10).close();
    expect(() => Checkpoint.open(file, { ...key, board: "6x7" }, 10)).toThrow(OptionError);
    expect(() => Checkpoint.open(file, key, 11)).toThrow(/another count/);
    const junk = join(dir, "junk.txt");
    writeFileSync(junk, "hello\n");
    expect(() => Checkpoint.open(junk, key, 10)).toThrow(/junk\.txt.*not a knight-tours/);
  });
});
