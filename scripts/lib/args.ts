// Command-line options and timing shared by the scripts: node:util's parseArgs (unknown options
// are refused, so a misspelt flag cannot silently fall back to a default) and a measure of wall
// and CPU time. CPU time matters on this shared machine: wall time counts other jobs' load.
import { type ParseArgsConfig, parseArgs } from "node:util";

/** Print a usage message and exit 2 (bad input), as the `knight` CLI does. */
export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** parseArgs over process.argv (strict), exiting 2 with the parser's message on bad input. */
export function parseOptions<T extends ParseArgsConfig>(
  config: T,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs<T>({ strict: true, ...config });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

/** A numeric option's value, `fallback` when absent; exits 2 when it is not a number. */
export function numberOption(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) {
    fail(`--${name} takes a number, not ${JSON.stringify(text)}`);
  }
  return value;
}

/** "6x7" or "6×7" → [6, 7]; exits 2 otherwise. */
export function boardSize(text: string): [rows: number, cols: number] {
  const match = /^(\d+)[x×](\d+)$/.exec(text.trim());
  if (!match) fail(`a board is ROWSxCOLS (like 6x7), not ${JSON.stringify(text)}`);
  return [Number(match[1]), Number(match[2])];
}

export interface Measured<T> {
  readonly result: T;
  /** Wall-clock seconds. */
  readonly wall: number;
  /** CPU seconds of the whole process (user + system; worker threads included). */
  readonly cpu: number;
}

/** Run `fn` and measure its wall and CPU seconds. */
export function measure<T>(fn: () => T): Measured<T> {
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(cpuBefore);
  return { result, wall: (performance.now() - began) / 1000, cpu: (used.user + used.system) / 1e6 };
}

/** `measure` for an async `fn`. */
export async function measureAsync<T>(fn: () => Promise<T>): Promise<Measured<T>> {
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await fn();
  const used = process.cpuUsage(cpuBefore);
  return { result, wall: (performance.now() - began) / 1000, cpu: (used.user + used.system) / 1e6 };
}

/** Seconds since `began` (a performance.now() value), one decimal: "12.3 s". */
export function secondsSince(began: number): string {
  return `${((performance.now() - began) / 1000).toFixed(1)} s`;
}
