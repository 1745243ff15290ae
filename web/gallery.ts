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
    blurb: "Knuth's tour: the fewest obtuse turns of any closed 8×8 tour, proved.",
    make() {
      const tour = fromGrid(
        ` 1  4 63 14 11 16 23 20
62 13  2  5 22 19 10 17
 3 64 59 12 15  8 21 24
58 61  6 39 28 25 18  9
41 50 57 60  7 38 29 26
56 53 40 47 44 27 32 35
49 42 51 54 37 34 45 30
52 55 48 43 46 31 36 33`,
        true,
      );
      const s = statsOf(tour);
      const a = s.angles;
      const half = s.symmetries.some((x) => x.transform === "rotate180");
      return {
        tour,
        complete: true,
        note: `Turns: ${a.acute} acute, ${a.obtuse} obtuse, ${a.orthogonal} orthogonal (the statistics module's figures, in Knuth's groups, where a straight pass counts as obtuse and as orthogonal: this tour makes ${a.straight === 0 ? "none" : a.straight}).${half ? " A half turn maps it onto itself." : ""} \`knight extreme 8 --closed --min obtuse\` proves 4 the least: exactly 4 tours reach it, this one turned and reflected.`,
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
