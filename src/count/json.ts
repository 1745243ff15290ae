import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";
import { geometryToJsonObject } from "../core/format/json.js";
import type { CountResult } from "./count.js";

/**
 * Count JSON, the contract in ARCHITECTURE.md:
 * `{"rows":6,"cols":6,"kind":"closed","directed":false,"symmetry":null,"upToSymmetry":false,"count":"9862"}`
 * — the count as a decimal string (counts outgrow 2^53). A fixed start or end, and the
 * non-closable filter, are added as `"start":"a1"`, `"end":…`, `"nonClosable":true` only when set;
 * the geometry, as tour JSON writes it (`"piece":[[0,1]]`, `"topology":"torus"`,
 * `"holes":[[0,0]]`), after `"cols"` only when it is not the knight on a plain board.
 */
export function formatCountJson(result: CountResult, board: Board): string {
  const extra: Record<string, unknown> = {};
  if (result.start !== null) extra.start = formatCell(board, result.start);
  if (result.end !== null) extra.end = formatCell(board, result.end);
  if (result.nonClosable) extra.nonClosable = true;
  return JSON.stringify({
    rows: result.rows,
    cols: result.cols,
    ...geometryToJsonObject(board),
    kind: result.kind,
    directed: result.directed,
    symmetry: result.symmetry,
    upToSymmetry: result.upToSymmetry,
    ...extra,
    count: result.count.toString(),
  });
}
