/**
 * Play mode: the player builds a tour by clicking knight's moves. The rules are KnightGame's
 * (src/play); this module turns clicks into moves and the game's state into sentences.
 */
import { formatCell, KnightGame, knightGraph, type Tour } from "../src/index.js";

type GameStatus = ReturnType<KnightGame["status"]>;

import { say, ui } from "./dom.js";
import type { PageStore } from "./store.js";
import { moveWord } from "./words.js";

/** What play mode needs from the page. */
export interface PlayHost {
  readonly store: PageStore;
  refresh(): void;
}

/**
 * The game's status, on a board with holes too: the game counts a tour done when every cell of
 * the rectangle is visited, but a hole is never visited, so the page counts the board's
 * vertices (cells minus holes) itself.
 */
export function playStatus(game: KnightGame): GameStatus {
  const { board } = game;
  if (board.holes.length === 0 || game.moves !== board.vertexCount) return game.status();
  const path = game.path;
  return path.length > 2 && knightGraph(board).adjacent(game.current, path[0]!)
    ? "closed-tour"
    : "open-tour";
}

/** The finished tour of the game, or null while the board is not covered. */
function playTour(game: KnightGame): Tour | null {
  const status = playStatus(game);
  if (status !== "open-tour" && status !== "closed-tour") return null;
  return { board: game.board, path: game.path, closed: status === "closed-tour" };
}

/** How long a refused square stays red (ms). */
const FLASH_MS = 400;

export class PlayController {
  private readonly host: PlayHost;
  game: KnightGame | null = null;

  constructor(host: PlayHost) {
    this.host = host;
  }

  /** A new game on the page's board. */
  reset(): void {
    this.game = new KnightGame(this.host.store.board);
    say("Click any square to put the knight there.");
  }

  /** Say how the game stands (and mark it on the canvas for tests). */
  describe(): void {
    const game = this.game!;
    const { board } = this.host.store;
    const status = playStatus(game);
    ui.canvas.dataset.game = status;
    if (status === "stuck")
      say(
        `Stuck after ${game.moves} squares: no unvisited square is a ${moveWord(board)} away. Undo and try another way.`,
        "error",
      );
    else if (status === "open-tour")
      say("You found an open tour: every square visited once!", "ok");
    else if (status === "closed-tour")
      say("You found a closed tour: the knight can jump back to the start!", "ok");
    else if (status === "playing") say(`${game.moves} of ${board.vertexCount} squares visited.`);
  }

  /** The player clicked `cell`: move there, or say why not. */
  click(cell: number): void {
    const game = this.game!;
    const { store } = this.host;
    if (game.move(cell)) {
      this.describe();
      const tour = playTour(game);
      if (tour) store.setTour(tour, "play");
    } else {
      store.flash = { cell, until: performance.now() + FLASH_MS };
      const from = game.current;
      say(
        game.path.includes(cell)
          ? `${formatCell(store.board, cell)} is already visited.`
          : `${formatCell(store.board, cell)} is not a ${moveWord(store.board)} from ${formatCell(store.board, from)}.`,
        "error",
      );
      ui.canvas.dataset.refused = String(Number(ui.canvas.dataset.refused ?? "0") + 1);
    }
    this.host.refresh();
  }

  undo(): void {
    if (this.game?.undo()) this.describe();
    this.host.refresh();
  }

  /** Replay moves from a link; an illegal one (a hand-edited link) stops the replay there. */
  replay(moves: Int32Array): void {
    if (!this.game) return;
    for (const cell of moves) if (!this.game.move(cell)) break;
    this.describe();
  }
}
