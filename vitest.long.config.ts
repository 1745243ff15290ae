import { defineConfig } from "vitest/config";

// `npm run test:long`: the exhaustive variants of checks the fast suite samples (every cell of a
// resume, every board of a cross-check). CI runs it after `npm test`.
export default defineConfig({
  test: {
    include: ["test/long/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
