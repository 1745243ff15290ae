import type { CellKit, LayerSink } from "./frontier-cell.js";
import { narrowMirror } from "./frontier-fold.js";
import type { SweepPlan } from "./frontier-plan.js";
import { WORD } from "./layer-table.js";

/**
 * The transitions of a narrow sweep — windows of at most 13 slots (boards up to 6 wide), whose
 * working state is 4-bit fields in two 32-bit words and whose key is that state shifted by one
 * field — with the state in two locals instead of a typed array: no decode or encode per
 * state, no call per field. The same transitions as frontier-cell.ts's `sweepSlice`, one for
 * one (FrontierOptions.loop "general" runs that one instead; the tests compare the two).
 *
 * Slot i's field is bits 4·(i mod 8).. of word ⌊i / 8⌋: x0 holds slots 0..7, x1 slots 8..15.
 * That is the working layout of frontier-plan.ts for every w ≤ 13 (one word while w < 8, when
 * the second is zero).
 */

const GONE = 0;
const FREE = 1;

/** Whether the narrow loop serves this plan: the working layout above, two-word keys. */
export function narrowLoopFits(plan: SweepPlan): boolean {
  return !plan.compact && plan.bits === 4 && plan.w <= 13 && plan.kw === 2 && plan.stride === 4;
}

/**
 * Slot i's code in the state (x0, x1). A shift counts modulo 32, so `i << 2` places slot i in
 * either word: slot 9 is bits 4.. of x1. The loop below sets a field the same way, inline
 * (`if (i < 8) c0 = … else c1 = …`): helper calls were too many for V8 to inline them all.
 */
function field(x0: number, x1: number, i: number): number {
  return ((i < 8 ? x0 : x1) >>> (i << 2)) & 15;
}

/** Slot of the mate of the path end at slot i (code `code`) in (x0, x1). */
function mateIn(x0: number, x1: number, i: number, code: number, second: number): number {
  if (code > second) return i + code - second;
  for (let j = i - 1; j >= 0; j--) if (field(x0, x1, j) === second + i - j) return j;
  throw new Error(`frontier invariant: the path end in slot ${i} has no mate`);
}

/**
 * Entries `from` to `to` of `chunk` (states before kit.cell.t): sweepSlice's transitions, the
 * state held in locals.
 */
export function sweepSliceNarrow(
  kit: CellKit,
  chunk: Uint32Array,
  from: number,
  to: number,
  table: LayerSink | undefined,
): void {
  const { plan } = kit;
  const { bytes: mirror, byteCount: mirrorBytes, closed0, closed1 } = kit.narrowFold;
  const { layout: L, w, pathMode, TAIL, SECOND, metaWord, metaShift } = plan;
  const { oldestWrongEnd, leaveWrongEnd } = plan;
  const leaveSlot = L.leaveSlot;
  const { eSlot, eRemaining, eCap, subMask, subA, subB } = kit.subsets;
  const { t, subsets, k, lStart, lEnd, last, foldHere, enter } = kit.cell;
  // Slot w (the new cell) is where the stored key keeps the tour ends fixed.
  const wHigh = w >= 8;
  const wShift = (w & 7) << 2;
  const wClear = ~(15 << wShift);
  const wEnter = enter << wShift;
  const metaHigh = metaWord === 1;
  let transitions = 0;
  let total = 0;
  for (let e = from; e < to; e++) {
    const base = e << 2;
    let s0 = chunk[base]! | 0;
    let s1 = (chunk[base + 1]! & 0x7fffffff) | 0;
    const endsIn = ((wHigh ? s1 : s0) >>> wShift) & 3;
    if (wHigh) s1 = (s1 & wClear) | wEnter;
    else s0 = (s0 & wClear) | wEnter;
    const lo = chunk[base + 2]!;
    const hi = chunk[base + 3]!;
    total += hi * WORD + lo;

    // Earlier neighbours that can take v's edge, and those that must.
    let must = 0;
    let able = 0;
    const freeNeed = pathMode && endsIn < 2 ? 1 : 2;
    for (let j = 0; j < k; j++) {
      const code = field(s0, s1, eSlot[j]!);
      if (code === FREE) {
        able |= 1 << j;
        if (eRemaining[j]! < (eCap[j] === 1 ? 1 : freeNeed)) must |= 1 << j;
      } else if (code !== GONE) {
        if (eCap[j] === 2) able |= 1 << j;
        if (!pathMode && eRemaining[j] === 0) must |= 1 << j;
      }
    }
    if ((must & ~able) !== 0) continue;

    for (let sub = 0; sub < subsets; sub++) {
      const chosen = subMask[sub]!;
      if ((chosen & must) !== must || (chosen & ~able) !== 0) continue;
      const sa = subA[sub]!;
      const sb = subB[sub]!;
      let endsOut = endsIn;
      let complete = 0;
      transitions++;
      let c0 = s0;
      let c1 = s1;
      // Each `if (x < 8) c0 … else c1 …` below sets slot x's field (GONE: clears it).
      if (sb >= 0) {
        if (wHigh) c1 &= wClear;
        else c0 &= wClear;
        const ca = field(s0, s1, sa);
        const cb = field(s0, s1, sb);
        const endA = ca === FREE ? sa : ca === TAIL ? -1 : mateIn(s0, s1, sa, ca, SECOND);
        if (endA === sb) {
          // Closing a cycle: only the very last cell may, and only in cycle mode.
          if (pathMode || !last) continue;
          if (sa < 8) c0 &= ~(15 << (sa << 2));
          else c1 &= ~(15 << (sa << 2));
          if (sb < 8) c0 &= ~(15 << (sb << 2));
          else c1 &= ~(15 << (sb << 2));
          complete = 1;
        } else {
          const endB = cb === FREE ? sb : cb === TAIL ? -1 : mateIn(s0, s1, sb, cb, SECOND);
          if (ca !== FREE) {
            if (sa < 8) c0 &= ~(15 << (sa << 2));
            else c1 &= ~(15 << (sa << 2));
          }
          if (cb !== FREE) {
            if (sb < 8) c0 &= ~(15 << (sb << 2));
            else c1 &= ~(15 << (sb << 2));
          }
          if (endA < 0 && endB < 0) {
            if (!last) continue;
            complete = 1;
          } else if (endA < 0 || endB < 0) {
            // One piece holds a tour end: the other's far end becomes a TAIL.
            const end = endA < 0 ? endB : endA;
            const sh = end << 2;
            if (end < 8) c0 = (c0 & ~(15 << sh)) | (TAIL << sh);
            else c1 = (c1 & ~(15 << sh)) | (TAIL << sh);
          } else {
            const x = Math.min(endA, endB);
            const y = Math.max(endA, endB);
            const shx = x << 2;
            const shy = y << 2;
            if (x < 8) c0 = (c0 & ~(15 << shx)) | ((SECOND + y - x) << shx);
            else c1 = (c1 & ~(15 << shx)) | ((SECOND + y - x) << shx);
            if (y < 8) c0 = (c0 & ~(15 << shy)) | (SECOND << shy);
            else c1 = (c1 & ~(15 << shy)) | (SECOND << shy);
          }
        }
      } else if (sa >= 0) {
        const ca = field(s0, s1, sa);
        const far = ca === FREE ? sa : ca === TAIL ? -1 : mateIn(s0, s1, sa, ca, SECOND);
        if (ca !== FREE) {
          if (sa < 8) c0 &= ~(15 << (sa << 2));
          else c1 &= ~(15 << (sa << 2));
        }
        if (far < 0) {
          if (wHigh) c1 = (c1 & wClear) | (TAIL << wShift);
          else c0 = (c0 & wClear) | (TAIL << wShift);
        } else if (far > 0) {
          // The pair (far, w), far < w; slot w was FREE.
          const sh = far << 2;
          if (far < 8) c0 = (c0 & ~(15 << sh)) | ((SECOND + w - far) << sh);
          else c1 = (c1 & ~(15 << sh)) | ((SECOND + w - far) << sh);
          if (wHigh) c1 = (c1 & wClear) | (SECOND << wShift);
          else c0 = (c0 & wClear) | (SECOND << wShift);
        } else {
          // The far end is the oldest slot, which leaves now: in a path, a tour end.
          if (!pathMode || ++endsOut > 2 || oldestWrongEnd[t] === 1) continue;
          c0 &= ~15;
          if (wHigh) c1 = (c1 & wClear) | (TAIL << wShift);
          else c0 = (c0 & wClear) | (TAIL << wShift);
        }
      }
      // Cells whose last neighbour was v leave the frontier now.
      let ok = true;
      for (let e2 = lStart; e2 < lEnd; e2++) {
        const sl = leaveSlot[e2]!;
        const code = field(c0, c1, sl);
        const free = code === FREE;
        if (code === GONE) continue;
        if (free || !pathMode) {
          ok = false;
          break;
        }
        endsOut++;
        if (endsOut > 2 || leaveWrongEnd[e2] === 1) {
          ok = false;
          break;
        }
        if (code === TAIL) {
          if (!last || complete) {
            ok = false;
            break;
          }
          complete = 1;
        } else {
          const m = mateIn(c0, c1, sl, code, SECOND);
          const sh = m << 2;
          if (m < 8) c0 = (c0 & ~(15 << sh)) | (TAIL << sh);
          else c1 = (c1 & ~(15 << sh)) | (TAIL << sh);
        }
        if (sl < 8) c0 &= ~(15 << (sl << 2));
        else c1 &= ~(15 << (sl << 2));
      }
      if (!ok) continue;
      if (endsOut === 2 && endsIn < 2) {
        // Both tour ends fixed just now: a free earlier neighbour then needs two more edges.
        let starved = false;
        for (let j = 0; j < k; j++) {
          if (field(c0, c1, eSlot[j]!) === FREE && eRemaining[j]! < (eCap[j] === 1 ? 1 : 2)) {
            starved = true;
            break;
          }
        }
        if (starved) continue;
      }
      if (last) {
        if (complete && (!pathMode || endsOut === 2) && c0 === 0 && c1 === 0) {
          kit.tally.accept(lo, hi);
        }
        continue;
      }
      if ((c0 & 15) !== GONE) throw new Error("frontier invariant: oldest cell still open");
      // The next key: the window shifted by one field, the ends fixed where slot w was.
      let k0 = (c0 >>> 4) | (c1 << 28);
      let k1 = c1 >>> 4;
      if (endsOut !== 0) {
        if (metaHigh) k1 |= endsOut << metaShift;
        else k0 |= endsOut << metaShift;
      }
      if (foldHere) {
        // At a row end, the state or its mirror image, whichever key is smaller (a byte of
        // the state, two slots, a lookup: frontier-fold.ts's narrowMirror).
        if (((c0 & closed0) | (c1 & closed1)) !== 0) {
          throw new Error("frontier invariant: a row ended with a slot open, its mirror outside");
        }
        let m0 = 0;
        let m1 = 0;
        for (let b = 0; b < mirrorBytes; b++) {
          // A shift counts modulo 32: bytes 4.. are those of c1.
          const at = (((b << 8) | (((b < 4 ? c0 : c1) >>> (b << 3)) & 255)) << 1) | 0;
          m0 |= mirror[at]!;
          m1 |= mirror[at + 1]!;
        }
        if (endsOut !== 0) {
          if (metaHigh) m1 |= endsOut << metaShift;
          else m0 |= endsOut << metaShift;
        }
        const mh = m1 >>> 0;
        const kh = k1 >>> 0;
        if (mh < kh || (mh === kh && m0 >>> 0 < k0 >>> 0)) {
          k0 = m0;
          k1 = m1;
        }
      }
      table!.queuePair(k0, k1, lo, hi);
    }
  }
  kit.cell.transitions += transitions;
  kit.cell.total += total;
}

/** The narrow loop's mirror tables (frontier-fold.ts), for a plan the loop fits. */
export function narrowFold(plan: SweepPlan): ReturnType<typeof narrowMirror> {
  return narrowMirror(plan);
}
