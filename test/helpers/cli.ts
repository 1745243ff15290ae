import type { OutputSink } from "../../src/cli/io.js";
import { run } from "../../src/cli/run.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in-process with captured streams and the given standard input. */
export async function runCli(
  argv: readonly string[],
  options: {
    stdin?: string | Uint8Array;
    /** File contents by path; an Error value is thrown by readFile (e.g. EISDIR). */
    files?: Record<string, string | Uint8Array | Error>;
    stdinIsTTY?: boolean;
    /** The Ctrl-C signal commands get (default: one that never fires). */
    interrupt?: AbortSignal;
    /** Standard output is a terminal. */
    stdoutIsTTY?: boolean;
    /**
     * Writes that fail, by path ("-" for standard output), with the file system's error code
     * (ENOSPC, EACCES, EPIPE…): opening succeeds, the first write fails.
     */
    failWrites?: Record<string, string>;
    /** Bytes a chunk of a streamed input (`openInput`); default 65,536. */
    inputChunk?: number;
    /** Free bytes of the disk (`freeBytes`); default: plenty. */
    freeBytes?: number;
    /** The environment the command sees (default: empty). */
    env?: Record<string, string>;
  } = {},
): Promise<CliRun & { written: Record<string, Uint8Array>; aborted: string[] }> {
  let stdout = "";
  let stderr = "";
  const written: Record<string, Uint8Array> = {};
  const aborted: string[] = [];
  const bytes = (data: string | Uint8Array) =>
    typeof data === "string" ? new TextEncoder().encode(data) : data;
  const code = await run(argv, {
    stdout: {
      write: (chunk) => {
        stdout += String(chunk);
      },
      isTTY: options.stdoutIsTTY === true,
    },
    stderr: {
      write: (chunk) => {
        stderr += String(chunk);
      },
      isTTY: false,
    },
    stdinIsTTY: options.stdinIsTTY ?? options.stdin === undefined,
    readStdin: async () => bytes(options.stdin ?? ""),
    readFile: async (path) => {
      const data = options.files?.[path];
      if (data === undefined) {
        throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: "ENOENT" });
      }
      if (data instanceof Error) throw data;
      return bytes(data);
    },
    openInput: (path) => {
      const data =
        path === undefined || path === "-" ? bytes(options.stdin ?? "") : options.files?.[path];
      const chunk = options.inputChunk ?? 65_536;
      return (async function* () {
        if (data === undefined) {
          throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), {
            code: "ENOENT",
          });
        }
        if (data instanceof Error) throw data;
        const all = bytes(data);
        for (let at = 0; at < all.length; at += chunk) yield all.subarray(at, at + chunk);
      })();
    },
    freeBytes: async () => options.freeBytes ?? 2 ** 50,
    openOutput: async (path) => {
      const parts: Uint8Array[] = [];
      const failure = options.failWrites?.[path ?? "-"];
      const sink: OutputSink = {
        write: async (chunk) => {
          if (failure !== undefined) {
            throw Object.assign(new Error(`${failure}: write failed`), { code: failure });
          }
          if (path === undefined || path === "-")
            stdout += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
          // A copy: a streamed tour refills the same buffer once the write resolves.
          else parts.push(bytes(chunk).slice());
        },
        close: async () => {
          if (path !== undefined && path !== "-") written[path] = concat(parts);
        },
        abort: async () => {
          aborted.push(path ?? "-");
        },
      };
      return sink;
    },
    // The suite's temporary cache folder (vitest.config.ts), so a default checkpoint never
    // lands in the user's ~/.cache.
    env: options.env ?? { XDG_CACHE_HOME: process.env.XDG_CACHE_HOME },
    interruptSignal: () => options.interrupt ?? new AbortController().signal,
    totalMemory: 8 * 1024 ** 3,
  });
  return { code, stdout, stderr, written, aborted };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
