import type { KeyLayout } from "./frontier-layout.js";

/**
 * Folding a frontier state with its mirror image at the end of a row (FrontierOptions.fold):
 * the stored key of the mirror image, one table lookup per window slot.
 */

export interface MirrorKeyParameters {
  /** Window width, and the board's columns as swept. */
  readonly w: number;
  readonly cols: number;
  /** Key words, and bits per working field. */
  readonly kw: number;
  readonly bits: number;
  /** Whether keys use the compact layout `K` (else the working layout shifted by one field). */
  readonly compact: boolean;
  readonly K: KeyLayout;
  /** Where the working layout keeps the ends fixed (non-compact keys). */
  readonly metaWord: number;
  readonly metaShift: number;
  readonly pathMode: boolean;
}

const GONE = 0;
const FREE = 1;

/** The mirror of each slot (-1: out of the window), and each (slot, code)'s key words. */
function mirrorTables(p: MirrorKeyParameters): {
  slotMirror: Int32Array;
  codes: number;
  mirrorTable: Uint32Array;
} {
  const { w, cols, kw, bits, compact, K } = p;
  const TAIL = p.pathMode ? 2 : -1;
  const SECOND = p.pathMode ? 3 : 2;
  const perWord = Math.floor(32 / bits);
  // Folding at the end of a row (see FrontierOptions.fold), when the mirror maps the geometry
  // to itself. There the swept cells are whole rows, and an open cell (one with a neighbour
  // still to come) has an open mirror image, which is in the window too: the mirror moves each
  // slot to its column's mirror in the same row and renames mates by their new distance. Slot
  // i holds cell t − w + i with t the row's last cell, so its column is (cols − 1 − w + i) mod
  // cols, the same at every row end. (A knight on a plane: slots 2..w are the last two rows.)
  const slotMirror = new Int32Array(w + 1);
  for (let i = 0; i <= w; i++) {
    const col = (((cols - 1 - w + i) % cols) + cols) % cols;
    const m = i + cols - 1 - 2 * col;
    // Out of the window (or slot 0, which leaves): the cell there is closed, as its mirror.
    slotMirror[i] = m >= 1 && m <= w ? m : -1;
  }
  // The mirror image's key is the OR of what each slot's code contributes on its own: a FREE
  // or TAIL code moves to the mirrored slot, and the earlier end of a pair writes both ends
  // of the mirrored pair (the later end, SECOND, writes nothing). One table of key words per
  // slot and code, built once.
  const codes = 1 << bits;
  const mirrorTable = new Uint32Array((w + 1) * codes * kw);
  const mirrorField = (at: number, slot: number, value: number): void => {
    // The stored key drops slot 0: key field slot − 1.
    const f = slot - 1;
    const word = compact ? K.word[f]! : Math.floor(f / perWord);
    const shift = compact ? K.shift[f]! : (f % perWord) * bits;
    mirrorTable[at + word]! |= value << shift;
  };
  for (let i = 1; i <= w; i++) {
    const mi = slotMirror[i]!;
    if (mi < 0) continue;
    for (let code = 0; code < codes; code++) {
      const at = (i * codes + code) * kw;
      if (code === FREE || code === TAIL) mirrorField(at, mi, code);
      else if (code > SECOND && i + code - SECOND <= w) {
        const mj = slotMirror[i + code - SECOND]!;
        if (mj < 0) continue;
        mirrorField(at, Math.min(mi, mj), SECOND + Math.abs(mj - mi));
        mirrorField(at, Math.max(mi, mj), SECOND);
      }
    }
  }
  return { slotMirror, codes, mirrorTable };
}

/**
 * The narrow loop's fold (frontier-narrow.ts: slots in 4-bit fields of two words, two-word keys
 * the window shifted by one field): the mirror image's key words, OR-ed from one lookup per
 * byte of the state (two slots a byte) in `bytes` (at (b·256 + value)·2), and the masks of the
 * slots whose mirror is outside the window (they must be GONE).
 */
export function narrowMirror(p: MirrorKeyParameters): {
  bytes: Uint32Array;
  byteCount: number;
  closed0: number;
  closed1: number;
} {
  const { w } = p;
  if (p.compact || p.bits !== 4 || p.kw !== 2 || w > 15) {
    throw new Error("narrowMirror: not a narrow layout");
  }
  const { slotMirror, codes, mirrorTable } = mirrorTables(p);
  const byteCount = (w >> 1) + 1;
  const bytes = new Uint32Array(byteCount * 256 * 2);
  let closed0 = 0;
  let closed1 = 0;
  for (let i = 1; i <= w; i++) {
    if (slotMirror[i]! >= 0) continue;
    if (i < 8) closed0 |= 15 << (i << 2);
    else closed1 |= 15 << (i << 2);
  }
  for (let b = 0; b < byteCount; b++) {
    for (let v = 0; v < 256; v++) {
      const at = (b * 256 + v) * 2;
      for (const [slot, code] of [
        [2 * b, v & 15],
        [2 * b + 1, v >> 4],
      ] as const) {
        // Slot 0 leaves (it is GONE); slots past w do not exist.
        if (slot < 1 || slot > w || slotMirror[slot]! < 0) continue;
        const row = (slot * codes + code) * 2;
        bytes[at]! |= mirrorTable[row]!;
        bytes[at + 1]! |= mirrorTable[row + 1]!;
      }
    }
  }
  return { bytes, byteCount, closed0, closed1 };
}

/**
 * The function that writes, into `out`, the stored key of the mirror image of the working state
 * `from` at the end of a row (slot 0 already gone).
 */
export function mirrorKeys(
  p: MirrorKeyParameters,
): (from: Uint32Array, endsOut: number, out: Uint32Array) => void {
  const { w, kw, bits, compact, metaWord, metaShift } = p;
  const perWord = Math.floor(32 / bits);
  const { slotMirror, codes, mirrorTable } = mirrorTables(p);
  const mirrored = Int32Array.from({ length: w }, (_, i) => i + 1).filter(
    (i) => slotMirror[i]! >= 0,
  );
  const unmirrored = Int32Array.from({ length: w }, (_, i) => i + 1).filter(
    (i) => slotMirror[i]! < 0,
  );
  // Slot i of a working state is the field at bit (i mod perWord)·bits of word ⌊i / perWord⌋.
  // The mirrored slots' words, shifts and table rows, and a mask per word of the slots that
  // must be closed: read straight from the words, with no call per slot (this runs for every
  // transition at a row end, a tenth of a 6×6 count's time).
  const fieldMask = (1 << bits) - 1;
  const slotWord = Int32Array.from(mirrored, (i) => Math.floor(i / perWord));
  const slotShift = Int32Array.from(mirrored, (i) => (i % perWord) * bits);
  const slotRow = Int32Array.from(mirrored, (i) => i * codes * kw);
  const closedMask = new Uint32Array(Math.floor(w / perWord) + 1);
  for (const i of unmirrored)
    closedMask[Math.floor(i / perWord)]! |= fieldMask << ((i % perWord) * bits);
  const slotCount = mirrored.length;
  return (from: Uint32Array, endsOut: number, out: Uint32Array): void => {
    for (let q = 0; q < closedMask.length; q++) {
      if ((from[q]! & closedMask[q]!) !== 0) {
        const i = unmirrored.find(
          (j) => ((from[Math.floor(j / perWord)]! >>> ((j % perWord) * bits)) & fieldMask) !== GONE,
        );
        throw new Error(`frontier invariant: a row ended with slot ${i} open, its mirror outside`);
      }
    }
    if (kw === 2) {
      let k0 = 0;
      let k1 = 0;
      for (let u = 0; u < slotCount; u++) {
        const at = slotRow[u]! + ((from[slotWord[u]!]! >>> slotShift[u]!) & fieldMask) * 2;
        k0 |= mirrorTable[at]!;
        k1 |= mirrorTable[at + 1]!;
      }
      out[0] = k0;
      out[1] = k1;
    } else {
      out.fill(0);
      for (let u = 0; u < slotCount; u++) {
        const at = slotRow[u]! + ((from[slotWord[u]!]! >>> slotShift[u]!) & fieldMask) * kw;
        for (let q = 0; q < kw; q++) out[q]! |= mirrorTable[at + q]!;
      }
    }
    if (!compact && endsOut !== 0) out[metaWord]! |= endsOut << metaShift;
  };
}
