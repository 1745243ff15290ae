import type { Board } from "../core/board.js";
import { type ClassBalance, type ClassSplit, classBalance } from "./class-balance.js";
import type { Existence } from "./exists.js";

/**
 * Closed giraffe ({1,4}-leaper) tours on 5×n, as far as this project settled them
 * (docs/results.md, "Closed giraffe tours on 5×n"; the certificate is
 * scripts/sweeps/giraffe-5xn.ts and its JSON lines). Odd n and the n without a 2-factor are
 * decided by the general rules before this one is asked; this one adds what took a count or a
 * tour: none for n = 8 and 16 (exact counts of 0), none where the classes below cannot be
 * balanced (n = 36), and a tour for n = 24 and for every even n ≥ 32 but 36: tours of 5×24,
 * 5×32, 5×34, 5×38 and 5×44 were found, and the last four pumped by a loop of 8 columns. With
 * the general rules that settles every n.
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
  if (n >= 36 && n % 2 === 0) {
    const balance = classBalance(board, giraffeClasses(board));
    if (balance.solution === null) {
      return {
        exists: false,
        reason: `the giraffe has no closed tour on ${size}: ${unbalanced(board, balance)} ${where}`,
      };
    }
  }
  const base = n === 24 ? 24 : pumpedFrom(n);
  if (base !== null) {
    const how =
      base === n
        ? `a search found one (${n === 38 || n === 44 ? "scripts/sweeps/giraffe-search.ts" : "knight tour"})`
        : `a loop of 8 columns in a tour of 5×${base}, repeated, gives one (knight tour ${board.rows}x${board.cols} --closed --piece giraffe builds it)`;
    return { exists: true, reason: `the giraffe has closed tours on ${size}: ${how} ${where}` };
  }
  return null;
}

/** By n mod 8, the found tour whose loop of 8 columns, repeated, gives a tour of 5×n. */
const PUMPED_FROM: Readonly<Record<number, number>> = { 0: 32, 2: 34, 4: 44, 6: 38 };

function pumpedFrom(n: number): number | null {
  const base = PUMPED_FROM[n % 8];
  return base !== undefined && n >= base ? base : null;
}

/**
 * The giraffe's classes on a board 5 cells wide (row r across, column c along): column mod 4,
 * and the parity of r + ⌊c/4⌋. A (1,4) move keeps both, changing r and ⌊c/4⌋ by one each; a
 * (4,1) move joins rows 0 and 4, from class (k, p) to (k + 1, p), or (3, p) to (0, 1 − p): the
 * eight classes form a ring. Inside a class every move changes the row's parity, and the moves
 * between classes end in rows 0 and 4, so the sign is +1 on even rows (class-balance.ts).
 */
export function giraffeClasses(board: Board): ClassSplit {
  const across = board.rows === 5 ? "row" : "col";
  const classOf = new Int32Array(board.cells);
  const sign = new Int8Array(board.cells);
  for (let row = 0; row < board.rows; row++) {
    for (let col = 0; col < board.cols; col++) {
      const [r, c] = across === "row" ? [row, col] : [col, row];
      const v = board.cell(row, col);
      classOf[v] = (c % 4) + 4 * ((r + Math.floor(c / 4)) % 2);
      sign[v] = r % 2 === 0 ? 1 : -1;
    }
  }
  return { classes: 8, classOf, sign };
}

/** Why the ring of classes cannot be balanced, with its numbers, in class order around the ring. */
function unbalanced(board: Board, balance: ClassBalance): string {
  const [along, across] = board.rows === 5 ? ["column", "row"] : ["row", "column"];
  const ring = [0, 1, 2, 3, 4, 5, 6, 7];
  const out = ring.map((x) => 2 * balance.segments[x]!).join(", ");
  const between = ring.map((x) => {
    const y = ring[(x + 1) % 8]!;
    const link = balance.links.find((l) => (l.a === x && l.b === y) || (l.a === y && l.b === x));
    return link?.moves ?? 0;
  });
  const fails = balance.onlySplit
    ? "can meet those numbers only by leaving two links of the ring unused, which splits any 2-factor into separate circuits"
    : "cannot meet those numbers";
  return `its cells fall into 8 classes (${along} mod 4, and the parity of ${across} + ⌊${along}/4⌋) joined in a ring only by moves between ${across}s 0 and 4; inside a class every move changes the parity of the ${across}, so a closed tour leaves each class exactly 2(E − O) times (E, O: its cells in even and odd ${across}s), here ${out} around the ring, and the moves joining neighbouring classes (${between.join(", ")}) ${fails}`;
}
