import type { Board } from "../core/board.js";
import type { Existence } from "./exists.js";

/**
 * Closed giraffe ({1,4}-leaper) tours on 5×n, as far as this project settled them
 * (docs/results.md, "Closed giraffe tours on 5×n"; the certificate is
 * scripts/sweeps/giraffe-5xn.ts and its JSON lines). Odd n and the n without a 2-factor are
 * decided by the general rules before this one is asked; this one adds what took a count or a
 * tour: none for n = 8 and 16 (exact counts of 0), a tour for n = 24 and for every n ≥ 32 with
 * n ≡ 0 or 2 (mod 8) (found, then pumped by a loop of 8 columns), and says that n ≡ 4 or 6
 * (mod 8) from 36 on is an open question.
 */
export function giraffeFiveByN(board: Board, closed: boolean): Existence | null {
  if (!closed || board.piece.name !== "giraffe") return null;
  if (board.topology !== "plane" || board.holes.length > 0) return null;
  if (Math.min(board.rows, board.cols) !== 5) return null;
  const n = Math.max(board.rows, board.cols);
  const size = `${board.rows}×${board.cols}`;
  const where = `(docs/results.md, "Closed giraffe tours on 5×n")`;
  if (n === 8 || n === 16) {
    return {
      exists: false,
      reason: `the giraffe has no closed tour on ${size}: the frontier count of them is 0 (knight count ${board.rows}x${board.cols} --closed --piece giraffe) ${where}`,
    };
  }
  if (n === 24 || (n >= 32 && (n % 8 === 0 || n % 8 === 2))) {
    const how =
      n === 24
        ? "the project's search found one"
        : `a loop of 8 columns in a tour of 5×${n % 8 === 0 ? 32 : 34}, repeated, gives one`;
    return {
      exists: true,
      reason: `the giraffe has closed tours on ${size}: ${how} ${where}`,
    };
  }
  if (n >= 36 && n % 2 === 0) {
    return {
      exists: "unknown",
      reason: `whether the giraffe has a closed tour on ${size} is an open question: for n ≡ 4 or 6 (mod 8) from 36 on, 5×n has 2-factors but no tour is known and none is ruled out ${where}`,
    };
  }
  return null;
}
