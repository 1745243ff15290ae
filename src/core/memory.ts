import { MemoryLimitError } from "./errors.js";

/**
 * Default ceiling for one structure's memory. The library runs in browsers too, so it cannot ask
 * the machine; the CLI passes a share of the real memory instead (`--max-memory`).
 */
export const DEFAULT_MAX_BYTES = 4 * 1024 ** 3;

/** Largest typed array we allocate, in elements: V8 caps typed arrays near 2^32 bytes on some builds. */
export const MAX_TYPED_ARRAY_LENGTH = 2 ** 31 - 1;

export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Throws a MemoryLimitError naming `what` and the bytes it needs when that is over `limit`. */
export function checkMemory(what: string, bytes: number, limit: number, value: unknown): void {
  if (bytes > limit) {
    throw new MemoryLimitError(
      // The exact figure only where the rounded one hides it (320 bytes needs no "(320 bytes)").
      `${what} needs about ${formatBytes(bytes)}${bytes < 1024 ? "" : ` (${bytes} bytes)`}, over the limit of ${formatBytes(limit)}`,
      value,
      bytes,
      limit,
    );
  }
}
