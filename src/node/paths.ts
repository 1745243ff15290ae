import { closeSync, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";
import { dirname } from "node:path";
import { OptionError } from "../core/errors.js";
import { fileProblem, fileRefusal, pathKind } from "../core/path-kind.js";

/**
 * The files a command writes and reads back (checkpoints, journals, outputs) and the folders it
 * fills (spilled layers) must be what they claim: a device read whole (`/dev/zero`) fills the
 * memory, a device written (`/dev/null`) loses the work, a FIFO blocks for ever. Anything but a
 * regular file (or a new file in an existing folder) is refused up front, naming the flag.
 */

const STAT_FAILURES: Readonly<Record<string, string>> = {
  ENAMETOOLONG: "the name is too long for this system",
  EACCES: "permission denied",
  ELOOP: "too many symbolic links",
};

function statOrMissing(path: string, flag: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ENOTDIR")
      throw new OptionError(`${flag} '${path}': a part of it is not a folder`, path);
    // A path the system cannot even look at is bad input too, not an internal error.
    const why = STAT_FAILURES[code ?? ""] ?? (error as Error).message;
    throw new OptionError(`${flag} '${path}': ${why}`, path);
  }
}

/**
 * Refuse `path` (given with `flag`, e.g. `--checkpoint`) unless it is a regular file or a new
 * file in an existing folder: an OptionError (exit 2) naming the flag, the path and what it is.
 */
export function checkFilePath(path: string, flag: string): void {
  const info = statOrMissing(path, flag);
  const folder = dirname(path);
  const problem = fileProblem(
    info,
    folder,
    info === undefined ? statOrMissing(folder, flag) : undefined,
  );
  if (problem !== undefined) throw new OptionError(fileRefusal(flag, path, problem), path);
}

/** Refuse `path` unless it is a folder, or a new folder in an existing one. */
export function checkFolderPath(path: string, flag: string): void {
  const info = statOrMissing(path, flag);
  const folder = dirname(path);
  const parent = info === undefined ? statOrMissing(folder, flag) : undefined;
  const problem =
    info === undefined
      ? parent === undefined
        ? `its folder '${folder}' does not exist`
        : parent.isDirectory()
          ? undefined
          : `'${folder}' is ${pathKind(parent)}, not a folder`
      : info.isDirectory()
        ? undefined
        : `it is ${pathKind(info)}`;
  if (problem !== undefined) {
    throw new OptionError(
      `${flag} '${path}': ${problem}; give a folder, or a new folder in an existing one`,
      path,
    );
  }
}

/**
 * The text of the state file at `path` ("" when there is none), read only when it is a regular
 * file of at most `maxBytes`: the size is checked on the open file itself, so a path swapped for
 * a device between the check and the read is still refused.
 */
export function readStateFile(path: string, flag: string, maxBytes: number): string {
  checkFilePath(path, flag);
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) {
      throw new OptionError(fileRefusal(flag, path, `it is ${pathKind(info)}`), path);
    }
    if (info.size > maxBytes) {
      throw new OptionError(
        `${flag} '${path}': ${info.size} bytes, more than the ${maxBytes} such a file can hold; is it the right file?`,
        path,
      );
    }
    const bytes = Buffer.alloc(info.size);
    let got = 0;
    while (got < bytes.length) {
      const n = readSync(fd, bytes, got, bytes.length - got, got);
      if (n === 0) break;
      got += n;
    }
    return bytes.subarray(0, got).toString("utf8");
  } finally {
    closeSync(fd);
  }
}
