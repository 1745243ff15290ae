import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { geometryBoard } from "../geometry-options.js";
import { cellOption } from "../options.js";
import { PlaySession, runPlaySession, splitLines } from "../play-session.js";
import type { PlayFlags } from "./play.js";
import { wantsColor } from "./render.js";

/** The board is drawn after every move: larger boards would scroll by pages a move. */
const PLAY_MAX_CELLS = 10_000;

/** `knight play`: what registerPlay's action runs (loaded then, with the code it needs). */
export async function runPlay(
  boardSpec: string,
  flags: PlayFlags,
  context: CommandContext,
): Promise<void> {
  const { io } = context;
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
  const lines = io.readStdinLines?.() ?? splitLines(new TextDecoder().decode(await io.readStdin()));
  const summary = await runPlaySession(session, lines, {
    write: (text) => screen.write(text),
    echo: !io.stdinIsTTY,
  });
  if (flags.json === true) io.stdout.write(`${summary.json}\n`);
  if (summary.exitCode !== ExitCode.Ok) throw new CliExit(summary.exitCode as ExitCode);
}
