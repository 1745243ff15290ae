import { formatBytes } from "../core/memory.js";

/**
 * The most bytes a command reads as input (a tour, a DLX problem). Refused as soon as the read
 * passes it (a regular file by its size, before any byte is read), so a huge file costs nothing.
 */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/** Input over the limit: bad input (exit 2) naming the source, its size and the limit. */
export class InputTooLarge extends Error {
  readonly source: string;
  readonly limit: number;
  constructor(source: string, limit: number, size?: number) {
    super(
      `${source} is ${size === undefined ? "larger than" : `${formatBytes(size)}, over`} the input limit of ${formatBytes(limit)}; write huge tours with --format bin`,
    );
    this.source = source;
    this.limit = limit;
  }
}
