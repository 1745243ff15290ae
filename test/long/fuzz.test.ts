// `npm run test:long`: the CLI fuzz at ten times the fast suite's runs, from another seed (the
// fast suite's 400 keep its fixed seed, so a failure there reproduces).
import fc from "fast-check";
import { afterAll, describe, it } from "vitest";
import { caseArbitrary, check, removeFuzzFiles } from "../cli/fuzz-cases.js";

afterAll(removeFuzzFiles);

describe("knight CLI fuzz, long", () => {
  it("ends every random command line with a documented exit code and a clean message", async () => {
    await fc.assert(fc.asyncProperty(caseArbitrary, check), {
      numRuns: 4000,
      seed: Number(process.env.FUZZ_SEED ?? 20261203),
    });
  });
});
