// The package (issue 9): the browser entry bundled by Vite for the browser (minified, no Node
// polyfills), whole and tree-shaken to what a solve-only page imports. The timed figure is the
// Vite build; the sizes (minified, gzipped) go to the report's "Package size" table.
import { tsImport } from "tsx/esm/api";

// scripts/ is TypeScript run by tsx, the benchmark plain node: load the one module through tsx's
// API (scoped to this import, so the measured code is not loaded through tsx).
const { bundleBrowserEntry } = await tsImport("../../scripts/docs/bundle-size.ts", import.meta.url);

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function bundleCase(name, only) {
  const options = only ? { only } : {};
  return {
    group: "package: browser bundle (Vite)",
    name,
    iterations: 3,
    setup: async () => {
      const bundle = await bundleBrowserEntry(options);
      if (bundle.warnings.length > 0) {
        throw new Error(`the browser bundle has warnings: ${bundle.warnings.join("; ")}`);
      }
      return bundle;
    },
    fn: () => bundleBrowserEntry(options),
    note: (bundle) =>
      `build time; ${kB(bundle.minifiedBytes)} minified, ${kB(bundle.gzipBytes)} gzipped`,
    sizes: (bundle) => ({ minifiedBytes: bundle.minifiedBytes, gzipBytes: bundle.gzipBytes }),
  };
}

export default [
  bundleCase("whole library (dist/index.js)"),
  bundleCase("Board + solve + validateTour only (tree-shaken)", ["Board", "solve", "validateTour"]),
];
