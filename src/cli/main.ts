#!/usr/bin/env node
// The only module of the CLI that touches `process`.
import { createReadStream, createWriteStream } from "node:fs";
import { readFile, statfs } from "node:fs/promises";
import { totalmem } from "node:os";
import { createInterface } from "node:readline";
import type { Writable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { CliIO, OutputSink } from "./io.js";
import { run } from "./run.js";

let interrupt: AbortController | undefined;
function interruptSignal(): AbortSignal {
  if (interrupt === undefined) {
    const controller = new AbortController();
    interrupt = controller;
    let interrupts = 0;
    process.on("SIGINT", () => {
      interrupts++;
      // First Ctrl-C: let the command stop cleanly (save a checkpoint, restore the cursor).
      // Second: leave at once.
      if (interrupts > 1) process.exit(130);
      controller.abort();
    });
    // A service manager's stop (SIGTERM) is a clean stop too, for commands that ask for one.
    process.on("SIGTERM", () => controller.abort());
  }
  return interrupt.signal;
}
// A closed pipe (`knight tour 1000 | head`) is not an error worth a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

const io: CliIO = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdinIsTTY: Boolean(process.stdin.isTTY),
  readStdin: async () => new Uint8Array(await buffer(process.stdin)),
  readStdinLines: () =>
    createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY }),
  readFile: async (path) => new Uint8Array(await readFile(path)),
  openInput: (path) =>
    path === undefined || path === "-"
      ? process.stdin
      : createReadStream(path, { highWaterMark: 1 << 22 }),
  freeBytes: async (path) => {
    const fs = await statfs(path);
    return fs.bavail * fs.bsize;
  },
  openOutput,
  env: process.env,
  interruptSignal,
  totalMemory: totalmem(),
};

/** Stream to stdout or a file, waiting for 'drain' so huge tours never pile up in memory. */
async function openOutput(path?: string): Promise<OutputSink> {
  const toStdout = path === undefined || path === "-";
  const stream: Writable = toStdout ? process.stdout : createWriteStream(path);
  if (!toStdout) {
    await new Promise<void>((resolve, reject) => {
      stream.once("open", () => resolve());
      stream.once("error", reject);
    });
  }
  return {
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        // Resolve once the chunk is written (or, past the high-water mark, once all is),
        // so the caller may refill its buffer.
        const ok = stream.write(chunk, (error) => {
          if (error) reject(error);
          else if (ok) resolve();
        });
        if (!ok) stream.once("drain", resolve);
      }),
    close: () =>
      toStdout
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            stream.once("error", reject);
            stream.end(() => resolve());
          }),
  };
}

process.exitCode = await run(process.argv.slice(2), io);
