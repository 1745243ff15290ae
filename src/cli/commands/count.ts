import type { Command } from "commander";
import { COUNT_METHODS, type CountMethod } from "../../count/methods.js";
import { deprecatedAlias } from "../aliases.js";
import type { CommandContext } from "../context.js";
import { addGeometryOptions, type GeometryFlags } from "../geometry-options.js";
import type { CliIO } from "../io.js";
import { oneOf, positiveInteger, seconds, secondsOrZero } from "../options.js";
import { addQueueOptions, type QueueFlags } from "../queue-options.js";

export interface CountFlags extends QueueFlags, GeometryFlags {
  closed?: boolean;
  open?: boolean;
  start?: string;
  end?: string;
  directed?: boolean;
  undirected?: boolean;
  nonClosable?: boolean;
  method: CountMethod;
  workers?: number;
  threads?: number;
  /** A file, or false for --no-checkpoint. */
  checkpoint?: string | false;
  spillDir?: string;
  /** False for --no-spill. */
  spill?: boolean;
  checkpointEvery?: number;
  progress?: boolean;
  json?: boolean;
  timeLimit?: number;
  nodeLimit?: number;
  symmetry?: "180" | "90";
  upToSymmetry?: boolean;
  yes?: boolean;
}

/** The options `count` and `enumerate` share: the board, its geometry and the query. */
export function addQueryOptions(command: Command, io: CliIO): Command {
  // -o was --open here and --out in tour and render: --out keeps it.
  deprecatedAlias(command, io, "-o", { flag: "--open", attribute: "open" });
  return addGeometryOptions(command.argument("<board>", "N (an N×N board) or RxC, e.g. 8 or 6x8"))
    .option("-c, --closed", "closed tours (counted undirected unless --directed)")
    .option("--open", "open tours (the default; counted directed unless --undirected)")
    .option("-s, --start <cell>", "required first cell, a1-style or row,col")
    .option("-e, --end <cell>", "required last cell")
    .option("--directed", "count a tour and its reverse as two")
    .option("--undirected", "count a tour and its reverse as one")
    .option(
      "--non-closable",
      "open tours whose ends are not a move apart (Knuth's count for the knight)",
    );
}

export function registerCount(program: Command, context: CommandContext): void {
  const { io } = context;
  addQueueOptions(
    addQueryOptions(program.command("count").description("count knight's tours exactly"), io),
  )
    .option(
      "-m, --method <name>",
      `counting engine: ${COUNT_METHODS.join(", ")}`,
      oneOf("--method", COUNT_METHODS),
      "auto",
    )
    .option(
      "-w, --workers <n>",
      "worker threads (default: the machine's cores)",
      positiveInteger("--workers"),
    )
    .option(
      "--threads <n>",
      "frontier method: threads sharing the sweep (default: the machine's cores for a sweep estimated at 20 s or more, else 1; 1 for a sweep in WebAssembly, boards up to 6 wide)",
      positiveInteger("--threads"),
    )
    .option(
      "--checkpoint <file>",
      "record finished work in FILE (kept); rerun to resume (default for counts over a few minutes: a file in the cache folder, removed when done)",
    )
    .option("--no-checkpoint", "no checkpoint, not even the default one")
    .option(
      "--checkpoint-every <seconds>",
      "frontier method: save the sweep's table at most this often (default 60; 0: after every cell)",
      secondsOrZero("--checkpoint-every"),
    )
    .option(
      "--spill-dir <dir>",
      "frontier method: put layers that do not fit under --max-memory on disk in DIR (default: the temporary folder; removed after)",
    )
    .option("--no-spill", "frontier method: stop rather than put layers on disk")
    .option("--progress", "show progress on standard error even when it is not a terminal")
    .option("--json", "print the count as JSON")
    .option("--time-limit <seconds>", "stop after this long (exit 3)", seconds("--time-limit"))
    .option(
      "--node-limit <n>",
      "stop after about this many search nodes (exit 3; with workers, checked as subproblems finish; not for the frontier method)",
      positiveInteger("--node-limit"),
    )
    .option(
      "--symmetry <angle>",
      "closed tours unchanged by a rotation of 180 or 90 degrees (counted on the quotient board)",
      oneOf("--symmetry", ["180", "90"] as const),
    )
    .option("--up-to-symmetry", "count classes under the board's symmetries (closed tours)")
    .option("-y, --yes", "start a count estimated at over 10 minutes without asking")
    .addHelpText(
      "after",
      `
Conventions: closed tours are counted as drawn figures (undirected), open tours once per
direction (directed); a fixed start reads each tour one way. --non-closable --undirected gives
Knuth's count of open tours (6x6: 2963928).

Methods: frontier (a row-by-row transfer matrix; reaches the largest boards), backtrack (a
pruned path search cut into subproblems, spread over --workers, checkpointed), mates (Knuth's
Algorithm H: chooses moves, not a path; 3x faster than backtrack on 6x7 closed; subproblems,
workers and checkpoints likewise), census (closed tours from no fixed cell: the census's
subproblems, statistics off; 3x faster than mates on 6x7 closed; in this thread on boards of
up to 42 cells unless --workers or --checkpoint is given), dlx (exact cover, one thread); auto
picks (the census for closed tours on the knight's boards of up to 42 cells with both sides
at least 5).

Other boards (--piece, --topology, --holes, --mask): backtrack and mates count any of them,
the frontier sweep planes and cylinders of any piece, holes or not, while its window (how far
a move reaches ahead, row by row) is at most 29 cells, dlx any without holes; auto picks among
them. Tours of pieces with a leg of 3 or more (giraffe 5x24 closed: 67844 in seconds), and of
tori and cylinders whose rows would hold mostly idle cells, closed or open, are swept in a free
order of the cells instead (threads, spill and checkpoints as the row sweep's; no window
limit for counts with no end fixed). --symmetry, --up-to-symmetry and --queue take the
knight's plain board only.

A theorem that rules every tour out answers 0 at once, with the reason (7x7 closed: parity).
A count estimated at over 10 minutes (7x7 open, 8x8 closed) says its estimate and asks first
on a terminal; --yes starts it without asking (needed without a terminal).

Long counts need no flags: a frontier sweep whose layers outgrow --max-memory (default
half the machine's memory) puts them on disk in a private folder of the temporary folder
(TMPDIR, else /tmp; --spill-dir DIR chooses another place, --no-spill stops instead), after checking
that the disk has room for the estimate. A count estimated at over a few minutes, or a sweep
that will spill, keeps a checkpoint in the cache folder ($XDG_CACHE_HOME/knight-tours, else
~/.cache/knight-tours), named by the count: run the same command again after a crash, a
kill or Ctrl-C and it says "resuming from cell 31 of 49" and goes on. Both are removed when
the count finishes (--checkpoint FILE chooses the file, which is then kept; --no-checkpoint
keeps none). One count per checkpoint: a second run of the same command while the first runs
is refused (exit 2, naming the first's process); a lock left by a killed count is taken over.
Before the first cell such a count says its estimate on stderr: time, memory,
disk (and in --json, as "estimate"). A spill folder left by a kill -9 is removed by the next
count (its checkpoint stays, to resume); to clear both by hand: rm -r ~/.cache/knight-tours
/tmp/knight-tours-spill-*.
On Linux, GLIBC_TUNABLES=glibc.malloc.hugetlb=1 in the environment puts the tables on huge
pages (a quarter less CPU on 7x7's first cells). See docs/counting.md.

On a limit or Ctrl-C the checkpoint, if any, is kept: run the same command again to
resume. With --queue, 70 also means two results of a subproblem disagree.

--queue URL sends the count's jobs to \`knight worker\` processes on any machine
(docs/cluster.md): --method backtrack or mates its subproblems; --method frontier (or auto
picking it) one job per modulus lane of the sweep — lanes 0 (modulo 2^64) and 1 (a prime) at
once, then the prime lanes lane 0's bound asks for — combined by the Chinese remainder theorem,
every residue checked. k workers finish a k-lane count in about two lanes' time, a two-lane one
in one. --status prints the count once every lane is in (a lane's residue is not a partial
count).

Examples:
  knight count 6 --closed                 9862
  knight count 5 --start a1               304
  knight count 8 --symmetry 180           2432932 (--up-to-symmetry: 608233)
  knight count 6 --closed --up-to-symmetry  1245
  knight count 4 --topology torus --closed  1344
  knight count 4 --piece wazir --closed     6
  knight count 10 --closed --piece fers-wazir  882130 (fers and wazir moves in turn)
  knight count 6 --workers 2 --checkpoint 6x6.ckpt --progress
  knight count 7 --yes                    165575218320 (an hour or so; spills, checkpoints)
  knight count 7x8 --closed --method mates --queue redis://HOST:6379   with knight worker
  knight count 5x24 --closed --method frontier --queue redis://HOST:6379  5717847862749642677204182 (3 lanes)`,
    )
    // The engines, the worker pool and the job queue load only when a count runs (count-run.ts):
    // registering the command for --help or a parse error costs none of them.
    .action(async (boardSpec: string, flags: CountFlags) => {
      const { runCount } = await import("./count-run.js");
      await runCount(boardSpec, flags, context);
    });
}
