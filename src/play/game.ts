import type { Board } from "../core/board.js";
import { type KnightGraph, knightGraph } from "../core/graph.js";
import type { Tour } from "../core/tour.js";

/** A candidate move in play mode and its Warnsdorff hint: onward moves from there. */
export interface Candidate {
  readonly cell: number;
  /** Unvisited cells a knight could reach from `cell` after moving there. */
  readonly onward: number;
}

export type GameStatus = "start" | "playing" | "stuck" | "open-tour" | "closed-tour";

/**
 * The state of a tour a person builds by hand (the page's play mode): which moves are legal,
 * Warnsdorff's hint for each, undo, and whether the player is stuck or has finished. Any
 * geometry: the moves are the move graph's, and a tour covers every cell but the holes.
 */
export class KnightGame {
  readonly board: Board;
  private readonly graph: KnightGraph;
  private readonly visited: Uint8Array;
  private readonly cells: Int32Array;
  private length = 0;

  constructor(board: Board) {
    this.board = board;
    this.graph = knightGraph(board);
    this.visited = new Uint8Array(board.cells);
    this.cells = new Int32Array(board.cells);
  }

  /** The path so far (a copy). */
  get path(): Int32Array {
    return this.cells.slice(0, this.length);
  }

  get moves(): number {
    return this.length;
  }

  get current(): number {
    return this.length === 0 ? -1 : this.cells[this.length - 1]!;
  }

  /**
   * Whether `cell` can be played now: any cell but a hole first, then an unvisited cell one move
   * of the board's piece away.
   */
  isLegal(cell: number): boolean {
    if (!Number.isInteger(cell) || cell < 0 || cell >= this.board.cells) return false;
    if (this.length === 0) return !this.board.isHole(cell);
    return !this.visited[cell] && this.graph.adjacent(this.current, cell);
  }

  /** Play `cell`; returns false (and changes nothing) when the move is illegal. */
  move(cell: number): boolean {
    if (!this.isLegal(cell)) return false;
    this.visited[cell] = 1;
    this.cells[this.length++] = cell;
    return true;
  }

  /** Take back the last move; false when there is none. */
  undo(): boolean {
    if (this.length === 0) return false;
    this.visited[this.cells[--this.length]!] = 0;
    return true;
  }

  private onward(cell: number): number {
    const { offsets, targets } = this.graph;
    let d = 0;
    for (let i = offsets[cell]!; i < offsets[cell + 1]!; i++) {
      if (!this.visited[targets[i]!]) d++;
    }
    return d;
  }

  /** Legal next moves with their onward degree (Warnsdorff: prefer the smallest). */
  candidates(): Candidate[] {
    if (this.length === 0) return [];
    const { offsets, targets } = this.graph;
    const from = this.current;
    const list: Candidate[] = [];
    for (let i = offsets[from]!; i < offsets[from + 1]!; i++) {
      const cell = targets[i]!;
      if (!this.visited[cell]) list.push({ cell, onward: this.onward(cell) });
    }
    return list;
  }

  status(): GameStatus {
    if (this.length === 0) return "start";
    if (this.length === this.board.vertexCount) {
      return this.length > 2 && this.graph.adjacent(this.current, this.cells[0]!)
        ? "closed-tour"
        : "open-tour";
    }
    return this.candidates().length === 0 ? "stuck" : "playing";
  }

  /** The finished tour, or null while the board is not covered. */
  tour(): Tour | null {
    const status = this.status();
    if (status !== "open-tour" && status !== "closed-tour") return null;
    return { board: this.board, path: this.path, closed: status === "closed-tour" };
  }
}
