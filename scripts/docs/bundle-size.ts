// The browser entry as a web app gets it: dist/index.js bundled by Vite for the browser, with
// no Node polyfills, minified, and measured (bytes minified and gzipped with node:zlib at its
// default level).
//   npm run docs:bundle-size        builds dist/, then prints both sizes (about 5 s more)
// Quoted by: docs/benchmarks.md's "Package size" table, through bench/cases/package.js (the
// benchmark report's package section), and README.md. test/package/bundle.test.ts checks the
// bundle (no warning, no import left, it runs).
// Bundles the built dist/ (not src/): the point is what the published package ships.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, createLogger, type Logger } from "vite";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BROWSER_ENTRY = join(root, "dist", "index.js");

export interface BundleOptions {
  /** The module to bundle (default the browser entry, dist/index.js). */
  readonly entry?: string;
  /** Exports to keep (a user importing just those; the rest is tree-shaken away). */
  readonly only?: readonly string[];
}

export interface BrowserBundle {
  readonly code: string;
  readonly chunks: number;
  readonly minifiedBytes: number;
  readonly gzipBytes: number;
  /** Every message of Vite and Rolldown during the build. */
  readonly warnings: readonly string[];
  readonly ms: number;
}

/**
 * Bundle `entry` as an ES library for the browser and measure it. `warnings` holds every message
 * of Vite and Rolldown (a Node built-in would show up as "externalized for browser
 * compatibility"); the build throws if the bundler does.
 */
export async function bundleBrowserEntry({
  entry = BROWSER_ENTRY,
  only,
}: BundleOptions = {}): Promise<BrowserBundle> {
  const began = performance.now();
  let scratch: string | undefined;
  let input = entry;
  if (only !== undefined) {
    scratch = mkdtempSync(join(tmpdir(), "knight-bundle-"));
    input = join(scratch, "entry.js");
    writeFileSync(input, `export { ${only.join(", ")} } from ${JSON.stringify(entry)};\n`);
  }
  const warnings: string[] = [];
  const logger = createLogger("warn");
  const collect = (message: unknown): void => {
    warnings.push(String(message));
  };
  const customLogger: Logger = {
    ...logger,
    info() {},
    warn: collect,
    warnOnce: collect,
    error: collect,
  };
  try {
    const result = await build({
      configFile: false,
      root,
      logLevel: "warn",
      customLogger,
      build: {
        lib: { entry: input, formats: ["es"], fileName: "knight-tours" },
        write: false,
        target: "es2022",
        minify: true,
        copyPublicDir: false,
        reportCompressedSize: false,
        rolldownOptions: {
          // Vite keeps whitespace in ES library output; a web app's build would not.
          output: { minify: true },
          onwarn: (warning) => collect(warning.message),
        },
      },
    });
    // write: false and no watch: the build resolves to its output, never a watcher.
    const outputs = Array.isArray(result) ? result : [result];
    const chunks = outputs
      .flatMap((r) => ("output" in r ? r.output : []))
      .filter((o) => o.type === "chunk");
    const code = chunks.map((c) => c.code).join("\n");
    // Under NODE_ENV=test (vitest) Vite does not warn about a Node built-in: it bundles a stub
    // that throws "Module ... has been externalized for browser compatibility" when used.
    if (code.includes("has been externalized for browser compatibility")) {
      collect(
        "the bundle holds Vite's throwing stub for a Node module externalized for browser compatibility",
      );
    }
    const bytes = Buffer.byteLength(code);
    return {
      code,
      chunks: chunks.length,
      minifiedBytes: bytes,
      gzipBytes: gzipSync(code).length,
      warnings,
      ms: performance.now() - began,
    };
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const cases: [label: string, options: BundleOptions][] = [
    ["whole library", {}],
    ["solve + validateTour", { only: ["Board", "solve", "validateTour"] }],
  ];
  for (const [label, options] of cases) {
    const b = await bundleBrowserEntry(options);
    console.log(
      `${label}: ${kB(b.minifiedBytes)} minified, ${kB(b.gzipBytes)} gzipped (${b.warnings.length} warnings)`,
    );
    for (const w of b.warnings) console.log(`  warning: ${w}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
