// The counting methods' names, apart from the dispatcher (dispatch.ts) that imports every
// engine: the CLI lists and checks them (--method, --help) without loading one.

/** The counting engines; "auto" picks one by the board (see countMethod in dispatch.ts). */
export const COUNT_METHODS = ["auto", "frontier", "backtrack", "mates", "census", "dlx"] as const;
export type CountMethod = (typeof COUNT_METHODS)[number];
/** A method once "auto" is resolved. */
export type CountEngine = Exclude<CountMethod, "auto">;
