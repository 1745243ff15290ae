import { OptionError } from "./errors.js";

/**
 * How the edges of the board meet. `plane`: they do not. `cylinder`: the left and right edges
 * are joined, so columns wrap (a move off the right edge comes back on the left). `torus`: rows
 * wrap too.
 */
export type Topology = "plane" | "cylinder" | "torus";

export const TOPOLOGIES: readonly Topology[] = Object.freeze(["plane", "cylinder", "torus"]);

export function parseTopology(text: string): Topology {
  const t = text.trim().toLowerCase();
  if ((TOPOLOGIES as readonly string[]).includes(t)) return t as Topology;
  throw new OptionError(
    `unknown topology '${text}': expected ${TOPOLOGIES.join(", ")} (cylinder: columns wrap; torus: rows and columns wrap)`,
    text,
  );
}

/** Whether columns wrap. */
export function wrapsColumns(topology: Topology): boolean {
  return topology !== "plane";
}

/** Whether rows wrap. */
export function wrapsRows(topology: Topology): boolean {
  return topology === "torus";
}
