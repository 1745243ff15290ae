import type { Board } from "../core/board.js";
import { cellIncidence, type MoveGeometry, moveGeometry } from "./geometry.js";
import {
  ANGLE_STATS,
  CROSSINGS,
  histogramSizes,
  MAX_SLOPE,
  MIN_SLOPE,
  STAT_COUNT,
  SWEPT_AREA,
  TARNISH_SQUARES,
  UNINTERSECTED,
  WEDGES_USED,
} from "./stats.js";
import { cycleFromMoves } from "./tour-path.js";
import {
  type WasmCounter,
  type WasmStatsTables,
  type WasmTour,
  wasmCounter,
} from "./wasm-search.js";
import { WEDGE_BY_DIRECTIONS } from "./wedges.js";

/**
 * The census search: every Hamiltonian cycle of the move graph (the knight's, or another 8-move
 * leaper's: leaper.ts) that contains a given set of moves, each visited once (undirected), with
 * the statistics of each.
 *
 * The search chooses moves, not a path (Knuth's Algorithm H, TAOCP 7.2.2.4): every cell needs
 * exactly two tour moves; the moves chosen so far form vertex-disjoint paths, each of whose
 * ends knows its mate (the other end), and the move joining two mates is deleted at once (it
 * would close a short cycle). It branches on the cell with the least slack (usable moves −
 * moves still needed), so a cell with as many usable moves as it needs is forced (one branch)
 * and one with fewer is a dead end; a cell that has its two moves loses its other ones.
 *
 * Statistics ride along: each take adds what the move contributes (its slope, the two cells it
 * tarnishes, the chosen moves it crosses), a cell that gets its second move adds its wedge (its
 * angle, letter), and each path end keeps the shoelace sum of its path walked from its mate to
 * it, so joining two paths adds their sums and the joining move's term. Crossings are bitsets
 * over the moves: the chosen ones, and those some chosen move crosses; a take's crossings are
 * popcount(its crossings ∩ chosen), and the chosen moves nothing crosses (unintersected) lose
 * those among them not crossed before (about two words per move on 8×8). The shares lag
 * behind the search (`sync`): they are added when a tour or a bound reads them, in the order
 * the moves were taken. The running sums are kept per level (share i writes level i + 1 from
 * level i), so undoing moves drops their shares by stepping back a level, plus two tarnish
 * counters, a chosen bit and the crossed words each share saved; only the shoelace sums move
 * with every take (they need the mates of the moment). At a full cycle the values are read
 * off, not recomputed: a tour costs O(1) beyond the search, whatever the board.
 *
 * Data: per cell its incident moves in one flat array, the usable ones first (a sparse set:
 * deletion swaps a move behind the boundary, undo moves the boundary back); degree, mate and
 * chosen directions per cell; a trail of the moves taken or deleted, one word each (a take's
 * mate changes are recovered on undo, not trailed). A cell that gets its two moves hides the
 * rest of its list at once (one entry) and each of those moves leaves only the list at its far
 * end: a saturated cell's own list is never read. Iterative, per-level arrays; nothing is
 * allocated per node. The cell lists hold half-moves (2·move + side, side 0 at the move's `eu`
 * end), so the cell at the far end, the direction seen from the cell and the slot to fix after
 * a swap are each one array read, with no test of which end the cell is.
 */

/** Words of running sums per level of applied moves (`level`). */
const STATE = 9;

/** A move's end that gets its first move completes no wedge (`wedgeOf`). */
const NO_WEDGE = 64;

/** Per pair of directions d1 * 8 + d2, its wedge letter as a bit (0 when d1 = d2 or NO_WEDGE). */
const PAIR_LETTER: Int32Array = Int32Array.from({ length: NO_WEDGE + 1 }, (_, pair) =>
  pair < 64 && WEDGE_BY_DIRECTIONS[pair]! >= 0 ? 1 << WEDGE_BY_DIRECTIONS[pair]! : 0,
);

/** At deg * 64 + d1 * 8 + d2 (deg: the cell's moves before this one, 0 or 1): the wedge pair
 * completed, or NO_WEDGE. */
const WEDGE_IF_SECOND: Uint8Array = Uint8Array.from({ length: 128 }, (_, i) =>
  i < 64 ? NO_WEDGE : i - 64,
);

/** The set bits of a 32-bit word (an integer multiply: a float one would leave int32 range). */
function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Each move's crossings as bitsets over the moves (move g: bit g & 31 of word g >> 5), only
 * the words with some (a move's crossings lie near it in move order: about 2 words on 8×8).
 */
function crossingWords(g: MoveGeometry): {
  at: Int32Array;
  word: Int32Array;
  mask: Int32Array;
  span: number;
} {
  const { crossOffsets, crossList, edges: m } = g;
  const at = new Int32Array(m + 1);
  const word: number[] = [];
  const mask: number[] = [];
  let span = 0;
  for (let f = 0; f < m; f++) {
    const bits = new Map<number, number>();
    for (let j = crossOffsets[f]!; j < crossOffsets[f + 1]!; j++) {
      const x = crossList[j]!;
      bits.set(x >> 5, (bits.get(x >> 5) ?? 0) | (1 << (x & 31)));
    }
    for (const w of [...bits.keys()].sort((a, b) => a - b)) {
      word.push(w);
      mask.push(bits.get(w)!);
    }
    at[f + 1] = word.length;
    span = Math.max(span, bits.size);
  }
  return { at, word: Int32Array.from(word), mask: Int32Array.from(mask), span };
}

// Trail entries, by their two low bits.
/** Move f (entry >> 2) deleted at both ends. */
const REMOVED = 0;
/** Move f (entry >> 2) taken. */
const TAKEN = 1;
/** One usable move fewer at cell entry >> 2 (the far end of a move of a saturated cell). */
const CUT = 2;
/** Cell entry >> 6 saturated: its (entry >> 2) & 15 usable moves hidden at once. */
const SATURATED = 3;

/** Decides whether a partial tour can still matter (branch and bound); false prunes it. */
export type PartialBound = (engine: CensusEngine) => boolean;

export class CensusEngine {
  readonly board: Board;
  readonly geometry: MoveGeometry;
  readonly n: number;
  /** Nodes (branch points, forced ones included) since the last reset of the counter. */
  nodes = 0;
  /** Cycles found by the current run. */
  tours = 0;
  /** Keep statistics (false: count only; `linkDir`, `tourPath` and `turns` are then not kept). */
  stats = true;
  /**
   * Search in WebAssembly where it can (wasm-search.ts): a run with no bound and no callback
   * at every tour, its statistics too (witnesses come back through `onNewValue`). False keeps
   * every run in JavaScript (tests compare the two).
   */
  useWasm = true;
  /** The WebAssembly counter of this board, once asked for (null: it cannot take the board). */
  private wasm: WasmCounter | null | undefined;
  /** Whether the WebAssembly search keeps this board's statistics too. */
  private wasmStats = false;

  // Static structure: the geometry's arrays, held directly (hot loops read them).
  readonly eu: Int32Array;
  readonly ev: Int32Array;
  private readonly dir: Uint8Array;
  private readonly term: Int32Array;
  private readonly tarnish1: Int32Array;
  private readonly tarnish2: Int32Array;
  /** Per move f, the moves it crosses as bits (move g: bit g & 31 of word g >> 5), only the
   * words with some: `crossWord[j]`, `crossMask[j]` for j in crossAt[f] .. crossAt[f + 1]. */
  private readonly crossAt: Int32Array;
  private readonly crossWord: Int32Array;
  private readonly crossMask: Int32Array;
  /** Most words of one move's crossings (the stride of `savedCrossed`). */
  private readonly crossSpan: number;
  /** The angle (0..5) of the wedge of directions d1, d2 at d1 * 8 + d2. */
  readonly angleOfPair: Uint8Array;
  /** Per pair d1 * 8 + d2, what its wedge adds to each of the three angle words (3 per pair;
   * NO_WEDGE adds nothing). */
  private readonly angleUnit: Int32Array;
  readonly off: Int32Array;
  /** Per cell (from `off`), its half-moves: the usable ones first. */
  readonly list: Int32Array;
  /** The slot of each half-move in `list`. */
  private readonly epos: Int32Array;
  /** The cell at the far end of each half-move. */
  private readonly far: Int32Array;
  /** The direction (`censusMoves` index) of each half-move, seen from its own cell. */
  readonly hdir: Uint8Array;
  private readonly edgeTable: Int32Array;
  // Search state.
  readonly avail: Int32Array;
  readonly deg: Uint8Array;
  /** The open cells (fewer than two chosen moves), one bit each (cell x: word x >> 5). */
  private readonly open: Int32Array;
  /** Per path end its other end (a lone cell its own); read by bounds. */
  readonly mate: Int32Array;
  /** Scratch for `tourPath`: the neighbours of each cell in the tour (two slots), and how many. */
  readonly link: Int32Array;
  readonly linkCount: Uint8Array;
  /** The ends of the path the last tour closed. */
  private closeA = 0;
  private closeB = 0;
  /** The directions of the moves each cell has taken (two slots, `censusMoves` indices). */
  readonly linkDir: Uint8Array;
  /** Per path end, the shoelace sum of its path walked from its mate to it (statistics only). */
  readonly area: Int32Array;
  /** The moves taken, in order (statistics only): the first `applied` are in the statistics. */
  private readonly takenMoves: Int32Array;
  private applied = 0;
  /**
   * The running sums with the first i moves applied, STATE words from STATE·i (level 0: none):
   * crossings, unintersected, tarnish squares, the wedge letters used (bit w: letter w), the
   * six angle counts and the four slope counts two to a word (16 bits each: count k in word
   * k >> 1, bits 16·(k & 1) up). A share writes level i + 1 from level i: dropping it leaves
   * these as they are (the level below is still there).
   */
  private readonly level: Int32Array;
  /** Per taken move i, at 2i (its eu end) and 2i + 1 (its ev end): the wedge it completes there
   * (d1 * 8 + d2, the cell's two directions), or NO_WEDGE when that end gets its first move. */
  private readonly wedgeOf: Uint8Array;
  private readonly trail: Int32Array;
  private top = 0;
  private taken = 0;
  private readonly lvVertex: Int32Array;
  private readonly lvMark: Int32Array;
  private readonly lvTry: Int32Array;
  private readonly lvEdge: Int32Array;
  private readonly forced: Int32Array;
  private forcedTop = 0;

  // Running statistics of the chosen moves and the cells that have both of theirs.
  /** The chosen moves (those whose share is applied) as bits, move g: bit g & 31 of word g >> 5. */
  private readonly chosenBits: Int32Array;
  /** The moves (chosen or not) that some chosen move crosses, as bits like `chosenBits`. */
  private readonly crossedBits: Int32Array;
  /** Per applied move i, the words of `crossedBits` its share changed, as they were before it,
   * from crossSpan·i (in the order of its crossing words). */
  private readonly savedCrossed: Int32Array;
  /** Per tarnish counter, the chosen moves that raise it. */
  readonly tarnish: Int32Array;
  // The running sums as bounds read them: written from `level` before each bound is asked.
  /** Crossing pairs among the chosen moves. */
  crossings = 0;
  /** Chosen moves that no chosen move crosses. */
  unintersected = 0;
  /** Σ t² over the tarnish counters. */
  tarnishSquares = 0;
  /** Cells with both moves chosen, by the angle of their wedge (0..5, ascending). */
  readonly angles = new Int32Array(6);
  /** Chosen moves by slope class (`dir & 3`). */
  readonly slopes = new Int32Array(4);
  /** The wedge letters used (bit w: letter w) by the cells with both moves chosen, and how many. */
  letters = 0;
  wedgesUsed = 0;

  /** Per statistic, tours by value (the swept area doubled): views into `tally`. */
  readonly histograms: Float64Array[];
  /** Every histogram in one array, statistic k from `tallyAt[k]`. */
  private readonly tally: Float64Array;
  private readonly tallyAt: Int32Array;
  /** The value of each statistic at the last tour found (the swept area doubled). */
  readonly values = new Int32Array(STAT_COUNT);
  /** Called at every tour found, after `values` is set (bounds). */
  onTour: ((engine: CensusEngine) => void) | null = null;
  /**
   * Called at a tour with a value of some statistic not seen before in this run, after
   * `values` is set: every new least or greatest value is one (witnesses), at a fraction of
   * the calls of `onTour`.
   */
  onNewValue: ((engine: CensusEngine) => void) | null = null;
  /** Branch and bound: called at every node; false prunes the node. */
  bound: PartialBound | null = null;

  constructor(board: Board) {
    this.board = board;
    const g = moveGeometry(board);
    this.geometry = g;
    this.eu = g.eu;
    this.ev = g.ev;
    this.dir = g.dir;
    this.term = g.term;
    this.tarnish1 = g.tarnish1;
    this.tarnish2 = g.tarnish2;
    const words = (g.edges + 31) >> 5;
    const crossing = crossingWords(g);
    this.crossAt = crossing.at;
    this.crossWord = crossing.word;
    this.crossMask = crossing.mask;
    this.crossSpan = crossing.span;
    this.angleOfPair = g.angleOfPair;
    this.angleUnit = new Int32Array(3 * (NO_WEDGE + 1));
    for (let pair = 0; pair < 64; pair++) {
      const k = this.angleOfPair[pair]!;
      this.angleUnit[3 * pair + (k >> 1)] = 1 << ((k & 1) << 4);
    }
    const n = board.cells;
    this.n = n;
    const m = g.edges;
    const incidence = cellIncidence(g, n);
    this.off = incidence.offsets;
    this.list = incidence.moves;
    this.epos = incidence.positions;
    // Half-moves: a list entry f at its eu end becomes 2f, at its ev end 2f + 1.
    for (let x = 0; x < n; x++) {
      for (let i = this.off[x]!; i < this.off[x + 1]!; i++) {
        const f = this.list[i]!;
        this.list[i] = 2 * f + (g.eu[f] === x ? 0 : 1);
      }
    }
    this.far = new Int32Array(2 * m);
    this.hdir = new Uint8Array(2 * m);
    for (let f = 0; f < m; f++) {
      this.far[2 * f] = g.ev[f]!;
      this.far[2 * f + 1] = g.eu[f]!;
      this.hdir[2 * f] = g.dir[f]!;
      this.hdir[2 * f + 1] = g.dir[f]! ^ 4;
    }
    this.edgeTable = incidence.moveBetween;
    this.avail = new Int32Array(n);
    this.deg = new Uint8Array(n);
    this.open = new Int32Array((n + 31) >> 5);
    this.mate = new Int32Array(n);
    this.link = new Int32Array(2 * n);
    this.linkCount = new Uint8Array(n);
    this.linkDir = new Uint8Array(2 * n);
    this.area = new Int32Array(n);
    this.takenMoves = new Int32Array(n + 1);
    this.wedgeOf = new Uint8Array(2 * (n + 1));
    this.level = new Int32Array(STATE * (n + 1));
    this.trail = new Int32Array(m + n + 8);
    this.lvVertex = new Int32Array(m + 2);
    this.lvMark = new Int32Array(m + 2);
    this.lvTry = new Int32Array(m + 2);
    this.lvEdge = new Int32Array(m + 2);
    this.forced = new Int32Array(2 * m + 4);
    this.chosenBits = new Int32Array(words);
    this.crossedBits = new Int32Array(words);
    this.savedCrossed = new Int32Array(this.crossSpan * (n + 1));
    this.tarnish = new Int32Array(g.tarnishCells);
    const sizes = histogramSizes(n, g.maxCross, g.maxTerm);
    this.tallyAt = new Int32Array(STAT_COUNT);
    for (let k = 1; k < STAT_COUNT; k++) this.tallyAt[k] = this.tallyAt[k - 1]! + sizes[k - 1]!;
    this.tally = new Float64Array(this.tallyAt[STAT_COUNT - 1]! + sizes[STAT_COUNT - 1]!);
    this.histograms = sizes.map((size, k) =>
      this.tally.subarray(this.tallyAt[k]!, this.tallyAt[k]! + size),
    );
    this.reset();
  }

  /** Back to no move chosen, every move usable, tallies cleared. */
  reset(): void {
    this.undo(0);
    const n = this.n;
    for (let v = 0; v < n; v++) {
      this.avail[v] = this.off[v + 1]! - this.off[v]!;
      this.deg[v] = 0;
      this.mate[v] = v;
      this.area[v] = 0;
      this.open[v >> 5]! |= 1 << (v & 31);
    }
    this.taken = 0;
    this.forcedTop = 0;
    // Only a tour writes the tallies: after a run that found none they are still clear (a board
    // with many small subproblems, like a leaper's, runs mostly empty ones).
    if (this.tours > 0) this.tally.fill(0);
    this.tours = 0;
  }

  /** Move half-move h of cell x behind its usable ones. */
  private detach(h: number, x: number): void {
    const { list, epos } = this;
    const p = epos[h]!;
    const last = this.off[x]! + --this.avail[x]!;
    const g = list[last]!;
    list[p] = g;
    list[last] = h;
    epos[g] = p;
    epos[h] = last;
  }

  private remove(f: number): void {
    const u = this.eu[f]!;
    const v = this.ev[f]!;
    this.detach(2 * f, u);
    this.detach(2 * f + 1, v);
    this.trail[this.top++] = (f << 2) | REMOVED;
    if (this.avail[u] === 2 - this.deg[u]!) this.forced[this.forcedTop++] = u;
    if (this.avail[v] === 2 - this.deg[v]!) this.forced[this.forcedTop++] = v;
  }

  private undo(mark: number): void {
    const { trail, avail, deg, mate } = this;
    const { eu, ev } = this;
    let top = this.top;
    while (top > mark) {
      const entry = trail[--top]!;
      const tag = entry & 3;
      if (tag === CUT) {
        avail[entry >> 2]!++;
        continue;
      }
      if (tag === SATURATED) {
        avail[entry >> 6] = (entry >> 2) & 15;
        continue;
      }
      const x = entry >> 2;
      const u = eu[x]!;
      const v = ev[x]!;
      if (tag === TAKEN) {
        // The mates before the take, recovered rather than trailed: an end that was alone was
        // its own mate; one that got its second move still holds its old mate.
        const a = deg[u] === 2 ? mate[u]! : u;
        const b = deg[v] === 2 ? mate[v]! : v;
        mate[a] = u;
        mate[b] = v;
        if (this.stats) {
          // Each old sum is its path walked the other way (or 0 for a lone cell).
          const area = this.area;
          area[a] = a === u ? 0 : -area[u]!;
          area[b] = b === v ? 0 : -area[v]!;
        }
        // Both ends are open again (fewer than two moves).
        const open = this.open;
        open[u >> 5]! |= 1 << (u & 31);
        open[v >> 5]! |= 1 << (v & 31);
        deg[u]!--;
        deg[v]!--;
        this.taken--;
      }
      avail[u]!++;
      avail[v]!++;
    }
    this.top = top;
    // The shares of the moves undone leave the statistics, the last applied first.
    if (this.taken < this.applied) this.dropShares();
  }

  private isUsable(f: number): boolean {
    const u = this.eu[f]!;
    return this.epos[2 * f]! - this.off[u]! < this.avail[u]!;
  }

  /** Delete move f (trailed); false when an end is left with fewer moves than it needs. */
  forbid(f: number): boolean {
    this.forcedTop = 0;
    this.remove(f);
    const u = this.eu[f]!;
    const v = this.ev[f]!;
    return this.avail[u]! >= 2 - this.deg[u]! && this.avail[v]! >= 2 - this.deg[v]!;
  }

  /** Delete the usable moves of v, which has its two; false at a dead end. */
  private saturate(v: number): boolean {
    const { list, off, avail, deg, far, trail, forced } = this;
    const k = avail[v]!;
    if (k === 0) return true;
    // v's own list is never read again while it has its two moves: it is hidden whole (one
    // trail entry), and each move leaves only the list at its far end.
    trail[this.top++] = (((v << 4) | k) << 2) | SATURATED;
    avail[v] = 0;
    for (let i = off[v]!, end = i + k; i < end; i++) {
      const h = list[i]!;
      const w = far[h]!;
      this.detach(h ^ 1, w);
      trail[this.top++] = (w << 2) | CUT;
      const need = 2 - deg[w]!;
      if (avail[w]! === need) forced[this.forcedTop++] = w;
      else if (avail[w]! < need) return false;
    }
    return true;
  }

  /**
   * Bring the statistics up to the moves taken: a move's share is added only when a tour or a
   * bound reads them (moves of branches with no tour, a few percent on 8×8, never pay). Share i
   * (move f, the i-th taken) reads level i of the running sums and writes level i + 1; it
   * marks f chosen, raises its two tarnish counters, marks the moves f crosses as crossed
   * (saving the words it changes), and adds the wedges of the cells it gives their second move.
   */
  sync(): void {
    const end = this.taken;
    let i = this.applied;
    if (i === end) return;
    const { takenMoves, wedgeOf, level, dir, tarnish, tarnish1, tarnish2 } = this;
    const { crossAt, crossWord, crossMask, chosenBits, crossedBits, savedCrossed } = this;
    const { angleUnit } = this;
    const span = this.crossSpan;
    let s = STATE * i;
    let crossings = level[s]!;
    let unintersected = level[s + 1]!;
    let tarnishSquares = level[s + 2]!;
    let letters = level[s + 3]!;
    let angle01 = level[s + 4]!;
    let angle23 = level[s + 5]!;
    let angle45 = level[s + 6]!;
    let slope01 = level[s + 7]!;
    let slope23 = level[s + 8]!;
    for (; i < end; i++) {
      const f = takenMoves[i]!;
      // f is unintersected unless a chosen move crosses it already; each word of f's crossings
      // adds the chosen moves f crosses and loses those nothing crossed before.
      let alone = (~crossedBits[f >> 5]! >>> (f & 31)) & 1;
      for (let j = crossAt[f]!, stop = crossAt[f + 1]!, k = span * i; j < stop; j++) {
        const w = crossWord[j]!;
        const mask = crossMask[j]!;
        const was = crossedBits[w]!;
        savedCrossed[k++] = was;
        const met = mask & chosenBits[w]!;
        crossings += bitCount(met);
        alone -= bitCount(met & ~was);
        crossedBits[w] = was | mask;
      }
      chosenBits[f >> 5]! |= 1 << (f & 31);
      unintersected += alone;
      // Slope class k counts in word k >> 1 (no branch: the class is as good as random).
      const slope = dir[f]! & 3;
      const unit = 1 << ((slope & 1) << 4);
      const high = slope >> 1;
      slope01 += unit & (high - 1);
      slope23 += unit & -high;
      const p = tarnish1[f]!;
      const q = tarnish2[f]!;
      tarnishSquares += 2 * (tarnish[p]! + tarnish[q]!) + 2;
      tarnish[p]!++;
      tarnish[q]!++;
      // The wedges completed at the move's ends (NO_WEDGE adds nothing): no branch.
      const pu = wedgeOf[2 * i]!;
      const pv = wedgeOf[2 * i + 1]!;
      angle01 += angleUnit[3 * pu]! + angleUnit[3 * pv]!;
      angle23 += angleUnit[3 * pu + 1]! + angleUnit[3 * pv + 1]!;
      angle45 += angleUnit[3 * pu + 2]! + angleUnit[3 * pv + 2]!;
      letters |= PAIR_LETTER[pu]! | PAIR_LETTER[pv]!;
      s += STATE;
      level[s] = crossings;
      level[s + 1] = unintersected;
      level[s + 2] = tarnishSquares;
      level[s + 3] = letters;
      level[s + 4] = angle01;
      level[s + 5] = angle23;
      level[s + 6] = angle45;
      level[s + 7] = slope01;
      level[s + 8] = slope23;
    }
    this.applied = end;
  }

  /** `sync`, then the running sums written out where bounds read them. */
  private syncForBound(): void {
    this.sync();
    const { level, angles, slopes } = this;
    const s = STATE * this.applied;
    this.crossings = level[s]!;
    this.unintersected = level[s + 1]!;
    this.tarnishSquares = level[s + 2]!;
    this.letters = level[s + 3]!;
    this.wedgesUsed = bitCount(this.letters);
    for (let k = 0; k < 6; k++) angles[k] = (level[s + 4 + (k >> 1)]! >>> ((k & 1) << 4)) & 0xffff;
    for (let k = 0; k < 4; k++) slopes[k] = (level[s + 7 + (k >> 1)]! >>> ((k & 1) << 4)) & 0xffff;
  }

  /** Whether move f is chosen (its share applied: read after `sync`). */
  isChosen(f: number): boolean {
    return ((this.chosenBits[f >> 5]! >>> (f & 31)) & 1) === 1;
  }

  /** The chosen moves that cross move f (chosen or not). */
  crossedBy(f: number): number {
    const { crossWord, crossMask, chosenBits } = this;
    let c = 0;
    for (let j = this.crossAt[f]!, end = this.crossAt[f + 1]!; j < end; j++) {
      c += bitCount(crossMask[j]! & chosenBits[crossWord[j]!]!);
    }
    return c;
  }

  /** Whether some chosen move crosses move f (chosen or not). */
  isCrossed(f: number): boolean {
    return ((this.crossedBits[f >> 5]! >>> (f & 31)) & 1) === 1;
  }

  /**
   * Take back the shares of the moves undone (those from `taken` up), the last first: each
   * move's marks and tarnish counters step back; the running sums need nothing (the level
   * below is intact).
   */
  private dropShares(): void {
    const { takenMoves, crossAt, crossWord, crossedBits, savedCrossed, chosenBits, tarnish } = this;
    const { tarnish1, tarnish2 } = this;
    const span = this.crossSpan;
    const stop = this.taken;
    for (let i = this.applied - 1; i >= stop; i--) {
      const f = takenMoves[i]!;
      chosenBits[f >> 5]! &= ~(1 << (f & 31));
      for (let j = crossAt[f]!, end = crossAt[f + 1]!, k = span * i; j < end; j++) {
        crossedBits[crossWord[j]!] = savedCrossed[k++]!;
      }
      tarnish[tarnish1[f]!]!--;
      tarnish[tarnish2[f]!]!--;
    }
    this.applied = stop;
  }

  /** Record the move f = u–v (u = eu[f]) as chosen (links when keeping statistics, degrees, trail). */
  private link2(f: number, u: number, v: number): void {
    const deg = this.deg;
    if (this.stats) {
      // u is the move's eu end: the move's direction leaves u.
      const linkDir = this.linkDir;
      const d = this.dir[f]!;
      linkDir[2 * u + deg[u]!] = d;
      linkDir[2 * v + deg[v]!] = d ^ 4;
      this.takenMoves[this.taken] = f;
      // A cell with one move gets its second: the share of this move adds that cell's wedge
      // (a table lookup, no branch; a cell's first slot is stale while it has no move).
      const wedgeOf = this.wedgeOf;
      wedgeOf[2 * this.taken] = WEDGE_IF_SECOND[deg[u]! * 64 + linkDir[2 * u]! * 8 + d]!;
      wedgeOf[2 * this.taken + 1] = WEDGE_IF_SECOND[deg[v]! * 64 + linkDir[2 * v]! * 8 + (d ^ 4)]!;
    }
    if (++deg[u]! === 2) this.open[u >> 5]! &= ~(1 << (u & 31));
    if (++deg[v]! === 2) this.open[v >> 5]! &= ~(1 << (v & 31));
    this.taken++;
    this.trail[this.top++] = (f << 2) | TAKEN;
  }

  /**
   * Take move f: 0 at a contradiction, 1 to search on, 2 when the chosen moves are a
   * Hamiltonian path whose ends are joined by a usable move (a tour; it has been recorded).
   */
  private take(f: number): number {
    this.forcedTop = 0;
    const u = this.eu[f]!;
    const v = this.ev[f]!;
    this.detach(2 * f, u);
    this.detach(2 * f + 1, v);
    this.link2(f, u, v);
    const { mate, area, deg } = this;
    const a = mate[u]!;
    const b = mate[v]!;
    mate[a] = b;
    mate[b] = a;
    if (this.stats) {
      // The path a…u–v…b, walked from a to b.
      const sum = area[u]! + this.term[f]! + area[b]!;
      area[a] = -sum;
      area[b] = sum;
    }
    if (this.taken === this.n - 1) {
      const close = this.edgeTable[a * this.n + b]!;
      if (close < 0 || !this.isUsable(close)) return 0;
      this.tour(close, a, b);
      return 2;
    }
    if (deg[u] === 2 && !this.saturate(u)) return 0;
    if (deg[v] === 2 && !this.saturate(v)) return 0;
    const e = this.edgeTable[a * this.n + b]!;
    if (e >= 0 && this.isUsable(e)) {
      this.remove(e);
      if (this.avail[a]! < 2 - deg[a]! || this.avail[b]! < 2 - deg[b]!) return 0;
    }
    return 1;
  }

  /** A tour: the path a…b (n − 1 moves) closed by move `close` from b to a. */
  private tour(close: number, a: number, b: number): void {
    this.tours++;
    if (!this.stats) return;
    this.sync();
    // The closing move's share is added to the values read off the top level; the state is
    // left as it is.
    const { level, values, linkDir, angleUnit } = this;
    const s = STATE * this.applied;
    const forward = a === this.eu[close];
    const d = this.dir[close]!;
    const da = forward ? d : d ^ 4;
    this.closeA = a;
    this.closeB = b;
    const pa = linkDir[2 * a]! * 8 + da;
    const pb = linkDir[2 * b]! * 8 + (da ^ 4);
    // The six angle counts, the closing move's two wedges included; Knuth's groups from them.
    const angle01 = level[s + 4]! + angleUnit[3 * pa]! + angleUnit[3 * pb]!;
    const angle23 = level[s + 5]! + angleUnit[3 * pa + 1]! + angleUnit[3 * pb + 1]!;
    const angle45 = level[s + 6]! + angleUnit[3 * pa + 2]! + angleUnit[3 * pb + 2]!;
    const a0 = angle01 & 0xffff;
    const a1 = angle01 >>> 16;
    const a2 = angle23 & 0xffff;
    const a3 = angle23 >>> 16;
    const a4 = angle45 & 0xffff;
    const a5 = angle45 >>> 16;
    values[0] = a0 + a1;
    values[1] = a3 + a4 + a5;
    values[2] = a2 + a5;
    values[ANGLE_STATS] = a0;
    values[ANGLE_STATS + 1] = a1;
    values[ANGLE_STATS + 2] = a2;
    values[ANGLE_STATS + 3] = a3;
    values[ANGLE_STATS + 4] = a4;
    values[ANGLE_STATS + 5] = a5;
    // The closing move's crossings with the chosen moves; those nothing crossed before lose
    // being unintersected, and it is itself unless something crosses it.
    const { crossWord, crossMask, chosenBits, crossedBits } = this;
    let crossings = level[s]!;
    let alone = level[s + 1]! + ((~crossedBits[close >> 5]! >>> (close & 31)) & 1);
    for (let j = this.crossAt[close]!, end = this.crossAt[close + 1]!; j < end; j++) {
      const w = crossWord[j]!;
      const met = crossMask[j]! & chosenBits[w]!;
      crossings += bitCount(met);
      alone -= bitCount(met & ~crossedBits[w]!);
    }
    values[CROSSINGS] = crossings;
    values[UNINTERSECTED] = alone;
    // The path walked from a to b, then the move b → a.
    const twice = forward ? this.area[b]! - this.term[close]! : this.area[b]! + this.term[close]!;
    values[SWEPT_AREA] = twice < 0 ? -twice : twice;
    const slope = d & 3;
    const unit = 1 << ((slope & 1) << 4);
    const slope01 = level[s + 7]! + (slope < 2 ? unit : 0);
    const slope23 = level[s + 8]! + (slope < 2 ? 0 : unit);
    const s0 = slope01 & 0xffff;
    const s1 = slope01 >>> 16;
    const s2 = slope23 & 0xffff;
    const s3 = slope23 >>> 16;
    values[MAX_SLOPE] = Math.max(Math.max(s0, s1), Math.max(s2, s3));
    values[MIN_SLOPE] = Math.min(Math.min(s0, s1), Math.min(s2, s3));
    const tarnish = this.tarnish;
    values[TARNISH_SQUARES] =
      level[s + 2]! + 2 * (tarnish[this.tarnish1[close]!]! + tarnish[this.tarnish2[close]!]!) + 2;
    values[WEDGES_USED] = bitCount(level[s + 3]! | PAIR_LETTER[pa]! | PAIR_LETTER[pb]!);
    const { tally, tallyAt } = this;
    let fresh = false;
    for (let k = 0; k < STAT_COUNT; k++) if (tally[tallyAt[k]! + values[k]!]!++ === 0) fresh = true;
    if (fresh && this.onNewValue !== null) this.onNewValue(this);
    if (this.onTour !== null) this.onTour(this);
  }

  /** The tour just found, as a path from cell 0 (valid inside `onTour` and `onNewValue`). */
  tourPath(into: Int32Array = new Int32Array(this.n)): Int32Array {
    // Rebuilt from the moves taken (kept with the statistics) and the closing one.
    const close = [this.closeA, this.closeB] as const;
    return cycleFromMoves(this.takenMoves, this.taken, this, close, this, into);
  }

  /** Forget the forced cells noted by the last deletions (the next choice scans every cell). */
  clearForced(): void {
    this.forcedTop = 0;
  }

  /** The vertex to branch on: least slack, then fewest usable moves, then lowest index. */
  private choose(): number {
    const { deg, avail, forced } = this;
    let best = -1;
    let bestAvail = 0x7fffffff;
    for (let i = 0; i < this.forcedTop; i++) {
      const x = forced[i]!;
      const d = deg[x]!;
      const a = avail[x]!;
      if (d < 2 && a === 2 - d && a > 0 && (a < bestAvail || (a === bestAvail && x < best))) {
        best = x;
        bestAvail = a;
      }
    }
    this.forcedTop = 0;
    if (best >= 0) return best;
    // The open cells in index order (a cell with no slack settles it).
    const open = this.open;
    let bestKey = 0x7fffffff;
    for (let w = 0; w < open.length; w++) {
      let bits = open[w]!;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const x = (w << 5) | (31 - Math.clz32(low));
        const d = deg[x]!;
        const a = avail[x]!;
        const key = (a - 2 + d) * 0x10000 + a;
        if (key < bestKey) {
          bestKey = key;
          best = x;
          if (key <= 0x10001) return best;
        }
      }
    }
    return best;
  }

  /** The move of v to try next: towards the neighbour with fewest usable moves, then lowest id. */
  private pick(v: number): number {
    const { list, off, avail, far } = this;
    let best = -1;
    let bestKey = 0x7fffffff;
    for (let i = off[v]!, stop = i + avail[v]!; i < stop; i++) {
      const h = list[i]!;
      const key = avail[far[h]!]! * 0x100000 + (h >> 1);
      if (key < bestKey) {
        bestKey = key;
        best = h >> 1;
      }
    }
    return best;
  }

  /**
   * Take the forced moves (cell pairs). False when they cannot all hold; tours completed by
   * them alone are recorded.
   */
  private setUp(forced: ReadonlyArray<readonly [number, number]>): boolean {
    this.reset();
    const n = this.n;
    if (n < 3) return false;
    for (let v = 0; v < n; v++) if (this.avail[v]! < 2) return false;
    for (const [a, b] of forced) {
      if (a < 0 || b < 0 || a >= n || b >= n) return false;
      const f = this.edgeTable[a * n + b]!;
      if (f < 0 || !this.isUsable(f)) return false;
      const r = this.take(f);
      if (r !== 1) return false;
    }
    return true;
  }

  /**
   * Visit every tour containing the forced moves. `stop(nodes)` is polled every 4096 nodes;
   * true ends the run early (the result is then "stopped": tallies cover part of the tours).
   * Returns true when the run finished.
   */
  run(
    forced: ReadonlyArray<readonly [number, number]>,
    stop: ((nodes: number) => boolean) | null = null,
  ): boolean {
    this.nodes = 0;
    const counter = this.countsInWasm(forced.length) ? this.wasmCounter() : null;
    if (counter !== null) return this.runInWasm(counter, forced, stop);
    if (!this.setUp(forced)) {
      this.undo(0);
      return true;
    }
    const finished = this.search(stop);
    this.undo(0);
    return finished;
  }

  /**
   * A run with no bound and no callback at every tour goes to the WebAssembly search
   * (wasm-search.ts), with its statistics where the module takes the board's tables.
   */
  private countsInWasm(forced: number): boolean {
    // The module holds up to 256 forced moves; a census subproblem forces 8 at most.
    return this.useWasm && this.bound === null && this.onTour === null && forced <= 256;
  }

  private wasmCounter(): WasmCounter | null {
    if (this.wasm === undefined) {
      this.wasm = wasmCounter(this.geometry, this.n);
      this.wasmStats = this.wasm?.loadStats(this.statsTables()) ?? false;
    }
    return this.stats && !this.wasmStats ? null : this.wasm;
  }

  /** The statistics' tables, as the WebAssembly search reads them. */
  private statsTables(): WasmStatsTables {
    return {
      dir: this.dir,
      term: this.term,
      tarnish1: this.tarnish1,
      tarnish2: this.tarnish2,
      crossAt: this.crossAt,
      crossWord: this.crossWord,
      crossMask: this.crossMask,
      crossSpan: this.crossSpan,
      angleUnit: this.angleUnit,
      pairLetter: PAIR_LETTER,
      tallyAt: this.tallyAt,
      tallyLength: this.tally.length,
      tarnishCells: this.geometry.tarnishCells,
    };
  }

  /** A tour of the WebAssembly search with a new value: the engine's own, for onNewValue. */
  private freshInWasm(tour: WasmTour): void {
    const taken = this.taken;
    this.values.set(tour.values);
    this.takenMoves.set(tour.moves);
    this.taken = this.n - 1;
    this.closeA = tour.closeA;
    this.closeB = tour.closeB;
    this.onNewValue?.(this);
    this.taken = taken;
  }

  /** `run` in the WebAssembly search: the same tree, nodes and tours. */
  private runInWasm(
    counter: WasmCounter,
    forced: ReadonlyArray<readonly [number, number]>,
    stop: ((nodes: number) => boolean) | null,
  ): boolean {
    this.reset();
    // The figures so far are the engine's while the count runs (a budget's progress reads them).
    const poll =
      stop === null
        ? null
        : (nodes: number, tours: number): boolean => {
            this.nodes = nodes;
            this.tours = tours;
            return stop(nodes);
          };
    counter.onFresh = this.stats && this.onNewValue !== null ? (t) => this.freshInWasm(t) : null;
    const tours = counter.count(forced, poll, this.stats);
    counter.onFresh = null;
    this.nodes = counter.nodes;
    this.tours = counter.tours;
    // With no tour the tallies are clear on both sides (reset, and search.c's count).
    if (this.stats && this.tours > 0) this.tally.set(counter.tally(this.tally.length));
    return tours !== null;
  }

  private search(stop: ((nodes: number) => boolean) | null): boolean {
    const { lvVertex, lvMark, lvTry, lvEdge, avail, deg } = this;
    const bound = this.bound;
    let L = 0;
    let descend = true;
    for (;;) {
      if (descend) {
        if ((++this.nodes & 0xfff) === 0 && stop !== null && stop(this.nodes)) return false;
        if (bound !== null) this.syncForBound(); // a bound reads the statistics
        if (bound !== null && !bound(this)) {
          descend = false;
        } else {
          const v = this.choose();
          lvVertex[L] = v;
          lvMark[L] = this.top;
          const e = this.pick(v);
          lvEdge[L] = e;
          lvTry[L] = this.top;
          L++;
          if (this.take(e) === 1) continue;
          descend = false;
        }
      }
      if (L === 0) return true;
      const l = L - 1;
      const v = lvVertex[l]!;
      this.undo(lvTry[l]!);
      // With no slack left at v, deleting the move just tried leaves v short: skip the deletion.
      if (avail[v]! <= 2 - deg[v]! || !this.forbid(lvEdge[l]!) || avail[v]! < 2 - deg[v]!) {
        this.undo(lvMark[l]!);
        L--;
        continue;
      }
      const e = this.pick(v);
      lvEdge[l] = e;
      lvTry[l] = this.top;
      if (this.take(e) === 1) descend = true;
    }
  }
}
