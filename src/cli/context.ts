import type { Command } from "commander";
import type { CliIO } from "./io.js";

/** What every command gets: the outside world and the settings shared by all commands. */
export interface CommandContext {
  readonly io: CliIO;
  /** Memory ceiling for one structure, in bytes (`--max-memory`, default half the machine's). */
  maxBytes(): number;
}

/** A command module adds one subcommand to the program. */
export type RegisterCommand = (program: Command, context: CommandContext) => void;
