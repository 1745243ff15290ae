import { Budget } from "../core/run.js";
import { freeCycleLane } from "./free-frontier.js";
import type { FreePlan } from "./free-plan.js";
import { FrontierStop } from "./frontier-exact.js";

/**
 * How long a count in a free order of the cells (free-frontier.ts) will take, from a pilot: the
 * count itself runs its first steps, up to a fixed amount of work, and what it measured —
 * states per step against cells open, milliseconds per unit of work — prices the steps it did
 * not reach. Formulas from the cells open alone were off by ten to a hundred times between
 * boards (a knight on a torus has eight moves a cell, and its states grow about 3.5 times an
 * open cell more; the giraffe's on 5×n hardly 2): the pilot measures the board at hand. A pilot
 * that finishes gives the time.
 *
 * The pilot stops after a given work, not a given time, so it reaches the same step on a busy
 * machine as on an idle one and extrapolates from the same place: the load only scales its
 * milliseconds. (Stopped by the clock, it said anything from a few minutes to two hours for the
 * 5×5 torus, which takes about three.)
 */
export interface FreeEstimate {
  /** CPU seconds of the whole count, one core. */
  readonly seconds: number;
  /** The largest layer, states. */
  readonly peakStates: number;
  /** Bytes of a state: its key's words and the count's two. */
  readonly entryBytes: number;
}

/**
 * The pilot's work (`choicesAt` summed over its steps): about a third of a second on one idle
 * core. It stops after the step that passes this, or before a step that alone would take four
 * times this.
 */
const PILOT_WORK = 6e6;
/** A pilot on a machine so slow that PILOT_WORK takes this long stops anyway. */
const PILOT_MAX_MS = 10_000;
/** Growth per open cell assumed until the pilot has seen the open count change. */
const DEFAULT_GROWTH = 3.5;

/**
 * The estimate for `plan`: the pilot's, or the work proxy's when that is longer. The pilot sees
 * only the first steps, which on the giraffe's 5×n grow slower than the rest (5×32: it said 4 s
 * of the 79 measured); the proxy — 3^open × choices summed over the steps, at SECONDS_PER_WORK —
 * was fitted to the slowest counts measured per unit, so it errs long (5×38 giraffe: about two
 * hours).
 */
export function freeEstimate(plan: FreePlan, longLegs: boolean): FreeEstimate {
  const piloted = pilot(plan);
  const proxied =
    workProxy(plan) * (longLegs ? SECONDS_PER_WORK.longLegs : SECONDS_PER_WORK.knight);
  const entryBytes = 4 * (plan.kw + 2);
  return {
    seconds: Math.max(piloted.seconds, proxied),
    peakStates: piloted.peakStates * PEAK_SHORTFALL,
    entryBytes,
  };
}

/**
 * How far the pilot's extrapolated peak fell short of the peaks counted: 1.5–3.9 times (4×6
 * torus closed 1.47, open 2.01; 5×6 torus 2.53; 5×5 torus 3.15; 5×24 giraffe 3.85) — its steps
 * that open no cell, which the extrapolation keeps level, still grow. A peak that is not reached
 * costs an unneeded warning at most; one passed unannounced costs the spill or the ceiling.
 */
const PEAK_SHORTFALL = 2.5;

/**
 * Seconds per unit of workProxy, the largest measured (one core): a knight on the 3×6 torus
 * 1.8·10⁻⁸ (others 2–9·10⁻⁹: 4×6 torus, 6×6, 5×8, 6×8); the giraffe on 5×32 3.5·10⁻¹⁰ (5×24:
 * 1.7·10⁻¹⁰) — its states are far fewer than its open cells allow.
 */
const SECONDS_PER_WORK = { knight: 1.8e-8, longLegs: 3.5e-10 };

/** Σ over the steps of 3^(cells open before it) × the choices it makes of a state. */
function workProxy(plan: FreePlan): number {
  let work = 0;
  for (let t = 0; t < plan.n; t++) work += choicesAt(plan, t, 3 ** plan.inSize[t]!);
  return work;
}

/** Work of step t on `input` states: the subsets of the new cell's moves, each over the frontier. */
function choicesAt(plan: FreePlan, t: number, input: number): number {
  const k = plan.backStart[t + 1]! - plan.backStart[t]!;
  return input * (1 + k + (k * (k - 1)) / 2) * (1 + plan.inSize[t]!);
}

function pilot(plan: FreePlan): { seconds: number; peakStates: number } {
  const { n } = plan;
  const states = new Float64Array(n + 1);
  const ms = new Float64Array(n);
  const work = new Float64Array(n);
  states[0] = 1;
  let reached = 0;
  let done = 0;
  const started = performance.now();
  try {
    freeCycleLane(plan, 0, {
      budget: Budget.start({ timeLimitMs: PILOT_MAX_MS }),
      onLayer: (info) => {
        const t = info.step - 1;
        states[info.step] = info.states;
        ms[t] = info.ms;
        work[t] = choicesAt(plan, t, states[t]!);
        done += work[t]!;
        reached = info.step;
        const next = info.step < n ? choicesAt(plan, info.step, info.states) : 0;
        if (done >= PILOT_WORK || next > 4 * PILOT_WORK) throw new FrontierStop("limit");
      },
    });
  } catch (error) {
    if (!(error instanceof FrontierStop)) throw error;
  }
  if (reached === n) {
    return { seconds: (performance.now() - started) / 1000, peakStates: Math.max(...states) };
  }
  const perChoice = msPerWork(ms, work, reached);
  const growth = growthPerOpenCell(plan, states, reached);
  let seconds = (performance.now() - started) / 1000;
  let peak = Math.max(...states);
  let layer = states[reached]!;
  for (let t = reached; t < n; t++) {
    seconds += (choicesAt(plan, t, layer) * perChoice) / 1000;
    const next = layer * growth ** (plan.inSize[t + 1]! - plan.inSize[t]!);
    layer = t + 1 === n ? 0 : Math.max(1, next);
    peak = Math.max(peak, layer);
  }
  return { seconds, peakStates: peak };
}

/**
 * Milliseconds per unit of work over the pilot's last steps that did at least half its work:
 * the first steps, a few states each, cost more per unit (a table for each step).
 */
function msPerWork(ms: Float64Array, work: Float64Array, reached: number): number {
  let total = 0;
  for (let t = 0; t < reached; t++) total += work[t]!;
  let spent = 0;
  let counted = 0;
  for (let t = reached - 1; t >= 0 && counted < total / 2; t--) {
    spent += ms[t]!;
    counted += work[t]!;
  }
  return counted > 0 ? spent / counted : 1e-4;
}

/**
 * The states gained per cell open, from the pilot's steps whose open count rose (the last few
 * such steps: early ones are dominated by the board's edges).
 */
function growthPerOpenCell(plan: FreePlan, states: Float64Array, reached: number): number {
  const ratios: number[] = [];
  for (let t = reached; t >= 1 && ratios.length < 4; t--) {
    const opened = plan.inSize[t]! - plan.inSize[t - 1]!;
    if (opened > 0 && states[t - 1]! >= 16)
      ratios.push((states[t]! / states[t - 1]!) ** (1 / opened));
  }
  if (ratios.length === 0) return DEFAULT_GROWTH;
  const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
  return Math.min(6, Math.max(1.5, mean));
}
