/**
 * What a path is, in the words of one diagnostic line, from what `stat` said of it (the caller
 * does the I/O: this runs anywhere). Shared by the CLI's `--out` and the Node library's state
 * files (checkpoints, journals, spilled layers), so both refuse the same paths the same way.
 */
export interface PathInfo {
  isFile(): boolean;
  isDirectory(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
}

/** "a folder", "a device", "a named pipe (FIFO)", "a socket", "a file". */
export function pathKind(info: PathInfo): string {
  if (info.isFile()) return "a file";
  if (info.isDirectory()) return "a folder";
  if (info.isCharacterDevice() || info.isBlockDevice()) return "a device";
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * Why `path` cannot be a file written and read back, or undefined when it can: it must be a
 * regular file (`info`), or not exist in an existing folder (`folder` is what its folder is).
 */
export function fileProblem(
  info: PathInfo | undefined,
  folderName: string,
  folder: PathInfo | undefined,
): string | undefined {
  if (info !== undefined) return info.isFile() ? undefined : `it is ${pathKind(info)}`;
  if (folder === undefined) return `its folder '${folderName}' does not exist`;
  if (!folder.isDirectory()) return `'${folderName}' is ${pathKind(folder)}, not a folder`;
  return undefined;
}

/** The line refusing `path` given with `flag` for `problem`. */
export function fileRefusal(flag: string, path: string, problem: string): string {
  return `${flag} '${path}': ${problem}; give a regular file, or a new file in an existing folder`;
}
