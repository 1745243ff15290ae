import type { Board } from "../core/board.js";
import { KNIGHT_MOVES } from "../core/graph.js";
import type { Links } from "./links.js";

/** A rectangle of cells: rows r0..r0+h-1, columns c0..c0+w-1. */
export interface Region {
  r0: number;
  c0: number;
  h: number;
  w: number;
}

export function inRegion(board: Board, cell: number, region: Region): boolean {
  const r = Math.floor(cell / board.cols) - region.r0;
  const c = (cell % board.cols) - region.c0;
  return r >= 0 && r < region.h && c >= 0 && c < region.w;
}

/**
 * Splice an open path (the tour of `block`, one of whose ends is `s`) into a cycle through the
 * rest of the board: for a knight's move s–c1 leaving the block, with c2 a cycle neighbour of
 * c1, drop c1–c2 and add s–c1. The result is one path. `s` must lie on the block's edge.
 */
export function spliceOpenPath(board: Board, links: Links, block: Region, s: number): void {
  const c1 = moveLeaving(board, block, s);
  const c2 = links.first[c1]!;
  links.relink(c1, c2, s);
  links.relink(c2, c1, -1);
  // s is the path's end: its one neighbour is in `first`, `second` is free.
  links.second[s] = c1;
}

/** A cell outside `block` a knight's move from `s` (a cell on the block's edge). */
export function moveLeaving(board: Board, block: Region, s: number): number {
  const { cols, rows } = board;
  const r = Math.floor(s / cols);
  const c = s % cols;
  for (const [dr, dc] of KNIGHT_MOVES) {
    const nr = r + dr;
    const nc = c + dc;
    if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) continue;
    const cell = nr * cols + nc;
    if (!inRegion(board, cell, block)) return cell;
  }
  throw new Error("internal: the open block has no move into the rest of the board");
}
