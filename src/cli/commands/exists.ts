import type { Command } from "commander";
import type { CommandContext } from "../context.js";
import { addGeometryOptions, type GeometryFlags } from "../geometry-options.js";
import { positiveInteger, seconds } from "../options.js";
import { DEFAULT_SEARCH_MS } from "./defaults.js";

export interface ExistsFlags extends GeometryFlags {
  closed?: boolean;
  start?: string;
  end?: string;
  json?: boolean;
  search?: boolean;
  timeLimit?: number;
  nodeLimit?: number;
  progress?: boolean;
}

export function registerExists(program: Command, context: CommandContext): void {
  const command = program
    .command("exists")
    .description("say whether a tour can exist, and why (theorems first, then a bounded search)")
    .argument("<board>", "N (an N×N board) or RxC, e.g. 8 or 6x8")
    .option("-c, --closed", "ask about closed tours")
    .option("-s, --start <cell>", "required first cell")
    .option("-e, --end <cell>", "required last cell")
    .option("--json", "print the answer as JSON")
    .option("--no-search", "answer from the theorems only (may answer 'unknown')")
    .option(
      "--time-limit <seconds>",
      `how long a search may try when no theorem decides (default ${DEFAULT_SEARCH_MS / 1000})`,
      seconds("--time-limit"),
    )
    .option(
      "--node-limit <n>",
      "how many search nodes that search may spend (exit 3 when spent)",
      positiveInteger("--node-limit"),
    )
    .option(
      "--progress",
      "show the search's progress on standard error even when it is not a terminal",
    );
  addGeometryOptions(command)
    .addHelpText(
      "after",
      `
Exit 0 a tour exists; 1 none exists (the reason is printed); 3 undecided (no theorem
applies and the search ran out of time).

Examples:
  knight exists 5 --closed           no: a closed tour needs an even number of cells
  knight exists 4x5 --start b2       no: 4-row tours start in an outer row
  knight exists 3x10 --closed --json
  knight exists 8 --piece camel      no: a camel never changes the colour of its square
  knight exists 8 --holes a1,h8      no: 32 cells of one colour and 30 of the other
  knight exists 5x5 --topology torus --closed    yes: every torus has a closed tour`,
    )
    .action(async (boardSpec: string, flags: ExistsFlags) => {
      const { runExists } = await import("./exists-run.js");
      await runExists(boardSpec, flags, context);
    });
}
