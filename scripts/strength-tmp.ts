import { extremeTours, STAT_NAMES } from "../src/census/index.js";
import { Board } from "../src/core/index.js";

const board = new Board(Number(process.argv[2] ?? 6), Number(process.argv[3] ?? 6));
const stats = (process.argv[4] ?? STAT_NAMES.join(",")).split(",");
for (const stat of stats)
  for (const goal of (process.argv[5] ?? "min,max").split(",") as ("min" | "max")[]) {
    const row = [goal, stat];
    for (const deepen of [true, false]) {
      const t = performance.now();
      const r = extremeTours(board, { stat: stat as "acute", goal, deepen, timeLimitMs: 90000 });
      row.push(r.status);
      row.push(
        String(r.value),
        String(r.tours),
        `${deepen ? "deep" : "impr"}:`,
        String(r.nodes),
        ((performance.now() - t) / 1000).toFixed(2),
      );
    }
    console.log(row.join(" "));
  }
