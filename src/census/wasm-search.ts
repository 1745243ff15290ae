import type { MoveGeometry } from "./geometry.js";
import { SEARCH_WASM_BASE64 } from "./search-wasm.js";

/**
 * The census search counting only, as WebAssembly (src/census/wasm/search.c): the same tree as
 * CensusEngine's with its statistics off, node for node, at about 1.25× the native C time where
 * the JavaScript engine takes about 1.6× (bench/records/census.md). CensusEngine hands it every
 * run that keeps no statistics and has no bound or callback. Where WebAssembly is missing or
 * refuses a synchronous compile (a browser's main thread compiles modules of up to 4 kB so), or
 * the board is larger than the module's arrays, the JavaScript search runs instead.
 */
export interface WasmCounter {
  /** Most forced moves a count takes. */
  readonly maxForced: number;
  /**
   * Tours through the forced moves, or null when `poll(nodes, tours)` (asked every 4096 nodes
   * with the figures so far) said stop.
   */
  count(
    forced: ReadonlyArray<readonly [number, number]>,
    poll: ((nodes: number, tours: number) => boolean) | null,
  ): number | null;
  /** Nodes and tours of the last count, stopped or not. */
  readonly nodes: number;
  readonly tours: number;
}

interface SearchExports {
  readonly memory: WebAssembly.Memory;
  load(cells: number, moves: number): number;
  count(pairs: number): number;
  nodes(): number;
  found(): number;
  moves_at(): number;
  pairs_at(): number;
  max_cells(): number;
  max_moves(): number;
}

let compiled: WebAssembly.Module | null | undefined;

function searchModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      const text = atob(SEARCH_WASM_BASE64);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      compiled = new WebAssembly.Module(bytes);
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** A counter for the board of `geometry` (n cells), or null when the module cannot take it. */
export function wasmCounter(geometry: MoveGeometry, n: number): WasmCounter | null {
  if (typeof WebAssembly === "undefined") return null;
  const module = searchModule();
  if (module === null) return null;
  let poller: ((nodes: number, tours: number) => boolean) | null = null;
  const instance = new WebAssembly.Instance(module, {
    env: { poll: (nodes: number, tours: number) => (poller?.(nodes, tours) ? 1 : 0) },
  });
  const search = instance.exports as unknown as SearchExports;
  const m = geometry.edges;
  if (n > search.max_cells() || m > search.max_moves()) return null;
  const moves = new Int32Array(search.memory.buffer, search.moves_at(), 2 * m);
  for (let f = 0; f < m; f++) {
    moves[2 * f] = geometry.eu[f]!;
    moves[2 * f + 1] = geometry.ev[f]!;
  }
  if (search.load(n, m) !== 1) return null;
  return {
    maxForced: search.max_cells(),
    count(forced, poll) {
      const pairs = new Int32Array(search.memory.buffer, search.pairs_at(), 2 * forced.length);
      forced.forEach(([a, b], i) => {
        pairs[2 * i] = a;
        pairs[2 * i + 1] = b;
      });
      poller = poll;
      try {
        const tours = search.count(forced.length);
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
}
