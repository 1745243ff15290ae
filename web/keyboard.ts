/**
 * The board from the keyboard: while it has focus, arrow keys move a cursor over the squares and
 * Enter (or space) picks the square under it — the start of a search, or a move in play mode.
 * A hidden live line tells screen readers where the cursor is and what is there.
 */
import { formatCell } from "../src/index.js";
import { ui } from "./dom.js";
import { holesMode } from "./geometry.js";
import type { Page } from "./page.js";
import { moveWord } from "./words.js";

/** What is on `cell`, for the cursor's announcement. */
function describe(page: Page, cell: number): string {
  const { store } = page;
  const name = formatCell(store.board, cell);
  if (holesMode() && store.mode !== "gallery")
    return store.board.isHole(cell)
      ? `${name}, a hole: Enter puts it back`
      : `${name}: Enter cuts it out`;
  if (store.board.isHole(cell)) return `${name}, a hole`;
  const tour = page.shownTour();
  if (tour) {
    const at = tour.path.indexOf(cell);
    if (at >= 0 && (store.mode !== "solve" || at < store.step)) return `${name}, step ${at + 1}`;
  }
  if (store.mode === "play" && page.play.game) {
    const game = page.play.game;
    if (game.moves === 0) return `${name}: Enter puts the knight here`;
    return game.candidates().some((c) => c.cell === cell)
      ? `${name}: a ${moveWord(store.board)}, Enter jumps here`
      : `${name}: not a ${moveWord(store.board)}`;
  }
  return name;
}

export function watchBoardKeys(page: Page): void {
  const { view } = page;
  const announce = () => {
    ui.cursorNote.textContent = describe(page, view.cursor);
    ui.canvas.dataset.cursor = String(view.cursor);
  };
  ui.canvas.addEventListener("focus", () => {
    view.showCursor = true;
    if (view.cursor >= page.store.board.cells) view.cursor = page.store.start;
    announce();
    page.draw();
  });
  ui.canvas.addEventListener("blur", () => {
    view.showCursor = false;
    page.draw();
  });
  ui.canvas.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const { rows, cols } = page.store.board;
    let r = Math.floor(view.cursor / cols);
    let c = view.cursor % cols;
    switch (event.key) {
      case "ArrowUp":
        r = Math.max(0, r - 1);
        break;
      case "ArrowDown":
        r = Math.min(rows - 1, r + 1);
        break;
      case "ArrowLeft":
        c = Math.max(0, c - 1);
        break;
      case "ArrowRight":
        c = Math.min(cols - 1, c + 1);
        break;
      case "Home":
        c = 0;
        break;
      case "End":
        c = cols - 1;
        break;
      case "Enter":
      case " ":
        event.preventDefault();
        page.pick(view.cursor);
        announce();
        return;
      default:
        return;
    }
    event.preventDefault();
    view.cursor = r * cols + c;
    announce();
    page.draw();
  });
}
