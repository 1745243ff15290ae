import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The exhaustive variants run in `npm run test:long` (vitest.long.config.ts).
    exclude: ["test/long/**", "**/node_modules/**"],
    // Whole-suite budget: `npm test` within 5 minutes on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
