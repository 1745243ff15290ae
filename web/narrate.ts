/**
 * Teaching mode's narration: each event of the search in words — why this move, what
 * Warnsdorff's rule would pick, why the knight steps back.
 */
import {
  type Board,
  formatCell,
  knightGraph,
  type TeachingReplay,
  type TraceReason,
} from "../src/index.js";
import { grouped } from "./words.js";

const REASONS: Readonly<Record<TraceReason, string>> = {
  "dead-end": "the knight would have nowhere to go",
  isolated: "it would leave an unvisited square with no way in or out",
  "second-end": "it would make a second square with only one way in, and a tour has one end",
  closing: "it would cut the last way back to the start, and the tour must close",
  parity: "the squares left could not be covered: their colours no longer balance",
  disconnected: "it would split the unvisited squares into parts no path can join",
  "not-closing": "the path would end away from the start, so the tour could not close",
  "wrong-end": "the path would end on the wrong square",
  "no-join": "the two halves could not be joined",
};

/** Unvisited knight's-move neighbours of `cell`, in the solver's fixed move order. */
function openFrom(board: Board, cell: number, visited: ReadonlySet<number>): number[] {
  const graph = knightGraph(board);
  const out: number[] = [];
  for (let i = graph.offsets[cell]!; i < graph.offsets[cell + 1]!; i++) {
    const next = graph.targets[i]!;
    if (!visited.has(next)) out.push(next);
  }
  return out;
}

/** The square Warnsdorff's rule picks among `choices`: fewest onward moves, first on ties. */
function warnsdorffPick(
  board: Board,
  choices: readonly number[],
  visited: ReadonlySet<number>,
): { cell: number; onward: number } | null {
  let best: { cell: number; onward: number } | null = null;
  for (const cell of choices) {
    const seen = new Set(visited);
    seen.add(cell);
    const onward = openFrom(board, cell, seen).length;
    if (best === null || onward < best.onward) best = { cell, onward };
  }
  return best;
}

const plural = (n: number, one: string, many: string) => `${grouped(n)} ${n === 1 ? one : many}`;

/** What the last event of `replay` means, in a sentence or two. */
export function narrate(
  board: Board,
  replay: TeachingReplay,
  order: "fixed" | "warnsdorff",
): string {
  const last = replay.last;
  const name = (cell: number) => formatCell(board, cell);
  const path = replay.path;
  if (last === null) return "";
  switch (last.kind) {
    case "visit": {
      if (path.length === 1)
        return `The knight starts on ${name(last.cell)}. ${
          order === "fixed"
            ? "From each square it tries the moves in a fixed order, and steps back when stuck."
            : "From each square it tries first the square with the fewest onward moves (Warnsdorff's rule)."
        }`;
      const from = path[path.length - 2]!;
      const before = new Set(path.slice(0, -1));
      const choices = openFrom(board, from, before);
      const pick = warnsdorffPick(board, choices, before);
      const move = `Move ${grouped(path.length - 1)}: ${name(from)} → ${name(last.cell)}`;
      if (path.length === board.vertexCount) return `${move}, the last unvisited square.`;
      const open = plural(choices.length, "square open", "squares open");
      if (order === "warnsdorff") {
        const onward = pick?.cell === last.cell ? pick.onward : null;
        return onward === null
          ? `${move}: the next choice from ${name(from)} after the first failed (${open}).`
          : `${move}: of ${open}, ${name(last.cell)} has the fewest onward moves (${grouped(onward)}), as Warnsdorff's rule says.`;
      }
      const rule =
        pick === null
          ? ""
          : pick.cell === last.cell
            ? ` Warnsdorff's rule agrees: ${name(last.cell)} has the fewest onward moves (${grouped(pick.onward)}).`
            : ` Warnsdorff's rule would pick ${name(pick.cell)} (${plural(pick.onward, "onward move", "onward moves")}).`;
      return `${move}, the next move in the fixed order not yet tried from ${name(from)} (${open}).${rule}`;
    }
    case "dead-end": {
      const back =
        path.length > 0 ? `: the knight steps back to ${name(path[path.length - 1]!)}` : "";
      const left = board.vertexCount - path.length - 1;
      if (left <= 0)
        return `Every square is visited, but the path does not end where the tour must${back}.`;
      return `Dead end on ${name(last.cell)}: no unvisited square is a knight's move away, and ${plural(left, "square is", "squares are")} still unvisited${back}.`;
    }
    case "backtrack":
      return path.length > 0
        ? `Every move from ${name(last.cell)} has been tried and failed: the knight steps back to ${name(path[path.length - 1]!)} to try its next move.`
        : `Every move from ${name(last.cell)} has been tried and failed.`;
    case "prune":
      return `The move to ${name(last.cell)} is taken back at once: ${REASONS[last.reason]}.`;
    case "restart":
      return `A new attempt begins on ${name(last.cell)} with an empty board.`;
  }
}
