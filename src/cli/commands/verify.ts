import type { Command } from "commander";
import { formatCell } from "../../core/cells.js";
import type { Tour } from "../../core/tour.js";
import { moveName, validateTour } from "../../core/validate.js";
import type { CommandContext } from "../context.js";
import { jsonEnvelope } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { FERS_WAZIR, fersWazirFault, isFersWazir } from "../fers-wazir-piece.js";
import { addGeometryOptions, type GeometryFlags, hasGeometry } from "../geometry-options.js";
import {
  inputLabel,
  readInput,
  readTourInputs,
  type TourEntry,
  tourEntries,
  worstExit,
} from "../input.js";
import { tidyMessage } from "../message.js";
import { verifyStreamed } from "../stream-verify.js";
import { geometryEntries, geometryFor } from "./verify-geometry.js";

interface VerifyFlags extends GeometryFlags {
  closed?: boolean;
  json?: boolean;
}

export function registerVerify(program: Command, context: CommandContext): void {
  const { io, maxBytes } = context;
  const command = program
    .command("verify")
    .description("check a tour (JSON, numbered grid or algebraic move list) and print its kind")
    .argument("[file]", "the tour to check; '-' or none reads standard input")
    .option("--closed", "require a closed tour")
    .option("--json", "print the verdict as JSON");
  addGeometryOptions(command)
    .addHelpText(
      "after",
      `
Tour JSON states its piece, topology and holes; a grid, a move list or a binary tour does not
(a grid shows holes as --), so give them with --piece, --topology, --holes or --mask.

Exit 1 means not a valid tour (the first fault is named).

--piece fers-wazir checks a closed tour of the king's moves that alternates fers (diagonal) and
wazir (orthogonal) moves, the closing move included.

Examples:
  knight tour 8 --closed --format json | knight verify
  knight verify tour.txt --closed
  knight tour 6 --topology torus | knight verify --topology torus`,
    )
    .action(async (file: string | undefined, options: VerifyFlags) => {
      // The geometry of the formats that do not carry one (absent: the knight's plain board).
      const geometry = hasGeometry(options) ? geometryFor(context, options) : undefined;
      const fersWazir = isFersWazir(options.piece);
      let entries: TourEntry[];
      try {
        // A binary tour is checked as it streams in (one bit a cell): it need not fit in memory.
        // (Not for fers–wazir tours: their alternation is checked on the tour held whole.)
        const streamed = fersWazir
          ? undefined
          : await verifyStreamed(file, io, maxBytes(), options.closed, geometry);
        if (streamed?.kind === "verdict") {
          const { board, closed, verdict } = streamed;
          if (!verdict.valid) {
            report(
              false,
              `${inputLabel(file)}invalid tour: ${verdict.message}`,
              undefined,
              undefined,
              board,
            );
            throw new CliExit(ExitCode.NoTour);
          }
          const kind = closed ? "closed" : "open";
          const extra =
            !closed && verdict.closable
              ? ` (its ends are ${moveName(board)} apart, so it also closes)`
              : "";
          report(
            true,
            `valid ${kind} tour of ${board} (${board.vertexCount} cells)${extra}`,
            undefined,
            kind,
            board,
          );
          return;
        }
        if (geometry === undefined) {
          entries =
            streamed?.kind === "bytes"
              ? tourEntries(streamed.bytes, "standard input", file, maxBytes())
              : await readTourInputs(file, io, maxBytes());
        } else {
          const input =
            streamed?.kind === "bytes"
              ? { bytes: streamed.bytes, source: "standard input" }
              : await readInput(file, io);
          entries = await geometryEntries(input, file, maxBytes(), geometry);
        }
      } catch (error) {
        // A text that reads but is no tour (a repeated cell) is a verdict like any other.
        // (A message-less exit is a verdict already reported: the streamed check's.)
        if (!(error instanceof CliExit && error.exitCode === ExitCode.NoTour && error.message)) {
          throw error;
        }
        entries = [{ line: undefined, error }];
      }
      const many = entries.length > 1;
      let valid = 0;
      for (const { line, tour, error } of entries) {
        // A text that reads but is no tour gets the same report as any invalid tour.
        if (error !== undefined || tour === undefined) {
          report(false, error?.message ?? "no tour", line);
          continue;
        }
        const at = line === undefined ? "" : `line ${line}: `;
        const message = verdictMessage(tour, fersWazir || options.closed, fersWazir);
        if (message.valid) valid++;
        report(
          message.valid,
          message.valid
            ? `${at}${message.text}`
            : `${inputLabel(file)}${at}invalid tour: ${message.text}`,
          line,
          message.kind,
          tour.board,
        );
      }
      if (many) {
        io.stderr.write(
          `knight verify: ${entries.length} tours (one per line): ${valid} valid, ${entries.length - valid} not\n`,
        );
      }
      const code = worstExit(entries);
      if (code !== ExitCode.Ok) throw new CliExit(code);
      if (valid < entries.length) throw new CliExit(ExitCode.NoTour);

      function report(
        ok: boolean,
        message: string,
        line: number | undefined,
        kind?: string,
        board?: { readonly rows: number; readonly cols: number },
      ): void {
        if (options.json) {
          io.stdout.write(
            `${jsonEnvelope("done", {
              ...(line === undefined ? {} : { line }),
              valid: ok,
              rows: board?.rows ?? null,
              cols: board?.cols ?? null,
              closed: kind === undefined ? null : kind === "closed",
              message,
            })}\n`,
          );
        } else if (ok) {
          io.stdout.write(`${message}\n`);
        } else {
          io.stderr.write(`knight verify: ${tidyMessage(message)}\n`);
        }
      }
    });
}

/**
 * The verdict on one tour: its kind when valid, else its first fault. `--closed` on a tour that
 * is a valid open tour says so ("the tour is open"), not that its last cell is wrong.
 */
function verdictMessage(
  tour: Tour,
  closedFlag: boolean | undefined,
  fersWazir = false,
): { valid: boolean; text: string; kind?: string } {
  const closed = closedFlag ?? tour.closed;
  const verdict = validateTour(tour.board, tour.path, { closed });
  if (verdict.valid && fersWazir) {
    const fault = fersWazirFault(tour.board, tour.path);
    if (fault !== undefined) return { valid: false, text: fault };
    return {
      valid: true,
      kind: "closed",
      text: `valid closed ${FERS_WAZIR} tour of ${tour.board.rows}×${tour.board.cols} (${tour.board.vertexCount} cells)`,
    };
  }
  if (!verdict.valid && fersWazir && verdict.fault.kind === "not-closed") {
    const first = formatCell(tour.board, tour.path[0]!);
    const last = formatCell(tour.board, tour.path[tour.path.length - 1]!);
    return {
      valid: false,
      text: `a ${FERS_WAZIR} tour is closed, and this one is open: its ends ${first} and ${last} are not a king's move apart`,
    };
  }
  if (!verdict.valid) {
    if (closedFlag === true && !tour.closed && verdict.fault.kind === "not-closed") {
      const first = formatCell(tour.board, tour.path[0]!);
      const last = formatCell(tour.board, tour.path[tour.path.length - 1]!);
      return {
        valid: false,
        text: `the tour is open: its ends ${first} and ${last} are not ${moveName(tour.board)} apart, and --closed asks for a closed tour`,
      };
    }
    return { valid: false, text: verdict.message };
  }
  const kind = closed ? "closed" : "open";
  const extra =
    !closed && verdict.closable
      ? ` (its ends are ${moveName(tour.board)} apart, so it also closes)`
      : "";
  return {
    valid: true,
    kind,
    text: `valid ${kind} tour of ${tour.board} (${tour.board.vertexCount} cells)${extra}`,
  };
}
