/**
 * One line of a JSON-lines file (checkpoints, journals) as an object, or undefined for a blank
 * line, a line that is not JSON, or JSON that is not an object: a kill can leave the last line
 * half written, and readers skip it rather than fail.
 */
export function parseJsonLine(line: string): Record<string, unknown> | undefined {
  if (line.trim() === "") return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
