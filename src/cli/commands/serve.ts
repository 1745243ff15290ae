import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve, sep } from "node:path";
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

/**
 * Build the page when it is not built yet: in a source checkout `npx knight serve` works right
 * after `npm ci && npm start`, without a separate `npm run build:web`. Vite is a development
 * dependency, so it is loaded by name at run time, and only here.
 */
async function ensureBuilt(stderr: { write(text: string): unknown }): Promise<void> {
  if (existsSync(join(WEB_DIST, "index.html"))) return;
  if (!existsSync(WEB_CONFIG)) {
    throw new CliExit(
      ExitCode.BadInput,
      `the web page is not built (no ${join(WEB_DIST, "index.html")}) and this copy has no sources to build it from`,
    );
  }
  const name = "vite";
  let vite: { build(config: Record<string, unknown>): Promise<unknown> };
  try {
    vite = await import(name);
  } catch {
    throw new CliExit(
      ExitCode.BadInput,
      "the web page is not built and Vite is not installed: run 'npm ci' in the checkout, then 'npx knight serve' again",
    );
  }
  stderr.write("knight: building the web page (the first serve only; a few seconds)\n");
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
Serves the built page (web/dist). In a source checkout the first serve builds it (or build it
with 'npm run build:web'); 'npm run web' runs the development server instead.`,
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
