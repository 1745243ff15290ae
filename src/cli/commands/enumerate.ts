import type { Command } from "commander";
import type { CommandContext } from "../context.js";
import { positiveInteger, seconds } from "../options.js";
import { addQueryOptions, type CountFlags } from "./count.js";

export interface EnumerateFlags
  extends Pick<
    CountFlags,
    | "closed"
    | "open"
    | "start"
    | "end"
    | "directed"
    | "undirected"
    | "nonClosable"
    | "piece"
    | "topology"
    | "holes"
    | "mask"
  > {
  limit?: number;
  timeLimit?: number;
  progress?: boolean;
}

export function registerEnumerate(program: Command, context: CommandContext): void {
  const { io } = context;
  addQueryOptions(
    program
      .command("enumerate")
      .description("list every tour (NDJSON: one tour JSON per line), as count counts them"),
    io,
  )
    // At least 1, as sample's: `--limit 0` once listed nothing and exited 0.
    .option("-n, --limit <n>", "stop after N tours", positiveInteger("--limit"))
    .option("--time-limit <seconds>", "stop after this long (exit 3)", seconds("--time-limit"))
    .option(
      "--progress",
      "show how many tours are listed on standard error even when it is not a terminal",
    )
    .addHelpText(
      "after",
      `
Each line is {"rows":R,"cols":C,"closed":…,"path":[[r,c],…]} (cells as 0-based [row, col]),
with "piece", "topology" and "holes" after "closed" on other boards.
Closed tours are listed once (from the start cell, default the top-left corner) unless
--directed; open tours once per direction unless --undirected.

Exit 0 also when --limit ended the listing; 1 when there is no such tour (the reason is
printed).

Examples:
  knight enumerate 3x4 --undirected          the 8 open tours of 3×4
  knight enumerate 6 --closed --limit 10
  knight enumerate 4 --piece wazir --closed  the 6 closed wazir tours of 4×4`,
    )
    .action(async (boardSpec: string, flags: EnumerateFlags) => {
      const { runEnumerate } = await import("./enumerate-run.js");
      await runEnumerate(boardSpec, flags, context);
    });
}
