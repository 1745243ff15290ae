import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { createTour, type Tour } from "../core/tour.js";
import { validateTour } from "../core/validate.js";
import { countFersWazir, fersWazirImpossible } from "../count/alternating.js";
import { fersWazirTour } from "../count/alternating-tour.js";
import type { CommandContext } from "./context.js";
import { jsonEnvelope } from "./envelope.js";
import { CliExit, ExitCode } from "./exit-codes.js";
import { FERS_WAZIR, fersWazirFault } from "./fers-wazir-piece.js";
import { printOut } from "./output.js";
import { formatCount, progressDisplay } from "./progress.js";

/** The count flags the fers–wazir count reads; any other given is refused. */
export interface FersWazirCountFlags {
  readonly closed?: boolean | undefined;
  readonly open?: boolean | undefined;
  readonly method?: string | undefined;
  readonly json?: boolean | undefined;
  readonly progress?: boolean | undefined;
  readonly yes?: boolean | undefined;
  readonly topology?: string | undefined;
  readonly holes?: string | undefined;
  readonly mask?: string | undefined;
}

/** Count flags that mean nothing for this count (they name cells, searches or queues). */
const UNTAKEN: ReadonlyArray<readonly [string, string]> = [
  ["start", "--start"],
  ["end", "--end"],
  ["directed", "--directed"],
  ["undirected", "--undirected"],
  ["nonClosable", "--non-closable"],
  ["symmetry", "--symmetry"],
  ["upToSymmetry", "--up-to-symmetry"],
  ["workers", "--workers"],
  ["checkpoint", "--checkpoint"],
  ["spillDir", "--spill-dir"],
  ["timeLimit", "--time-limit"],
  ["nodeLimit", "--node-limit"],
  ["queue", "--queue"],
  ["topology", "--topology"],
  ["holes", "--holes"],
  ["mask", "--mask"],
];

/**
 * `knight count RxC --closed --piece fers-wazir`: the closed tours, undirected (as A383153
 * counts them). Open tours are refused (exit 2): the published counts are of closed tours and
 * no engine here counts alternating paths. A board with an odd side answers 0 with the reason,
 * as other theorems do.
 */
export async function countFersWazirCommand(
  board: Board,
  flags: FersWazirCountFlags,
  context: CommandContext,
): Promise<void> {
  const { io } = context;
  if (flags.closed !== true) {
    throw new OptionError(
      `--piece ${FERS_WAZIR} counts closed tours (OEIS A383153), not open ones: add --closed`,
      flags.open ? "--open" : FERS_WAZIR,
    );
  }
  for (const [key, flag] of UNTAKEN) {
    const value: unknown = Reflect.get(flags, key);
    if (value !== undefined && value !== false) {
      throw new OptionError(
        `--piece ${FERS_WAZIR} counts every closed tour of a plain board by one sweep; it takes no ${flag}`,
        flag,
      );
    }
  }
  if (flags.method !== undefined && flags.method !== "auto" && flags.method !== "frontier") {
    throw new OptionError(
      `--piece ${FERS_WAZIR} is counted by the frontier sweep (method auto or frontier); got --method ${flags.method}`,
      flags.method,
    );
  }
  const why = fersWazirImpossible(board.rows, board.cols);
  if (why !== undefined) {
    io.stderr.write(`knight count: note: ${why}, so the count is 0\n`);
    await printOut(flags.json ? countJson(board, 0n, why) : "0", io);
    return;
  }
  const display = progressDisplay(
    io,
    flags.progress === true,
    `count ${board.rows}×${board.cols} ${FERS_WAZIR}`,
  );
  const began = performance.now();
  let result: ReturnType<typeof countFersWazir>;
  try {
    result = countFersWazir(board.rows, board.cols, {
      maxBytes: context.maxBytes(),
      onStep: display
        ? (step, steps, states) =>
            display.show({
              done: step,
              total: steps,
              unit: "cells",
              ms: performance.now() - began,
              detail: [`${formatCount(states)} states`],
            })
        : undefined,
    });
  } finally {
    display?.done();
  }
  await printOut(flags.json ? countJson(board, result.count) : String(result.count), io);
}

function countJson(board: Board, count: bigint, reason?: string): string {
  return jsonEnvelope("done", {
    rows: board.rows,
    cols: board.cols,
    piece: FERS_WAZIR,
    closed: true,
    directed: false,
    count,
    ...(reason === undefined ? {} : { reason }),
  });
}

/** Tour flags that mean nothing for a fers–wazir tour (it is closed and found by one sweep). */
const TOUR_UNTAKEN: ReadonlyArray<readonly [string, string]> = [
  ["start", "--start"],
  ["end", "--end"],
  ["method", "--method"],
  ["tieBreak", "--tie-break"],
  ["symmetry", "--symmetry"],
  ["seed", "--seed"],
  ["animate", "--animate"],
  ["stats", "--stats"],
  ["timeLimit", "--time-limit"],
  ["nodeLimit", "--node-limit"],
  ["trace", "--trace"],
  ["traceLimit", "--trace-limit"],
  ["topology", "--topology"],
  ["holes", "--holes"],
  ["mask", "--mask"],
];

/**
 * `knight tour RxC --piece fers-wazir`: one closed fers–wazir tour, read off the sweep
 * (src/count/alternating-tour.ts), checked by the validator on the king's board and for the
 * alternation before it is printed. A board with an odd side has none (exit 1, with the reason).
 */
export function findFersWazirTour(board: Board, flags: object, maxBytes: number): Tour {
  for (const [key, flag] of TOUR_UNTAKEN) {
    const value: unknown = Reflect.get(flags, key);
    // --method has a default, "auto": only another method is refused.
    if (value !== undefined && value !== false && !(key === "method" && value === "auto")) {
      throw new OptionError(
        `--piece ${FERS_WAZIR} finds a closed tour by one sweep of the board; it takes no ${flag}`,
        flag,
      );
    }
  }
  const found = fersWazirTour(board.rows, board.cols, maxBytes);
  if (!("path" in found)) {
    throw new CliExit(
      ExitCode.NoTour,
      `no closed ${FERS_WAZIR} tour of ${board.rows}×${board.cols}: ${found.reason}`,
    );
  }
  const tour = createTour(board, found.path, true);
  const verdict = validateTour(board, tour.path, { closed: true });
  const fault = verdict.valid ? fersWazirFault(board, tour.path) : verdict.message;
  if (fault !== undefined)
    throw new Error(`internal: the fers–wazir tour found is wrong: ${fault}`);
  return tour;
}
