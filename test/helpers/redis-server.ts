import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A real redis-server for the queue's tests and sweeps: Debian's binary on a free loopback port,
 * its own temporary directory, the append-only file on (fsync on every write, so a restart
 * loses nothing acknowledged), no RDB snapshots. Stopped by its pid; `restart` stops it and
 * starts it again on the same port and directory, where it reloads the append-only file.
 */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";

export interface RedisServerOptions {
  /** requirepass: clients must give this password. */
  readonly password?: string;
}

export class RedisServer {
  readonly port: number;
  readonly dir: string;
  private readonly password: string | undefined;
  private child: ChildProcess | undefined;
  private log = "";

  private constructor(port: number, dir: string, password: string | undefined) {
    this.port = port;
    this.dir = dir;
    this.password = password;
  }

  /** Start a server on a free port (resolves once it accepts connections). */
  static async start(options: RedisServerOptions = {}): Promise<RedisServer> {
    const server = new RedisServer(
      await freePort(),
      mkdtempSync(join(tmpdir(), "knight-redis-")),
      options.password,
    );
    await server.launch();
    return server;
  }

  /** The queue URL of this server (with the password when it has one). */
  get url(): string {
    const auth = this.password === undefined ? "" : `:${encodeURIComponent(this.password)}@`;
    return `redis://${auth}127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Stop (SIGTERM: Redis flushes its append-only file and exits) and wait for the exit. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    process.kill(child.pid!, "SIGTERM");
    await exited;
  }

  /** Stop, then start again on the same port and directory (it reloads the append-only file). */
  async restart(): Promise<void> {
    await this.stop();
    await this.launch();
  }

  /** Stop and delete the directory. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async launch(): Promise<void> {
    const args = [
      "--port",
      String(this.port),
      "--bind",
      "127.0.0.1",
      "--dir",
      this.dir,
      "--appendonly",
      "yes",
      "--appendfsync",
      "always",
      "--save",
      "",
      "--daemonize",
      "no",
      "--protected-mode",
      "yes",
      ...(this.password === undefined ? [] : ["--requirepass", this.password]),
    ];
    const child = spawn(REDIS_SERVER, args, { stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    child.stdout?.on("data", (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-4000);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-4000);
    });
    const began = Date.now();
    // Poll the port: the server is up when it accepts a connection (up to 30 s under load).
    while (!(await accepts(this.port))) {
      if (child.exitCode !== null) {
        throw new Error(`redis-server exited with ${child.exitCode}: ${this.log}`);
      }
      if (Date.now() - began > 30_000) throw new Error(`redis-server did not start: ${this.log}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A loopback port nothing listens on (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
