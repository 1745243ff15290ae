/**
 * The interactive page: a tour on first sight; solve (in a Web Worker), play back, watch the
 * solver's search, play by hand, count, a gallery, export and share. All pictures come from
 * src/render; all tours from the library.
 *
 * This module wires the page together: controls to actions, keys, and the hooks the browser
 * tests read. What each part does lives in its own module (page.ts lists them).
 */
import { Board, formatTourJson, solve } from "../src/index.js";
import { fillMenus, say, ui } from "./dom.js";
import { fillPieceMenu, holesMode, setHolesMode } from "./geometry.js";
import { watchBoardKeys } from "./keyboard.js";
import { Page } from "./page.js";
import { playStatus } from "./play.js";
import { speedFromSlider } from "./playback.js";
import { haloOutside } from "./probe.js";
import { teachNodes } from "./stats-panel.js";
import type { Mode } from "./store.js";
import { exportJson, exportPng, exportSvg, importTour, showNextImported } from "./transfer.js";

fillMenus();
fillPieceMenu();
const page = new Page();
const { store, playback, teach, play, solver, counter } = page;

// ---------------------------------------------------------------- settings and modes

ui.settings.addEventListener("submit", (event) => {
  event.preventDefault();
  if (store.mode === "solve") solver.start();
});
ui.stop.addEventListener("click", () => solver.stop());
for (const input of [ui.rows, ui.cols, ui.piece, ui.leaps, ui.topology]) {
  input.addEventListener("change", () => {
    if (input === ui.piece && ui.piece.value === "custom") {
      // Other leaps are typed: the field starts from the piece on show.
      ui.leapsLabel.hidden = false;
      ui.leaps.focus();
      return;
    }
    const board = page.readBoard();
    if (board) page.setBoard(board);
  });
}
ui.holesMode.addEventListener("click", () => {
  const on = !holesMode();
  setHolesMode(on);
  say(
    on
      ? "Holes mode: click squares (or arrow keys and Enter on the board) to cut them out or put them back. Press Edit holes again when done."
      : `Holes mode off: ${store.board} has ${store.board.vertexCount} squares to visit.`,
  );
});
ui.holesClear.addEventListener("click", () => {
  const { board } = store;
  page.setBoard(
    new Board(board.rows, board.cols, { piece: board.piece, topology: board.topology }),
  );
  say(`No holes: ${store.board} has ${store.board.vertexCount} squares to visit.`);
});
for (const input of [ui.closed, ui.method, ui.tieBreak, ui.symmetry, ui.seed])
  input.addEventListener("change", () => page.writeUrl());
const tabs = [...document.querySelectorAll<HTMLButtonElement>(".modes button")];
for (const button of tabs) {
  button.addEventListener("click", () => page.setMode(button.dataset.mode as Mode));
  // The tabs pattern: arrow keys move between tabs (each tab is one Tab stop).
  button.addEventListener("keydown", (event) => {
    const at = tabs.indexOf(button);
    const to =
      event.key === "ArrowRight"
        ? (at + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (at + tabs.length - 1) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    event.stopPropagation();
    tabs[to]!.focus();
    page.setMode(tabs[to]!.dataset.mode as Mode);
  });
}

ui.canvas.addEventListener("click", (event) => {
  const cell = page.view.cellAt(store.board, event);
  if (cell !== null) page.pick(cell);
});
watchBoardKeys(page);
ui.countRun.addEventListener("click", () => counter.start());
ui.countConfirm.addEventListener("click", () => counter.start(true));
ui.countStop.addEventListener("click", () => counter.stop());
ui.censusRun.addEventListener("click", () => counter.runCensus());
ui.countClosed.addEventListener("change", () => {
  counter.reset();
  page.refresh();
});
for (const input of [ui.showCrossings, ui.showTarnish, ui.zoom])
  input.addEventListener("change", () => page.refresh());

// ---------------------------------------------------------------- playback

ui.first.addEventListener("click", () => playback.setStep(0));
ui.back.addEventListener("click", () => playback.setStep(store.step - 1));
ui.forward.addEventListener("click", () => playback.setStep(store.step + 1));
ui.last.addEventListener("click", () => playback.setStep(Number.POSITIVE_INFINITY));
ui.play.addEventListener("click", () => playback.toggle());
ui.scrub.addEventListener("input", () => {
  store.playing = false;
  playback.setStep(Number(ui.scrub.value));
});
ui.speed.addEventListener("input", () => {
  store.speed = speedFromSlider(Number(ui.speed.value));
  ui.speedLabel.value = `${store.speed}/s`;
});
ui.gradient.addEventListener("change", () => page.refresh());

// ---------------------------------------------------------------- teach and play

ui.teachRun.addEventListener("click", () => {
  teach.toggle();
  playback.wake();
});
ui.teachStep.addEventListener("click", () => teach.stepOnce());
ui.teachReset.addEventListener("click", () => {
  teach.reset();
  page.refresh();
});
for (const input of [ui.teachOrder, ui.teachClosed])
  input.addEventListener("change", () => {
    teach.reset();
    page.refresh();
  });
ui.undo.addEventListener("click", () => play.undo());
ui.playReset.addEventListener("click", () => {
  play.reset();
  page.refresh();
});
ui.hints.addEventListener("change", () => page.refresh());

// ---------------------------------------------------------------- save and share

ui.exportSvg.addEventListener("click", () => {
  const tour = page.shownTour();
  if (tour) exportSvg(tour, ui.gradient.checked);
});
ui.exportJson.addEventListener("click", () => {
  const tour = page.shownTour();
  if (tour) exportJson(tour);
});
ui.exportPng.addEventListener("click", () => exportPng(ui.canvas, store.board));
ui.importFile.addEventListener("change", () => {
  const file = ui.importFile.files?.[0];
  if (file) void importTour(file, page);
  ui.importFile.value = "";
});
ui.importNext.addEventListener("click", () => showNextImported(page));
ui.copyLink.addEventListener("click", async () => {
  page.writeUrl();
  try {
    await navigator.clipboard.writeText(location.href);
    say("Link copied.", "ok");
  } catch {
    say("Copy the address from the address bar to share this view.");
  }
});

// ---------------------------------------------------------------- keys and resizing

document.addEventListener("keydown", (event) => {
  const target = event.target as HTMLElement;
  if (target.closest("input, select, textarea, [role=tab]") || target === ui.canvas) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const solving = store.mode === "solve" || store.mode === "gallery";
  if (event.key === " ") {
    if (target.tagName === "BUTTON" && target !== ui.play) return;
    if (!solving && store.mode !== "teach") return;
    event.preventDefault();
    playback.toggle();
  } else if (event.key === "ArrowRight" && solving) {
    event.preventDefault();
    store.playing = false;
    playback.setStep(store.step + 1);
  } else if (event.key === "ArrowLeft" && solving) {
    event.preventDefault();
    store.playing = false;
    playback.setStep(store.step - 1);
  } else if (event.key === "Home" && solving) {
    playback.setStep(0);
  } else if (event.key === "End" && solving) {
    playback.setStep(Number.POSITIVE_INFINITY);
  } else if (event.key === "ArrowRight" && store.mode === "teach") {
    event.preventDefault();
    ui.teachStep.click();
  }
});

let resizeTimer = 0;
window.addEventListener("resize", () => {
  window.clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(() => {
    page.layout();
    page.refresh();
  }, 100);
});

// ---------------------------------------------------------------- test and console hooks

declare global {
  interface Window {
    __knight?: unknown;
  }
}
window.__knight = {
  /** The shown tour as Tour JSON (cells as [row, col]), or null. */
  tour: () => {
    const tour = page.shownTour();
    return tour ? JSON.parse(formatTourJson(tour)) : null;
  },
  state: () => {
    const replay = teach.replay;
    return {
      mode: store.mode,
      rows: store.board.rows,
      cols: store.board.cols,
      start: store.start,
      step: store.step,
      playing: store.playing,
      cellSize: page.view.cellSize,
      status: ui.canvas.dataset.status ?? "",
      game: play.game ? playStatus(play.game) : null,
      teachEnd: ui.canvas.dataset.teachEnd ?? "",
      teach: replay
        ? {
            path: replay.path.length,
            tried: replay.tried,
            deadEnds: replay.deadEnds,
            backtracks: replay.backtracks,
            done: replay.done,
            events: replay.events,
            nodes: teachNodes(replay),
          }
        : null,
    };
  },
  /** Puzzle mode: the puzzle on show (clues and the player's numbers by cell), or null. */
  puzzle: () => {
    const p = page.puzzle;
    if (!p.board) return null;
    return {
      rows: p.board.rows,
      cols: p.board.cols,
      clues: [...p.clues],
      entries: [...p.entries],
      difficulty: p.difficulty,
      code: p.code,
      run: p.run(),
      solved: p.solved,
    };
  },
  /** Where the board is drawn in the canvas (CSS pixels), for tests that click or read pixels. */
  geometry: () => ({ left: page.view.left, cellSize: page.view.cellSize }),
  /**
   * The pixels of step number `n` drawn by the library on a dark square of `size` px: whether
   * any pixel of the halo's colour lies outside the glyph's box grown by the halo's width.
   */
  haloOutside: (n: number, size: number) => haloOutside(n, size),
  metrics: page.metrics,
  /** Teaching mode: show the next `count` events of the search at once (as `count` Steps). */
  teachSteps: (count: number) => teach.stepOnce(count),
  /** Draw the current view `frames` times at successive steps and return the times (ms). */
  benchmarkPlayback: (frames: number) => {
    const times: number[] = [];
    const n = store.tour?.path.length ?? 0;
    for (let i = 0; i < frames && n > 0; i++) {
      store.step = 1 + ((i * 97) % n);
      const began = performance.now();
      page.draw();
      // Force rasterisation (a 1-pixel read-back) so the time covers real drawing.
      page.view.ctx.getImageData(0, 0, 1, 1);
      times.push(performance.now() - began);
    }
    return times;
  },
};

// ---------------------------------------------------------------- start

store.speed = speedFromSlider(Number(ui.speed.value));
ui.speedLabel.value = `${store.speed}/s`;
if (page.readUrl()) firstSight();
if (page.pendingStep !== null) {
  const wanted = page.pendingStep;
  const watch = new MutationObserver(() => {
    if (ui.canvas.dataset.status === "found") {
      watch.disconnect();
      playback.setStep(wanted);
    }
  });
  watch.observe(ui.canvas, { attributes: true, attributeFilter: ["data-status"] });
}
playback.wake();
ui.canvas.dataset.ready = "1";

/**
 * A first visit opens on a tour being drawn: the closed 8×8 tour Find a tour gives with Closed
 * tour ticked, found here on the page's thread (a few milliseconds) so no worker start delays it.
 */
function firstSight(): void {
  const board = new Board(8, 8);
  ui.closed.checked = true;
  page.setBoard(board);
  const result = solve(board, { closed: true, start: 0 });
  if (!result.tour) return;
  store.setTour(result.tour, "solve");
  store.solveInfo = {
    status: result.status,
    ...(result.stats.method === undefined ? {} : { method: result.stats.method }),
    nodes: result.stats.nodes,
    ms: result.stats.ms,
  };
  store.step = 0;
  store.playing = true;
  ui.canvas.dataset.status = "found";
  say(
    "A closed knight's tour: the knight visits every square once and ends a move away from its start. Find a tour for another board, or watch a search learn in Teach.",
    "ok",
  );
  page.refresh();
  // The canvas is drawn; the next frame shows it (the benchmark reads this mark).
  requestAnimationFrame(() => performance.mark("knight:first-tour"));
}
