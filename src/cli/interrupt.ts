import type { CliIO } from "./io.js";

/**
 * Run synchronous work (a search that never yields) so that Ctrl-C ends it with one line and
 * exit 130 (`CliExit(Interrupted)`), through `io.runInterruptible` where the IO has it, and
 * SIGTERM likewise (`io.prepareInterruptible`). The
 * event loop runs once first: a Ctrl-C already delivered (during start-up) is handled then,
 * not lost behind the work.
 */
export async function interruptible<T>(io: CliIO, work: () => T): Promise<T> {
  await io.prepareInterruptible?.();
  await breather();
  return interruptibleNow(io, work);
}

/** `interruptible` without the turn of the event loop, for chunks of work in a loop that has one. */
export function interruptibleNow<T>(io: CliIO, work: () => T): T {
  return io.runInterruptible === undefined ? work() : io.runInterruptible(work);
}

/** Let the event loop run (signals, drained output) between chunks of synchronous work. */
export function breather(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
