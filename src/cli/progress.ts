import type { SolveProgress } from "../solve/types.js";
import type { CliIO } from "./io.js";

/**
 * The one progress display of every long command, on standard error: one line rewritten in
 * place on a terminal (at most four times a second), or with `--progress` into a log, a line
 * every two seconds (and the last one at the end). Every line reads the same way:
 *
 *     count 7×8 closed: 31/56 cells (55 %) | 30,453,017 states, 1.2 GiB | 0.4 cells/s | ETA 2 min
 *
 * Counts carry thousands separators and their unit, the rate its unit per second, and the ETA
 * appears only once it means something (a few percent done and a few seconds in), with its
 * margin when the caller knows one. A job queue nobody takes jobs from says so.
 */
export interface ProgressView {
  /** Milliseconds since the work began. */
  readonly ms: number;
  /** Work done and to do, in `unit`s (`total` unknown: no percentage, no ETA). */
  readonly done?: number | undefined;
  readonly total?: number | undefined;
  /** What `done` counts, plural: "subproblems", "cells", "tours listed". */
  readonly unit?: string | undefined;
  /** Further figures, already worded ("18,272 tours", "1,234 nodes"). */
  readonly detail?: readonly string[] | undefined;
  /** A rate other than done per second: its value and unit ("tours"). */
  readonly rate?: { readonly perSecond: number; readonly unit: string } | undefined;
  /** An ETA the caller knows better than the linear one (and its margin, 95 %). */
  readonly etaMs?: number | undefined;
  readonly etaMarginMs?: number | undefined;
  /** Nothing has been taken from a job queue yet: there is no worker, or none free. */
  readonly waiting?: boolean | undefined;
}

/** The ETA waits for this share of the work and this long: before, it is noise. */
const ETA_MIN_FRACTION = 0.02;
const ETA_MIN_MS = 3000;

/** 1234567 → "1,234,567"; fractions keep one decimal below 10. */
export function formatCount(value: number | bigint): string {
  // A count past 2^53 is a bigint and is printed whole: Number() would round its last digits.
  if (typeof value === "bigint") return value.toLocaleString("en-US");
  const rounded = Math.abs(value) < 10 && !Number.isInteger(value) ? value.toFixed(1) : value;
  return Number(rounded).toLocaleString("en-US");
}

/** 4200 → "4 s", 150000 → "2.5 min", 9000000 → "2.5 h". */
export function formatDuration(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${Math.max(0, Math.round(s))} s`;
  if (s < 3600) return `${(s / 60).toFixed(s < 600 ? 1 : 0)} min`;
  if (s < 86400 * 2) return `${(s / 3600).toFixed(1)} h`;
  return `${formatCount(Math.round(s / 86400))} days`;
}

/** The ETA part of a line, or undefined while it would mean nothing. */
function eta(view: ProgressView): string | undefined {
  if (view.etaMs !== undefined) {
    const margin = view.etaMarginMs === undefined ? "" : ` ± ${formatDuration(view.etaMarginMs)}`;
    return `ETA ${formatDuration(view.etaMs)}${margin}`;
  }
  const { done, total, ms } = view;
  if (done === undefined || total === undefined || total <= 0 || done <= 0) return undefined;
  if (done / total < ETA_MIN_FRACTION || ms < ETA_MIN_MS || done >= total) return undefined;
  return `ETA ${formatDuration(((total - done) * ms) / done)}`;
}

/**
 * The ETA of work whose last parts cost the most — a frontier sweep's cells grow dearer up to its
 * peak layer, so 36 of 8×8's 64 cells took under a minute of its hour — from the cost estimated
 * before it started: what the estimate leaves, when that is more than the linear ETA (from the
 * share done so far) says; else undefined (the linear ETA stands).
 */
export function etaFromEstimate(view: ProgressView, estimateSeconds: number): number | undefined {
  const { done, total, ms } = view;
  if (done === undefined || total === undefined || done <= 0 || done >= total) return undefined;
  if (ms < ETA_MIN_MS) return undefined;
  const left = estimateSeconds * 1000 - ms;
  return left > ((total - done) * ms) / done ? left : undefined;
}

/** The line for `view` (without the carriage return or the newline). */
export function progressLine(label: string, view: ProgressView): string {
  const parts: string[] = [];
  const unit = view.unit === undefined ? "" : ` ${view.unit}`;
  if (view.done !== undefined) {
    if (view.total !== undefined && view.total > 0) {
      const percent = Math.floor((100 * view.done) / view.total);
      parts.push(`${formatCount(view.done)}/${formatCount(view.total)}${unit} (${percent} %)`);
    } else {
      parts.push(`${formatCount(view.done)}${unit}`);
    }
  }
  parts.push(...(view.detail ?? []));
  if (view.waiting) {
    parts.push("waiting for a worker (no job taken yet: is a knight worker running?)");
  } else {
    const rate =
      view.rate ??
      (view.done !== undefined && view.unit !== undefined
        ? { perSecond: view.ms > 0 ? (view.done * 1000) / view.ms : 0, unit: view.unit }
        : undefined);
    if (rate !== undefined && view.ms >= 1000) {
      parts.push(`${formatCount(Number(rate.perSecond.toPrecision(3)))} ${rate.unit}/s`);
    }
    const until = eta(view);
    if (until !== undefined) parts.push(until);
  }
  parts.push(formatDuration(view.ms));
  return `${label}: ${parts.join(" | ")}`;
}

export interface ProgressDisplay {
  show(view: ProgressView): void;
  /** The end: a terminal's line is cleared, a log gets the last view it had not printed. */
  done(): void;
}

/**
 * A display on stderr when stderr is a terminal or `forced` (`--progress`); undefined otherwise,
 * so the caller does no work for it.
 */
export function progressDisplay(
  io: CliIO,
  forced: boolean,
  label: string,
): ProgressDisplay | undefined {
  const tty = io.stderr.isTTY === true;
  if (!tty && !forced) return undefined;
  const every = tty ? 250 : 2000;
  let last = Number.NEGATIVE_INFINITY;
  let shown = false;
  let pending: ProgressView | undefined;
  const write = (view: ProgressView): void => {
    const line = progressLine(label, view);
    io.stderr.write(tty ? `\r${line}\u001b[K` : `${line}\n`);
    shown = true;
    pending = undefined;
  };
  return {
    show(view) {
      pending = view;
      if (view.ms - last < every) return;
      last = view.ms;
      write(view);
    },
    done() {
      if (tty) {
        if (shown) io.stderr.write("\r\u001b[K");
      } else if (pending !== undefined) write(pending);
    },
  };
}

/**
 * Progress of a search without a known total (tour, exists, cover, a symmetric count): nodes,
 * the attempts of searches that restart, and time.
 */
export function progressReporter(
  io: CliIO,
  forced: boolean,
  label: string,
): { update: (progress: SolveProgress) => void; done: () => void } | undefined {
  const display = progressDisplay(io, forced, label);
  if (display === undefined) return undefined;
  return {
    update(progress) {
      // Searches without restarts (a count) report 0 attempts: leave the word out.
      const attempts =
        progress.attempts > 0
          ? [`${formatCount(progress.attempts)} attempt${progress.attempts === 1 ? "" : "s"}`]
          : [];
      display.show({
        ms: progress.ms,
        done: progress.nodes,
        unit: "nodes",
        detail: attempts,
      });
    },
    done: () => display.done(),
  };
}
