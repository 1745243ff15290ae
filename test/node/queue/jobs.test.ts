import { describe, expect, test } from "vitest";
import { OptionError } from "../../../src/core/errors.js";
import {
  type CensusJob,
  type CountJob,
  JobRejected,
  jobIdOf,
  type LaneJob,
  parseJob,
} from "../../../src/node/queue/jobs.js";
import { canonicalJson } from "../../../src/node/queue/results.js";
import { parseQueueUrl } from "../../../src/node/queue/url.js";

const census: CensusJob = {
  app: "knight-tours",
  v: 1,
  kind: "census",
  board: "8x8",
  split: "knuth-8x8-v1",
  stats: true,
  name: "ByDy",
};
const count: CountJob = {
  app: "knight-tours",
  v: 1,
  kind: "count",
  board: "6x6",
  closed: true,
  start: -1,
  end: -1,
  directed: false,
  nonClosable: false,
  method: "backtrack",
  target: 128,
  splitDepth: 3,
  subproblems: 341,
  id: 17,
};

const lane: LaneJob = {
  app: "knight-tours",
  v: 1,
  kind: "lane",
  board: "5x24",
  closed: true,
  start: -1,
  end: -1,
  directed: false,
  nonClosable: false,
  sweep: 0,
  lane: 2,
};

describe("parseQueueUrl(text)", () => {
  test("takes redis:// and rediss:// with user, password, port and database", () => {
    expect(parseQueueUrl("redis://127.0.0.1:6380")).toMatchObject({
      host: "127.0.0.1",
      port: 6380,
      db: 0,
      tls: false,
      password: undefined,
      display: "redis://127.0.0.1:6380",
    });
    const full = parseQueueUrl("rediss://ann:s%40me@queue.example:7000/3");
    expect(full).toMatchObject({
      host: "queue.example",
      port: 7000,
      username: "ann",
      password: "s@me",
      db: 3,
      tls: true,
    });
    expect(full.display).toBe("rediss://ann:***@queue.example:7000/3");
    expect(parseQueueUrl("redis://localhost").port).toBe(6379);
  });

  test("refuses other schemes and paths with an OptionError that hides the password", () => {
    for (const bad of ["http://x", "localhost:6379", "redis://h/x", "redis://:secret@h/abc"]) {
      expect(() => parseQueueUrl(bad), bad).toThrow(OptionError);
    }
    try {
      parseQueueUrl("redis://:secret@h/abc");
    } catch (error) {
      expect((error as Error).message).not.toContain("secret");
    }
  });
});

describe("parseJob(id, data)", () => {
  test("accepts the jobs a coordinator makes, by their own ids", () => {
    expect(jobIdOf(census)).toBe("census/8x8/knuth-8x8-v1/stats/ByDy");
    expect(parseJob(jobIdOf(census), census)).toEqual(census);
    expect(parseJob(jobIdOf(count), count)).toEqual(count);
    expect(jobIdOf(lane)).toBe("count/5x24/closed/from-1/to-1/undirected/any/frontier-lanes/s0l2");
    expect(parseJob(jobIdOf(lane), lane)).toEqual(lane);
  });

  test("rejects a lane job out of range or with a count job's fields", () => {
    const id = jobIdOf(lane);
    const cases: [unknown, RegExp][] = [
      [{ ...lane, lane: 64 }, /lane 64 is not an integer from 0 to 63/],
      [{ ...lane, sweep: -1 }, /sweep -1 is not an integer from 0 to 3/],
      [{ ...lane, start: 120 }, /start 120/],
      [{ ...lane, method: "frontier" }, /unexpected field method/],
      [{ ...lane, lane: 1 }, /id does not match its data/],
    ];
    for (const [data, why] of cases) {
      expect(() => parseJob(id, data), JSON.stringify(data)).toThrow(JobRejected);
      expect(() => parseJob(id, data), JSON.stringify(data)).toThrow(why);
    }
  });

  test("rejects, naming the job id, a payload from another program, version or shape", () => {
    const id = jobIdOf(census);
    const cases: [unknown, RegExp][] = [
      ["ByDy", /not a JSON object/],
      [null, /not a JSON object/],
      [[census], /not a JSON object/],
      [{ ...census, app: "other" }, /not a knight-tours job/],
      [{ ...census, v: 2 }, /unknown job version 2/],
      [{ ...census, kind: "eval" }, /unknown kind/],
      [{ ...census, code: "process.exit()" }, /unexpected field code/],
      [{ ...census, name: undefined }, /missing field name|not a subproblem name/],
      [{ ...census, name: "By Dy; rm" }, /not a subproblem name/],
      [{ ...census, board: "8x8x8" }, /board/],
      [{ ...census, stats: "yes" }, /stats must be true or false/],
      [{ ...census, name: "CFgd" }, /id does not match its data/],
      [{ ...count, id: 341 }, /id 341 is not an integer from 0 to 340/],
      [{ ...count, start: 36 }, /start 36/],
      [{ ...count, method: "frontier" }, /method/],
      [{ ...count, target: 1.5 }, /target/],
    ];
    for (const [data, why] of cases) {
      let caught: unknown;
      try {
        parseJob(id, data);
      } catch (error) {
        caught = error;
      }
      expect(caught, JSON.stringify(data)).toBeInstanceOf(JobRejected);
      expect((caught as JobRejected).jobId).toBe(id);
      expect((caught as Error).message).toContain(`job ${id} rejected`);
      expect((caught as Error).message, JSON.stringify(data)).toMatch(why);
    }
  });
});

describe("canonicalJson(value)", () => {
  test("sorts object keys at every depth, keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,1]},"b":1}',
    );
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });
});
