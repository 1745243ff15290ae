import type { Command } from "commander";
import type { CommandContext } from "../context.js";
import { addGeometryOptions, type GeometryFlags } from "../geometry-options.js";

export interface PlayFlags extends GeometryFlags {
  start?: string;
  closed?: boolean;
  json?: boolean;
}

export function registerPlay(program: Command, context: CommandContext): void {
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
      const { runPlay } = await import("./play-run.js");
      await runPlay(boardSpec, flags, context);
    });
}
