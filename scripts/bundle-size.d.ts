/** Types of scripts/bundle-size.js (plain JS, run by node on the built dist/). */
export declare const BROWSER_ENTRY: string;

export interface BrowserBundle {
  readonly code: string;
  readonly chunks: number;
  readonly minifiedBytes: number;
  readonly gzipBytes: number;
  /** Every message of Vite and Rolldown during the build. */
  readonly warnings: readonly string[];
  readonly ms: number;
}

export declare function bundleBrowserEntry(options?: {
  readonly entry?: string;
  readonly only?: readonly string[];
}): Promise<BrowserBundle>;
