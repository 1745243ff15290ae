import type { Board } from "../core/board.js";
import { moveGraph } from "../core/graph.js";

/**
 * A counting obstruction to closed tours that a 2-factor cannot see. Split the cells into
 * classes and give each cell a sign, +1 or −1, so that every move inside a class joins cells of
 * opposite signs and every move between two classes joins two cells of sign +1. Then in any set
 * of moves giving every cell exactly two (a 2-factor, so any closed tour), summing sign × moves
 * over a class counts each inner move once with each sign and each outgoing move once with +1:
 * the moves leaving class X number exactly 2·s(X), where s(X) is the sum of its signs.
 *
 * So a closed tour needs whole numbers e(X, Y) of moves between each two classes, at most the
 * moves that join them, adding up to 2·s(X) at every class — and, being one circuit, with the
 * classes it links connected. When no such choice exists there is no closed tour, even where
 * 2-factors exist (they may split along the classes). Everything here is counted from the move
 * graph, and the conditions on the split are checked on every move, not assumed.
 */

export interface ClassSplit {
  readonly classes: number;
  /** The class of each cell (holes: −1). */
  readonly classOf: Int32Array;
  /** +1 or −1 for each cell. */
  readonly sign: Int8Array;
}

export interface ClassLink {
  readonly a: number;
  readonly b: number;
  /** How many moves join the two classes. */
  readonly moves: number;
}

export interface ClassBalance {
  /** s(X) for each class: a closed tour leaves class X exactly 2·s(X) times. */
  readonly segments: Int32Array;
  readonly links: readonly ClassLink[];
  /** A choice of moves per link meeting every class's count with the classes connected, or null. */
  readonly solution: Int32Array | null;
  /** When `solution` is null: whether some choice met the counts but left the classes apart. */
  readonly onlySplit: boolean;
}

/** Check the split against every move, and decide whether the counts can be met (see above). */
export function classBalance(board: Board, split: ClassSplit): ClassBalance {
  const graph = moveGraph(board);
  const segments = new Int32Array(split.classes);
  const linkIndex = new Map<number, number>();
  const links: { a: number; b: number; moves: number }[] = [];
  for (let v = 0; v < board.cells; v++) {
    if (board.isHole(v)) continue;
    const x = split.classOf[v]!;
    segments[x]! += split.sign[v]!;
    for (const w of graph.neighbours(v)) {
      const y = split.classOf[w]!;
      if (x === y) {
        if (split.sign[v] === split.sign[w]) throw splitError(board, v, w, "inside a class");
        continue;
      }
      if (split.sign[v] !== 1 || split.sign[w] !== 1) throw splitError(board, v, w, "between");
      if (x > y) continue; // each move once, from its lower class
      const key = x * split.classes + y;
      const at = linkIndex.get(key);
      if (at === undefined) {
        linkIndex.set(key, links.length);
        links.push({ a: x, b: y, moves: 1 });
      } else links[at]!.moves++;
    }
  }
  const { solution, onlySplit } = chooseLinks(segments, links);
  return { segments, links, solution, onlySplit };
}

function splitError(board: Board, v: number, w: number, where: string): RangeError {
  return new RangeError(
    `the class split does not fit ${board}: the move ${v}–${w} ${where === "between" ? "joins two classes but not two cells of sign +1" : "stays inside a class but joins cells of one sign"}`,
  );
}

/**
 * Depth-first over the links: each takes 0..moves, a class's last link takes what it still
 * needs. Small quotients only (a ring of classes has one free choice); a cap on the nodes makes
 * a larger one fail loudly rather than run on.
 */
function chooseLinks(
  segments: Int32Array,
  links: readonly ClassLink[],
): { solution: Int32Array | null; onlySplit: boolean } {
  const classes = segments.length;
  const need = Int32Array.from(segments, (s) => 2 * s);
  if (need.some((d) => d < 0) || (classes > 1 && need.some((d) => d === 0))) {
    return { solution: null, onlySplit: false };
  }
  const left = new Int32Array(classes); // moves still available on unassigned links
  for (const l of links) {
    left[l.a]! += l.moves;
    left[l.b]! += l.moves;
  }
  const choice = new Int32Array(links.length);
  let met = false;
  let nodes = 0;
  const visit = (i: number): boolean => {
    if (++nodes > 10_000_000) throw new RangeError("the class split has too many links to search");
    if (i === links.length) {
      if (need.some((d) => d !== 0)) return false;
      met = true;
      return connected(classes, links, choice);
    }
    const { a, b, moves } = links[i]!;
    left[a]! -= moves;
    left[b]! -= moves;
    const low = Math.max(0, need[a]! - left[a]!, need[b]! - left[b]!);
    const high = Math.min(moves, need[a]!, need[b]!);
    for (let e = low; e <= high; e++) {
      choice[i] = e;
      need[a]! -= e;
      need[b]! -= e;
      const found = visit(i + 1);
      need[a]! += e;
      need[b]! += e;
      if (found) return true;
    }
    left[a]! += moves;
    left[b]! += moves;
    return false;
  };
  if (visit(0)) return { solution: choice, onlySplit: false };
  return { solution: null, onlySplit: met };
}

function connected(classes: number, links: readonly ClassLink[], choice: Int32Array): boolean {
  const root = Int32Array.from({ length: classes }, (_, i) => i);
  const find = (x: number): number => {
    while (root[x] !== x) x = root[x] = root[root[x]!]!;
    return x;
  };
  let parts = classes;
  links.forEach((l, i) => {
    if (choice[i] === 0) return;
    const [ra, rb] = [find(l.a), find(l.b)];
    if (ra !== rb) {
      root[ra] = rb;
      parts--;
    }
  });
  return parts === 1;
}
