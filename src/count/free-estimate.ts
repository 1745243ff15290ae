import { Budget } from "../core/run.js";
import { freeCycleLane } from "./free-frontier.js";
import type { FreePlan } from "./free-plan.js";
import { FrontierStop } from "./frontier-exact.js";

/**
 * How long a count in a free order of the cells (free-frontier.ts) will take, from a pilot: the
 * count itself runs for up to PILOT_MS, and what it measured — states per step against cells
 * open, milliseconds per state and choice — prices the steps it did not reach. Formulas from the
 * cells open alone were off by ten to a hundred times between boards (a knight on a torus has
 * eight moves a cell, and its states grow about 3.5 times an open cell more; the giraffe's on
 * 5×n hardly 2): the pilot measures the board at hand. A pilot that finishes gives the time.
 */
export interface FreeEstimate {
  /** CPU seconds of the whole count, one core. */
  readonly seconds: number;
  /** The largest layer, states. */
  readonly peakStates: number;
}

/** How long the pilot runs. */
const PILOT_MS = 300;
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
  return { ...piloted, seconds: Math.max(piloted.seconds, proxied) };
}

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

function pilot(plan: FreePlan): FreeEstimate {
  const { n } = plan;
  const states = new Float64Array(n + 1);
  const ms = new Float64Array(n);
  states[0] = 1;
  let reached = 0;
  const started = performance.now();
  try {
    freeCycleLane(plan, 0, {
      budget: Budget.start({ timeLimitMs: PILOT_MS }),
      onLayer: (info) => {
        states[info.step] = info.states;
        ms[info.step - 1] = info.ms;
        reached = info.step;
      },
    });
  } catch (error) {
    if (!(error instanceof FrontierStop)) throw error;
  }
  if (reached === n) {
    return { seconds: (performance.now() - started) / 1000, peakStates: Math.max(...states) };
  }
  const choices = (t: number, input: number) => choicesAt(plan, t, input);
  const last = Math.max(0, reached - 1);
  const perChoice = reached > 0 ? ms[last]! / Math.max(1, choices(last, states[last]!)) : 1e-4;
  const growth = growthPerOpenCell(plan, states, reached);
  let seconds = (performance.now() - started) / 1000;
  let peak = Math.max(...states);
  let layer = states[reached]!;
  for (let t = reached; t < n; t++) {
    seconds += (choices(t, layer) * perChoice) / 1000;
    const next = layer * growth ** (plan.inSize[t + 1]! - plan.inSize[t]!);
    layer = t + 1 === n ? 0 : Math.max(1, next);
    peak = Math.max(peak, layer);
  }
  return { seconds, peakStates: peak };
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
