import { run } from "../../src/cli/run.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in-process with captured streams and the given standard input. */
export async function runCli(
  argv: readonly string[],
  options: { stdin?: string; files?: Record<string, string>; stdinIsTTY?: boolean } = {},
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const written: Record<string, string | Uint8Array> = {};
  const code = await run(argv, {
    stdout: {
      write: (chunk) => {
        stdout += String(chunk);
      },
      isTTY: false,
    },
    stderr: {
      write: (chunk) => {
        stderr += String(chunk);
      },
      isTTY: false,
    },
    stdinIsTTY: options.stdinIsTTY ?? options.stdin === undefined,
    readStdin: async () => options.stdin ?? "",
    readFile: async (path) => {
      const text = options.files?.[path];
      if (text === undefined) {
        throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: "ENOENT" });
      }
      return text;
    },
    writeFile: async (path, data) => {
      written[path] = data;
    },
    env: {},
    interruptSignal: () => new AbortController().signal,
    totalMemory: 8 * 1024 ** 3,
  });
  return { code, stdout, stderr };
}
