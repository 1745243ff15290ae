import type { Command } from "commander";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { addGeometryOptions, type GeometryFlags, geometryBoard } from "../geometry-options.js";
import { cellOption } from "../options.js";
import { PlaySession, runPlaySession, splitLines } from "../play-session.js";
import { wantsColor } from "./render.js";

interface PlayFlags extends GeometryFlags {
  start?: string;
  closed?: boolean;
  json?: boolean;
}

/** The board is drawn after every move: larger boards would scroll by pages a move. */
export const PLAY_MAX_CELLS = 10_000;

export function registerPlay(program: Command, context: CommandContext): void {
  const { io } = context;
  const command = program
    .command("play")
    .description("play a knight's tour in the terminal: type the moves, ask for hints")
    .argument("<board>", "N (an N×N board) or RxC, e.g. 8 or 6x8")
    .option(
      "-s, --start <cell>",
      "first square, a1-style or row,col (default: the player types it)",
    )
    .option(
      "-c, --closed",
      "aim for a closed tour (the last square a knight's move from the first)",
    )
    .option(
      "--json",
      "print the path played as tour JSON on standard output at the end (the game itself goes to standard error)",
    );
  addGeometryOptions(command)
    .addHelpText(
      "after",
      `
Moves are squares (c3, or 2,1 as row,column from the top-left); commands are undo, hint
(the legal moves with their onward moves), board, json, help and quit. Illegal moves are
refused with the reason. Reads standard input line by line, so it also plays from a pipe
(without a terminal: no colour unless FORCE_COLOR is set, each line echoed after its prompt).

Examples:
  knight play 5                      pick the start square, then play
  knight play 8 --start a1 --closed
  printf 'a1\\nb3\\nhint\\nquit\\n' | knight play 5
  knight play 5 --start a1 --json < moves.txt | knight verify
  knight play 6 --topology torus     moves leave one edge and come back on the opposite one
  knight play 8 --holes d4,e5        the board minus two squares

Exit 0 a tour was completed (a closed one with --closed) or the player typed quit; 1 the
input ended first (stuck, unfinished, or open when --closed asked for closed).`,
    )
    .action(async (boardSpec: string, flags: PlayFlags) => {
      const board = await geometryBoard(context, boardSpec, flags);
      if (board.cells > PLAY_MAX_CELLS) {
        throw new CliExit(
          ExitCode.BadInput,
          `the game draws the board after every move: boards up to ${PLAY_MAX_CELLS} squares (100x100); ${board} has ${board.cells}`,
        );
      }
      const start = cellOption(flags.start, board, "--start");
      // With --json, standard output carries the tour alone; the game goes to standard error.
      const screen = flags.json === true ? io.stderr : io.stdout;
      const session = new PlaySession(board, {
        closed: flags.closed === true,
        color: wantsColor(io, screen),
        ...(start === undefined ? {} : { start }),
      });
      const lines =
        io.readStdinLines?.() ?? splitLines(new TextDecoder().decode(await io.readStdin()));
      const summary = await runPlaySession(session, lines, {
        write: (text) => screen.write(text),
        echo: !io.stdinIsTTY,
      });
      if (flags.json === true) io.stdout.write(`${summary.json}\n`);
      if (summary.exitCode !== ExitCode.Ok) throw new CliExit(summary.exitCode as ExitCode);
    });
}
