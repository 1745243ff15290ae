import type { Redis } from "ioredis";
import { QueueUnavailableError } from "./errors.js";
import type { QueueAddress } from "./url.js";

/**
 * Connecting to the queue's Redis. The first connection is bounded: a few attempts a short
 * while apart, then a QueueUnavailableError naming the URL and the last cause (an auth refusal
 * ends it at once: retrying a wrong password does not help). Once reached, the clients of a run
 * reconnect for as long as it takes (a Redis restart is waited out; commands wait in ioredis'
 * offline queue), since by then the address is known to be right.
 */

export interface ConnectOptions {
  /** Attempts before giving up (default 5). */
  readonly attempts?: number | undefined;
  /** Wait between attempts in ms (default 500). */
  readonly delayMs?: number | undefined;
}

/** What ioredis (and BullMQ, which hands them to ioredis) is given to reach an address. */
export interface RedisConnectionOptions {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  readonly tls?: { readonly servername: string };
  readonly maxRetriesPerRequest: null;
  readonly retryStrategy: (times: number) => number;
}

/** ioredis options for an address: reconnect forever, commands wait for the connection. */
export function redisOptions(address: QueueAddress): RedisConnectionOptions {
  return {
    host: address.host,
    port: address.port,
    db: address.db,
    ...(address.username === undefined ? {} : { username: address.username }),
    ...(address.password === undefined ? {} : { password: address.password }),
    ...(address.tls ? { tls: { servername: address.host } } : {}),
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
  };
}

/** Load ioredis on first use: the CLI's other commands never pay for it. */
function ioredis() {
  return import("ioredis");
}

/**
 * A connected client for `address`, after at most `attempts` bounded tries; throws
 * QueueUnavailableError with one clear line otherwise.
 */
export async function connectRedis(
  address: QueueAddress,
  options: ConnectOptions = {},
): Promise<Redis> {
  const { Redis } = await ioredis();
  const attempts = options.attempts ?? 5;
  const delayMs = options.delayMs ?? 500;
  let cause = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const probe = new Redis({
      ...redisOptions(address),
      lazyConnect: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      connectTimeout: 3000,
    });
    let lastError: Error | undefined;
    probe.on("error", (error: Error) => {
      lastError = error;
    });
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      const client = new Redis(redisOptions(address));
      client.on("error", () => {
        // Reconnection is automatic; a caller that cares listens itself.
      });
      await client.ping();
      return client;
    } catch (error) {
      probe.disconnect();
      cause = (lastError ?? (error as Error)).message;
      if (/NOAUTH|WRONGPASS|invalid password|AUTH/i.test(cause)) {
        const hint =
          address.password === undefined
            ? "it needs a password: give it in the URL, redis://:PASSWORD@HOST:PORT"
            : "check the password in the URL";
        throw new QueueUnavailableError(
          `the job queue at ${address.display} refused the connection (${firstLine(cause)}): ${hint}`,
          address.display,
        );
      }
    }
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  throw new QueueUnavailableError(
    `cannot reach the job queue at ${address.display} (${firstLine(cause)}, ${attempts} attempts): is redis-server running there?`,
    address.display,
  );
}

function firstLine(text: string): string {
  return text.split("\n")[0]!.trim();
}
