// Resume checks of the frontier sweep, shared by the fast suite (a few cells) and
// `npm run test:long` (every cell of 6×5): each resume is a whole sweep, so every cell costs a
// minute.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { type FrontierSnapshot, frontierCount } from "../../src/count/frontier.js";
import { DiskSpill } from "../../src/node/frontier-spill.js";

/** A snapshot with its chunks copied: a chunk is valid only until the next is asked for. */
export type SavedSnapshot = { snapshot: FrontierSnapshot; words: Uint32Array[] };

/** Which of the saved snapshots to resume from. */
export type ResumePick = (saved: SavedSnapshot[]) => SavedSnapshot[];

/** Every snapshot. */
export const everyCell: ResumePick = (saved) => saved;

/** Steps (cells swept) of a 5-wide sweep: a row end and the cell after it, where the fold and
 * the band change happen, and one in the middle of a row. */
const FEW_STEPS = new Set([10, 11, 18]);

/** The first and the last snapshot, and those after the cells of FEW_STEPS. */
export const fewCells: ResumePick = (saved) =>
  saved.filter(
    ({ snapshot }, i) => i === 0 || i === saved.length - 1 || FEW_STEPS.has(snapshot.step),
  );

function save(saved: SavedSnapshot[]) {
  return (snapshot: FrontierSnapshot) => {
    saved.push({ snapshot, words: Array.from(snapshot.chunks(), (c) => c.slice()) });
  };
}

/** Paths of the 5-wide boards checkFoldResume sweeps, undirected: 5×5 and 6×5. */
const FOLD_BOARD_PATHS: Readonly<Record<number, bigint>> = { 5: 864n, 6: 18784n };

/**
 * rows×5 paths (5×5: 864, 6×5: 18,784): snapshots of a folded sweep resume unfolded, and the
 * other way round. The fast suite sweeps 5×5 (the same row ends and fold, a seventh of the work).
 */
export function checkFoldResume(pick: ResumePick, rows: 5 | 6 = 6): number {
  const cols = 5;
  const paths = FOLD_BOARD_PATHS[rows]!;
  let resumedCount = 0;
  for (const foldFirst of [true, false]) {
    const saved: SavedSnapshot[] = [];
    const whole = frontierCount(rows, cols, {
      mode: "path",
      fold: foldFirst,
      snapshotEveryMs: 0,
      onSnapshot: save(saved),
    });
    expect(whole.count).toBe(paths);
    expect(saved.length).toBe(rows * cols - 1);
    for (const { snapshot, words } of pick(saved)) {
      const resumed = frontierCount(rows, cols, {
        mode: "path",
        fold: !foldFirst,
        resume: { ...snapshot, chunks: () => words },
      });
      expect([snapshot.step, resumed.count]).toEqual([snapshot.step, paths]);
      resumedCount++;
    }
  }
  return resumedCount;
}

/** A sweep that spilled to disk: its snapshots (some of layers on disk) resume to the count. */
export function checkSpilledResume(pick: ResumePick): number {
  const dir = mkdtempSync(join(tmpdir(), "frontier-disk-"));
  try {
    const spill = new DiskSpill(dir);
    const saved: SavedSnapshot[] = [];
    const onDisk = new Set<number>();
    const whole = frontierCount(6, 5, {
      mode: "path",
      maxBytes: 2 ** 22,
      spill,
      // The plain sweep's layer sizes, which this ceiling was chosen for.
      fold: false,
      snapshotEveryMs: 0,
      onLayer: (info) => {
        if (info.bytesOnDisk > 0) onDisk.add(info.step);
      },
      // The chunks of a spilled layer are read now, before its runs are deleted.
      onSnapshot: save(saved),
    });
    expect(whole.count).toBe(18784n);
    expect(spill.peakBytes).toBeGreaterThan(0);
    expect(readdirSync(spill.folder)).toEqual([]);
    const spilled = saved.filter(({ snapshot }) => onDisk.has(snapshot.step));
    expect(spilled.length).toBeGreaterThan(1);
    // The layers that were on disk always; the others as picked.
    const chosen = new Set([...pick(saved), ...spilled.slice(0, 2)]);
    for (const { snapshot, words } of chosen) {
      const resumed = frontierCount(6, 5, {
        mode: "path",
        resume: { ...snapshot, chunks: () => words },
      });
      expect([snapshot.step, resumed.count]).toEqual([snapshot.step, 18784n]);
    }
    spill.close();
    return chosen.size;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The snapshot carries the growth measured at each cell, so a resume sizes its first table alike. */
export function checkResumedTableSizes(pick: ResumePick): number {
  // Without it the first table after a resume was sized for six times the layer.
  const tables = new Map<number, number>();
  const saved: SavedSnapshot[] = [];
  const whole = frontierCount(6, 5, {
    mode: "path",
    snapshotEveryMs: 0,
    onLayer: (info) => tables.set(info.step, info.tableBytes),
    onSnapshot: save(saved),
  });
  expect(whole.count).toBe(18784n);
  const grown = saved.filter(({ snapshot }) => snapshot.step >= 6 && snapshot.step <= 28);
  expect(grown.length).toBe(23);
  const chosen = pick(grown);
  for (const { snapshot, words } of chosen) {
    const first: number[] = [];
    const resumed = frontierCount(6, 5, {
      mode: "path",
      resume: { ...snapshot, chunks: () => words },
      onLayer: (info) => {
        if (info.step === snapshot.step + 1) first.push(info.tableBytes);
      },
    });
    expect(resumed.count).toBe(18784n);
    expect(first).toEqual([tables.get(snapshot.step + 1)]);
  }
  return chosen.length;
}
