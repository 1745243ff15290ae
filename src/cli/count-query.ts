import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import type { CountFlags } from "./commands/count.js";
import { cellOption } from "./options.js";

/** The count query the flags name (shared with `enumerate`). Conflicting flags exit 2. */
export function queryFromFlags(flags: CountFlags, board: Board) {
  if (flags.closed && flags.open) {
    throw new OptionError("--closed and --open exclude each other; give one", "--open");
  }
  if (flags.directed && flags.undirected) {
    throw new OptionError(
      "--directed and --undirected exclude each other; give one",
      "--undirected",
    );
  }
  // With --closed, --end names the closing move and needs --start (the library says so too).
  if (flags.closed && flags.end !== undefined && flags.start === undefined) {
    throw new OptionError(
      `--end ${flags.end} with --closed needs --start: closed tours from S to E are those that use the move S–E; give --start, or drop --end`,
      "--end",
    );
  }
  const start = cellOption(flags.start, board, "--start");
  const end = cellOption(flags.end, board, "--end");
  return {
    closed: flags.closed === true,
    start,
    end,
    directed: flags.directed ? true : flags.undirected ? false : undefined,
    nonClosable: flags.nonClosable === true,
  };
}
