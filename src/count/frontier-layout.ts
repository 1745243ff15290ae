/**
 * The fixed shape of a frontier sweep: which earlier cells each cell joins, which cells leave the
 * window after each step (`sweepLayout`), and how a window state packs into a key of 32-bit words
 * (`keyLayout`). See frontier.ts for the codes and docs/counting.md for a worked example.
 */

export interface SweepLayout {
  readonly n: number;
  /** Window width: 2·cols + 1 for a knight. */
  readonly w: number;
  /** For cell v: its earlier neighbours as working-array slots, in earlierStart[v]..[v+1]. */
  readonly earlierStart: Int32Array;
  readonly earlierSlot: Int32Array;
  /** For the same entries: how many later neighbours the earlier cell has after v. */
  readonly earlierRemaining: Int32Array;
  /** Cells leaving the frontier at step t, as working-array slots. */
  readonly leaveStart: Int32Array;
  readonly leaveSlot: Int32Array;
  /** Degree cap per cell (1 for required path ends, else 2). */
  readonly cap: Uint8Array;
}

const KNIGHT_FORWARD = [
  [1, -2],
  [1, 2],
  [2, -1],
  [2, 1],
] as const;

export function sweepLayout(rows: number, cols: number, ends: readonly number[]): SweepLayout {
  const n = rows * cols;
  const later: number[][] = Array.from({ length: n }, () => []);
  const earlier: number[][] = Array.from({ length: n }, () => []);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const u = r * cols + c;
      for (const [dr, dc] of KNIGHT_FORWARD) {
        const nr = r + dr;
        const nc = c + dc;
        if (nr < rows && nc >= 0 && nc < cols) {
          const v = nr * cols + nc;
          later[u]!.push(v);
          earlier[v]!.push(u);
        }
      }
    }
  }
  const lastLater = new Int32Array(n);
  let w = 1;
  for (let u = 0; u < n; u++) {
    lastLater[u] = Math.max(u, ...later[u]!);
    w = Math.max(w, lastLater[u]! - u);
  }
  // Working array: slots 0..w-1 hold cells t-w..t-1, slot w holds the new cell t. Cell t-w has
  // no neighbour after t, so it leaves now at the latest: the key keeps the w cells t-w+1..t.
  const earlierStart = new Int32Array(n + 1);
  const earlierSlot: number[] = [];
  const earlierRemaining: number[] = [];
  for (let v = 0; v < n; v++) {
    earlierStart[v] = earlierSlot.length;
    for (const u of earlier[v]!) {
      earlierSlot.push(u - v + w);
      earlierRemaining.push(later[u]!.filter((x) => x > v).length);
    }
  }
  earlierStart[n] = earlierSlot.length;
  const leaveStart = new Int32Array(n + 1);
  const leaveSlot: number[] = [];
  for (let t = 0; t < n; t++) {
    leaveStart[t] = leaveSlot.length;
    for (let u = Math.max(0, t - w); u <= t; u++) if (lastLater[u] === t) leaveSlot.push(u - t + w);
  }
  leaveStart[n] = leaveSlot.length;
  const cap = new Uint8Array(n).fill(2);
  for (const e of ends) cap[e] = 1;
  return {
    n,
    w,
    earlierStart,
    earlierSlot: Int32Array.from(earlierSlot),
    earlierRemaining: Int32Array.from(earlierRemaining),
    leaveStart,
    leaveSlot: Int32Array.from(leaveSlot),
    cap,
  };
}

/**
 * Where each of the w key fields lives: field i holds the code of window cell i (oldest first).
 * A path end names its mate by distance, so field i holds at most `second + (w − 1 − i)`: the
 * oldest fields need 5 bits, the newest 2. Fields never straddle a word; they are packed
 * widest first into the fewest words, keeping the top bit of the last word clear (the table's
 * used mark). 7-wide boards (w = 15) take 56 bits for paths, 8-wide cycles 63: two words.
 */
export interface KeyLayout {
  /** 32-bit words per key. */
  readonly words: number;
  readonly word: Int32Array;
  readonly shift: Int32Array;
  readonly mask: Int32Array;
  /** Sum of the field widths. */
  readonly bits: number;
}

export function keyLayout(w: number, second: number): KeyLayout {
  const width = new Int32Array(w);
  let bits = 0;
  for (let i = 0; i < w; i++) {
    const max = second + (w - 1 - i);
    width[i] = 32 - Math.clz32(max);
    bits += width[i]!;
  }
  const order = Array.from({ length: w }, (_, i) => i).sort(
    (a, b) => width[b]! - width[a]! || a - b,
  );
  for (let words = Math.max(1, Math.ceil((bits + 1) / 32)); ; words++) {
    const room = Array.from({ length: words }, (_, k) => (k === words - 1 ? 31 : 32));
    const word = new Int32Array(w);
    const shift = new Int32Array(w);
    let fits = true;
    for (const i of order) {
      // Best fit: the fullest word that still takes the field.
      let k = -1;
      for (let j = 0; j < words; j++) {
        if (room[j]! >= width[i]! && (k < 0 || room[j]! < room[k]!)) k = j;
      }
      if (k < 0) {
        fits = false;
        break;
      }
      word[i] = k;
      shift[i] = (k === words - 1 ? 31 : 32) - room[k]!;
      room[k]! -= width[i]!;
    }
    if (fits) {
      const mask = width.map((b) => (b === 32 ? -1 : (1 << b) - 1));
      return { words, word, shift, mask, bits };
    }
  }
}
