/**
 * Playback of the shown tour (play/pause, step, speed) and the page's animation clock, which
 * also drives teaching mode's Watch and clears a refused square's flash. The clock runs only
 * while one of those is under way: a page at rest asks for no frames, so it costs no CPU (a
 * clock left running took about a tenth of a core in Chromium doing nothing).
 */
import type { PageMetrics, PageStore } from "./store.js";

/** The speed slider (0..100) as moves per second: 1..2000, logarithmically. */
export function speedFromSlider(value: number): number {
  return Math.round(10 ** ((value / 100) * Math.log10(2000)));
}

/** Frame measurements kept (the most recent). */
const KEEP_FRAMES = 600;

/** What playback needs from the page. */
export interface PlaybackHost {
  readonly store: PageStore;
  readonly metrics: PageMetrics;
  readonly teach: { readonly playing: boolean; tick(dt: number): void; toggle(): void };
  refresh(): void;
  /** Bring the playback controls up to date (not the rest of the page). */
  updatePlayback(): void;
  /** Redraw the board; returns the time it took (ms). */
  draw(): number;
  writeUrl(): void;
}

export class Playback {
  private readonly host: PlaybackHost;
  private lastFrame = 0;
  private carried = 0;
  private urlTimer = 0;
  /** A frame is requested: the clock is running. */
  private running = false;

  constructor(host: PlaybackHost) {
    this.host = host;
  }

  /** Start the animation clock if anything needs it; it stops itself when nothing does. */
  wake(): void {
    if (this.running || !this.busy()) return;
    this.running = true;
    requestAnimationFrame(this.tick);
  }

  /** Whether the clock has work: a tour playing, teaching's Watch, a flash to clear. */
  private busy(): boolean {
    const { store, teach } = this.host;
    return (store.playing && store.tour !== null) || teach.playing || store.flash !== null;
  }

  /** Show the tour up to `step` (clamped). */
  setStep(step: number): void {
    this.host.store.setStep(step);
    this.host.refresh();
  }

  /** Play or pause (in teaching mode: Watch or pause). */
  toggle(): void {
    const { store } = this.host;
    if (store.mode === "teach") {
      this.host.teach.toggle();
      this.wake();
      return;
    }
    if (!store.tour) return;
    if (!store.playing && store.step >= store.tour.path.length) store.step = 0;
    store.playing = !store.playing;
    this.carried = 0;
    this.host.refresh();
  }

  private readonly tick = (now: number): void => {
    const { host } = this;
    const { store, metrics } = host;
    const dt = this.lastFrame === 0 ? 0 : Math.min(100, now - this.lastFrame);
    if (store.playing && store.tour) {
      this.carried += (dt / 1000) * store.speed;
      const advance = Math.floor(this.carried);
      this.carried -= advance;
      if (dt > 0) {
        metrics.frameIntervals.push(dt);
        if (metrics.frameIntervals.length > KEEP_FRAMES) metrics.frameIntervals.shift();
      }
      if (advance > 0) {
        const n = store.tour.path.length;
        store.step = Math.min(n, store.step + advance);
        if (store.step >= n) store.playing = false;
        host.updatePlayback();
        const ms = host.draw();
        metrics.frameTimes.push(ms);
        if (metrics.frameTimes.length > KEEP_FRAMES) metrics.frameTimes.shift();
        // The address bar follows playback lazily: history updates are not free.
        window.clearTimeout(this.urlTimer);
        this.urlTimer = window.setTimeout(() => host.writeUrl(), 250);
      }
    }
    if (host.teach.playing) host.teach.tick(dt);
    if (store.flash && now > store.flash.until) {
      store.flash = null;
      host.draw();
    }
    if (this.busy()) {
      this.lastFrame = now;
      requestAnimationFrame(this.tick);
    } else {
      // The next start measures its first interval from then, not from this frame.
      this.lastFrame = 0;
      this.running = false;
    }
  };
}
