import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The README, the guide and the pages in docs/ (the CLI reference among them) link into each
// other by file and heading; a renamed heading or a moved picture would break them silently.
// Check every relative link and anchor.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const GUIDE = join(ROOT, "docs", "guide");
const PAGES = [
  ...readdirSync(GUIDE)
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(GUIDE, name)),
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(ROOT, "docs", name)),
  join(ROOT, "README.md"),
];

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) inFence = !inFence;
    const m = !inFence && /^#{1,6}\s+(.*)$/.exec(line);
    if (m) out.add(slug(m[1]!));
  }
  return out;
}

function links(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe("links in README.md, docs/*.md and docs/guide", () => {
  it("slug follows GitHub's rule", () => {
    expect(slug("`search`: complete Warnsdorff-ordered backtracking with pruning")).toBe(
      "search-complete-warnsdorff-ordered-backtracking-with-pruning",
    );
    expect(slug("Why 90° needs n ≡ 2 (mod 4)")).toBe("why-90-needs-n--2-mod-4");
  });

  it("the guide has an index and the pages it lists", () => {
    const index = readFileSync(join(GUIDE, "README.md"), "utf8");
    for (const page of readdirSync(GUIDE).filter((n) => n.endsWith(".md") && n !== "README.md")) {
      expect(index, `docs/guide/README.md should link ${page}`).toContain(`](${page})`);
    }
  });

  for (const page of PAGES) {
    it(`${page.slice(ROOT.length + 1)}: every relative link and anchor resolves`, () => {
      const text = readFileSync(page, "utf8");
      for (const link of links(text)) {
        if (/^[a-z]+:/i.test(link)) continue; // http:, mailto:
        const [path, anchor] = link.split("#") as [string, string | undefined];
        const target = path === "" ? page : resolve(dirname(page), path);
        expect(existsSync(target), `${link} in ${page}: no such file`).toBe(true);
        if (anchor && target.endsWith(".md")) {
          expect(
            anchors(readFileSync(target, "utf8")).has(anchor),
            `${link} in ${page}: no heading with that anchor`,
          ).toBe(true);
        }
      }
    });
  }
});
