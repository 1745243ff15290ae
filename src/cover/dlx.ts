/**
 * Algorithm X with dancing links, in the memory layout of Knuth's DLX1 (TAOCP 7.2.2.1):
 * every "pointer" is an index into flat Int32Arrays, so the search allocates nothing.
 *
 * This file is longer than the others on purpose: `run` is the hot loop of every exact-cover
 * search, and cover/uncover/hide/unhide are written out inside it (V8 does not inline them all
 * in a function this size; the calls cost ~1.4×). Splitting the class would put the loop and the
 * state it keeps in registers into different modules for no gain in clarity.
 *
 * Items 1..N (item 0 is the root of the active primary list, item N+1 the root of the
 * secondary list) have LLINK/RLINK. Nodes 1..N are the item headers (TOP holds the item's
 * LEN); then come the options, each followed by a spacer node: TOP(spacer) ≤ 0, ULINK(spacer) =
 * first node of the option before it, DLINK(spacer) = last node of the option after it. An
 * option node x has TOP(x) = its item and ULINK/DLINK = its neighbours in the item's list.
 *
 * `count()` adds two things DLX1 does not do (docs/exact-cover.md, section 3): a cache of the
 * number of solutions below a node, keyed by the exact set of covered items, and a subset DP
 * for the last few items.
 */

import { OptionError } from "../core/errors.js";
import type { Random } from "../core/random.js";
import { Budget, checkLimits, type StopReason } from "../core/run.js";
import type {
  CoverCountResult,
  CoverFirstResult,
  CoverHook,
  CoverOptions,
  CoverProgress,
  CoverStats,
  CoverStatus,
  ExactCoverProblem,
  SolutionVisitor,
} from "./types.js";

/**
 * How often (in nodes) the search asks its budget about the clock, the signal and progress: every
 * 2^16 nodes, or sooner when each node is dear. A node scans the active primary items (MRV), so
 * the interval shrinks to about CHECK_ITEM_VISITS / primary items: a 300×300 knight's-tour cover
 * (180 000 items) checked every 2^16 nodes ran 15 s past a 1 s time limit.
 */
const CHECK_INTERVAL = 1 << 16;
const CHECK_ITEM_VISITS = 1 << 24;

/** Nodes between two looks at the clock, for a problem with `primaryItems` primary items. */
export function checkInterval(primaryItems: number): number {
  return Math.max(
    16,
    Math.min(CHECK_INTERVAL, Math.floor(CHECK_ITEM_VISITS / Math.max(1, primaryItems))),
  );
}

/**
 * When counting a problem without secondary items, the search stops branching once this many
 * primary items remain and counts their exact covers with a subset DP (countResidual).
 */
const BULK_ITEMS = 4;
const MAX_BULK_ITEMS = 12;

/** Defaults of the count() cache (see DancingLinksOptions.memoItems). */
const MEMO_ITEMS = 64;
/** The cache gets 2^(log2(options) + 8) entries, within these bounds (entries and bytes). */
const MEMO_MIN_BITS = 10;
const MEMO_MAX_BITS = 20;
const MEMO_MAX_BYTES = 32 * 1024 * 1024;

// What `run` stopped on.
const EXHAUSTED = 0;
const FOUND = 1;
const SOLUTION_LIMIT = 2;
/** A node or time limit (the budget's reason says which). */
const LIMIT = 3;
const ABORTED = 4;
const VISITOR_STOP = 5;
/** `solutionsWithPauses`: the pause came due with the search state saved (resumable). */
const PAUSED = 6;

export interface DancingLinksOptions {
  /** Break MRV ties at random with this PRNG (default: the first item in order wins). */
  readonly random?: Random | undefined;
  /**
   * count(): once at most this many primary items remain (problems without secondary items),
   * count the rest with a subset DP instead of searching it. 0..12; default 4.
   */
  readonly bulkItems?: number;
  /**
   * count(): remember the number of solutions below every search node with at most this many
   * primary items left, keyed by the exact set of covered items, in a cache of 2^memoBits
   * entries; a node whose set is in the cache is counted without being searched. 0 turns it
   * off. Default 64.
   */
  readonly memoItems?: number;
  /**
   * log2 of the number of cache entries (each ⌈(items+2)/32⌉ × 4 + 8 bytes). Default:
   * log2(options) + 8, from 10 to 20, and at most 32 MiB in all.
   */
  readonly memoBits?: number;
  /** Debug: run `checkInvariants()` after building and at every solution (slow). */
  readonly debug?: boolean;
}

function unhide(p: number, top: Int32Array, ulink: Int32Array, dlink: Int32Array): void {
  let q = p - 1;
  while (q !== p) {
    const x = top[q]!;
    const d = dlink[q]!;
    if (x <= 0) {
      q = d;
    } else {
      const u = ulink[q]!;
      dlink[u] = q;
      ulink[d] = q;
      top[x]!++;
      q--;
    }
  }
}

function uncover(
  i: number,
  top: Int32Array,
  ulink: Int32Array,
  dlink: Int32Array,
  llink: Int32Array,
  rlink: Int32Array,
  covered: Int32Array,
): void {
  covered[i >>> 5]! ^= 1 << (i & 31);
  const l = llink[i]!;
  const r = rlink[i]!;
  rlink[l] = i;
  llink[r] = i;
  for (let p = ulink[i]!; p !== i; p = ulink[p]!) unhide(p, top, ulink, dlink);
}

/**
 * An exact cover problem laid out as dancing links, with a resumable iterative search.
 * One search runs at a time per instance: starting a new one (count, first, solutions,
 * forEachSolution) abandons the previous one and restores the links first.
 *
 * Item and option numbers in the API are 0-based, in the order of the problem.
 */
export class DancingLinks {
  readonly primaryCount: number;
  readonly itemCount: number;
  readonly optionCount: number;

  private readonly llink: Int32Array;
  private readonly rlink: Int32Array;
  private readonly top: Int32Array;
  private readonly ulink: Int32Array;
  private readonly dlink: Int32Array;
  /** Option index of every option node (-1 for headers and spacers). */
  private readonly nodeOption: Int32Array;
  /** First node of every option; optionFirst[k+1] - 1 is option k's spacer. */
  private readonly optionFirst: Int32Array;
  /** 1 while an option is deleted by `removeOption`. */
  private readonly removed: Uint8Array;

  // The search state, kept between calls so a search can pause at a solution and resume.
  private readonly choice: Int32Array;
  private readonly chosen: Int32Array;
  private readonly trail: Int32Array;
  private readonly trailMark: Int32Array;
  private trailTop = 0;
  private level = 0;
  private descend = true;
  private session = 0;
  /** When a pausing search's run should hand control back (performance.now() time). */
  private pauseAt = Number.POSITIVE_INFINITY;
  private readonly nodesPerLevel: Float64Array;
  private readonly solutionsPerLevel: Float64Array;
  private stats: CoverStats = emptyStats();
  // Work arrays of countResidual.
  private readonly residualBit: Int32Array;
  private readonly residualMasks: Int32Array;
  private readonly residualFirst: Int32Array;
  private readonly residualWays: Float64Array;

  private readonly bulkItems: number;
  /** One bit per item (index 1..n), set while the item is covered: the key of the cache. */
  private readonly covered: Int32Array;
  /** Per level: solutions counted when a cache miss began this node's search, or -1. */
  private readonly memoStart: Float64Array;
  private readonly memoItems: number;
  private readonly memoBits: number;
  private memoKeys: Int32Array | null = null;
  private memoValues: Float64Array | null = null;
  private readonly random: Random | null;
  private readonly debug: boolean;
  /** The per-choice hook of an encoding (see CoverHook); null for plain exact cover. */
  hook: CoverHook | null = null;

  constructor(problem: ExactCoverProblem, options: DancingLinksOptions = {}) {
    const primary = problem.primary;
    const secondary = problem.secondary ?? 0;
    if (!Number.isInteger(primary) || primary < 0) {
      throw new OptionError(
        `the number of primary items must be a whole number ≥ 0, not ${primary}`,
        primary,
      );
    }
    if (!Number.isInteger(secondary) || secondary < 0) {
      throw new OptionError(
        `the number of secondary items must be a whole number ≥ 0, not ${secondary}`,
        secondary,
      );
    }
    const n = primary + secondary;
    const opts = problem.options;
    let size = 0;
    for (let k = 0; k < opts.length; k++) {
      const option = opts[k]!;
      if (option.length === 0) throw new OptionError(`option ${k} covers no item`, k);
      // As in DLX1: an option of secondary items only could never be chosen.
      let hasPrimary = false;
      for (let t = 0; t < option.length; t++) if (option[t]! < primary) hasPrimary = true;
      if (!hasPrimary) {
        throw new OptionError(`option ${k} has no primary item; every option needs one`, k);
      }
      size += option.length;
    }
    this.primaryCount = primary;
    this.itemCount = n;
    this.optionCount = opts.length;

    const llink = new Int32Array(n + 2);
    const rlink = new Int32Array(n + 2);
    // Primary items 1..primary hang off root 0; secondary ones off root n+1.
    for (let i = 0; i <= primary; i++) {
      llink[i] = i === 0 ? primary : i - 1;
      rlink[i] = i === primary ? 0 : i + 1;
    }
    const root2 = n + 1;
    llink[root2] = secondary === 0 ? root2 : n;
    rlink[root2] = secondary === 0 ? root2 : primary + 1;
    for (let i = primary + 1; i <= n; i++) {
      llink[i] = i === primary + 1 ? root2 : i - 1;
      rlink[i] = i === n ? root2 : i + 1;
    }

    const nodes = n + 1 + size + opts.length + 1;
    const top = new Int32Array(nodes);
    const ulink = new Int32Array(nodes);
    const dlink = new Int32Array(nodes);
    const nodeOption = new Int32Array(nodes).fill(-1);
    const optionFirst = new Int32Array(opts.length + 1);
    for (let i = 1; i <= n; i++) {
      ulink[i] = i;
      dlink[i] = i;
    }
    const seen = new Int32Array(n + 1).fill(-1);
    let spacer = n + 1;
    top[spacer] = 0;
    let p = spacer;
    for (let k = 0; k < opts.length; k++) {
      const option = opts[k]!;
      const first = p + 1;
      optionFirst[k] = first;
      for (let t = 0; t < option.length; t++) {
        const item = option[t]!;
        if (!Number.isInteger(item) || item < 0 || item >= n) {
          throw new OptionError(`option ${k} names item ${item}; items are 0..${n - 1}`, item);
        }
        const j = item + 1;
        if (seen[j] === k) throw new OptionError(`option ${k} names item ${item} twice`, item);
        seen[j] = k;
        p++;
        top[p] = j;
        top[j]!++;
        nodeOption[p] = k;
        const u = ulink[j]!;
        ulink[p] = u;
        dlink[u] = p;
        dlink[p] = j;
        ulink[j] = p;
      }
      dlink[spacer] = p;
      p++;
      top[p] = -(k + 1);
      ulink[p] = first;
      spacer = p;
    }
    optionFirst[opts.length] = p + 1;
    dlink[spacer] = 0;

    this.llink = llink;
    this.rlink = rlink;
    this.top = top;
    this.ulink = ulink;
    this.dlink = dlink;
    this.nodeOption = nodeOption;
    this.optionFirst = optionFirst;
    this.removed = new Uint8Array(opts.length);
    // Every level chooses an option from a different primary item's list.
    this.choice = new Int32Array(primary + 1);
    this.chosen = new Int32Array(primary + 1);
    this.trail = new Int32Array(opts.length);
    this.trailMark = new Int32Array(primary + 1);
    this.nodesPerLevel = new Float64Array(primary + 1);
    this.solutionsPerLevel = new Float64Array(primary + 2);
    this.residualBit = new Int32Array(n + 2);
    this.residualMasks = new Int32Array(opts.length);
    const bulkItems = options.bulkItems ?? BULK_ITEMS;
    if (!Number.isInteger(bulkItems) || bulkItems < 0 || bulkItems > MAX_BULK_ITEMS) {
      throw new OptionError(
        `bulkItems must be a whole number from 0 to ${MAX_BULK_ITEMS}, not ${bulkItems}`,
        bulkItems,
      );
    }
    this.bulkItems = bulkItems;
    const memoItems = options.memoItems ?? MEMO_ITEMS;
    const keyWords = ((n + 1) >>> 5) + 1;
    const memoBits =
      options.memoBits ??
      Math.max(
        MEMO_MIN_BITS,
        Math.min(
          MEMO_MAX_BITS,
          Math.ceil(Math.log2(opts.length + 1)) + 8,
          Math.floor(Math.log2(MEMO_MAX_BYTES / (keyWords * 4 + 8))),
        ),
      );
    if (!Number.isInteger(memoItems) || memoItems < 0) {
      throw new OptionError(`memoItems must be a whole number ≥ 0, not ${memoItems}`, memoItems);
    }
    if (!Number.isInteger(memoBits) || memoBits < 4 || memoBits > 26) {
      throw new OptionError(
        `memoBits must be a whole number from 4 to 26, not ${memoBits}`,
        memoBits,
      );
    }
    this.memoItems = memoItems;
    this.memoBits = memoBits;
    this.covered = new Int32Array(keyWords);
    this.memoStart = new Float64Array(primary + 1).fill(-1);
    this.residualFirst = new Int32Array(bulkItems + 1);
    this.residualWays = new Float64Array(1 << bulkItems);
    this.random = options.random ?? null;
    this.debug = options.debug ?? false;
    if (this.debug) this.assertInvariants();
  }

  /** The items (0-based) of option `k`, in the order given. */
  optionItems(k: number): Int32Array {
    const first = this.optionFirst[k]!;
    const end = this.optionFirst[k + 1]! - 1;
    const items = new Int32Array(end - first);
    for (let p = first; p < end; p++) items[p - first] = this.top[p]! - 1;
    return items;
  }

  /** Remaining options of item `i` (0-based) in the current state of the search. */
  itemLength(i: number): number {
    return this.top[i + 1]!;
  }

  /** Count every solution (without building them; the last level is counted, not visited). */
  count(limits: CoverOptions = {}): CoverCountResult {
    return this.countWith(null, limits);
  }

  /**
   * Visit every solution with `visit` (which gets a view of the chosen option indices); stops
   * when it returns false (status "solution-limit"). Slower than `count`, which skips the last
   * level.
   */
  forEachSolution(visit: SolutionVisitor, limits: CoverOptions = {}): CoverCountResult {
    return this.countWith(visit, limits);
  }

  /**
   * The first solution in search order (status "found"), or null when there is none (status
   * "exhausted") or a limit stopped the search first ("limit", "aborted").
   */
  first(limits: CoverOptions = {}): CoverFirstResult {
    const started = this.begin();
    const budget = this.budgetFor(limits);
    const code = this.run(true, null, limits, budget);
    const solution = code === FOUND ? this.currentSolution() : null;
    const stats = this.finishStats(started);
    this.unwind();
    if (code === FOUND) return { status: "found", solution, stats };
    if (code === EXHAUSTED) return { status: "exhausted", solution, stats };
    return {
      status: code === ABORTED ? "aborted" : "limit",
      solution,
      reason: this.reasonOf(code, limits, budget),
      stats,
    };
  }

  /**
   * Every solution, as arrays of option indices in the order chosen, generated lazily (the
   * search pauses at each one). The generator's return value has the status and statistics.
   * Starting another search on this instance ends the generator.
   */
  *solutions(limits: CoverOptions = {}): Generator<Int32Array, CoverCountResult, undefined> {
    const steps = this.solutionsWithPauses(limits);
    try {
      for (;;) {
        const step = steps.next();
        if (step.done) return step.value;
        if (step.value !== undefined) yield step.value;
      }
    } finally {
      // A consumer that stops early (break, return) restores the links through the inner one.
      steps.return(undefined as never);
    }
  }

  /**
   * `solutions` that also yields `undefined` whenever `pauseMs` milliseconds of searching passed
   * without a solution (the search state is kept; the next call goes on from it), so an async
   * caller can let its event loop run — see Ctrl-C, timers, drained output — however long the
   * gap between two solutions is. The clock is read at the budget's checks (every
   * `checkInterval` nodes), so a pause comes a little after `pauseMs`.
   */
  *solutionsWithPauses(
    limits: CoverOptions = {},
    pauseMs = Number.POSITIVE_INFINITY,
  ): Generator<Int32Array | undefined, CoverCountResult, undefined> {
    const started = this.begin();
    const budget = this.budgetFor(limits);
    const session = this.session;
    let count = 0;
    const max = limits.maxSolutions ?? Number.POSITIVE_INFINITY;
    let code = EXHAUSTED;
    try {
      while (count < max) {
        if (this.session !== session) {
          throw new Error("another search started on this DancingLinks; the generator is void");
        }
        this.pauseAt = performance.now() + pauseMs;
        code = this.run(true, null, limits, budget);
        if (code === PAUSED) {
          yield undefined;
          continue;
        }
        if (code !== FOUND) break;
        count++;
        yield this.currentSolution();
      }
      if (count >= max) code = SOLUTION_LIMIT;
    } finally {
      if (this.session === session) this.unwind();
    }
    const stats = this.finishStats(started);
    const status = statusOf(code);
    return status === "exhausted"
      ? { status, count, stats }
      : { status, count, reason: this.reasonOf(code, limits, budget), stats };
  }

  /**
   * Delete option `k` from every list it is in (for a CoverHook during `choose`). The engine
   * puts it back when it backtracks past the current choice. Precondition: every item of the
   * option is still uncovered. Returns false if the option was already deleted.
   */
  removeOption(k: number): boolean {
    if (this.removed[k] === 1) return false;
    this.removed[k] = 1;
    const top = this.top;
    const ulink = this.ulink;
    const dlink = this.dlink;
    const end = this.optionFirst[k + 1]! - 1;
    for (let q = this.optionFirst[k]!; q < end; q++) {
      const u = ulink[q]!;
      const d = dlink[q]!;
      dlink[u] = d;
      ulink[d] = u;
      top[top[q]!]!--;
    }
    this.trail[this.trailTop++] = k;
    return true;
  }

  /**
   * The debug sanity check of DLX1: every list is doubly linked both ways, every item's LEN is
   * the length of its list, every option node's TOP names the list it is in. Returns a list of
   * faults (empty when the structure is sound).
   */
  checkInvariants(): string[] {
    const faults: string[] = [];
    const { llink, rlink, top, ulink, dlink } = this;
    const n = this.itemCount;
    const active = new Uint8Array(n + 2);
    for (const root of [0, n + 1]) {
      let steps = 0;
      for (let i = rlink[root]!; i !== root; i = rlink[i]!) {
        if (llink[rlink[i]!] !== i) faults.push(`item ${i}: LLINK(RLINK) is not the item`);
        if (rlink[llink[i]!] !== i) faults.push(`item ${i}: RLINK(LLINK) is not the item`);
        if ((root === 0) !== i <= this.primaryCount) faults.push(`item ${i} is on the wrong list`);
        active[i] = 1;
        if (++steps > n) {
          faults.push(`the item list of root ${root} does not close`);
          break;
        }
      }
    }
    for (let i = 1; i <= n; i++) {
      let length = 0;
      let steps = 0;
      for (let p = dlink[i]!; p !== i; p = dlink[p]!) {
        if (ulink[dlink[p]!] !== p) faults.push(`node ${p}: ULINK(DLINK) is not the node`);
        if (dlink[ulink[p]!] !== p) faults.push(`node ${p}: DLINK(ULINK) is not the node`);
        if (top[p] !== i) faults.push(`node ${p} is in the list of item ${i} but TOP is ${top[p]}`);
        length++;
        if (++steps > top.length) {
          faults.push(`the list of item ${i} does not close`);
          break;
        }
      }
      if (active[i] && length !== top[i]) {
        faults.push(`item ${i}: LEN is ${top[i]} but its list has ${length} nodes`);
      }
    }
    return faults;
  }

  private assertInvariants(): void {
    const faults = this.checkInvariants();
    if (faults.length > 0) throw new Error(`dancing links corrupted: ${faults.join("; ")}`);
  }

  private countWith(visit: SolutionVisitor | null, limits: CoverOptions): CoverCountResult {
    const started = this.begin();
    const budget = this.budgetFor(limits);
    const code = this.run(false, visit, limits, budget);
    const stats = this.finishStats(started);
    this.unwind();
    const count = stats.solutions;
    if (code === EXHAUSTED) return { status: "exhausted", count, stats };
    return { status: statusOf(code), count, reason: this.reasonOf(code, limits, budget), stats };
  }

  /**
   * The run's budget (the caller's, when shared). Its progress reports read the search state
   * that `run` writes back before each check.
   */
  private budgetFor(limits: CoverOptions): Budget {
    checkLimits(limits);
    return Budget.start<CoverProgress>(limits, (nodes, ms) => ({
      nodes,
      ms,
      solutions: this.stats.solutions,
      level: this.level,
      fraction: this.fractionDone(this.level),
    }));
  }

  private currentSolution(): Int32Array {
    return this.chosen.slice(0, this.level);
  }

  /** Restore the links (if a previous search stopped midway) and reset the statistics. */
  private begin(): number {
    this.unwind();
    this.session++;
    this.stats = emptyStats();
    this.nodesPerLevel.fill(0);
    this.solutionsPerLevel.fill(0);
    return performance.now();
  }

  private finishStats(started: number): CoverStats {
    const s = this.stats;
    s.ms = performance.now() - started;
    s.nodesPerLevel = trimmed(this.nodesPerLevel);
    s.solutionsPerLevel = trimmed(this.solutionsPerLevel);
    return { ...s };
  }

  /** Take back every choice still applied (after a pause or a limit), in reverse order. */
  private unwind(): void {
    const { top, ulink, dlink, llink, rlink } = this;
    while (this.level > 0) {
      const level = --this.level;
      const x = this.choice[level]!;
      if (this.hook !== null) {
        this.hook.unchoose(this.chosen[level]!, level);
        this.restoreTrail(this.trailMark[level]!);
      }
      this.unapply(x);
      uncover(top[x]!, top, ulink, dlink, llink, rlink, this.covered);
    }
    this.restoreTrail(0);
    this.descend = true;
    if (this.debug) this.assertInvariants();
  }

  private restoreTrail(mark: number): void {
    const top = this.top;
    const ulink = this.ulink;
    const dlink = this.dlink;
    while (this.trailTop > mark) {
      const k = this.trail[--this.trailTop]!;
      this.removed[k] = 0;
      for (let q = this.optionFirst[k + 1]! - 2; q >= this.optionFirst[k]!; q--) {
        dlink[ulink[q]!] = q;
        ulink[dlink[q]!] = q;
        top[top[q]!]!++;
      }
    }
  }

  /** Knuth's estimate of the fraction of the tree explored, from each level's position. */
  private fractionDone(level: number): number {
    let fraction = 0;
    let weight = 1;
    for (let l = 0; l < level; l++) {
      const x = this.choice[l]!;
      const item = this.top[x]!;
      let position = 0;
      let length = 0;
      for (let p = this.dlink[item]!; p !== item; p = this.dlink[p]!) {
        length++;
        if (p === x) position = length;
      }
      if (length === 0) break;
      weight /= length;
      fraction += (position - 1) * weight;
    }
    return Math.min(1, fraction + weight / 2);
  }

  private reasonOf(code: number, limits: CoverOptions, budget: Budget): string {
    switch (code) {
      case SOLUTION_LIMIT:
        return `stopped after ${limits.maxSolutions ?? this.stats.solutions} solutions (the solution limit)`;
      case VISITOR_STOP:
        return `stopped by the caller after ${this.stats.solutions} solutions`;
      case LIMIT:
      case ABORTED:
        return budget.reason;
      default:
        return "";
    }
  }

  /**
   * The search loop (DLX1 steps X2..X8). With `pause`, returns FOUND at each solution with the
   * state saved, and the next call resumes by backtracking from it. Without, counts solutions;
   * when there is no visitor and no hook, a last remaining primary item with LEN options is
   * counted as LEN solutions without visiting them.
   */
  private run(
    pause: boolean,
    visit: SolutionVisitor | null,
    limits: CoverOptions,
    budget: Budget,
  ): number {
    const { top, ulink, dlink, llink, rlink, choice, chosen, nodeOption, trailMark } = this;
    const { covered, memoStart } = this;
    const nodesPerLevel = this.nodesPerLevel;
    const solutionsPerLevel = this.solutionsPerLevel;
    const hook = this.hook;
    const random = this.random;
    const debug = this.debug;
    const stats = this.stats;
    // Counting without visiting: the last item (or the last few, by countResidual) is counted in
    // bulk, and finished subtrees go into the count cache.
    const shortcut = !pause && visit === null && hook === null && !debug;
    const bulkItems = shortcut && this.itemCount === this.primaryCount ? this.bulkItems : 0;
    const memoItems = shortcut ? this.prepareMemo() : 0;
    memoStart.fill(-1);
    const maxSolutions = limits.maxSolutions ?? Number.POSITIVE_INFINITY;
    // The node limit is exact (the budget's clock is read only every `interval` nodes): this
    // search may take what the budget has left after the nested runs already spent.
    const nodeLimit = budget.nodeLimit - budget.spentNodes;
    let level = this.level;
    let descend = this.descend;
    let nodes = stats.nodes;
    let updates = stats.updates;
    let solutions = stats.solutions;
    const interval = checkInterval(this.primaryCount);
    // Only a pausing search (solutionsWithPauses) looks at its pause time, at the checks.
    const pauseAt = pause ? this.pauseAt : Number.POSITIVE_INFINITY;
    // The first check comes at the first node, not after `interval` of them: it runs the check
    // block once before V8 optimises this loop, so the optimised code has type feedback for it.
    // Without it every run deoptimised where the block first ran (a 6×6 tour count took 1.3×).
    let nextCheck = nodes;
    let code = EXHAUSTED;
    if (solutions >= maxSolutions) code = SOLUTION_LIMIT;
    // A limit already reached stops before the first node (a zero limit stops at once); the
    // check then answers without a progress report.
    else if (budget.signal?.aborted || budget.remaining() === 0 || nodes >= nodeLimit) {
      code = stopCode(budget.check(nodes));
    }

    // cover/uncover/hide/unhide are written out in the hot paths below (X4..X7): V8 does not
    // inline all the helper calls in a function this size, and calls cost ~1.4× here.
    while (code === EXHAUSTED) {
      let i: number;
      let x: number;
      if (descend) {
        // X2: all primary items covered?
        if (rlink[0] === 0) {
          solutions++;
          solutionsPerLevel[level]!++;
          descend = false;
          if (debug) this.assertInvariants();
          if (pause) {
            code = FOUND;
            break;
          }
          if (visit !== null && visit(chosen, level) === false) {
            code = VISITOR_STOP;
            break;
          }
          if (solutions >= maxSolutions) {
            code = SOLUTION_LIMIT;
            break;
          }
          continue;
        }
        // X3: choose the primary item with the fewest options (MRV).
        let best = 0x7fffffff;
        let active = 0;
        i = 0;
        if (random === null) {
          for (let p = rlink[0]!; p !== 0; p = rlink[p]!) {
            const length = top[p]!;
            active++;
            if (length < best) {
              best = length;
              i = p;
              if (length === 0) break;
            }
          }
        } else {
          let ties = 0;
          for (let p = rlink[0]!; p !== 0; p = rlink[p]!) {
            const length = top[p]!;
            active++;
            if (length < best) {
              best = length;
              i = p;
              ties = 1;
            } else if (length === best && random.int(++ties) === 0) {
              i = p;
            }
          }
        }
        if (best === 0) {
          descend = false;
          continue;
        }
        if (shortcut) {
          let counted = -1;
          if (rlink[rlink[0]!] === 0) {
            // The last primary item: each of its options completes a solution (an option that
            // conflicted with a secondary item was already hidden from this list).
            counted = best;
            solutionsPerLevel[level + 1]! += best;
          } else if (active <= bulkItems) {
            counted = this.countResidual(active);
            stats.countedInBulk += counted;
          }
          if (counted >= 0) {
            solutions += counted;
            descend = false;
            if (solutions >= maxSolutions) {
              solutions = maxSolutions;
              code = SOLUTION_LIMIT;
              break;
            }
            continue;
          }
        }
        if (active <= memoItems) {
          // The rest of the search depends only on which items are covered: look it up.
          const known = this.memoLookup();
          if (known >= 0) {
            solutions += known;
            stats.countedInBulk += known;
            descend = false;
            if (solutions >= maxSolutions) {
              solutions = maxSolutions;
              code = SOLUTION_LIMIT;
              break;
            }
            continue;
          }
          memoStart[level] = solutions;
        }
        // X4: cover i (written out: see above), and start on its first option.
        for (let p = dlink[i]!; p !== i; p = dlink[p]!) {
          let q = p + 1;
          while (q !== p) {
            const t = top[q]!;
            const u = ulink[q]!;
            if (t <= 0) q = u;
            else {
              const d = dlink[q]!;
              dlink[u] = d;
              ulink[d] = u;
              top[t]!--;
              updates++;
              q++;
            }
          }
        }
        {
          const l = llink[i]!;
          const r = rlink[i]!;
          rlink[l] = r;
          llink[r] = l;
          covered[i >>> 5]! ^= 1 << (i & 31);
        }
        x = dlink[i]!;
      } else {
        // X8: leave the level; X6: take back its option (uncover its other items in reverse
        // order) and move to the next one.
        if (level === 0) break;
        level--;
        x = choice[level]!;
        if (hook !== null) {
          hook.unchoose(chosen[level]!, level);
          this.restoreTrail(trailMark[level]!);
        }
        let p = x - 1;
        while (p !== x) {
          const j = top[p]!;
          if (j <= 0) p = dlink[p]!;
          else {
            const l = llink[j]!;
            const r = rlink[j]!;
            rlink[l] = j;
            llink[r] = j;
            covered[j >>> 5]! ^= 1 << (j & 31);
            for (let o = ulink[j]!; o !== j; o = ulink[o]!) {
              let q = o - 1;
              while (q !== o) {
                const t = top[q]!;
                const d = dlink[q]!;
                if (t <= 0) q = d;
                else {
                  const u = ulink[q]!;
                  dlink[u] = q;
                  ulink[d] = q;
                  top[t]!++;
                  q--;
                }
              }
            }
            p--;
          }
        }
        i = top[x]!;
        x = dlink[x]!;
      }
      // X5: try option x: cover its other items (and, if the hook rejects it, undo that and
      // try the next option).
      while (x !== i) {
        nodes++;
        nodesPerLevel[level]!++;
        let p = x + 1;
        while (p !== x) {
          const j = top[p]!;
          if (j <= 0) p = ulink[p]!;
          else {
            for (let o = dlink[j]!; o !== j; o = dlink[o]!) {
              let q = o + 1;
              while (q !== o) {
                const t = top[q]!;
                const u = ulink[q]!;
                if (t <= 0) q = u;
                else {
                  const d = dlink[q]!;
                  dlink[u] = d;
                  ulink[d] = u;
                  top[t]!--;
                  updates++;
                  q++;
                }
              }
            }
            const l = llink[j]!;
            const r = rlink[j]!;
            rlink[l] = r;
            llink[r] = l;
            covered[j >>> 5]! ^= 1 << (j & 31);
            p++;
          }
        }
        if (hook === null) break;
        trailMark[level] = this.trailTop;
        if (hook.choose(nodeOption[x]!, level)) break;
        this.restoreTrail(trailMark[level]!);
        this.unapply(x);
        x = dlink[x]!;
      }
      if (x === i) {
        // X7: every option of i tried.
        uncover(i, top, ulink, dlink, llink, rlink, covered);
        descend = false;
        if (memoStart[level]! >= 0) {
          this.memoStore(solutions - memoStart[level]!);
          memoStart[level] = -1;
        }
      } else {
        choice[level] = x;
        chosen[level] = nodeOption[x]!;
        level++;
        descend = true;
      }
      if (nodes >= nextCheck || nodes >= nodeLimit) {
        nextCheck = nodes + interval;
        // What a progress report reads (see budgetFor).
        stats.solutions = solutions;
        this.level = level;
        code = stopCode(budget.check(nodes));
        if (
          code === EXHAUSTED &&
          pauseAt !== Number.POSITIVE_INFINITY &&
          performance.now() >= pauseAt
        ) {
          code = PAUSED;
        }
      }
    }
    this.level = level;
    this.descend = descend;
    stats.nodes = nodes;
    stats.updates = updates;
    stats.solutions = solutions;
    return code;
  }

  /**
   * The number of exact covers of what is left when at most BULK_ITEMS primary items remain
   * and there are no secondary items: every remaining option lies within the remaining items,
   * so the count is a dynamic program over the subsets of those items (f[S] = ways to cover
   * exactly S, branching on S's lowest item). It replaces the last few levels of the search,
   * where a tree of many tiny nodes would otherwise be walked.
   */
  private countResidual(active: number): number {
    const { top, dlink, rlink, ulink } = this;
    const bit = this.residualBit;
    const masks = this.residualMasks;
    const firstOf = this.residualFirst;
    const ways = this.residualWays;
    let b = 0;
    for (let i = rlink[0]!; i !== 0; i = rlink[i]!) bit[i] = 1 << b++;
    // Options grouped by their lowest item: each option is taken from that item's list only.
    let m = 0;
    b = 0;
    for (let i = rlink[0]!; i !== 0; i = rlink[i]!, b++) {
      firstOf[b] = m;
      const low = bit[i]!;
      for (let p = dlink[i]!; p !== i; p = dlink[p]!) {
        let mask = low;
        let lowest = true;
        let q = p + 1;
        while (q !== p) {
          const t = top[q]!;
          if (t <= 0) q = ulink[q]!;
          else {
            const other = bit[t]!;
            if (other < low) lowest = false;
            mask |= other;
            q++;
          }
        }
        if (lowest) masks[m++] = mask;
      }
    }
    firstOf[active] = m;
    const full = (1 << active) - 1;
    ways[0] = 1;
    for (let set = 1; set <= full; set++) {
      const lowBit = 31 - Math.clz32(set & -set);
      let total = 0;
      for (let k = firstOf[lowBit]!; k < firstOf[lowBit + 1]!; k++) {
        const mask = masks[k]!;
        if ((mask & set) === mask) total += ways[set ^ mask]!;
      }
      ways[set] = total;
    }
    return ways[full]!;
  }

  /** Allocate the count() cache on first use; returns the item threshold (0: no cache). */
  private prepareMemo(): number {
    if (this.memoItems === 0 || this.memoItems <= this.bulkItems) return 0;
    if (this.memoKeys === null) {
      const size = 1 << this.memoBits;
      this.memoKeys = new Int32Array(size * this.covered.length);
      this.memoValues = new Float64Array(size).fill(-1);
    }
    return this.memoItems;
  }

  /** The cache slot of the current covered set. */
  private memoSlot(): number {
    const covered = this.covered;
    let h = 0x811c9dc5;
    for (let w = 0; w < covered.length; w++) {
      h = Math.imul(h ^ covered[w]!, 0x9e3779b1);
      h ^= h >>> 15;
    }
    h = Math.imul(h ^ (h >>> 13), 0x85ebca6b);
    return (h ^ (h >>> 16)) & ((1 << this.memoBits) - 1);
  }

  /** Solutions below the current node if the cache knows this covered set, else -1. */
  private memoLookup(): number {
    const slot = this.memoSlot();
    const value = this.memoValues![slot]!;
    if (value < 0) return -1;
    const covered = this.covered;
    const keys = this.memoKeys!;
    const base = slot * covered.length;
    for (let w = 0; w < covered.length; w++) if (keys[base + w] !== covered[w]) return -1;
    return value;
  }

  /** Remember `value` for the current covered set (replacing whatever held its slot). */
  private memoStore(value: number): void {
    const slot = this.memoSlot();
    const covered = this.covered;
    const keys = this.memoKeys!;
    const base = slot * covered.length;
    for (let w = 0; w < covered.length; w++) keys[base + w] = covered[w]!;
    this.memoValues![slot] = value;
  }

  /** X6 for one option node x: uncover the option's other items, in reverse order. */
  private unapply(x: number): void {
    const { top, ulink, dlink, llink, rlink } = this;
    let p = x - 1;
    while (p !== x) {
      const j = top[p]!;
      if (j <= 0) p = dlink[p]!;
      else {
        uncover(j, top, ulink, dlink, llink, rlink, this.covered);
        p--;
      }
    }
  }
}

/** The loop's code for the budget's answer. */
function stopCode(stop: StopReason | null): number {
  return stop === null ? EXHAUSTED : stop === "aborted" ? ABORTED : LIMIT;
}

function statusOf(code: number): CoverStatus {
  switch (code) {
    case EXHAUSTED:
      return "exhausted";
    case LIMIT:
      return "limit";
    case ABORTED:
      return "aborted";
    default:
      return "solution-limit";
  }
}

function emptyStats(): CoverStats {
  return {
    nodes: 0,
    updates: 0,
    solutions: 0,
    countedInBulk: 0,
    nodesPerLevel: [],
    solutionsPerLevel: [],
    ms: 0,
  };
}

/** The array without its trailing zeros, as plain numbers. */
function trimmed(values: Float64Array): number[] {
  let end = values.length;
  while (end > 0 && values[end - 1] === 0) end--;
  return Array.from(values.subarray(0, end));
}
