import type { Board } from "../../core/board.js";
import { OptionError } from "../../core/errors.js";
import { geometryToJsonObject } from "../../core/format/json.js";
import { Budget, type RunStatus } from "../../core/run.js";
import { count } from "../../count/count.js";
import { countClosedTourClasses, countSymmetricTours } from "../../symmetry/count.js";
import { countTourClasses } from "../../symmetry/listing.js";
import type { CommandContext } from "../context.js";
import { jsonEnvelope } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { interruptible } from "../interrupt.js";
import { printOut } from "../output.js";
import { progressReporter } from "../progress.js";

/** The flags of `knight count` that the symmetric counts read. */
export interface SymmetricCountFlags {
  closed?: boolean;
  open?: boolean;
  start?: string;
  end?: string;
  directed?: boolean;
  nonClosable?: boolean;
  checkpoint?: string | false;
  method?: string;
  json?: boolean;
  timeLimit?: number;
  nodeLimit?: number;
  progress?: boolean;
  symmetry?: "180" | "90";
  upToSymmetry?: boolean;
}

/**
 * `knight count --symmetry 180|90 [--up-to-symmetry]` and `knight count --closed
 * --up-to-symmetry`: closed tours invariant under a rotation, counted on the quotient board,
 * and classes under the board's symmetries (Burnside). Both are about closed, undirected tours.
 * On other geometries the symmetries are the geometry's own (a torus's shifts, the turns its
 * holes keep), and the classes of all closed tours are counted by listing the tours.
 */
export async function runSymmetricCount(
  board: Board,
  flags: SymmetricCountFlags,
  { io }: CommandContext,
): Promise<void> {
  const flag = flags.symmetry !== undefined ? "--symmetry" : "--up-to-symmetry";
  if (flags.open || (flags.symmetry === undefined && !flags.closed)) {
    throw new OptionError(`${flag} counts closed tours only: use --closed`, flag);
  }
  for (const [value, name] of [
    [flags.start, "--start"],
    [flags.end, "--end"],
    [flags.directed, "--directed"],
    [flags.nonClosable, "--non-closable"],
    [flags.checkpoint, "--checkpoint"],
  ] as const) {
    if (value !== undefined && value !== false) {
      throw new OptionError(`${name} cannot be combined with ${flag}`, name);
    }
  }
  // These counts run synchronously in this thread, where a signal handler could never run:
  // `interruptible` lets Ctrl-C break them off (130, one line).
  const limits = { timeLimitMs: flags.timeLimit, nodeLimit: flags.nodeLimit };
  let value: bigint;
  let extra: Record<string, unknown> = {};
  let status: RunStatus;
  if (flags.symmetry !== undefined) {
    const rotation = Number(flags.symmetry) as 180 | 90;
    const progress = progressReporter(io, flags.progress === true, `count --symmetry ${rotation}`);
    let result: ReturnType<typeof countSymmetricTours>;
    try {
      result = await interruptible(io, () =>
        countSymmetricTours(board, {
          rotation,
          upToSymmetry: flags.upToSymmetry === true,
          ...limits,
          onProgress: progress && (({ nodes, ms }) => progress.update({ nodes, attempts: 0, ms })),
        }),
      );
    } finally {
      progress?.done();
    }
    status = result.status;
    value = BigInt(flags.upToSymmetry ? (result.classes ?? 0) : result.count);
    // Tour counts beside the contract's fields: by kind, or (for classes) the tours classed.
    extra = flags.upToSymmetry
      ? { tours: String(result.count) }
      : { rotating: String(result.rotating), reversing: String(result.reversing) };
  } else if (!board.plain) {
    // One listing gives the tours and their classes under the geometry's group.
    ({ status, classes: value } = await interruptible(io, () => countTourClasses(board, limits)));
  } else {
    // One budget for the count and the classes step: one clock, one node allowance.
    const budget = Budget.start(limits);
    ({ status, value } = await interruptible(io, () => {
      const total = count(board, {
        closed: true,
        method: flags.method as "auto" | undefined,
        budget,
      });
      budget.spend(total.stats.nodes);
      if (total.status !== "done") return { status: total.status, value: 0n };
      const classes = countClosedTourClasses(board, total.count, { budget });
      return { status: classes.status, value: classes.classes };
    }));
  }
  const fields = {
    rows: board.rows,
    cols: board.cols,
    ...geometryToJsonObject(board),
    closed: true,
    directed: false,
    symmetry: flags.symmetry === undefined ? null : Number(flags.symmetry),
    upToSymmetry: flags.upToSymmetry === true,
  };
  if (status === "aborted" || status === "limit") {
    // These counts keep no partial tally: with --json the status object says so (0, a lower bound).
    if (flags.json) {
      await printOut(jsonEnvelope(status, { ...fields, count: "0", lowerBound: true }), io);
    }
    throw new CliExit(
      status === "aborted" ? ExitCode.Interrupted : ExitCode.Limit,
      status === "aborted" ? "interrupted" : "the time or node limit ended the count undecided",
      undefined,
      flags.json === true,
    );
  }
  await printOut(
    flags.json ? jsonEnvelope("done", { ...fields, count: value, ...extra }) : `${value}`,
    io,
  );
}
