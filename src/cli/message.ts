/**
 * Messages echo what the user typed or what a file held, and either can be anything: a
 * 5000-character argument, a binary line, a control character that rewrites the terminal.
 * Every diagnostic the CLI prints goes through `tidyMessage`, so it stays one readable line
 * that still shows (the start of) the offending value.
 */

/** Quoted values longer than this are cut to their first `KEEP` characters and their length. */
const MAX_QUOTED = 60;
const KEEP = 40;
/** Lines longer than this are cut (a long unquoted value, a JSON fragment). */
const MAX_LINE = 400;

/** C0/C1 control characters other than tab and newline: shown escaped, never sent raw. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * A long quoted value: the quote opens after a space or bracket and closes before one (so the
 * text between two short quoted values is never taken for one).
 */
const LONG_SINGLE = /(?<=^|[\s(:=,[])'([^'\n]{61,})'(?=$|[\s,.;:)\]])/g;
const LONG_DOUBLE = /(?<=^|[\s(:=,[])"([^"\n]{61,})"(?=$|[\s,.;:)\]])/g;

/** `value` in single quotes, control characters escaped, a long value cut (with its length). */
export function quoteValue(value: string): string {
  return quoted(escapeControls(value), "'");
}

/** A message made safe and short for one line of standard error. */
export function tidyMessage(text: string): string {
  return escapeControls(text)
    .replace(LONG_SINGLE, (_, inner: string) => quoted(inner, "'"))
    .replace(LONG_DOUBLE, (_, inner: string) => quoted(inner, '"'))
    .split("\n")
    .map((line) =>
      line.length > MAX_LINE
        ? `${line.slice(0, MAX_LINE)}… (${line.length - MAX_LINE} more characters)`
        : line,
    )
    .join("\n");
}

function quoted(inner: string, mark: string): string {
  return inner.length > MAX_QUOTED
    ? `${mark}${inner.slice(0, KEEP)}…${mark} (${inner.length} characters)`
    : `${mark}${inner}${mark}`;
}

function escapeControls(text: string): string {
  return text.replace(CONTROL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
