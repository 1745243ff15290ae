import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

// As in vitest.config.ts: one temporary folder for the run (the default checkpoints of the
// counts the tests start), made and removed by test/run-folder.ts.
const run = join(tmpdir(), `knight-tours-test-${randomBytes(6).toString("hex")}`);
process.env.KNIGHT_TEST_RUN_FOLDER = run;

// `npm run test:long`: the exhaustive variants of checks the fast suite samples (every cell of a
// resume, every board of a cross-check, the long fuzz). CI runs it after `npm test`.
export default defineConfig({
  test: {
    include: ["test/long/**/*.test.ts"],
    env: { XDG_CACHE_HOME: join(run, "cache") },
    globalSetup: ["test/run-folder.ts"],
    testTimeout: 1_200_000,
    hookTimeout: 120_000,
  },
});
