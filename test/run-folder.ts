// Vitest's global setup: makes the run's temporary folder (vitest.config.ts names it) before the
// test files start, and removes it once every test file has finished.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";

export default function setup(): () => void {
  const folder = process.env.KNIGHT_TEST_RUN_FOLDER;
  if (folder) mkdirSync(join(folder, "cache"), { recursive: true, mode: 0o700 });
  return () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}
