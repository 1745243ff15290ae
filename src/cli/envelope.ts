/**
 * The one JSON envelope of every command's `--json`: an object whose first key is `status`,
 *
 *   - `"done"`: the work finished; the fields are the answer;
 *   - `"limit"`: a time or node limit ended it (exit 3); the fields are what was done so far;
 *   - `"aborted"`: Ctrl-C or SIGTERM ended it (exit 130); likewise;
 *   - `"error"`: it could not run (bad input, a write that failed…); `error` says why;
 *
 * followed by the command's fields, with one key for one idea across commands: `closed` (a
 * boolean, never `kind`), `count` for a number of tours (a decimal string: counts pass 2^53),
 * `rows`/`cols` and the geometry's keys for the board. docs/cli.md lists them.
 */
export type JsonStatus = "done" | "limit" | "aborted" | "error";

/** One line of JSON: `{"status":…, …fields}` (bigints as decimal strings). */
export function jsonEnvelope(
  status: JsonStatus,
  fields: Readonly<Record<string, unknown>>,
): string {
  return JSON.stringify({ status, ...fields }, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
}

/** The status of a result that ran to its end, a limit or an interrupt. */
export function statusOf(status: string): JsonStatus {
  return status === "limit" || status === "aborted" || status === "error" ? status : "done";
}

/**
 * `fields` with `count` beside `tours` (the same decimal string): census and extreme name their
 * number of tours `count`, the key every command uses for it, and keep `tours`, which
 * docs/cli.md promised them.
 */
export function withCount(fields: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, value]) =>
      key === "tours"
        ? [
            [key, value],
            ["count", value],
          ]
        : [[key, value]],
    ),
  );
}
