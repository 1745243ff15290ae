import { type Command, Option } from "commander";
import type { CliIO } from "./io.js";

/**
 * Old spellings of flags, kept working for a release: hidden from the help, each use prints
 * one deprecation line on standard error and sets the flag that replaced it. One short flag
 * means one thing in every command (`-o` is --out, `-n` is --limit), one long flag one idea
 * (`--limit` is how many tours or solutions, `--count` in cover is "count only").
 */
export function deprecatedAlias(
  command: Command,
  io: CliIO,
  flags: string,
  replacement: { readonly flag: string; readonly attribute: string },
  parse?: (value: string) => unknown,
): Command {
  const option = new Option(flags, `deprecated: ${replacement.flag}`).hideHelp();
  if (parse !== undefined) option.argParser(parse);
  command.addOption(option);
  command.hook("preAction", (self) => {
    const value = self.getOptionValue(option.attributeName());
    if (value === undefined) return;
    const spelled = option.long ?? option.short;
    io.stderr.write(
      `knight ${commandPath(self)}: note: ${spelled} is deprecated and will be removed; use ${replacement.flag}\n`,
    );
    self.setOptionValueWithSource(replacement.attribute, value, "cli");
  });
  return command;
}

/** `puzzle new` for a subcommand, `sample` for a command: the words after `knight`. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent != null; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}
