import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";
import { OptionError } from "../core/errors.js";
import { moveGraph } from "../core/graph.js";
import type { GeometrySymmetry } from "../core/symmetries.js";
import { forEachSymmetry, symmetryGroup } from "./group.js";
import type { Quotient, Rotation } from "./quotient.js";

/**
 * Symmetric tours on geometries other than the knight's plain rectangle: what the quotient
 * searches need, and what they cannot do.
 *
 * Folding a board by a rotation (quotient.ts) only asks that the rotation maps moves to moves
 * and holes to holes — that it belongs to the geometry's group — and that it fixes no cell a
 * tour passes: then every orbit has `order` cells and the correspondences of count.ts hold for
 * any graph. The knight's theorems that prune the search (the colour arguments of theory.ts,
 * the half-turn construction) are not used off the plain rectangle; the search decides alone.
 */

/** The rotation as the transform that generates its group. */
export function rotationTransform(rotation: Rotation): "rotate180" | "rotate90" {
  return rotation === 180 ? "rotate180" : "rotate90";
}

function rotationWords(rotation: Rotation): string {
  return rotation === 180 ? "a half turn" : "a quarter turn";
}

/**
 * Checks the rotation against a geometry (not the plain rectangle, which keeps its own rules).
 * Returns why no symmetric closed tour exists when that is plain without a search, else null.
 *
 * @throws OptionError naming the geometry when the rotation is not one of its symmetries, or
 *   when it fixes a cell a tour must pass through and the graph has odd cycles (the fold does
 *   not cover tours through a fixed cell).
 */
export function rotationOnGeometry(board: Board, rotation: Rotation): string | null {
  const transform = rotationTransform(rotation);
  const kept = symmetryGroup(board).some(
    (s) => s.transform === transform && s.shiftRows === 0 && s.shiftCols === 0,
  );
  if (!kept) {
    const why =
      board.rows !== board.cols
        ? "a quarter turn needs a square board"
        : board.topology === "cylinder"
          ? "a quarter turn would make the cylinder's joined edges meet the open ones"
          : "its holes do not map onto holes";
    throw new OptionError(
      `${rotationWords(rotation)} is not a symmetry of ${board}: ${why}`,
      rotation,
    );
  }
  if (board.vertexCount < 3) return `${board} is too small for a closed tour`;
  const centre = fixedCentre(board);
  if (centre < 0) return null;
  const graph = moveGraph(board);
  if (graph.bipartite && board.vertexCount % 2 === 1) {
    return `a closed tour alternates the two colours of ${board}'s moves, so it needs an even number of cells; it has ${board.vertexCount}`;
  }
  if (rotation === 90) {
    return `a quarter turn fixes the centre ${formatCell(board, centre)} of ${board}: a symmetry of a cycle that fixes one of its cells is a reflection of the cycle, whose square is the identity — but the square of a quarter turn is a half turn, which moves cells`;
  }
  throw new OptionError(
    `the half turn fixes the centre ${formatCell(board, centre)} of ${board}, and tours through a fixed cell are not counted by folding the board; make the centre a hole (--holes ${formatCell(board, centre)}) or use a board with an even side`,
    rotation,
  );
}

/** The centre cell when the board has one (both sides odd) and it is not a hole, else -1. */
function fixedCentre(board: Board): number {
  if (board.rows % 2 === 0 || board.cols % 2 === 0) return -1;
  const centre = ((board.rows - 1) / 2) * board.cols + (board.cols - 1) / 2;
  return board.isHole(centre) ? -1 : centre;
}

/**
 * The permutations of the geometry's symmetries outside the group the quotient folds by
 * (copies: a stabiliser count tests each of them on every tour).
 */
export function permutationsOutside(quotient: Quotient): Int32Array[] {
  const { powers, board } = quotient;
  const out: Int32Array[] = [];
  forEachSymmetry(board, (_symmetry: GeometrySymmetry, perm) => {
    if (!powers.some((power) => samePermutation(power, perm))) out.push(perm.slice());
    return undefined;
  });
  return out;
}

/**
 * Whether the tours the quotient's group fixes are carried to each other by every symmetry of
 * the geometry: true when g·⟨σ⟩·g⁻¹ = ⟨σ⟩ for all g (a half turn on a plane is central; on a
 * torus a shift moves the half turn's centre, so the half-turn-symmetric tours are not closed
 * under shifts and have no classes of their own).
 */
export function groupIsNormal(quotient: Quotient): boolean {
  const { powers, board, order } = quotient;
  if (order === 1) return true;
  const sigma = powers[1]!;
  let normal = true;
  forEachSymmetry(board, (_symmetry, g) => {
    // g∘σ must be σ^t∘g for some t: compare on every cell.
    let some = false;
    for (let t = 1; t < order && !some; t++) {
      const power = powers[t]!;
      let all = true;
      for (let v = 0; v < g.length && all; v++) {
        if (!board.isHole(v) && g[sigma[v]!] !== power[g[v]!]) all = false;
      }
      some = all;
    }
    if (!some) normal = false;
    return normal;
  });
  return normal;
}

function samePermutation(a: Int32Array, b: Int32Array): boolean {
  for (let v = 0; v < a.length; v++) if (a[v] !== b[v]) return false;
  return true;
}
