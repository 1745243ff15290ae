import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

// A count's default checkpoint lives in the user's cache folder: the tests (and the CLIs they
// start, which inherit the environment) keep theirs in a temporary one instead.
const cache = mkdtempSync(join(tmpdir(), "knight-tours-test-cache-"));

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The exhaustive variants run in `npm run test:long` (vitest.long.config.ts).
    exclude: ["test/long/**", "**/node_modules/**"],
    // Whole-suite budget: `npm test` within 5 minutes on 2 cores. Vitest's default is one worker
    // fewer than the cores, which on 2 cores is one: most files wait on child processes or the
    // browser, so two workers keep both cores busy.
    maxWorkers: 2,
    env: { XDG_CACHE_HOME: cache },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
