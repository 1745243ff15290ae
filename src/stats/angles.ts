import { OptionError } from "../core/errors.js";
import { isKnight, type Piece, pieceMoves } from "../core/piece.js";
import type { Tour } from "../core/tour.js";
import { gcd } from "./gcd.js";

/**
 * Turn angles. At each cell the tour passes through, two moves meet; the angle between them
 * (measured at the cell, between the segments back to the previous cell and on to the next)
 * depends only on the dot product of the two knight vectors u, v (|u|² = |v|² = 5):
 *
 * | u·v | angle                | kind     | Knuth's groups        |
 * |-----|----------------------|----------|-----------------------|
 * |  4  | ≈ 36.87° (acos 4/5)  | acute    | acute                 |
 * |  3  | ≈ 53.13° (acos 3/5)  | acute    | acute                 |
 * |  0  | 90°                  | right    | orthogonal            |
 * | -3  | ≈ 126.87°            | obtuse   | obtuse                |
 * | -4  | ≈ 143.13°            | obtuse   | obtuse                |
 * | -5  | 180° (straight pass) | straight | obtuse and orthogonal |
 *
 * The six angles are those of Knuth's 28 "wedges" (pairs of the 8 knight moves at a cell).
 * His census (TAOCP, Pre-Fascicle 8A, §7.2.2.4) groups them as acute (< 90°), obtuse (> 90°)
 * and orthogonal (the moves lie on perpendicular or on the same line: 90° or 180°), so a
 * straight pass counts as obtuse *and* as orthogonal, and acute + obtuse + orthogonal exceeds
 * the turns by the straight passes. `right` and `straight` are the 90° and 180° turns alone.
 * A closed tour has a turn at every cell, its start included; an open tour at every cell but
 * its two ends.
 *
 * Another piece has its own angles (`TurnAngles.classes`): for an {a, b}-leaper (a < b) the same six
 * kinds of pair at other angles (the giraffe's: 28.07°, 61.93°, 90°, 118.07°, 151.93°, 180°), and
 * for a union every angle two of its moves make. Angles need the moves as straight segments on
 * the page, so they are measured on plane boards (holes or not), never on wrapped ones.
 */

/** One angle a turn can make: its size and kind (acute < 90° < obtuse < 180° straight). */
export interface AngleClass {
  readonly degrees: number;
  readonly kind: "acute" | "right" | "obtuse" | "straight";
}

/** The knight's six angle classes, keyed by the dot product of the two moves. */
export const ANGLE_CLASSES = Object.freeze([
  { dot: 4, degrees: (Math.acos(4 / 5) * 180) / Math.PI, kind: "acute" },
  { dot: 3, degrees: (Math.acos(3 / 5) * 180) / Math.PI, kind: "acute" },
  { dot: 0, degrees: 90, kind: "right" },
  { dot: -3, degrees: (Math.acos(-3 / 5) * 180) / Math.PI, kind: "obtuse" },
  { dot: -4, degrees: (Math.acos(-4 / 5) * 180) / Math.PI, kind: "obtuse" },
  { dot: -5, degrees: 180, kind: "straight" },
] as const);

export interface TurnAngles {
  /** The piece's angle classes, ascending (ANGLE_CLASSES for the knight). */
  readonly classes: readonly AngleClass[];
  /**
   * Count per class, in `classes` order (for the knight, ANGLE_CLASSES: 36.87°, 53.13°, 90°,
   * 126.87°, 143.13°, 180°).
   */
  readonly byClass: readonly number[];
  /** Turns under 90°. */
  readonly acute: number;
  /** Turns of 90°. */
  readonly right: number;
  /** Turns over 90°, straight passes (180°) included: Knuth's obtuse. */
  readonly obtuse: number;
  /** Turns of 90° or 180°: Knuth's orthogonal (right + straight). */
  readonly orthogonal: number;
  /** Turns of 180° (straight passes). */
  readonly straight: number;
  /** Number of cells where a turn was measured. */
  readonly turns: number;
}

const CLASS_OF_DOT: Record<number, number> = { 4: 0, 3: 1, 0: 2, [-3]: 3, [-4]: 4, [-5]: 5 };

/**
 * Class index (into ANGLE_CLASSES) of the turn at cell `b` between cells `a` and `c`
 * (flat indices on a board with `cols` columns; a–b and b–c must be knight moves).
 */
export function turnClass(cols: number, a: number, b: number, c: number): number {
  const br = Math.floor(b / cols);
  const bc = b - br * cols;
  const ur = Math.floor(a / cols) - br;
  const uc = (a % cols) - bc;
  const vr = Math.floor(c / cols) - br;
  const vc = (c % cols) - bc;
  const k = CLASS_OF_DOT[ur * vr + uc * vc];
  if (k === undefined) throw new RangeError(`cells ${a}, ${b}, ${c} are not two knight moves`);
  return k;
}

/**
 * Turn angles of a tour, counted by class. O(N).
 *
 * @throws OptionError on a wrapped board (a move across an edge has no angle on the page).
 */
export function turnAngles(tour: Tour): TurnAngles {
  const { path, closed, board } = tour;
  const cols = board.cols;
  if (board.topology !== "plane") {
    throw new OptionError(
      `turn angles are measured on plane boards, and ${board} wraps: a move across an edge has no straight segment on the page`,
      board.topology,
    );
  }
  const knight = isKnight(board.piece);
  const table = knight ? undefined : pieceAngles(board.piece);
  const classes = table?.classes ?? ANGLE_CLASSES;
  const byClass = classes.map(() => 0);
  const n = path.length;
  if (n >= 3) {
    const first = closed ? 0 : 1;
    const last = closed ? n - 1 : n - 2;
    for (let i = first; i <= last; i++) {
      const a = path[i === 0 ? n - 1 : i - 1]!;
      const c = path[i === n - 1 ? 0 : i + 1]!;
      const k =
        table === undefined ? turnClass(cols, a, path[i]!, c) : table.classOf(cols, a, path[i]!, c);
      byClass[k]!++;
    }
  }
  const of = (kind: AngleClass["kind"]) =>
    classes.reduce((sum, k, i) => (k.kind === kind ? sum + byClass[i]! : sum), 0);
  const right = of("right");
  const straight = of("straight");
  return {
    classes,
    byClass,
    acute: of("acute"),
    right,
    obtuse: of("obtuse") + straight,
    orthogonal: right + straight,
    straight,
    turns: byClass.reduce((s, x) => s + x, 0),
  };
}

interface PieceAngles {
  readonly classes: readonly AngleClass[];
  /** The class index of the turn at b between a and c (cells on a board of `cols` columns). */
  classOf(cols: number, a: number, b: number, c: number): number;
}

const anglesByPiece = new Map<string, PieceAngles>();

/**
 * A piece's angle classes and a lookup by the two moves. Two pairs of moves make the same angle
 * when their dot products have the same sign and the same cos² = dot² / (|u|²·|v|²), compared as
 * a reduced fraction: exact, where rounding degrees could merge or split classes.
 */
function pieceAngles(piece: Piece): PieceAngles {
  const cached = anglesByPiece.get(piece.name);
  if (cached !== undefined) return cached;
  const moves = pieceMoves(piece);
  const found = new Map<string, AngleClass>();
  for (const [ur, uc] of moves) {
    for (const [vr, vc] of moves) {
      if (ur === vr && uc === vc) continue;
      const key = angleKey(ur, uc, vr, vc);
      if (found.has(key)) continue;
      const dot = ur * vr + uc * vc;
      const cos = dot / Math.sqrt((ur * ur + uc * uc) * (vr * vr + vc * vc));
      const straight = dot < 0 && ur * vc === uc * vr;
      const degrees = straight ? 180 : (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
      const kind = straight ? "straight" : dot > 0 ? "acute" : dot === 0 ? "right" : "obtuse";
      found.set(key, { degrees, kind });
    }
  }
  const sorted = [...found.entries()].sort((p, q) => p[1].degrees - q[1].degrees);
  const index = new Map(sorted.map(([key], i) => [key, i]));
  const table: PieceAngles = {
    classes: Object.freeze(sorted.map(([, k]) => Object.freeze(k))),
    classOf(cols, a, b, c) {
      const br = Math.floor(b / cols);
      const bc = b - br * cols;
      const k = index.get(
        angleKey(
          Math.floor(a / cols) - br,
          (a % cols) - bc,
          Math.floor(c / cols) - br,
          (c % cols) - bc,
        ),
      );
      if (k === undefined) {
        throw new RangeError(`cells ${a}, ${b}, ${c} are not two moves of the ${piece.name}`);
      }
      return k;
    },
  };
  anglesByPiece.set(piece.name, table);
  return table;
}

/** The exact identity of the angle between u and v: sign of u·v and cos² reduced. */
function angleKey(ur: number, uc: number, vr: number, vc: number): string {
  const dot = ur * vr + uc * vc;
  const num = dot * dot;
  const den = (ur * ur + uc * uc) * (vr * vr + vc * vc);
  const g = gcd(num, den);
  return `${Math.sign(dot)}:${num / g}/${den / g}`;
}
