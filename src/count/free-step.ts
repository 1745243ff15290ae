import { type FreePlan, fieldBits, fieldsPerWord } from "./free-plan.js";
import type { LayerSink } from "./frontier-cell.js";
import { addCount } from "./layer-table.js";

/**
 * One step of the free-order count (free-frontier.ts): the states of the layer before it, each
 * read once, then every choice of at most two of the new cell's moves. What a state allows and
 * its key are worked out once per state for the choice of no edge (`load`); a choice changes at
 * most three degrees (the new cell and the one or two it joins) and four path ends' mates, so
 * each choice patches that base — its validity and the few key fields it touches — and undoes
 * its changes after, instead of copying and re-encoding the whole frontier.
 */

export class FreeStep {
  private readonly plan: FreePlan;
  private readonly kw: number;
  // The state read (no edge chosen), and the same with the choice being tried.
  private readonly degree: Int32Array;
  private readonly mate: Int32Array;
  private readonly degree2: Int32Array;
  private readonly mate2: Int32Array;
  private readonly baseKey: Uint32Array;
  private readonly key: Uint32Array;
  /** Cells a choice changed (repeats allowed): undone after it. */
  private readonly touched = new Int32Array(8);
  private touchedCount = 0;
  /** Cells of the base state that break a rule (a closing cell short of two edges, ...). */
  private bad = 0;
  // The step's shape.
  private m = 0;
  private mapAt = 0;
  private laterAt = 0;
  private backAt = 0;
  private k = 0;
  private inBits = 1;
  private inPer = 31;
  private outBits = 1;
  private readonly outWord: Int32Array;
  private readonly outShift: Int32Array;
  private isLast = false;
  /** Choices queued; closed cycles summed (count words, and whether a sum passed 2^64). */
  transitions = 0;
  readonly accepted = new Uint32Array(2);
  acceptedOverflow = false;

  constructor(plan: FreePlan) {
    this.plan = plan;
    this.kw = plan.kw;
    const widest = Math.max(...plan.inSize) + 1;
    this.degree = new Int32Array(widest);
    this.mate = new Int32Array(widest);
    this.degree2 = new Int32Array(widest);
    this.mate2 = new Int32Array(widest);
    this.baseKey = new Uint32Array(plan.kw);
    this.key = new Uint32Array(plan.kw);
    this.outWord = new Int32Array(widest);
    this.outShift = new Int32Array(widest);
  }

  /** Take step t's shape. */
  begin(t: number): void {
    const { plan } = this;
    this.m = plan.inSize[t]!;
    const out = plan.inSize[t + 1]!;
    this.inBits = fieldBits(this.m);
    this.inPer = fieldsPerWord(this.inBits);
    this.outBits = fieldBits(out);
    const outPer = fieldsPerWord(this.outBits);
    for (let to = 0; to < out; to++) {
      const word = (to / outPer) | 0;
      this.outWord[to] = word;
      this.outShift[to] = (to - word * outPer) * this.outBits;
    }
    this.mapAt = plan.mapStart[t]!;
    this.laterAt = plan.laterStart[t]!;
    this.backAt = plan.backStart[t]!;
    this.k = plan.backStart[t + 1]! - this.backAt;
    this.isLast = t === plan.n - 1;
  }

  /** Every choice for the state at `layer[base..]`, its count (lo, hi) queued or summed. */
  expand(layer: Uint32Array, base: number, table: LayerSink, prime: number): void {
    this.load(layer, base);
    const lo = layer[base + this.kw]!;
    const hi = layer[base + this.kw + 1]!;
    const { backIndex } = this.plan;
    if (!this.isLast) this.choose(-1, -1, lo, hi, table, prime);
    for (let x = 0; x < this.k; x++) {
      const a = backIndex[this.backAt + x]!;
      if (!this.isLast) this.choose(a, -1, lo, hi, table, prime);
      for (let y = x + 1; y < this.k; y++) {
        this.choose(a, backIndex[this.backAt + y]!, lo, hi, table, prime);
      }
    }
  }

  /** Read a state; its base key (no edge chosen) and how many cells break a rule in it. */
  private load(layer: Uint32Array, base: number): void {
    const { m, inBits, inPer, degree, mate, degree2, mate2, plan, baseKey } = this;
    const inMask = (1 << inBits) - 1;
    for (let i = 0; i < m; i++) {
      const word = (i / inPer) | 0;
      const code = (layer[base + word]! >>> ((i - word * inPer) * inBits)) & inMask;
      const d = code === 0 ? 0 : code === 1 ? 2 : 1;
      const mt = code >= 2 ? code - 2 : i;
      degree[i] = d;
      mate[i] = mt;
      degree2[i] = d;
      mate2[i] = mt;
    }
    degree[m] = 0;
    mate[m] = m;
    degree2[m] = 0;
    mate2[m] = m;
    baseKey.fill(0);
    let bad = 0;
    for (let e = 0; e <= m; e++) {
      bad += this.breaks(e, degree[e]!);
      const to = plan.mapIndex[this.mapAt + e]!;
      if (to >= 0) {
        const word = this.outWord[to]!;
        baseKey[word] = (baseKey[word]! | (this.code(degree, mate, e) << this.outShift[to]!)) >>> 0;
      }
    }
    this.bad = bad;
  }

  /** 1 when cell e with degree d breaks a rule: closing now short of two edges, or staying without room for its edges. */
  private breaks(e: number, d: number): number {
    const to = this.plan.mapIndex[this.mapAt + e]!;
    if (to < 0) return d === 2 ? 0 : 1;
    return d + this.plan.later[this.laterAt + to]! < 2 ? 1 : 0;
  }

  /** The key code of cell e: 0 no edge, 1 two edges, 2 + j one edge with its path's other end at j. */
  private code(degree: Int32Array, mate: Int32Array, e: number): number {
    const d = degree[e]!;
    if (d !== 1) return d === 0 ? 0 : 1;
    // A mate closing now gives a code the state is rejected for anyway (it breaks a rule).
    return 2 + Math.max(0, this.plan.mapIndex[this.mapAt + mate[e]!]!);
  }

  /** Try joining the new cell to a (and to c): queue the state, sum a closed cycle, or drop it. */
  private choose(
    a: number,
    c: number,
    lo: number,
    hi: number,
    table: LayerSink,
    prime: number,
  ): void {
    const { m, degree, degree2 } = this;
    this.touchedCount = 0;
    let result: "ok" | "closed" | "dead" = "ok";
    if (a >= 0) result = this.join(a);
    if (result === "ok" && c >= 0) result = this.join(c);
    const wanted = this.isLast ? result === "closed" : result === "ok";
    if (wanted) {
      let bad = this.bad + this.breaks(m, degree2[m]!) - this.breaks(m, degree[m]!);
      if (a >= 0) bad += this.breaks(a, degree2[a]!) - this.breaks(a, degree[a]!);
      if (c >= 0) bad += this.breaks(c, degree2[c]!) - this.breaks(c, degree[c]!);
      if (bad === 0 && this.isLast) {
        if (addCount(this.accepted, 0, lo, hi, prime)) this.acceptedOverflow = true;
      } else if (bad === 0) {
        const key = this.patchedKey();
        // Two-word keys go through the table's staged buckets (layer-table.ts).
        if (this.kw === 2) table.queuePair(key[0]!, key[1]!, lo, hi);
        else table.queue(key, lo, hi);
        this.transitions++;
      }
    }
    this.undo();
  }

  /** Join the new cell (index m) to cell a, noting the cells changed. */
  private join(a: number): "ok" | "closed" | "dead" {
    const { m, degree2, mate2, touched } = this;
    if (degree2[a]! >= 2) return "dead";
    if (degree2[m] === 1 && mate2[m] === a) {
      touched[this.touchedCount++] = a;
      touched[this.touchedCount++] = m;
      degree2[a] = 2;
      degree2[m] = 2;
      return "closed";
    }
    // The far ends of the two pieces become each other's mates.
    const endA = degree2[a] === 0 ? a : mate2[a]!;
    const endM = degree2[m] === 0 ? m : mate2[m]!;
    touched[this.touchedCount++] = a;
    touched[this.touchedCount++] = m;
    touched[this.touchedCount++] = endA;
    touched[this.touchedCount++] = endM;
    degree2[a]!++;
    degree2[m]!++;
    mate2[endA] = endM;
    mate2[endM] = endA;
    return "ok";
  }

  /** The base key with the fields of the cells the choice changed written again. */
  private patchedKey(): Uint32Array {
    const { key, baseKey, touched, plan, outBits } = this;
    key.set(baseKey);
    const mask = (1 << outBits) - 1;
    for (let i = 0; i < this.touchedCount; i++) {
      const e = touched[i]!;
      const to = plan.mapIndex[this.mapAt + e]!;
      if (to < 0) continue;
      const word = this.outWord[to]!;
      const shift = this.outShift[to]!;
      const code = this.code(this.degree2, this.mate2, e);
      key[word] = ((key[word]! & ~(mask << shift)) | (code << shift)) >>> 0;
    }
    return key;
  }

  private undo(): void {
    const { touched, degree, mate, degree2, mate2 } = this;
    for (let i = 0; i < this.touchedCount; i++) {
      const e = touched[i]!;
      degree2[e] = degree[e]!;
      mate2[e] = mate[e]!;
    }
  }
}
