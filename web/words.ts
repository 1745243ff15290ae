/**
 * The page's language. The library's reasons are written for the command line ("ask for a
 * closed tour (--closed)"); here they name the page's controls instead, and long numbers get
 * thousands separators.
 */
import type { Board } from "../src/index.js";

/** "knight's move", or for another piece "giraffe move", "1,5 move". */
export function moveWord(board: Board): string {
  return board.piece.name === "knight" ? "knight's move" : `${board.piece.name} move`;
}

/** `n` with thousands separators (1,234,567); bigints too. */
export function grouped(n: number | bigint): string {
  return n.toLocaleString("en");
}

/** Every run of five or more digits in `text` grouped by thousands (years and steps stay). */
export function groupDigits(text: string): string {
  return text.replace(/(?<![\d.,])\d{5,}(?![\d.])/g, (digits) => grouped(BigInt(digits)));
}

/** CLI phrases in the library's reasons, and what the page calls the same thing. */
const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/ \(--closed\)/g, " (tick “Closed tour”)"],
  [/,? ?drop --end/g, ""],
  [/try another --seed or --method search/g, "try another seed, or the search method"],
  [/\(try --method search\)/g, "(choose the search method)"],
  [/try --method search/g, "choose the search method"],
  [/use --method warnsdorff \(or auto\)/g, "choose the warnsdorff (or auto) method"],
  [/--method (\w+)/g, "the $1 method"],
  [/--node-limit/g, "the node limit"],
  [/--time-limit/g, "the time limit"],
  [/--seed/g, "the seed"],
  [/--closed/g, "“Closed tour”"],
  [/--start/g, "the start square"],
  [/--piece/g, "the piece"],
  [/--topology/g, "the edges"],
  [/--holes/g, "the holes"],
];

/**
 * A message from the library in the page's words. Text between backticks is a command quoted
 * on purpose (to run in a terminal) and stays as it is.
 */
export function pageWords(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) => {
      if (part.startsWith("`")) return part;
      let out = part;
      for (const [pattern, replacement] of PHRASES) out = out.replace(pattern, replacement);
      return groupDigits(out);
    })
    .join("");
}
