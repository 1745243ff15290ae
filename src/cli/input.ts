import { CliExit, ExitCode } from "./exit-codes.js";
import type { CliIO } from "./io.js";

/**
 * Read the text of FILE, or of standard input for `-` or no file. A terminal on standard input
 * with no file means the user forgot the input: say so instead of waiting forever.
 */
export async function readInput(
  file: string | undefined,
  io: CliIO,
): Promise<{ text: string; source: string }> {
  if (file === undefined || file === "-") {
    if (file === undefined && io.stdinIsTTY) {
      throw new CliExit(
        ExitCode.BadInput,
        "no input: give a FILE, or pipe a tour into standard input",
      );
    }
    return { text: await io.readStdin(), source: "standard input" };
  }
  try {
    return { text: await io.readFile(file), source: file };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "it is a directory"
          : code === "EACCES"
            ? "permission denied"
            : String((error as Error).message);
    throw new CliExit(ExitCode.BadInput, `cannot read '${file}': ${why}`);
  }
}

/** Write `text` to `--out FILE` or stdout, ending with a newline. */
export async function writeOutput(text: string, out: string | undefined, io: CliIO): Promise<void> {
  const data = text.endsWith("\n") ? text : `${text}\n`;
  if (out === undefined || out === "-") {
    io.stdout.write(data);
    return;
  }
  try {
    await io.writeFile(out, data);
  } catch (error) {
    throw new CliExit(ExitCode.BadInput, `cannot write '${out}': ${(error as Error).message}`);
  }
}
