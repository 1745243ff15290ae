import type { Frame } from "./block-frame.js";
import type { BlockOrder, Program } from "./block-order.js";
import { blockPath, blockPathPair } from "./block-path.js";
import { crossingCache, LEFT, type Rect, RIGHT, type Variant } from "./block-ports.js";

/**
 * Closed tours of boards with one row of blocks (a side of 3 or 5 to 11 cells), in block order.
 * A Hamiltonian cycle of a 1×C grid of blocks does not exist, so the tour visits every block
 * but the two end ones twice: out along the row, each block crossed by one path, and back, each
 * crossed by a second path through the cells the first left (block-path.ts finds the pair
 * together). The end blocks turn the tour round: the last one is crossed from its out-entry to
 * its back-exit, both on its left side, and the first from its back-entry to its out-exit, both
 * on its right side, which closes the cycle. A board of one block is a closed path of it.
 *
 * Colours as in block-order.ts: every path (whole or half) has an even number of cells, so
 * every exit has colour x and every entry the other; the out crossing and the back crossing of
 * a boundary are two knight's moves between its two pairs of lines, one near each edge.
 */

/**
 * Crossings tried in turn: the colour of exits, and where along the boundary the out crossing
 * and the back crossing go (one near each edge of the row, so their four cells are distinct).
 */
const STRIP_VARIANTS: ReadonlyArray<readonly [Variant, Variant]> = [0, 1].flatMap((flip) => {
  const x = (1 - flip) as 0 | 1;
  return (["near", "edge", "mid"] as const).flatMap((out) =>
    (["far", "end"] as const).map(
      (back) =>
        [
          { target: out, x },
          { target: back, x },
        ] as readonly [Variant, Variant],
    ),
  );
});

/** The closed block order of a one-row board in `frame` (rows: the short side), or why not. */
export function planStrip(frame: Frame, colParts: readonly number[]): BlockOrder | string {
  let reason = "";
  for (const [out, back] of STRIP_VARIANTS) {
    const plan = build(frame, colParts, out, back);
    if (typeof plan !== "string") return plan;
    reason = plan;
  }
  return reason;
}

function build(
  frame: Frame,
  colParts: readonly number[],
  outVariant: Variant,
  backVariant: Variant,
): BlockOrder | string {
  const h = frame.rows;
  const C = colParts.length;
  const crossOut = crossingCache(outVariant);
  const crossBack = crossingCache(backVariant);

  const paths: Float64Array[] = [];
  const localPaths: Int32Array[] = [];
  const ids = new Map<string, number>();
  /** The id of a block path (cells local to a block of width w), added once. */
  const add = (key: string, w: number, local: Int32Array): number => {
    let id = ids.get(key);
    if (id === undefined) {
      const offsets = new Float64Array(local.length);
      for (let k = 0; k < local.length; k++) {
        offsets[k] = frame.offset(Math.floor(local[k]! / w), local[k]! % w);
      }
      id = paths.length;
      ids.set(key, id);
      paths.push(offsets);
      localPaths.push(local);
    }
    return id;
  };

  // Visit k of the tour: block 0 whole, blocks 1..C−2 out, block C−1 whole, then C−2..1 back
  // (block j's back half is visit 2C−2−j). Typed arrays: a long board has many blocks.
  const visits = C === 1 ? 1 : 2 * C - 2;
  const program = {
    blockCols: new Int32Array(visits),
    offsets: new Float64Array(visits),
    paths: new Int32Array(visits),
  } satisfies Program;
  const visit = (k: number, j: number, c0: number, id: number) => {
    program.blockCols[k] = j;
    program.offsets[k] = frame.offset(0, c0);
    program.paths[k] = id;
  };
  if (C === 1) {
    const closed = closedBlockPath(h, colParts[0]!);
    if (closed === null) return `no closed path of the ${h}×${colParts[0]} block`;
    visit(0, 0, 0, add(`closed:${colParts[0]}`, colParts[0]!, closed));
  } else {
    // Blocks j−1, j, j+1 (scratch) and the crossings of j's left and right boundaries: the out
    // move [exit in the left block, entry in the right one] and the back move [exit in the
    // right block, entry in the left one].
    const left: Rect = { r0: 0, c0: 0, h, w: 0 };
    const here: Rect = { r0: 0, c0: 0, h, w: 0 };
    const right: Rect = { r0: 0, c0: 0, h, w: 0 };
    // [out exit, out entry, back exit, back entry] of the boundary (a | b), into `into`.
    const crossings = (a: Rect, b: Rect, into: Int32Array): string | null => {
      const out = crossOut(a, b, RIGHT, outVariant.x);
      const back = crossBack(b, a, LEFT, backVariant.x);
      if (out[0] < 0 || back[0] < 0 || out[0] === back[1] || out[1] === back[0]) {
        return `no two crossings between ${h}×${a.w} and ${h}×${b.w} blocks`;
      }
      into[0] = out[0];
      into[1] = out[1];
      into[2] = back[0];
      into[3] = back[1];
      return null;
    };
    const inner = new Int32Array(4);
    const outer = new Int32Array(4);
    const pairs = new Map<number, number>(); // out half's id; the back half's is the next
    let c0 = 0;
    for (let j = 0; j < C; j++) {
      const w = colParts[j]!;
      here.c0 = c0;
      here.w = w;
      if (j > 0) {
        left.w = colParts[j - 1]!;
        left.c0 = c0 - left.w;
        const failure = crossings(left, here, inner);
        if (failure !== null) return failure;
      }
      if (j + 1 < C) {
        right.c0 = c0 + w;
        right.w = colParts[j + 1]!;
        const failure = crossings(here, right, outer);
        if (failure !== null) return failure;
      }
      if (j === 0) {
        // The first block: from its back-entry to its out-exit, both on its right side.
        const [exit, , , entry] = outer;
        const path = blockPath(h, w, entry!, exit!);
        if (path === null) return `no path of the first ${h}×${w} block`;
        visit(0, j, c0, add(`whole:${w}:${entry}:${exit}`, w, path));
      } else if (j === C - 1) {
        // The last block: from its out-entry to its back-exit, both on its left side.
        const [, entry, exit] = inner;
        const path = blockPath(h, w, entry!, exit!);
        if (path === null) return `no path of the last ${h}×${w} block`;
        visit(j, j, c0, add(`whole:${w}:${entry}:${exit}`, w, path));
      } else {
        // Out from the left entry to the right exit, then back from the right entry to the
        // left exit. The block's shape and ports (cells < 256) as one number: no string a block.
        const [a, b, c, d] = [inner[1]!, outer[0]!, outer[3]!, inner[2]!];
        const key = (((w * 256 + a) * 256 + b) * 256 + c) * 256 + d;
        let outId = pairs.get(key);
        if (outId === undefined) {
          const pair = blockPathPair(h, w, a, b, c, d);
          if (pair === null) return `no pair of paths through a ${h}×${w} block`;
          const split = pair.indexOf(b) + 1;
          outId = add(`out:${key}`, w, pair.slice(0, split));
          add(`back:${key}`, w, pair.slice(split));
          pairs.set(key, outId);
        }
        const backId = outId + 1;
        visit(j, j, c0, outId);
        visit(2 * C - 2 - j, j, c0, backId);
      }
      c0 += w;
    }
  }
  return {
    closed: true,
    frame,
    rowParts: [h],
    colParts,
    paths,
    paths32: frame.rows * frame.cols <= 2 ** 31 - 1 ? paths.map((p) => Int32Array.from(p)) : null,
    localPaths,
    programs: [program],
    sequence: {
      programs: Int32Array.of(0),
      bases: Float64Array.of(0),
      blockRows: Int32Array.of(0),
    },
  };
}

/** A closed path of an h×w block: a Hamiltonian path whose ends are a knight's move apart. */
function closedBlockPath(h: number, w: number): Int32Array | null {
  // From a corner's neighbour to the corner: the corner has two moves, so one is its way in.
  const corner = 0;
  const ways = [
    [1, 2],
    [2, 1],
  ].filter(([r, c]) => r! < h && c! < w);
  for (const [r, c] of ways) {
    const path = blockPath(h, w, r! * w + c!, corner);
    if (path !== null) return path;
  }
  return null;
}
