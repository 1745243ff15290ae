import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { nonNegativeInteger } from "../options.js";

/**
 * The built web page: web/dist at the package root. This file sits three levels below the root
 * both as source (src/cli/commands) and as built code (dist/cli/commands).
 */
export const WEB_DIST = fileURLToPath(new URL("../../../web/dist/", import.meta.url));

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".map": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

export interface StaticServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * A tiny static file server for the built page: GET/HEAD only, no directory listings, paths
 * kept inside `root`, `/` serves index.html. Enough for `knight serve` and the browser tests;
 * not meant to face the internet.
 */
export async function startStaticServer(
  root: string,
  port = 0,
  host = "127.0.0.1",
): Promise<StaticServer> {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    try {
      if (request.method !== "GET" && request.method !== "HEAD") {
        response.writeHead(405, { allow: "GET, HEAD" }).end();
        return;
      }
      const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
      let file = normalize(join(base, pathname));
      if (file !== base && !file.startsWith(base + sep)) {
        response.writeHead(403).end("forbidden");
        return;
      }
      const info = await stat(file).catch(() => null);
      if (info?.isDirectory()) file = join(file, "index.html");
      else if (info === null) {
        response.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      const body = await readFile(file).catch(() => null);
      if (body === null) {
        response.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      response.writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "content-length": body.length,
        "cache-control": "no-cache",
      });
      response.end(request.method === "HEAD" ? undefined : body);
    } catch {
      response.writeHead(400).end("bad request");
    }
  });
  await new Promise<void>((ready, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => ready());
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}/`,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** The Vite config of the page, present in a source checkout (not in the published package). */
const WEB_CONFIG = fileURLToPath(new URL("../../../web/vite.config.ts", import.meta.url));
/** The folders the page is built from, in a source checkout. */
const WEB_SOURCES = ["../../../web/", "../../../src/"].map((path) =>
  fileURLToPath(new URL(path, import.meta.url)),
);

/**
 * The first file under `roots` changed after `built` (the built page's index.html) was written,
 * or undefined when the build is as new as every source. `skip` (web/dist itself) is not
 * looked into. A missing root counts as no sources.
 */
export async function newerSource(
  built: string,
  roots: readonly string[],
  skip: string,
): Promise<string | undefined> {
  const builtAt = (await stat(built)).mtimeMs;
  const skipped = resolve(skip);
  const pending = roots.map((root) => resolve(root));
  while (pending.length > 0) {
    const folder = pending.pop() as string;
    if (folder === skipped) continue;
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile() && (await stat(path)).mtimeMs > builtAt) return path;
    }
  }
  return undefined;
}

/** Vite, a development dependency: loaded by name at run time, and only here. */
async function loadVite(
  missing: string,
): Promise<{ build(config: Record<string, unknown>): Promise<unknown> }> {
  const name = "vite";
  try {
    return await import(name);
  } catch {
    throw new CliExit(ExitCode.BadInput, missing);
  }
}

/**
 * Build the page when it is not built yet, or older than its sources: in a source checkout
 * `npx knight serve` works right after `npm ci && npm start`, and after an edit, without a
 * separate `npm run build:web`.
 */
async function ensureBuilt(stderr: { write(text: string): unknown }): Promise<void> {
  const index = join(WEB_DIST, "index.html");
  const built = existsSync(index);
  // The published package has web/dist but no sources: what it has is what it serves.
  if (built && !existsSync(WEB_CONFIG)) return;
  if (!built && !existsSync(WEB_CONFIG)) {
    throw new CliExit(
      ExitCode.BadInput,
      `the web page is not built (no ${index}) and this copy has no sources to build it from`,
    );
  }
  const newer = built ? await newerSource(index, WEB_SOURCES, WEB_DIST) : undefined;
  if (built && newer === undefined) return;
  const root = resolve(WEB_CONFIG, "../..");
  const changed = newer === undefined ? "" : relative(root, newer);
  const vite = await loadVite(
    built
      ? `the web page in web/dist is older than ${changed}: run 'npm run build:web' (Vite is not installed to rebuild it)`
      : "the web page is not built and Vite is not installed: run 'npm ci' in the checkout, then 'npx knight serve' again",
  );
  stderr.write(
    built
      ? `knight: rebuilding the web page (${changed} changed since web/dist was built)\n`
      : "knight: building the web page (the first serve only; a few seconds)\n",
  );
  await vite.build({ configFile: WEB_CONFIG, logLevel: "warn" });
}

export function registerServe(program: Command, { io }: CommandContext): void {
  program
    .command("serve")
    .description("serve the interactive web page on a local port (Ctrl-C stops)")
    .option(
      "-p, --port <n>",
      "port to listen on (0 picks a free one)",
      nonNegativeInteger("--port"),
      5178,
    )
    .option("--host <address>", "address to listen on (0.0.0.0 for the network)", "127.0.0.1")
    .addHelpText(
      "after",
      `
Serves the built page (web/dist). In a source checkout serve builds it first when it is missing
or older than a file under web/ or src/ (or build it with 'npm run build:web'); 'npm run web'
runs the development server instead.`,
    )
    .action(async (flags: { port: number; host: string }) => {
      if (flags.port > 65535) {
        throw new CliExit(ExitCode.BadInput, `--port must be 0..65535, got '${flags.port}'`);
      }
      await ensureBuilt(io.stderr);
      let server: StaticServer;
      try {
        server = await startStaticServer(WEB_DIST, flags.port, flags.host);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new CliExit(
          ExitCode.BadInput,
          code === "EADDRINUSE"
            ? `port ${flags.port} is in use: choose another with --port`
            : `cannot listen on ${flags.host}:${flags.port}: ${(error as Error).message}`,
        );
      }
      io.stderr.write(`knight: serving the web page at ${server.url} (Ctrl-C stops)\n`);
      const signal = io.interruptSignal();
      await new Promise<void>((stopped) => {
        if (signal.aborted) stopped();
        else signal.addEventListener("abort", () => stopped(), { once: true });
      });
      await server.close();
      // Ended by Ctrl-C or SIGTERM like every other command: 130, with one line.
      throw new CliExit(ExitCode.Interrupted, "interrupted: the server stopped");
    });
}
