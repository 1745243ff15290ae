import { compileBase64 } from "../core/wasm-module.js";
import type { MoveGeometry } from "./geometry.js";
import { SEARCH_WASM_BASE64 } from "./search-wasm.js";

/**
 * The census search as WebAssembly (src/census/wasm/search.c): the same tree as CensusEngine's,
 * node for node, with the same statistics (histograms, and the tours that bring a new value for
 * the witnesses), at about 1.25× the native C time where the JavaScript engine takes about 1.6×
 * (bench/records/census.md). CensusEngine hands it every run that has no bound and no callback
 * at every tour. Where WebAssembly is missing or refuses a synchronous compile (a browser's main
 * thread compiles modules of up to 4 kB so), or the board is larger than the module's arrays,
 * the JavaScript search runs instead.
 */
/** What the statistics need of a board, as CensusEngine holds it (engine.ts). */
export interface WasmStatsTables {
  readonly dir: Uint8Array;
  readonly term: Int32Array;
  readonly tarnish1: Int32Array;
  readonly tarnish2: Int32Array;
  readonly crossAt: Int32Array;
  readonly crossWord: Int32Array;
  readonly crossMask: Int32Array;
  readonly crossSpan: number;
  /** Per pair of directions (65, the last: no wedge), 3 packed angle words each. */
  readonly angleUnit: Int32Array;
  /** Per pair (65), its wedge letter as a bit. */
  readonly pairLetter: Int32Array;
  readonly tallyAt: Int32Array;
  readonly tallyLength: number;
  readonly tarnishCells: number;
}

/** A tour with a value new in this count (witnesses): read inside `onFresh` only. */
export interface WasmTour {
  /** The 16 values (the swept area doubled), in census order. */
  readonly values: Int32Array;
  /** The n − 1 moves taken, and the ends the closing move joins. */
  readonly moves: Int32Array;
  readonly closeA: number;
  readonly closeB: number;
}

export interface WasmCounter {
  /** Load the statistics' tables; false when they do not fit (keep them in JavaScript then). */
  loadStats(tables: WasmStatsTables): boolean;
  /** After a count with statistics: the histograms, one array (views of the module's memory). */
  tally(length: number): Float64Array;
  /** Called at a tour with a value new in this count (a count with statistics). */
  onFresh: ((tour: WasmTour) => void) | null;
  /**
   * Tours through the forced moves, or null when `poll(nodes, tours)` (asked every 4096 nodes
   * with the figures so far) said stop.
   */
  count(
    forced: ReadonlyArray<readonly [number, number]>,
    poll: ((nodes: number, tours: number) => boolean) | null,
    stats: boolean,
  ): number | null;
  /** Nodes and tours of the last count, stopped or not. */
  readonly nodes: number;
  readonly tours: number;
}

interface SearchExports {
  readonly memory: WebAssembly.Memory;
  load(cells: number, moves: number): number;
  load_stats(words: number, span: number, counters: number, tallyLength: number): number;
  count(pairs: number, stats: number): number;
  stats_at(): number;
  tally_out(): number;
  values_out(): number;
  taken_out(): number;
  closing_a(): number;
  closing_b(): number;
  nodes(): number;
  found(): number;
  moves_at(): number;
  pairs_at(): number;
  max_cells(): number;
  max_moves(): number;
}

let compiled: WebAssembly.Module | null | undefined;

function searchModule(): WebAssembly.Module | null {
  if (compiled === undefined) compiled = compileBase64(SEARCH_WASM_BASE64);
  return compiled;
}

/** A counter for the board of `geometry` (n cells), or null when the module cannot take it. */
export function wasmCounter(geometry: MoveGeometry, n: number): WasmCounter | null {
  const module = searchModule();
  if (module === null) return null;
  let poller: ((nodes: number, tours: number) => boolean) | null = null;
  let counter: WasmCounter | null = null;
  let instance: WebAssembly.Instance;
  try {
    instance = new WebAssembly.Instance(module, {
      env: {
        poll: (nodes: number, tours: number) => (poller?.(nodes, tours) ? 1 : 0),
        fresh: () => counter?.onFresh?.(freshTour()),
      },
    });
  } catch {
    return null; // a browser's main thread may refuse a synchronous instantiation too
  }
  const search = instance.exports as unknown as SearchExports;
  const freshTour = (): WasmTour => ({
    values: new Int32Array(search.memory.buffer, search.values_out(), 16),
    moves: new Int32Array(search.memory.buffer, search.taken_out(), n - 1),
    closeA: search.closing_a(),
    closeB: search.closing_b(),
  });
  const m = geometry.edges;
  if (n > search.max_cells() || m > search.max_moves()) return null;
  const moves = new Int32Array(search.memory.buffer, search.moves_at(), 2 * m);
  for (let f = 0; f < m; f++) {
    moves[2 * f] = geometry.eu[f]!;
    moves[2 * f + 1] = geometry.ev[f]!;
  }
  if (search.load(n, m) !== 1) return null;
  counter = {
    onFresh: null,
    loadStats(t) {
      const words = t.crossWord.length;
      const parts = [
        t.dir,
        t.term,
        t.tarnish1,
        t.tarnish2,
        t.crossAt,
        t.crossWord,
        t.crossMask,
        t.angleUnit,
        t.pairLetter,
        t.tallyAt,
      ];
      const length = parts.reduce((sum, part) => sum + part.length, 0);
      if (words > 8 * search.max_moves()) return false;
      const into = new Int32Array(search.memory.buffer, search.stats_at(), length);
      let at = 0;
      for (const part of parts) {
        into.set(part, at);
        at += part.length;
      }
      return search.load_stats(words, t.crossSpan, t.tarnishCells, t.tallyLength) === 1;
    },
    tally(length) {
      return new Float64Array(search.memory.buffer, search.tally_out(), length);
    },
    count(forced, poll, stats) {
      const pairs = new Int32Array(search.memory.buffer, search.pairs_at(), 2 * forced.length);
      forced.forEach(([a, b], i) => {
        pairs[2 * i] = a;
        pairs[2 * i + 1] = b;
      });
      poller = poll;
      try {
        const tours = search.count(forced.length, stats ? 1 : 0);
        return tours < 0 ? null : tours;
      } finally {
        poller = null;
      }
    },
    get nodes() {
      return search.nodes();
    },
    get tours() {
      return search.found();
    },
  };
  return counter;
}
