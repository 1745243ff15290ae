#!/usr/bin/env node
// The browser entry as a web app gets it: dist/index.js bundled by Vite for the browser, with
// no Node polyfills, minified, and measured (bytes minified and gzipped with node:zlib at its
// default level). Used by bench/cases/package.js (the benchmark report's package section) and
// test/package/bundle.test.ts; `node scripts/bundle-size.js` (after `npm run build`) prints it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, createLogger } from "vite";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const BROWSER_ENTRY = join(root, "dist", "index.js");

/**
 * Bundle `entry` (default the browser entry) as an ES library for the browser and measure it.
 * `only` names exports to keep (a user importing just those; the rest is tree-shaken away).
 * Resolves to { code, minifiedBytes, gzipBytes, warnings, ms }: `warnings` holds every
 * message of Vite and Rolldown (a Node built-in would show up as "externalized for browser
 * compatibility"); the build throws if the bundler does.
 */
export async function bundleBrowserEntry({ entry = BROWSER_ENTRY, only } = {}) {
  const began = performance.now();
  let scratch;
  let input = entry;
  if (only !== undefined) {
    scratch = mkdtempSync(join(tmpdir(), "knight-bundle-"));
    input = join(scratch, "entry.js");
    writeFileSync(input, `export { ${only.join(", ")} } from ${JSON.stringify(entry)};\n`);
  }
  const warnings = [];
  const logger = createLogger("warn");
  const collect = (message) => warnings.push(String(message));
  try {
    const result = await build({
      configFile: false,
      root,
      logLevel: "warn",
      customLogger: { ...logger, info() {}, warn: collect, warnOnce: collect, error: collect },
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
    const chunks = (Array.isArray(result) ? result : [result])
      .flatMap((r) => r.output)
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [label, only] of [
    ["whole library", undefined],
    ["solve + validateTour", ["Board", "solve", "validateTour"]],
  ]) {
    const b = await bundleBrowserEntry(only ? { only } : {});
    const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
    console.log(
      `${label}: ${kB(b.minifiedBytes)} minified, ${kB(b.gzipBytes)} gzipped (${b.warnings.length} warnings)`,
    );
    for (const w of b.warnings) console.log(`  warning: ${w}`);
  }
}
