// Defaults that a command's help states and its run module applies. They live here, not in the
// command's module: the run module is loaded by the command's module (lazily), and importing
// the command's module back would make a cycle.

/** How long `knight exists` lets a search try when no theorem decides. */
export const DEFAULT_SEARCH_MS = 10_000;

/** Tours `knight extreme --classes` keeps without a number. */
export const DEFAULT_KEPT = 1000;

/** The most puzzles on one `knight puzzle new` sheet (three columns of four leave room to write). */
export const MAX_SHEET = 12;
