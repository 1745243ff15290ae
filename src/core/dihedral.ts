/**
 * The symmetries of a board. A square board has the 8 of the dihedral group D4 (the identity,
 * three rotations and four reflections); a non-square rectangle keeps its shape only under the
 * 4 of D2 (identity, half turn and the two mirrors in its centre lines).
 *
 * Rows are counted from the top as printed, so "clockwise" is clockwise on the printed board.
 */
export type TransformName =
  | "identity"
  | "rotate90"
  | "rotate180"
  | "rotate270"
  | "mirror-lr"
  | "mirror-tb"
  | "transpose"
  | "antitranspose";

/** All eight, in a fixed order: the rotations first, then the reflections. */
export const TRANSFORM_NAMES: readonly TransformName[] = Object.freeze([
  "identity",
  "rotate90",
  "rotate180",
  "rotate270",
  "mirror-lr",
  "mirror-tb",
  "transpose",
  "antitranspose",
]);

/** The four that keep any rectangle's shape. */
export const RECTANGLE_TRANSFORMS: readonly TransformName[] = Object.freeze([
  "identity",
  "rotate180",
  "mirror-lr",
  "mirror-tb",
]);

/** The image of (r, c) under `name` on a rows × cols board, as [r', c']. */
export function transformRowCol(
  rows: number,
  cols: number,
  name: TransformName,
  r: number,
  c: number,
): [number, number] {
  const R = rows - 1;
  const C = cols - 1;
  switch (name) {
    case "identity":
      return [r, c];
    case "rotate90": // clockwise: the top-left corner goes to the top-right
      return [c, R - r];
    case "rotate180":
      return [R - r, C - c];
    case "rotate270":
      return [C - c, r];
    case "mirror-lr":
      return [r, C - c];
    case "mirror-tb":
      return [R - r, c];
    case "transpose":
      return [c, r];
    case "antitranspose":
      return [C - c, R - r];
  }
}
