import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Whole-suite budget: CI must stay well under 10 minutes on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
