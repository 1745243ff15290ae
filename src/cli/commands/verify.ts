import type { Command } from "commander";
import { type Board, type TourValidation, validateTour } from "../../core/index.js";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { inputLabel, parseTourInput, readTourInput } from "../input.js";
import { tidyMessage } from "../message.js";
import { verifyStreamed } from "../stream-verify.js";

export function registerVerify(program: Command, { io, maxBytes }: CommandContext): void {
  program
    .command("verify")
    .description("check a tour (JSON, numbered grid or algebraic move list) and print its kind")
    .argument("[file]", "the tour to check; '-' or none reads standard input")
    .option("--closed", "require a closed tour")
    .option("--json", "print the verdict as JSON")
    .addHelpText(
      "after",
      `
Exit codes: 0 valid; 1 not a valid tour (the first fault is named); 2 unreadable input.

Examples:
  knight tour 8 --closed --format json | knight verify
  knight verify tour.txt --closed`,
    )
    .action(async (file: string | undefined, options: { closed?: boolean; json?: boolean }) => {
      let board: Board | undefined;
      let closed: boolean;
      let verdict: TourValidation;
      try {
        // A binary tour is checked as it streams in (one bit a cell): it need not fit in memory.
        const streamed = await verifyStreamed(file, io, maxBytes(), options.closed);
        if (streamed?.kind === "verdict") {
          ({ board, closed, verdict } = streamed);
        } else {
          const tour =
            streamed?.kind === "bytes"
              ? parseTourInput(streamed.bytes, "standard input", file, maxBytes())
              : await readTourInput(file, io, maxBytes());
          board = tour.board;
          closed = options.closed ?? tour.closed;
          verdict = validateTour(tour.board, tour.path, { closed });
        }
      } catch (error) {
        // A text that reads but is no tour gets the same report as any invalid tour.
        if (error instanceof CliExit && error.exitCode === ExitCode.NoTour) {
          report(false, error.message);
          throw new CliExit(ExitCode.NoTour);
        }
        throw error;
      }
      if (!verdict.valid) {
        report(false, `${inputLabel(file)}invalid tour: ${verdict.message}`);
        throw new CliExit(ExitCode.NoTour);
      }
      const kind = closed ? "closed" : "open";
      const extra =
        !closed && verdict.closable
          ? " (its ends are a knight's move apart, so it also closes)"
          : "";
      report(true, `valid ${kind} tour of ${board} (${board.cells} cells)${extra}`, kind);

      function report(valid: boolean, message: string, kind?: string): void {
        if (options.json) {
          io.stdout.write(
            `${JSON.stringify({
              valid,
              rows: board?.rows ?? null,
              cols: board?.cols ?? null,
              kind: kind ?? null,
              message,
            })}\n`,
          );
        } else if (valid) {
          io.stdout.write(`${message}\n`);
        } else {
          io.stderr.write(`knight verify: ${tidyMessage(message)}\n`);
        }
      }
    });
}
