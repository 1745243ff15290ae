import { OptionError } from "../core/errors.js";
import { type Piece, pieceMoves } from "../core/piece.js";

/**
 * Existence of closed (or open) tours on h × n boards for every n at once: a transfer over the
 * columns of height h that keeps the SET of reachable frontier states, not their counts.
 *
 * Cells are taken column by column, top to bottom (flat index i = col · h + row). A move joins
 * cell i to a later cell i + k with 0 < k ≤ K, so after cell i every cell before i − K + 1 has
 * all its edges: the state is the last K cells. Each cell's code says how many tour edges it has
 * and, for a path end, which other end it is joined to:
 *   0 — no edge yet; 1 — both edges (or no cell: the board's left edge is K done cells);
 *   2, 3, … — one edge, the end of a path whose other end carries the same code.
 * Codes 2, 3, … are renumbered in order of first appearance, so two states that mean the same
 * are the same string, whatever column they were reached after: the transfer over one column
 * is the same map for every column, and the sequence of sets S₀, S₁, … (S_k after column k) is
 * eventually periodic once a set repeats.
 *
 * Closed tours: an edge may join the two ends of one path only at the last cell of a column
 * with every cell of the state then done; that closes the single cycle of the whole board and
 * the state becomes DONE (a tour of h × (k + 1) exists iff DONE ∈ S_k). Open tours are closed
 * tours of the graph with one more vertex, joined to every cell (the two edges at it are the
 * path's ends): that vertex is one more code, after the K cells, that never leaves the state.
 *
 * States are pruned only by what holds on every longer board: a cell that needs more edges than
 * it has moves to later cells is dead. The pruning depends on the state alone, so the sets stay
 * a function of the previous set and the periodicity argument holds.
 */

export type TourKind = "closed" | "open";

/** The state of a board that ends here with its tour complete. */
export const DONE = "!";

const EMPTY = 0;
const FULL = 1;
const FIRST_LABEL = 2;

/** How a state was first reached: the state before and the new cell's edges, as offsets back. */
export interface Parent {
  readonly from: string;
  readonly back: readonly number[];
}

export interface ColumnTransferOptions {
  /** The board's height: the number of cells in a column (2 ≤ h ≤ 12). */
  readonly height: number;
  readonly piece: Piece;
  readonly kind: TourKind;
}

/** One cell step's geometry: the row, and where its earlier neighbours sit in the window. */
interface Step {
  readonly row: number;
  /** Window positions (0 oldest … K − 1 the cell just before) of the cell's earlier neighbours. */
  readonly back: Int32Array;
  /** For window position p after the step: how many of that cell's moves reach later cells. */
  readonly later: Uint8Array;
}

export class ColumnTransfer {
  readonly height: number;
  readonly kind: TourKind;
  /** Cells kept in a state: the longest move backwards, in flat cells. */
  readonly window: number;
  /** Codes per state: the window, plus the extra vertex for open tours. */
  readonly width: number;
  readonly #steps: Step[];
  // Scratch, reused for every state (nothing allocated per state but the key string).
  readonly #cur: Uint8Array;
  readonly #next: Uint8Array;
  readonly #relabel: Uint8Array;

  constructor(options: ColumnTransferOptions) {
    const { height, piece, kind } = options;
    if (!Number.isInteger(height) || height < 2 || height > 12) {
      throw new OptionError(`the column transfer takes heights 2 to 12, got ${height}`, height);
    }
    this.height = height;
    this.kind = kind;
    const moves = pieceMoves(piece).filter(([dr]) => Math.abs(dr) < height);
    let reach = 0;
    for (const [dr, dc] of moves) reach = Math.max(reach, Math.abs(dc * height + dr));
    if (reach === 0)
      throw new OptionError(`the ${piece.name} has no move on height ${height}`, piece.name);
    this.window = reach;
    this.width = reach + (kind === "open" ? 1 : 0);
    this.#steps = [];
    for (let row = 0; row < height; row++) this.#steps.push(this.#step(moves, row));
    this.#cur = new Uint8Array(this.width + 1);
    this.#next = new Uint8Array(this.width + 1);
    this.#relabel = new Uint8Array(this.width + FIRST_LABEL + 2);
  }

  #step(moves: ReadonlyArray<readonly [number, number]>, row: number): Step {
    const h = this.height;
    const k = this.window;
    const back: number[] = [];
    for (const [dr, dc] of moves) {
      const offset = dc * h + dr;
      if (offset >= 0 || row + dr < 0 || row + dr >= h) continue;
      back.push(k + offset); // the new cell sits at position K of the K + 1 window
    }
    back.sort((a, b) => a - b);
    const later = new Uint8Array(k);
    for (let p = 0; p < k; p++) {
      // After the step the state's position p holds the cell k − 1 − p cells before this one.
      const behind = k - 1 - p;
      const r = (((row - behind) % h) + h) % h;
      let n = 0;
      for (const [dr, dc] of moves) {
        const offset = dc * h + dr;
        if (offset > behind && r + dr >= 0 && r + dr < h) n++;
      }
      later[p] = n;
    }
    return { row, back: Int32Array.from(back), later };
  }

  /** The state before the first column: the board's left edge, every cell done. */
  initial(): Set<string> {
    const codes = new Uint8Array(this.width).fill(FULL);
    if (this.kind === "open") codes[this.window] = EMPTY;
    return new Set([String.fromCharCode(...codes)]);
  }

  /** The set after one more column of h cells. */
  column(states: ReadonlySet<string>): Set<string> {
    let set: ReadonlySet<string> = states;
    for (let row = 0; row < this.height; row++) set = this.cell(set, row);
    return set as Set<string>;
  }

  /**
   * The set after one more cell, at `row` of its column. With `parents`, each new state's first
   * predecessor and the new cell's edges (as offsets back, 1..K) are recorded there.
   */
  cell(states: ReadonlySet<string>, row: number, parents?: Map<string, Parent>): Set<string> {
    const out = new Set<string>();
    const step = this.#steps[row]!;
    const last = row === this.height - 1;
    for (const key of states) {
      if (key === DONE) continue; // nothing can follow a finished tour
      if (parents === undefined) {
        this.#expand(key, step, last, out);
        continue;
      }
      this.#expand(key, step, last, out, (next, a, b) => {
        if (out.has(next) || parents.has(next)) return;
        const back = [a, b].filter((p) => p >= 0).map((p) => this.window - p);
        parents.set(next, { from: key, back });
      });
    }
    return out;
  }

  /** Whether a board ending after the column whose set this is has a tour. */
  accepts(states: ReadonlySet<string>): boolean {
    return states.has(DONE);
  }

  #expand(
    key: string,
    step: Step,
    last: boolean,
    out: Set<string>,
    seen?: (next: string, a: number, b: number) => void,
  ): void {
    const cand = this.#load(key, step);
    // Every set of at most two of the candidates: the new cell's edges to earlier cells.
    const add = (a: number, b: number) => {
      const next = this.#transition(step, last, a, b);
      if (next === null) return;
      seen?.(next, a, b);
      out.add(next);
    };
    add(-1, -1);
    for (let a = 0; a < cand.length; a++) {
      add(cand[a]!, -1);
      for (let b = a + 1; b < cand.length; b++) add(cand[a]!, cand[b]!);
    }
  }

  /**
   * Load a state into the scratch row (positions 0..K−1 the window, K the new cell, K + 1 the
   * extra vertex of open tours) and return the positions the new cell may take an edge to.
   */
  #load(key: string, step: Step): number[] {
    const cur = this.#cur;
    const k = this.window;
    for (let p = 0; p < k; p++) cur[p] = key.charCodeAt(p);
    cur[k] = EMPTY;
    const cand: number[] = [];
    for (const p of step.back) if (cur[p] !== FULL) cand.push(p);
    if (this.kind === "open") {
      cur[k + 1] = key.charCodeAt(k);
      if (cur[k + 1] !== FULL) cand.push(k + 1);
    }
    return cand;
  }

  /** The state after the loaded one when the new cell takes edges to a and b (−1: none). */
  #transition(step: Step, last: boolean, a: number, b: number): string | null {
    const next = this.#next;
    const k = this.window;
    next.set(this.#cur);
    let closed = false;
    if (a >= 0) {
      if (this.#join(next, k, a) < 0) return null;
      if (b >= 0) {
        const s = this.#join(next, k, b);
        if (s < 0) return null;
        closed = s === 1;
      }
    }
    const top = this.kind === "open" ? k + 1 : k;
    if (closed) {
      // One cycle now: a tour iff nothing else is left to cover and the board ends here.
      if (!last) return null;
      for (let p = 0; p <= top; p++) if (next[p] !== FULL) return null;
      return DONE;
    }
    // Drop the oldest cell (position 0): it has all its moves now, so it must be done.
    if (next[0] !== FULL) return null;
    const spare = this.kind === "open" && next[k + 1] !== FULL ? 1 : 0;
    const later = step.later;
    for (let p = 1; p <= k; p++) {
      const c = next[p]!;
      if (c !== FULL && (c === EMPTY ? 2 : 1) > later[p - 1]! + spare) return null;
    }
    return this.#key(next);
  }

  /**
   * Follow one tour through the transfer: `edge(i, j)` says whether flat cells i > j (index
   * col · h + row; j = −1 is the extra vertex of open tours, joined to the path's two ends)
   * are joined. Returns the state after each of `columns` columns (DONE last for a tour),
   * or null where the edges stop being part of a tour.
   */
  follow(
    columns: number,
    edge: (i: number, j: number) => boolean,
    start: string = [...this.initial()][0]!,
  ): string[] | null {
    const h = this.height;
    const k = this.window;
    const states: string[] = [];
    let key = start;
    for (let col = 0; col < columns; col++) {
      for (let row = 0; row < h; row++) {
        if (key === DONE) return null;
        const i = col * h + row;
        const step = this.#steps[row]!;
        const cand = this.#load(key, step);
        const at = (p: number) => (p === k + 1 ? -1 : i - (k - p));
        // An edge to a cell that is already done is no tour's.
        for (const p of step.back)
          if (!cand.includes(p) && i - (k - p) >= 0 && edge(i, at(p))) return null;
        const chosen = cand.filter((p) => edge(i, at(p)));
        if (chosen.length > 2) return null;
        const next = this.#transition(step, row === h - 1, chosen[0] ?? -1, chosen[1] ?? -1);
        if (next === null) return null;
        key = next;
      }
      states.push(key);
    }
    return states;
  }

  /**
   * Add the edge new cell (position x) – y. Returns −1 when it closes a cycle too early or is
   * impossible, 1 when it closes the cycle (x and y were the two ends of one path), 0 otherwise.
   */
  #join(s: Uint8Array, x: number, y: number): number {
    const cx = s[x]!;
    const cy = s[y]!;
    if (cy === EMPTY) {
      if (cx === EMPTY) {
        const label = this.#freeLabel(s);
        s[x] = label;
        s[y] = label;
      } else {
        s[y] = cx; // y becomes the end of x's path
        s[x] = FULL;
      }
      return 0;
    }
    if (cx === EMPTY) {
      s[x] = cy; // x extends y's path
      s[y] = FULL;
      return 0;
    }
    if (cx === cy) {
      s[x] = FULL;
      s[y] = FULL;
      return 1;
    }
    // Two paths become one: y's other end takes x's label.
    s[x] = FULL;
    s[y] = FULL;
    for (let p = 0; p < s.length; p++) if (s[p] === cy) s[p] = cx;
    return 0;
  }

  #freeLabel(s: Uint8Array): number {
    const used = this.#relabel;
    used.fill(0);
    for (let p = 0; p < s.length; p++) if (s[p]! >= FIRST_LABEL) used[s[p]!] = 1;
    let label = FIRST_LABEL;
    while (used[label] === 1) label++;
    return label;
  }

  /** The state's string: positions 1..K (and the extra vertex), labels renumbered. */
  #key(s: Uint8Array): string {
    const k = this.window;
    const map = this.#relabel;
    map.fill(0);
    let nextLabel = FIRST_LABEL;
    const codes: number[] = [];
    const top = this.kind === "open" ? k + 1 : k;
    for (let p = 1; p <= top; p++) {
      const c = s[p]!;
      if (c < FIRST_LABEL) {
        codes.push(c);
        continue;
      }
      if (map[c] === 0) map[c] = nextLabel++;
      codes.push(map[c]!);
    }
    return String.fromCharCode(...codes);
  }
}

export interface ColumnSweep {
  /** Per column k = 1, 2, …: the states after column k (a board of k columns ends there). */
  readonly sizes: number[];
  /** A 32-bit FNV-1a hash of each set's sorted states, for certificates. */
  readonly hashes: string[];
  /** Per column count n: whether an h × n board has a tour. */
  readonly exists: boolean[];
  /** The set after column prePeriod + period equals the set after column prePeriod. */
  readonly prePeriod: number;
  readonly period: number;
  /** "periodic" when a set repeated, "limit" when the sweep stopped at a limit first. */
  readonly status: "periodic" | "limit";
}

/**
 * Sweep column after column until the set of states repeats exactly (then the answer for every
 * n follows: for n > prePeriod, as for prePeriod + ((n − prePeriod − 1) mod period) + 1), or
 * until `maxColumns` columns or a set past `maxStates` states.
 */
export function columnPeriod(
  transfer: ColumnTransfer,
  maxColumns: number,
  maxStates: number,
  onColumn?: (column: number, size: number) => void,
): ColumnSweep {
  const sizes: number[] = [];
  const hashes: string[] = [];
  const exists: boolean[] = [];
  const seen = new Map<string, number>();
  let set = transfer.initial();
  for (let col = 1; col <= maxColumns; col++) {
    set = transfer.column(set);
    const text = [...set].sort().join("\n");
    sizes.push(set.size);
    hashes.push(fnv1a(text));
    exists.push(transfer.accepts(set));
    onColumn?.(col, set.size);
    const first = seen.get(text);
    if (first !== undefined) {
      return { sizes, hashes, exists, prePeriod: first, period: col - first, status: "periodic" };
    }
    if (set.size > maxStates) break;
    seen.set(text, col);
  }
  return { sizes, hashes, exists, prePeriod: 0, period: 0, status: "limit" };
}

/** Whether an h × n board has a tour, from a periodic sweep (n ≥ 1). */
export function existsFor(sweep: ColumnSweep, n: number): boolean {
  if (n <= sweep.exists.length) return sweep.exists[n - 1]!;
  if (sweep.status !== "periodic") throw new RangeError(`the sweep stopped before ${n} columns`);
  const { prePeriod, period } = sweep;
  return sweep.exists[prePeriod + ((n - prePeriod - 1) % period)]!;
}

function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}
