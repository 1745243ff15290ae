/**
 * The shown tour's statistics as pictures: turn-angle and slope histograms as bar charts (SVG
 * in the side panel), and over the board the crossed moves and the tarnish heat map. Figures are
 * computed once per tour (a tour on show is not changed in place).
 */
import { type CensusJson, crossings } from "../src/engines.js";
import { type Tour, type TourStats, tourStats } from "../src/index.js";
import { spawnWorker } from "./dom.js";
import { geometryOf, type StatsRequest, type WorkerReply } from "./protocol.js";
import { grouped } from "./words.js";

const statsCache = new WeakMap<Tour, TourStats>();
const crossedCache = new WeakMap<Tour, Int32Array>();
const tarnishCache = new WeakMap<Tour, Int32Array>();

/** Tours up to this many cells have their statistics computed at once, on the page's thread. */
const SYNC_CELLS = 4096;
/** The worker computing the statistics of big tours, and the tours it is working on. */
let statsWorker: Worker | null = null;
const waiting = new Map<number, { tour: Tour; ready: () => void }>();
let nextId = 0;

/**
 * The statistics of `tour` if known; a big tour's are computed in a Web Worker (a 200×200 tour
 * takes about 0.1–0.3 s), and `ready` is called when they arrive. Null until then.
 */
export function statsWhenReady(tour: Tour, ready: () => void): TourStats | null {
  const known = statsCache.get(tour);
  if (known !== undefined) return known;
  if (tour.path.length <= SYNC_CELLS) return statsOf(tour);
  for (const job of waiting.values()) if (job.tour === tour) return null;
  if (statsWorker === null) {
    statsWorker = spawnWorker();
    statsWorker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type !== "stats") return;
      const job = waiting.get(reply.id);
      if (job === undefined) return;
      waiting.delete(reply.id);
      statsCache.set(job.tour, reply.stats);
      job.ready();
    };
  }
  const id = nextId++;
  waiting.set(id, { tour, ready });
  statsWorker.postMessage({
    type: "stats",
    id,
    board: geometryOf(tour.board),
    closed: tour.closed,
    path: tour.path,
  } satisfies StatsRequest);
  return null;
}

/** The statistics module's figures for a complete tour, computed once per tour (at once, here). */
export function statsOf(tour: Tour): TourStats {
  let s = statsCache.get(tour);
  if (s === undefined) {
    s = tourStats(tour);
    statsCache.set(tour, s);
  }
  return s;
}

/**
 * The tarnish of each cell: how many moves pass over it. A move of two rows and one column
 * passes over the two cells beside its midpoint, one in each column (and likewise turned).
 */
export function tarnish(tour: Tour): Int32Array {
  const known = tarnishCache.get(tour);
  if (known) return known;
  const { board, path, closed } = tour;
  const cols = board.cols;
  const counts = new Int32Array(board.cells);
  const moves = closed ? path.length : path.length - 1;
  for (let i = 0; i < moves; i++) {
    const a = path[i]!;
    const b = path[(i + 1) % path.length]!;
    const ar = Math.floor(a / cols);
    const ac = a % cols;
    const br = Math.floor(b / cols);
    const bc = b % cols;
    if (Math.abs(br - ar) === 2) {
      const mr = (ar + br) / 2;
      counts[mr * cols + ac]!++;
      counts[mr * cols + bc]!++;
    } else {
      const mc = (ac + bc) / 2;
      counts[ar * cols + mc]!++;
      counts[br * cols + mc]!++;
    }
  }
  tarnishCache.set(tour, counts);
  return counts;
}

/** What to draw over the board for the shown tour. */
export function overlays(
  tour: Tour,
  showCrossings: boolean,
  showTarnish: boolean,
): { crossed: Int32Array | null; tarnish: Int32Array | null } {
  let crossed: Int32Array | null = null;
  // Crossings and tarnish are the knight's, on a plain board (the page hides them elsewhere).
  if (!tour.board.plain) return { crossed: null, tarnish: null };
  if (showCrossings && tour.path.length === tour.board.cells) {
    crossed = crossedCache.get(tour) ?? crossings(tour).perMove;
    crossedCache.set(tour, crossed);
  }
  return { crossed, tarnish: showTarnish ? tarnish(tour) : null };
}

const SVG = "http://www.w3.org/2000/svg";

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A bar chart of labelled counts, with the counts written on the bars (when there is room) and a
 * text alternative.
 */
function barChart(title: string, bars: ReadonlyArray<readonly [string, number]>): HTMLElement {
  const figure = document.createElement("figure");
  const caption = document.createElement("figcaption");
  caption.textContent = title;
  const width = 240;
  const height = 92;
  const top = 12;
  const base = height - 16;
  const most = Math.max(1, ...bars.map(([, n]) => n));
  const slot = width / bars.length;
  const svg = el("svg", {
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": `${title}: ${bars.map(([k, n]) => `${k} ${grouped(n)}`).join(", ")}`,
  });
  // Label every bar when they are wide enough, else every few.
  const labelEvery = Math.max(1, Math.ceil(28 / slot));
  bars.forEach(([label, n], i) => {
    const h = ((base - top) * n) / most;
    const x = i * slot + slot * 0.15;
    svg.append(
      el("rect", { class: "bar", x, y: base - h, width: slot * 0.7, height: Math.max(h, 0.5) }),
    );
    if (slot >= 24)
      svg.append(
        el("text", { x: x + slot * 0.35, y: base - h - 2, "text-anchor": "middle" }, grouped(n)),
      );
    if (i % labelEvery === 0)
      svg.append(el("text", { x: x + slot * 0.35, y: height - 4, "text-anchor": "middle" }, label));
  });
  figure.append(caption, svg);
  return figure;
}

/** What the charts show: a tour, a census, or nothing. */
let charted: Tour | CensusJson | null = null;

/** The histograms of `tour` (none without a complete tour; later for a big one: `ready`). */
export function drawCharts(container: HTMLElement, tour: Tour | null, ready: () => void): void {
  if (tour === charted) return;
  if (tour !== null && !tour.board.plain && tour.path.length === tour.board.vertexCount) {
    charted = tour;
    const note = document.createElement("p");
    note.className = "hint";
    note.textContent = `The charts of turn angles and move slopes are drawn for the knight on a plain board only; this tour is on ${tour.board}.`;
    container.replaceChildren(note);
    return;
  }
  if (tour === null || tour.path.length !== tour.board.cells || tour.path.length < 3) {
    charted = tour;
    container.replaceChildren();
    return;
  }
  const s = statsWhenReady(tour, ready);
  if (s === null) {
    container.replaceChildren();
    return;
  }
  charted = tour;
  const degrees = ["36.9°", "53.1°", "90°", "126.9°", "143.1°", "180°"];
  container.replaceChildren(
    barChart(
      "Turn angles",
      s.angles.byClass.map((n, i) => [degrees[i]!, n] as const),
    ),
    barChart("Move slopes", [
      ["2", s.slopes["2"]],
      ["−2", s.slopes["-2"]],
      ["½", s.slopes["1/2"]],
      ["−½", s.slopes["-1/2"]],
    ]),
  );
}

/** The census's histograms, one chart per statistic (counts of tours per value). */
export function drawCensusCharts(container: HTMLElement, census: CensusJson): void {
  if (charted === census) return;
  charted = census;
  // Knuth's groups of turns: a straight pass (180°) is obtuse and orthogonal.
  const titles: ReadonlyArray<readonly [keyof CensusJson["stats"], string]> = [
    ["acute", "Acute turns (under 90°)"],
    ["obtuse", "Obtuse turns (over 90°, straight passes included)"],
    ["orthogonal", "Orthogonal turns (90° or 180°)"],
    ["crossings", "Crossings"],
    ["unintersected", "Moves no other move crosses"],
    ["tarnishSquares", "Tarnish (sum of squares)"],
  ];
  container.replaceChildren(
    ...titles.map(([stat, title]) => {
      const histogram = census.stats[stat];
      const values = Object.keys(histogram)
        .map(Number)
        .sort((a, b) => a - b);
      const lo = values[0] ?? 0;
      const hi = values.at(-1) ?? 0;
      const bars: Array<readonly [string, number]> = [];
      for (let v = lo; v <= hi; v++) bars.push([String(v), Number(histogram[String(v)] ?? 0)]);
      return barChart(`${title} over the ${grouped(BigInt(census.tours))} tours`, bars);
    }),
  );
}
