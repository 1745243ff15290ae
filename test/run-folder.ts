// Vitest's global setup: removes the run's temporary folder (vitest.config.ts makes it) once
// every test file has finished.
import { rmSync } from "node:fs";

export default function setup(): () => void {
  return () => {
    const folder = process.env.KNIGHT_TEST_RUN_FOLDER;
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}
