import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

// One temporary folder per test run, removed at its end (test/run-folder.ts): a count's default
// checkpoint lives in the user's cache folder, so the tests (and the CLIs they start, which
// inherit the environment) keep theirs here instead; and the browser tests build the page here
// once for all their files.
const run = mkdtempSync(join(tmpdir(), "knight-tours-test-"));
mkdirSync(join(run, "cache"));
// For the global setup, which runs in this process.
process.env.KNIGHT_TEST_RUN_FOLDER = run;

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The exhaustive variants run in `npm run test:long` (vitest.long.config.ts).
    exclude: ["test/long/**", "**/node_modules/**"],
    // Whole-suite budget: `npm test` within 5 minutes on 2 cores. Vitest's default is one worker
    // fewer than the cores, which on 2 cores is one. Two left the cores idle part of the time
    // (the suite needs 470–560 CPU s measured under load, less when quiet, and a quiet run took
    // about 320 s of wall time, 640 core-seconds): files wait on timers (lock expiry, signals
    // sent after a delay), the browser and child processes' start-up. A third worker fills
    // those gaps; the whole suite passes with three at a load of 12 on this machine.
    maxWorkers: 3,
    env: {
      XDG_CACHE_HOME: join(run, "cache"),
      KNIGHT_TEST_WEB_DIST: join(run, "web-dist"),
    },
    globalSetup: ["test/run-folder.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
