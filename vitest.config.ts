import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The exhaustive variants run in `npm run test:long` (vitest.long.config.ts).
    exclude: ["test/long/**", "**/node_modules/**"],
    // Whole-suite budget: `npm test` within 5 minutes on 2 cores. Vitest's default is one worker
    // fewer than the cores, which on 2 cores is one: most files wait on child processes or the
    // browser, so two workers keep both cores busy.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
