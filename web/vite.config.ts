import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** The web page: `npm run web` (dev server), `npm run build:web` (→ web/dist, served by `knight serve`). */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  // Relative asset URLs: the built page works from any path or port.
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
  },
  worker: { format: "es" },
  server: { port: 5178 },
  preview: { port: 5178 },
});
