import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaticServer, startStaticServer } from "../../src/cli/commands/serve.js";

describe("startStaticServer(root, port)", () => {
  let server: StaticServer;
  // The served folder, and beside it a file the server must not give out.
  const work = mkdtempSync(join(tmpdir(), "knight-serve-"));
  beforeAll(async () => {
    const root = join(work, "site");
    mkdirSync(root);
    writeFileSync(join(root, "index.html"), "<!doctype html><title>k</title>");
    writeFileSync(join(root, "app.js"), "export {}");
    writeFileSync(join(work, "knight-secret.txt"), "secret");
    server = await startStaticServer(root, 0);
  });
  afterAll(() => {
    server.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("serves index.html at / and files with their types", async () => {
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("<title>k</title>");
    const script = await fetch(new URL("app.js", server.url));
    expect(script.headers.get("content-type")).toMatch(/javascript/);
  });

  it("answers 404 for missing files, refuses paths outside the root and non-GET methods", async () => {
    expect((await fetch(new URL("nope.js", server.url))).status).toBe(404);
    const escaped = await fetch(`${server.url}..%2fknight-secret.txt`);
    expect([403, 404]).toContain(escaped.status);
    expect(await escaped.text()).not.toContain("secret");
    expect((await fetch(server.url, { method: "POST" })).status).toBe(405);
  });
});
