/**
 * The gallery: tours worth knowing, each computed or checked by the library when shown — an
 * old tour read from its numbered grid and validated, symmetric tours found by the symmetry
 * module, an extremal tour from the census, a greedy walk that fails, a huge construction.
 */
import {
  Board,
  findSymmetricTour,
  formatCell,
  parseTour,
  solve,
  type Tour,
  validateTour,
} from "../src/index.js";
import { statsOf } from "./charts.js";
import { say, ui } from "./dom.js";
import { showGeometry } from "./geometry.js";
import type { PageStore } from "./store.js";
import { grouped } from "./words.js";

/** What the gallery needs from the page. */
export interface GalleryHost {
  readonly store: PageStore;
  setBoard(board: Board): void;
  layout(): void;
  refresh(): void;
}

interface Exhibit {
  readonly tour: Tour;
  /** What to say about it (shown in the message line). */
  readonly note: string;
  /** Whether it is a tour (false: a walk that got stuck). */
  readonly complete: boolean;
}

interface Item {
  readonly id: string;
  readonly title: string;
  readonly blurb: string;
  make(): Exhibit;
}

/** A tour given as its numbered grid, checked by the validator before it is shown. */
function fromGrid(grid: string, closed: boolean): Tour {
  const tour = parseTour(grid);
  const check = validateTour(tour.board, tour.path, { closed });
  if (!check.valid) throw new Error(`the gallery's tour is not valid: ${check.message}`);
  return tour;
}

const ITEMS: readonly Item[] = [
  {
    id: "adli",
    title: "al-ʿAdlī's tour, AD 842",
    blurb: "One of the oldest tours on record: closed, 8×8.",
    make() {
      const tour = fromGrid(
        `60 11 56  7 54  3 42  1
57  8 59 62 31 64 53  4
12 61 10 55  6 41  2 43
 9 58 13 32 63 30  5 52
34 17 36 23 40 27 44 29
37 14 33 20 47 22 51 26
18 35 16 39 24 49 28 45
15 38 19 48 21 46 25 50`,
        true,
      );
      return {
        tour,
        complete: true,
        note: "al-ʿAdlī's closed tour of AD 842, read from its numbered grid and checked by the validator. Note how it fills one half of the board, then the other.",
      };
    },
  },
  {
    id: "half-turn",
    title: "Unchanged by a half turn",
    blurb: "A closed 8×8 tour that maps onto itself under a 180° rotation.",
    make() {
      const result = findSymmetricTour(new Board(8, 8), { rotation: 180, seed: 1 });
      if (!result.tour) throw new Error(result.reason ?? "no symmetric tour");
      return {
        tour: result.tour,
        complete: true,
        note: "Turn the board upside down: the same tour. Found by the symmetry module's search, which builds half the tour and mirrors it.",
      };
    },
  },
  {
    id: "quarter-turn",
    title: "Unchanged by a quarter turn",
    blurb: "A closed 10×10 tour with 90° symmetry (8×8 has none).",
    make() {
      const result = findSymmetricTour(new Board(10, 10), { rotation: 90, seed: 1 });
      if (!result.tour) throw new Error(result.reason ?? "no symmetric tour");
      return {
        tour: result.tour,
        complete: true,
        note: "A quarter turn maps this tour onto itself. Such closed tours need n ≡ 2 (mod 4): on 8×8 a quarter turn changes every square's colour, and the tour cannot match.",
      };
    },
  },
  {
    id: "fewest-obtuse",
    title: "Only 4 obtuse turns",
    blurb: "A closed 8×8 tour found by the census's branch and bound.",
    make() {
      const tour = fromGrid(
        ` 1  4 61 38 59 40 47 44
62 37 64  3 46 43 58 41
 5  2 35 60 39 24 45 48
36 63  6 25 14 49 42 57
 7 18 13 34 23 56 29 50
12 21 10 15 26 53 32 55
17  8 19 22 33 30 51 28
20 11 16  9 52 27 54 31`,
        true,
      );
      const a = statsOf(tour).angles;
      return {
        tour,
        complete: true,
        note: `Turns: ${a.acute} acute, ${a.right} right, ${a.obtuse} obtuse, ${a.straight} straight (the statistics module's figures). Found by \`knight extreme 8 --closed --min obtuse\`; whether 4 is the least is not proved.`,
      };
    },
  },
  {
    id: "dead-end",
    title: "Warnsdorff's rule, stuck",
    blurb: "The greedy rule from e6, ties broken by move order, on 8×8.",
    make() {
      const board = new Board(8, 8);
      const start = board.cell(2, 4);
      const result = solve(board, { method: "warnsdorff", tieBreak: "first", start });
      const path = result.tour?.path ?? result.partial;
      if (!path) throw new Error("no walk");
      return {
        tour: { board, path, closed: false },
        complete: path.length === board.cells,
        note: `Warnsdorff's rule (go where the fewest onward moves remain) from ${formatCell(board, start)} with ties broken in move order gets stuck after ${path.length} of 64 squares: the rule is a heuristic, not a guarantee. Other tie-breaks (the Tour mode's menu) get through.`,
      };
    },
  },
  {
    id: "huge",
    title: "A 200×200 construction, zoomed",
    blurb: "40,000 squares, built by divide and conquer in milliseconds.",
    make() {
      const board = new Board(200, 200);
      const result = solve(board, { closed: true });
      if (!result.tour) throw new Error(result.reason ?? "no tour");
      return {
        tour: result.tour,
        complete: true,
        note: `A closed tour of ${grouped(board.cells)} squares, built from small tours of blocks joined at their edges (no search) in ${grouped(Math.round(result.stats.ms))} ms. Zoomed in, the view follows the knight; untick Zoom and tick Colour by step to see the order in which the blocks are visited.`,
      };
    },
  },
];

export class GalleryPanel {
  private readonly host: GalleryHost;
  /** The item on show. */
  current = ITEMS[0]!.id;

  constructor(host: GalleryHost) {
    this.host = host;
    for (const item of ITEMS) {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.item = item.id;
      const title = document.createElement("strong");
      title.textContent = item.title;
      const blurb = document.createElement("small");
      blurb.textContent = item.blurb;
      button.append(title, blurb);
      button.addEventListener("click", () => this.show(item.id));
      li.append(button);
      ui.gallery.append(li);
    }
  }

  /** Entering the gallery: show the current item. */
  enter(): void {
    this.show(this.current);
  }

  /** Show an item and play it back from the start. */
  show(id: string): void {
    const item = ITEMS.find((i) => i.id === id) ?? ITEMS[0]!;
    this.current = item.id;
    for (const b of ui.gallery.querySelectorAll<HTMLButtonElement>("button"))
      b.setAttribute("aria-current", String(b.dataset.item === item.id));
    const { store } = this.host;
    let exhibit: Exhibit;
    try {
      exhibit = item.make();
    } catch (error) {
      say(error instanceof Error ? error.message : String(error), "error");
      return;
    }
    const { tour } = exhibit;
    if (!tour.board.equals(store.board)) {
      store.setBoard(tour.board);
      showGeometry(tour.board);
      this.host.layout();
    }
    store.setTour(tour, "gallery");
    store.solveInfo = null;
    // Each is drawn move by move; a huge one zoomed in, the view following the knight (untick
    // Zoom to see the whole board).
    ui.zoom.checked = tour.path.length > 400;
    store.step = 0;
    store.playing = true;
    ui.canvas.dataset.status = "found";
    ui.canvas.dataset.item = item.id;
    say(exhibit.note, exhibit.complete ? "ok" : "info");
    this.host.refresh();
  }
}
