import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

// One temporary folder per test run, removed at its end (test/run-folder.ts): a count's default
// checkpoint lives in the user's cache folder, so the tests (and the CLIs they start, which
// inherit the environment) keep theirs here instead; and the browser tests build the page here
// once for all their files.
// Only named here: the global setup makes it (loading this file, as knip does, makes nothing).
const run = join(tmpdir(), `knight-tours-test-${randomBytes(6).toString("hex")}`);
// For the global setup, which runs in this process.
process.env.KNIGHT_TEST_RUN_FOLDER = run;

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The exhaustive variants run in `npm run test:long` (vitest.long.config.ts).
    exclude: ["test/long/**", "**/node_modules/**"],
    // Whole-suite budget: `npm test` within 5 minutes on 2 cores. Vitest's default is one worker
    // fewer than the cores, which on 2 cores is one: most files wait on child processes or the
    // browser, so two workers keep both cores busy. Three are slower here (the same clone, quiet:
    // 377 s with three, 333 s with two; the suite needs about 510 CPU s).
    maxWorkers: 2,
    // A worker keeps the modules it has loaded from one file to the next instead of loading src/
    // afresh for each of the 150-odd files: a fifth of the suite's CPU time (the same clone,
    // back to back: 385 CPU s without isolation, 497 s with). No test mocks modules or changes
    // globals; state a module keeps (caches of move graphs and the like) is built once and read.
    isolate: false,
    env: {
      XDG_CACHE_HOME: join(run, "cache"),
      KNIGHT_TEST_WEB_DIST: join(run, "web-dist"),
    },
    globalSetup: ["test/run-folder.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
