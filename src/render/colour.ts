/**
 * Colours shared by the SVG, canvas and terminal pictures, so every view of a tour looks alike.
 */

export interface BoardTheme {
  /** Squares where row + column is even (a8, the top-left corner, is one of them). */
  readonly light: string;
  /** Squares where row + column is odd. */
  readonly dark: string;
  /** The tour line when it is not coloured by step. */
  readonly line: string;
  readonly start: string;
  readonly end: string;
  /** Step numbers. */
  readonly text: string;
  /** Holes: cells cut out of the board. */
  readonly hole: string;
  /** The joined edges of a cylinder or a torus. */
  readonly seam: string;
}

export const DEFAULT_THEME: BoardTheme = Object.freeze({
  light: "#f0d9b5",
  dark: "#b58863",
  line: "#1d3557",
  start: "#2a9d8f",
  end: "#e63946",
  text: "#1b1b1b",
  hole: "#3a3a3a",
  seam: "#2a9d8f",
});

function hex2(value: number): string {
  return Math.round(Math.max(0, Math.min(255, value)))
    .toString(16)
    .padStart(2, "0");
}

/** `#rrggbb` of an HSL colour (h in degrees, s and l in [0, 1]). */
export function hslToHex(h: number, s: number, l: number): string {
  const k = (n: number): number => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${hex2(f(0) * 255)}${hex2(f(8) * 255)}${hex2(f(4) * 255)}`;
}

/**
 * The colour of position `t` in [0, 1] along a tour: from blue at the start through green and
 * yellow to red at the end, so the order of the moves reads at a glance.
 */
export function stepColour(t: number): string {
  const clamped = Math.max(0, Math.min(1, t));
  return hslToHex(240 - 240 * clamped, 0.85, 0.42);
}

/**
 * `buckets` colours spanning the gradient. Drawing a tour bucket by bucket (one stroke per
 * colour) keeps a 40,000-move tour to a few dozen strokes instead of one per move.
 */
export function gradientPalette(buckets: number): string[] {
  const palette: string[] = new Array(buckets);
  for (let i = 0; i < buckets; i++) palette[i] = stepColour(buckets === 1 ? 0 : i / (buckets - 1));
  return palette;
}
