// What the job-queue scripts (queue-census.ts, queue-overhead.ts) share: `knight` as a child
// process, the CPU seconds a live process has used (from /proc), and polling for a condition.
// Not run by itself.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));

export interface Knight {
  readonly child: ChildProcess;
  /** Standard error so far. */
  stderr(): string;
  readonly exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** `node bin/knight.js …` (npm run build first), its output collected. */
export function knight(args: readonly string[]): Knight {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exited, stderr: () => stderr };
}

/** CPU seconds (user + system, all threads) a running process has used so far. */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat (utime, stime), in clock ticks of 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export async function waitFor(
  ready: () => Promise<boolean> | boolean,
  everyMs = 200,
): Promise<void> {
  while (!(await ready())) await new Promise((resolve) => setTimeout(resolve, everyMs));
}
