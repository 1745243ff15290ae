import type { Command } from "commander";

export const CLI_DOC_PATH: string;
export const EXIT_CODES_SOURCE_PATH: string;

export interface ExitCodeEntry {
  name: string;
  code: number;
  meaning: string;
}

/** The exit codes of exit-codes.ts with their TSDoc, checked against the runtime object. */
export function exitCodesFromSource(
  source: string,
  ExitCode: Readonly<Record<string, number>>,
): ExitCodeEntry[];

/** docs/cli.md as Markdown, from the program `createProgram` builds. */
export function cliReference(input: {
  createProgram: (io: never) => Command;
  ExitCode: Readonly<Record<string, number>>;
  exitCodesSource: string;
}): string;
