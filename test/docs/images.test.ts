import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/images holds the pictures `npm run docs:pictures` draws with the project's renderer. They
// stay small (the repository carries them) and each one is used by some page.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const IMAGES = join(ROOT, "docs", "images");
const MAX_TOTAL_BYTES = 300 * 1024;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "api" ? [] : markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

describe("docs/images", () => {
  const images = readdirSync(IMAGES);

  it(`stays under ${MAX_TOTAL_BYTES / 1024} KB in total`, () => {
    const total = images.reduce((sum, name) => sum + statSync(join(IMAGES, name)).size, 0);
    expect(total).toBeLessThan(MAX_TOTAL_BYTES);
  });

  it("has only pictures some page shows", () => {
    const pages = [join(ROOT, "README.md"), ...markdownFiles(join(ROOT, "docs"))]
      .map((path) => readFileSync(path, "utf8"))
      .join("\n");
    for (const name of images) {
      expect(pages, `docs/images/${name} is not used by any page`).toContain(`images/${name}`);
    }
  });

  it("are SVG or PNG files as their names say", () => {
    for (const name of images) {
      const head = readFileSync(join(IMAGES, name)).subarray(0, 8);
      if (name.endsWith(".svg")) expect(head.toString("utf8")).toMatch(/^<svg|^<\?xml/);
      else expect([...head.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });
});
