import type { Board } from "../core/board.js";
import { checkMemory, DEFAULT_MAX_BYTES } from "../core/memory.js";
import { type ColumnWord, columnsTourOf } from "./column-words.js";

/**
 * Closed giraffe ({1,4}-leaper) tours of 5×n, built rather than searched for: the tours behind
 * docs/results.md's "Closed giraffe tours on 5×n" (scripts/sweeps/giraffe-5xn.jsonl, where the
 * column transfer checks that each loop returns to the state it left). A 5×24 tour, and tours of
 * 5×32, 5×34, 5×38 and 5×44 with the same loop of 8 columns after their second column:
 * repeating the loop t times gives a tour of 5×(32 + 8t), 5×(34 + 8t), 5×(38 + 8t) or
 * 5×(44 + 8t), so every even n ≥ 32 but 36 (which has none) is built in linear time. The
 * project's search finds 5×24 in about a second and none of the longer ones in minutes; 5×38 and
 * 5×44 came from scripts/sweeps/giraffe-search.ts (an exact sweep over the cells class by class,
 * and a beam of it).
 *
 * Words are column words (column-words.ts) written compactly: columns separated by spaces, the
 * five cells of a column by dots, each cell's offsets back as base-36 digits (1, 9, j = 19,
 * l = 21: the giraffe's reaches back in column-major order on five rows).
 */
interface Base {
  readonly words: string;
  /** Where the loop goes (after this many columns), and the loop; none for 5×24. */
  readonly at?: number;
  readonly loop?: string;
}

const LOOP = "....9 ....9 j.jl.jl.jl.9l j.j.jl.jl.9l j.jl.jl.jl.9l j.jl.jl.jl.9l ....9 j....9";

const BASES: Readonly<Record<24 | 32 | 34 | 38 | 44, Base>> = {
  24: {
    words:
      ".... 1....9 1.... 1....9 j.jl.jl.jl.l 1j.jl.jl.l.l 1j.j.jl.jl.l j.jl.jl.jl.l 1.l... 1....l ..l.j.9 .l...9 j.jl.j.jl.9l j.j.jl.jl.l 1j.jl.jl.j. 1.jl.jl.jl.l 1.l..l.9 j.l... 1...j.l .... 1.jl.jl.jl.9 1.jl.jl.jl.9l j.jl.jl.jl.9 1j.jl.jl.jl.9l",
  },
  32: {
    words:
      ".... 1....9 1....9 1....9 j.jl.jl.jl.9l j.j.jl.l.l j.j.jl.l.l j.j.jl.jl.l .l...9 j.l..j.9l j.l.j.j. 1..l.j. 1.jl.jl.jl.9l .jl.l.l.9l .l.l.jl.9l j..jl.jl.9 ....9 .l.j.l.9 .l.l.l.9 j..l.j.9 j.jl.jl.jl.9l .jl.jl.j.9 1.l.l.jl.9l j.j.jl.j.9 1....9 .l...l j...l.9 j....l j.jl.jl.jl.l 1.jl.jl.jl.9l j.jl.jl.jl.9 1j.jl.jl.jl.9l",
    at: 2,
    loop: LOOP,
  },
  34: {
    words:
      ".... 1....9 ....9 1....9 1j.jl.jl.jl.9l j.j.jl.jl.l j.jl.jl.l.l j.j.jl.l.l ....9 1j.l..j.9 1.l..j.l 1j..j.j. 1j.jl.jl.l.l j.j.j.l. 1.jl.l.l.l 1j.j.l.j.9l ...j.l 1.l.l.jl.9l ...l.l j..j.l.9 j.jl.jl.l.9 j.l..l. 1j.jl.l.jl.l j.j.l.j.l 1.l.j.j.9 1.jl.jl.jl.9 1.j..j.9 j...l.l j.j...l .... 1.jl.jl.jl.9 1j.jl.jl.jl.9 1.jl.jl.jl.l 1j.jl.jl.jl.9l",
    at: 2,
    loop: LOOP,
  },
  38: {
    words:
      ".... 1....9 1....9 1....9 j.jl.jl.jl.9l j.j.jl.l.9l j.j.jl.l.9l j.j.jl.jl.l 1....9 1..l..9l j.l.j..9 1..l..9 1j.j.jl.l.9l j..jl.l.l j..j.l.9l j..jl.l.l ..l..9l j..l.j.9l j.l.jl.l.9 1j..l.j.9l j.l.jl.l.l 1j..l.l.9l j....l j..l.l.l j....l 1j.j.l..l j.jl.jl.jl.l 1j.l.l.jl.9l j.jl.jl.l.l 1.j.jl.j.l 1....9 j...l. 1.l...l j....l j.jl.jl.jl.l 1j.jl.jl.jl.9 1.jl.jl.jl.l 1j.jl.jl.jl.9l",
    at: 2,
    loop: LOOP,
  },
  44: {
    words:
      ".... 1....9 ....9 1....9 1j.jl.jl.jl.l j.j.jl.jl.l j.jl.jl.l.9l j.jl.jl.l.l 1...j. 1..l.j.9 1.l.j.. 1.l.j..9 j.j.jl.jl.9 1j.jl.l..l j.j.j.j.l 1j.j.j.j.l 1.l.l.. 1.j.j.j.9l .l.jl.l. 1j...l.9l .j.jl.j.l .l.l.l.9l .l.jl.j.9 j.j.l.l.9l j.l.j.j.9 1j.l.j.l.9 .l.l.j.l 1..l.l.9l j.j...l j.j..j.l j.jl.j..9 j.l.jl.l. 1.jl.jl.jl.l 1j.j.j.jl.9 1.jl.j.j.l 1.l.jl.j.9 1....9 j...l. 1.j...l j....l j.jl.jl.jl.l 1j.jl.jl.jl.9 1.jl.jl.jl.l 1j.jl.jl.jl.9l",
    at: 2,
    loop: LOOP,
  },
};

/** Bytes a built tour holds per cell: two links and the path, 32-bit each. */
const BYTES_PER_CELL = 12;

function decode(text: string): ColumnWord[] {
  return text
    .split(" ")
    .map((column) =>
      column.split(".").map((cell) => Array.from(cell, (digit) => Number.parseInt(digit, 36))),
    );
}

/** The base a 5×n tour is pumped from, or null when this construction has none for n. */
function baseFor(n: number): { base: Base; repeats: number } | null {
  if (n === 24) return { base: BASES[24], repeats: 0 };
  if (n >= 32 && n % 8 === 0) return { base: BASES[32], repeats: (n - 32) / 8 };
  if (n >= 34 && n % 8 === 2) return { base: BASES[34], repeats: (n - 34) / 8 };
  if (n >= 38 && n % 8 === 6) return { base: BASES[38], repeats: (n - 38) / 8 };
  if (n >= 44 && n % 8 === 4) return { base: BASES[44], repeats: (n - 44) / 8 };
  return null;
}

/** Whether `giraffeFiveTour` builds a tour of `board`. */
export function canBuildGiraffeFive(board: Board): boolean {
  if (board.piece.name !== "giraffe" || board.topology !== "plane" || board.holes.length > 0) {
    return false;
  }
  return (
    Math.min(board.rows, board.cols) === 5 && baseFor(Math.max(board.rows, board.cols)) !== null
  );
}

/**
 * A closed giraffe tour of `board` (5×n or n×5) from `start` (default the first cell), as flat
 * cells; null when the construction does not cover the board (`canBuildGiraffeFive`).
 * Throws a MemoryLimitError when the tour would not fit in `maxBytes`.
 */
export function giraffeFiveTour(
  board: Board,
  options: { readonly start?: number | undefined; readonly maxBytes?: number | undefined } = {},
): Int32Array | null {
  if (!canBuildGiraffeFive(board)) return null;
  const n = Math.max(board.rows, board.cols);
  const { base, repeats } = baseFor(n)!;
  checkMemory(
    `building a giraffe tour of ${board.label}`,
    board.cells * BYTES_PER_CELL,
    options.maxBytes ?? DEFAULT_MAX_BYTES,
    board.label,
  );
  const words = decode(base.words);
  const loop = base.loop === undefined ? [] : decode(base.loop);
  const at = base.at ?? 0;
  const pumped = repeats * loop.length;
  const wordAt = (col: number) =>
    col < at
      ? words[col]!
      : col < at + pumped
        ? loop[(col - at) % loop.length]!
        : words[col - pumped]!;
  const wide = columnsTourOf(5, n, wordAt);
  if (wide === null) throw new Error(`internal: the giraffe words for 5×${n} make no tour`);
  // Cells of the 5×n board are r·n + c; on an n×5 board the same square is c·5 + r.
  const path = board.rows === 5 ? wide : wide.map((v) => (v % n) * 5 + Math.floor(v / n));
  const from = path.indexOf(options.start ?? path[0]!);
  return from <= 0
    ? path
    : Int32Array.from({ length: path.length }, (_, i) => path[(from + i) % path.length]!);
}
