import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";
import { OptionError } from "../core/errors.js";

/**
 * `--piece fers-wazir`: fers moves (one step diagonally) and wazir moves (one step orthogonally)
 * in turn, closing into a cycle (OEIS A383153). It is not a leaper or a union — the moves are
 * the king's, the alternation is a rule on the tour — so only the commands that know the rule
 * take it: `count --closed` (the sweep of src/count/alternating.ts), `tour` (one tour read off
 * that sweep) and `verify` (checks the alternation). The others refuse it (exit 2) rather than
 * treat it as the king.
 *
 * This module is what every command reads (the flag's name, the refusal, the check): it
 * imports none of the counting code, which only `count` and `tour` load (fers-wazir.ts).
 */

export const FERS_WAZIR = "fers-wazir";

/** The union of its moves: the board of a fers–wazir tour is the king's. */
export const FERS_WAZIR_MOVES = "fers+wazir";

/** Whether `--piece` names the alternating fers–wazir rule. */
export function isFersWazir(piece: string | undefined): boolean {
  return piece !== undefined && piece.toLowerCase().replace(/\s+/g, "") === FERS_WAZIR;
}

/** The refusal of `--piece fers-wazir` by a command that does not know the rule. */
export function fersWazirRefused(): OptionError {
  return new OptionError(
    `--piece ${FERS_WAZIR} (fers and wazir moves in turn) is taken by count --closed, tour and verify only; other commands take a leaper or a union (fers+wazir moves as the king, without the alternation)`,
    FERS_WAZIR,
  );
}

/**
 * The first fault of `path` as a fers–wazir tour, or undefined: the caller has checked that it
 * is a closed tour of the king's moves; here every two moves in a row, the closing move and the
 * first included, must be one diagonal and one orthogonal.
 */
export function fersWazirFault(
  board: Board,
  path: Int32Array | readonly number[],
): string | undefined {
  const n = path.length;
  const diagonal = (i: number): boolean => {
    const a = path[i % n]!;
    const b = path[(i + 1) % n]!;
    return (
      Math.floor(a / board.cols) !== Math.floor(b / board.cols) && a % board.cols !== b % board.cols
    );
  };
  for (let i = 0; i < n; i++) {
    if (diagonal(i) !== diagonal(i + 1)) continue;
    const cells = [i, i + 1, i + 2].map((k) => formatCell(board, path[k % n]!)).join("–");
    const kind = diagonal(i) ? "diagonal (fers)" : "orthogonal (wazir)";
    return `moves ${i + 1} and ${((i + 1) % n) + 1} (${cells}) are both ${kind}: a ${FERS_WAZIR} tour alternates fers and wazir moves`;
  }
  return undefined;
}
