// The "whole processes" section of docs/benchmarks.md, from bench/process-results.json (written
// by bench/peers/frontier-process.js --write); bench/run.js adds it as the report's last section.
const seconds = (s) => `${s.toFixed(2)} s`;
const mib = (m) => `${m.toFixed(0)} MiB`;

export const processSection = {
  heading: "## Whole processes against C",
  /** The section's lines (ending with an empty one). */
  lines(report) {
    return [
      this.heading,
      "",
      "`node bench/peers/frontier-process.js ROUNDS --write` (after `npm run build`): the `knight` command a user types against a plain C program of the same job, each a process of its own, in alternating rounds; CPU time (user + sys) of each process from /usr/bin/time, so start-up, planning and output count on both sides. C programs: bench/peers/frontier-strong.c (the transfer-matrix sweep with mirror states folded, gcc -O2 -march=native) and bench/peers/census-count.c with no forced move (backtracking over Hamiltonian cycles, gcc -O2).",
      "",
      // The date and load average of the run stay in bench/process-results.json (the report is a
      // user doc). Other work on the machine slows both sides: quote the ratio.
      `${report.cpu}, ${report.cores} cores, Node ${report.node}; medians of ${report.rounds} rounds. Other work on the machine slows both sides alike: the ratio is the figure to quote (the run's date and load average are in bench/process-results.json).`,
      "",
      "| job | count | knight command | CPU | peak RSS | C program | CPU | peak RSS | ratio |",
      "|---|---|---|---|---|---|---|---|---|",
      ...report.results.map(
        (r) =>
          `| ${r.job} | ${r.count} | \`${r.knight}\` | ${seconds(r.knightCpuSeconds)} | ${mib(r.knightPeakRssMiB)} | \`${r.peer}\` | ${seconds(r.peerCpuSeconds)} | ${mib(r.peerPeakRssMiB)} | ${r.ratio.toFixed(2)} |`,
      ),
      "",
    ];
  },
};
