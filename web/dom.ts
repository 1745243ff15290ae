/**
 * The page's elements, its message line, downloads and workers: the browser plumbing the other
 * modules share. Elements are looked up once, when the page loads.
 */
import { METHODS, TIE_BREAKS } from "../src/index.js";
import { pageWords } from "./words.js";

function $<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el as T;
}

export const ui = {
  settings: $<HTMLFormElement>("settings"),
  rows: $<HTMLInputElement>("rows"),
  cols: $<HTMLInputElement>("cols"),
  piece: $<HTMLSelectElement>("piece"),
  leaps: $<HTMLInputElement>("leaps"),
  leapsLabel: $<HTMLLabelElement>("leaps-label"),
  topology: $<HTMLSelectElement>("topology"),
  holesMode: $<HTMLButtonElement>("holes-mode"),
  holesClear: $<HTMLButtonElement>("holes-clear"),
  holesCount: $<HTMLOutputElement>("holes-count"),
  startHow: $<HTMLElement>("start-how"),
  startCell: $<HTMLOutputElement>("start-cell"),
  closed: $<HTMLInputElement>("closed"),
  method: $<HTMLSelectElement>("method"),
  tieBreak: $<HTMLSelectElement>("tie-break"),
  symmetry: $<HTMLSelectElement>("symmetry"),
  seed: $<HTMLInputElement>("seed"),
  run: $<HTMLButtonElement>("run"),
  stop: $<HTMLButtonElement>("stop"),
  teachOrder: $<HTMLSelectElement>("teach-order"),
  teachClosed: $<HTMLInputElement>("teach-closed"),
  teachRun: $<HTMLButtonElement>("teach-run"),
  teachStep: $<HTMLButtonElement>("teach-step"),
  teachReset: $<HTMLButtonElement>("teach-reset"),
  hints: $<HTMLInputElement>("hints"),
  undo: $<HTMLButtonElement>("undo"),
  playReset: $<HTMLButtonElement>("play-reset"),
  message: $<HTMLDivElement>("message"),
  canvas: $<HTMLCanvasElement>("board"),
  first: $<HTMLButtonElement>("first"),
  back: $<HTMLButtonElement>("back"),
  play: $<HTMLButtonElement>("play"),
  forward: $<HTMLButtonElement>("forward"),
  last: $<HTMLButtonElement>("last"),
  scrub: $<HTMLInputElement>("scrub"),
  stepLabel: $<HTMLOutputElement>("step-label"),
  speed: $<HTMLInputElement>("speed"),
  speedLabel: $<HTMLOutputElement>("speed-label"),
  gradient: $<HTMLInputElement>("gradient"),
  stats: $<HTMLDListElement>("stats"),
  exportSvg: $<HTMLButtonElement>("export-svg"),
  exportPng: $<HTMLButtonElement>("export-png"),
  exportJson: $<HTMLButtonElement>("export-json"),
  importFile: $<HTMLInputElement>("import"),
  importNext: $<HTMLButtonElement>("import-next"),
  copyLink: $<HTMLButtonElement>("copy-link"),
  countRun: $<HTMLButtonElement>("count-run"),
  countStop: $<HTMLButtonElement>("count-stop"),
  countAsk: $<HTMLElement>("count-ask"),
  countConfirm: $<HTMLButtonElement>("count-confirm"),
  censusRun: $<HTMLButtonElement>("census-run"),
  censusNote: $<HTMLParagraphElement>("census-note"),
  countClosed: $<HTMLInputElement>("count-closed"),
  gallery: $<HTMLUListElement>("gallery"),
  charts: $<HTMLDivElement>("charts"),
  showCrossings: $<HTMLInputElement>("show-crossings"),
  showTarnish: $<HTMLInputElement>("show-tarnish"),
  zoom: $<HTMLInputElement>("zoom"),
  cursorNote: $<HTMLParagraphElement>("cursor-note"),
  startName: $<HTMLSpanElement>("start-name"),
  stage: $<HTMLElement>("stage"),
  keys: $<HTMLParagraphElement>("keys"),
};

/**
 * Methods the page offers: all the library's but `bidirectional`, which joins a start to a
 * required end cell, and the page has no end-cell control.
 */
export const PAGE_METHODS = METHODS.filter((m) => m !== "bidirectional");

/** Fill the method and tie-break menus from the library's lists. */
export function fillMenus(): void {
  for (const m of PAGE_METHODS) ui.method.add(new Option(m, m));
  for (const t of TIE_BREAKS) ui.tieBreak.add(new Option(t, t));
  ui.tieBreak.add(new Option("(method default)", ""), 0);
  ui.tieBreak.value = "";
}

/** Show a message in the page's words (announced to screen readers; errors as alerts). */
export function say(text: string, kind: "info" | "error" | "ok" = "info"): void {
  ui.message.textContent = pageWords(text);
  ui.message.className = `message ${kind === "info" ? "" : kind}`;
  ui.message.setAttribute("role", kind === "error" ? "alert" : "status");
}

/** Offer `data` as a file download. */
export function download(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A fresh search worker (web/worker.ts; Vite bundles it from this exact expression). */
export function spawnWorker(): Worker {
  return new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
}

/** A definition list's rows, replaced. */
export function showRows(list: HTMLDListElement, rows: ReadonlyArray<readonly [string, string]>) {
  list.replaceChildren(
    ...rows.flatMap(([k, v]) => {
      const dt = document.createElement("dt");
      dt.textContent = k;
      const dd = document.createElement("dd");
      dd.textContent = v;
      return [dt, dd];
    }),
  );
}
