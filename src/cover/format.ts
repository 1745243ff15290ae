/**
 * Named exact cover problems and Knuth's DLX text format (the input of his DLX1 program):
 *
 *     | comment lines start with a bar
 *     a b c d e f g | x y
 *     c e
 *     a d g
 *
 * The first line names the items, primary ones first; names after a lone `|` are secondary.
 * Every further line is one option: the names of its items. Names are any characters but
 * spaces, `|` and `:` (colours, `name:colour`, belong to DLX2 and are not supported).
 */

import { ErrorCode, KnightError } from "../core/errors.js";
import { DancingLinks, type DancingLinksOptions } from "./dlx.js";
import type { ExactCoverProblem } from "./types.js";

/** An exact cover problem whose items have names (and whose options list names). */
export interface NamedExactCover {
  readonly primary: readonly string[];
  readonly secondary?: readonly string[];
  readonly options: ReadonlyArray<readonly string[]>;
}

/** An indexed problem that remembers its item names: item k is `itemNames[k]`. */
export interface NamedCoverProblem extends ExactCoverProblem {
  readonly secondary: number;
  readonly itemNames: readonly string[];
  readonly options: readonly Int32Array[];
}

/** A DLX text or a named problem that cannot be read; `line` is 1-based when known. */
export class CoverFormatError extends KnightError {
  override readonly name = "CoverFormatError";
  readonly line: number | undefined;
  constructor(message: string, value: unknown, line?: number) {
    super(ErrorCode.BadCover, line === undefined ? message : `line ${line}: ${message}`, value);
    this.line = line;
  }
}

const NAME = /^[^\s|:]+$/;

/** Turn item names into indices, checking that every name is declared once and well formed. */
export function indexProblem(named: NamedExactCover): NamedCoverProblem {
  const secondary = named.secondary ?? [];
  const itemNames = [...named.primary, ...secondary];
  const index = new Map<string, number>();
  for (const name of itemNames) {
    if (!NAME.test(name)) {
      throw new CoverFormatError(
        `item name '${name}' is not allowed: names are non-empty, without spaces, '|' or ':'`,
        name,
      );
    }
    if (index.has(name)) throw new CoverFormatError(`item '${name}' is declared twice`, name);
    index.set(name, index.size);
  }
  const options = named.options.map((option, k) => {
    const items = new Int32Array(option.length);
    option.forEach((name, t) => {
      const i = index.get(name);
      if (i === undefined) {
        throw new CoverFormatError(`option ${k + 1} names '${name}', which is not an item`, name);
      }
      // Said here with the item's name: the links would only see "item 0 twice".
      if (items.subarray(0, t).includes(i)) {
        throw new CoverFormatError(`option ${k + 1} names '${name}' twice`, name);
      }
      items[t] = i;
    });
    return items;
  });
  return { primary: named.primary.length, secondary: secondary.length, itemNames, options };
}

/**
 * The front door for any exact cover problem: builds the dancing links of a problem given by
 * names (`{ primary: ["a", ...], secondary?: [...], options: [["a", "d"], ...] }`) or by
 * indices (`{ primary: 7, options: [[0, 3], ...] }`). Then call `count()`, `first()` or
 * `solutions()` on it.
 *
 * @example
 * ```ts
 * import { exactCover } from "knight-tours";
 *
 * // Knuth's example: one solution, options 3 (a d f), 4 (b g) and 0 (c e).
 * const problem = exactCover({
 *   primary: ["a", "b", "c", "d", "e", "f", "g"],
 *   options: [["c", "e"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d", "f"], ["b", "g"], ["d", "e", "g"]],
 * });
 * console.log(problem.count().count); // → 1
 * console.log([...problem.first().solution!].join(" ")); // → 3 4 0
 * ```
 */
export function exactCover(
  problem: NamedExactCover | ExactCoverProblem,
  options: DancingLinksOptions = {},
): DancingLinks {
  const indexed = isNamed(problem) ? indexProblem(problem) : problem;
  return new DancingLinks(indexed, options);
}

function isNamed(problem: NamedExactCover | ExactCoverProblem): problem is NamedExactCover {
  return typeof problem.primary !== "number";
}

/** Read a problem in Knuth's DLX format. */
export function parseDlx(text: string): NamedCoverProblem {
  const lines = text.split(/\r?\n/);
  let primary: string[] | undefined;
  let secondary: string[] = [];
  let itemsLine = 0;
  const options: string[][] = [];
  const optionLines: number[] = [];
  lines.forEach((raw, at) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("|")) return;
    const words = line.split(/\s+/);
    const colon = words.find((w) => w.includes(":"));
    if (colon !== undefined) {
      throw new CoverFormatError(
        `'${colon}' has a colour; colours (DLX2) are not supported`,
        colon,
        at + 1,
      );
    }
    if (primary === undefined) {
      itemsLine = at + 1;
      const bar = words.indexOf("|");
      if (bar >= 0 && words.indexOf("|", bar + 1) >= 0) {
        throw new CoverFormatError("the item line has more than one '|'", line, at + 1);
      }
      primary = bar >= 0 ? words.slice(0, bar) : words;
      secondary = bar >= 0 ? words.slice(bar + 1) : [];
      return;
    }
    if (words.includes("|")) {
      throw new CoverFormatError("'|' is only allowed on the item line", line, at + 1);
    }
    options.push(words);
    optionLines.push(at + 1);
  });
  if (primary === undefined) {
    throw new CoverFormatError("no item line: the first line must name the items", text);
  }
  if (primary.length === 0) {
    throw new CoverFormatError("the item line names no primary item", text, itemsLine);
  }
  try {
    return indexProblem({ primary, secondary, options });
  } catch (error) {
    if (!(error instanceof CoverFormatError)) throw error;
    // Point at the line: an unknown name is in an option, a bad or repeated one on the item line.
    const option = /^option (\d+) /.exec(error.message);
    const line = option ? optionLines[Number(option[1]) - 1] : itemsLine;
    const message = option ? error.message.replace(/^option \d+ /, "the option ") : error.message;
    throw new CoverFormatError(message, error.value, line);
  }
}

/** Write a problem in Knuth's DLX format (the inverse of `parseDlx`). */
export function formatDlx(problem: NamedCoverProblem | NamedExactCover): string {
  const named: NamedCoverProblem =
    "itemNames" in problem ? problem : indexProblem(problem as NamedExactCover);
  const names = named.itemNames;
  const head = names.slice(0, named.primary).join(" ");
  const tail = named.secondary > 0 ? ` | ${names.slice(named.primary).join(" ")}` : "";
  const lines = [head + tail];
  for (const option of named.options) {
    lines.push(Array.from(option, (i) => names[i]!).join(" "));
  }
  return `${lines.join("\n")}\n`;
}

/** The options of a solution as DLX lines (item names), one per option. */
export function formatSolution(problem: NamedCoverProblem, solution: ArrayLike<number>): string {
  const lines: string[] = [];
  for (let k = 0; k < solution.length; k++) {
    const option = problem.options[solution[k]!]!;
    lines.push(Array.from(option, (i) => problem.itemNames[i]!).join(" "));
  }
  return lines.join("\n");
}
