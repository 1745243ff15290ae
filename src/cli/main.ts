#!/usr/bin/env node
// The only module of the CLI that touches `process`.
import { readFile, writeFile } from "node:fs/promises";
import { totalmem } from "node:os";
import { text } from "node:stream/consumers";
import type { CliIO } from "./io.js";
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
  readStdin: () => text(process.stdin),
  readFile: (path) => readFile(path, "utf8"),
  writeFile: (path, data) => writeFile(path, data),
  env: process.env,
  interruptSignal,
  totalMemory: totalmem(),
};

process.exitCode = await run(process.argv.slice(2), io);
