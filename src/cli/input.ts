import { CliExit, ExitCode } from "./exit-codes.js";
import type { CliIO, OutputSink } from "./io.js";

/**
 * Read the bytes of FILE, or of standard input for `-` or no file. A terminal on standard input
 * with no file means the user forgot the input: say so instead of waiting forever.
 */
export async function readInput(
  file: string | undefined,
  io: CliIO,
): Promise<{ bytes: Uint8Array; source: string }> {
  if (file === undefined || file === "-") {
    if (file === undefined && io.stdinIsTTY) {
      throw new CliExit(
        ExitCode.BadInput,
        "no input: give a FILE, or pipe a tour into standard input",
      );
    }
    return { bytes: await io.readStdin(), source: "standard input" };
  }
  try {
    return { bytes: await io.readFile(file), source: file };
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

/**
 * Decode input bytes as UTF-8 text. Text past V8's string limit (about 512 MB) cannot be held:
 * such tours must travel in the binary format.
 */
export function decodeText(bytes: Uint8Array, source: string): string {
  if (bytes.length > MAX_TEXT_BYTES) {
    throw new CliExit(
      ExitCode.BadInput,
      `${source} is ${bytes.length} bytes, too large to read as text; write huge tours with --format bin`,
    );
  }
  return new TextDecoder().decode(bytes);
}

const MAX_TEXT_BYTES = 256 * 1024 * 1024;

/** Write `text` (or a stream of chunks) to `--out FILE` or stdout, ending with a newline. */
export async function writeOutput(
  data: string | Iterable<string | Uint8Array>,
  out: string | undefined,
  io: CliIO,
): Promise<void> {
  let sink: OutputSink;
  try {
    sink = await io.openOutput(out);
  } catch (error) {
    throw new CliExit(ExitCode.BadInput, `cannot write '${out}': ${(error as Error).message}`);
  }
  if (typeof data === "string") {
    await sink.write(data.endsWith("\n") ? data : `${data}\n`);
  } else {
    for (const chunk of data) await sink.write(chunk);
  }
  await sink.close();
}
