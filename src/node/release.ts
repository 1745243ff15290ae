import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * The frontier sweep's `onRelease` for Node: a forced garbage collection whenever the sweep
 * drops a large buffer. The memory ceiling counts the buffers the sweep holds; without this a
 * dropped buffer of gigabytes stays resident until V8 collects it, and a fresh table beside it
 * passes the ceiling (docs/counting.md, "The state table"). As in
 * scripts/sweeps/count-frontier-big.ts: V8 returns the pages from a background thread, so wait
 * (up to 3 s) until the resident size stops falling before the sweep allocates again.
 */
export function forcedRelease(): () => void {
  setFlagsFromString("--expose-gc");
  const collect = runInNewContext("gc") as () => void;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  return () => {
    collect();
    let rss = process.memoryUsage.rss();
    for (let i = 0; i < 30; i++) {
      Atomics.wait(pause, 0, 0, 100);
      collect();
      const now = process.memoryUsage.rss();
      if (now >= rss - 2 ** 20) break;
      rss = now;
    }
  };
}
