/**
 * The closed tour made of `count` moves (ids in `moves`, move f joining eu[f] and ev[f]) and
 * the move a–b that closes it, as the path of its n cells from cell 0, written into `into`.
 * `link` (2n) and `linkCount` (n) are scratch: each cell's two neighbours, and how many so far.
 */
export function cycleFromMoves(
  moves: Int32Array,
  count: number,
  ends: { readonly eu: Int32Array; readonly ev: Int32Array },
  close: readonly [number, number],
  scratch: { readonly link: Int32Array; readonly linkCount: Uint8Array },
  into: Int32Array,
): Int32Array {
  const { link, linkCount } = scratch;
  linkCount.fill(0);
  const join = (u: number, v: number): void => {
    link[2 * u + linkCount[u]!++] = v;
    link[2 * v + linkCount[v]!++] = u;
  };
  for (let i = 0; i < count; i++) join(ends.eu[moves[i]!]!, ends.ev[moves[i]!]!);
  join(close[0], close[1]);
  let prev = -1;
  let x = 0;
  for (let i = 0; i < into.length; i++) {
    into[i] = x;
    const next = link[2 * x] !== prev ? link[2 * x]! : link[2 * x + 1]!;
    prev = x;
    x = next;
  }
  return into;
}
