export { CliExit, ExitCode } from "./exit-codes.js";
export type { CliIO, OutputStream } from "./io.js";
export { createProgram } from "./program.js";
export { run } from "./run.js";
