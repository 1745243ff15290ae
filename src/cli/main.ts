#!/usr/bin/env node
// The only module of the CLI that starts from `process` (node-io.ts builds the CliIO from it).
import { nodeIO } from "./node-io.js";
import { run } from "./run.js";

const argv = process.argv.slice(2);
const io = nodeIO(argv);
const code = await run(argv, io);
// Every byte of standard output reaches the system before the exit code is final: a write
// that fails now (a full disk) still ends with its own line and code (node-io.ts).
// The code is set first: a failure of that flush cannot turn another failure into exit 74.
process.exitCode = code;
await (await io.openOutput()).close().catch(() => undefined);
