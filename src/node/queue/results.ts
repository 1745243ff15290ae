/**
 * A run's results in Redis, written once per subproblem. Keys, under `knight:<run key>:`:
 *
 *     results    hash  subproblem → its result (canonical JSON: keys sorted)
 *     log        list  subproblems in the order their results were first written
 *     times      hash  subproblem → milliseconds it took (the first run's)
 *     conflicts  hash  subproblem → a second result that disagreed with the first
 *
 * `record` is one Lua script, so it is atomic: the first result of a subproblem is stored and
 * logged; a later equal one (a job run twice: a worker whose lock expired while it was still
 * working, then finished) changes nothing; a later different one is kept in `conflicts` — two
 * runs of a deterministic subproblem disagreeing means a bug or a faulty machine, and the run
 * reports it rather than pick one.
 */

const RECORD = `
local first = redis.call('HGET', KEYS[1], ARGV[1])
if not first then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('RPUSH', KEYS[2], ARGV[1])
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
  return {'new'}
end
if first == ARGV[2] then return {'same'} end
redis.call('HSET', KEYS[4], ARGV[1], ARGV[2])
return {'conflict', first}
`;

/**
 * The Redis commands the store uses (an ioredis client has them); typed here so the package's
 * declarations do not pull in the driver's.
 */
export interface ResultClient {
  eval(script: string, keys: number, ...args: string[]): Promise<unknown>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  hmget(key: string, ...fields: string[]): Promise<(string | null)[]>;
  hgetall(key: string): Promise<Record<string, string>>;
}

export type RecordOutcome =
  | { readonly kind: "new" }
  | { readonly kind: "same" }
  | { readonly kind: "conflict"; readonly first: string };

/** A result stored for a subproblem: its canonical JSON and time. */
export interface StoredResult {
  readonly name: string;
  readonly json: string;
  readonly ms: number;
}

const CHUNK = 500;

export class ResultStore {
  readonly runKey: string;
  private readonly client: ResultClient;
  private readonly keys: { results: string; log: string; times: string; conflicts: string };

  constructor(client: ResultClient, runKey: string) {
    this.client = client;
    this.runKey = runKey;
    const base = `knight:${runKey}:`;
    this.keys = {
      results: `${base}results`,
      log: `${base}log`,
      times: `${base}times`,
      conflicts: `${base}conflicts`,
    };
  }

  /** Store a subproblem's result unless it is there; say whether it was new, equal, or not. */
  async record(name: string, json: string, ms: number): Promise<RecordOutcome> {
    const { results, log, times, conflicts } = this.keys;
    const reply = (await this.client.eval(
      RECORD,
      4,
      results,
      log,
      times,
      conflicts,
      name,
      json,
      String(Math.round(ms)),
    )) as string[];
    if (reply[0] === "new") return { kind: "new" };
    if (reply[0] === "same") return { kind: "same" };
    return { kind: "conflict", first: reply[1]! };
  }

  /** Subproblems whose results were written, from position `from` of the log on. */
  async logFrom(from: number): Promise<string[]> {
    return this.client.lrange(this.keys.log, from, -1);
  }

  /** The stored results of these subproblems (in order; absent ones left out). */
  async results(names: readonly string[]): Promise<StoredResult[]> {
    const out: StoredResult[] = [];
    for (let at = 0; at < names.length; at += CHUNK) {
      const part = names.slice(at, at + CHUNK);
      const [jsons, times] = await Promise.all([
        this.client.hmget(this.keys.results, ...part),
        this.client.hmget(this.keys.times, ...part),
      ]);
      part.forEach((name, k) => {
        const json = jsons[k];
        if (json !== null && json !== undefined) {
          out.push({ name, json, ms: Number(times[k] ?? 0) });
        }
      });
    }
    return out;
  }

  /** Second results that disagreed with the first, by subproblem. */
  async conflicts(): Promise<Record<string, string>> {
    return this.client.hgetall(this.keys.conflicts);
  }
}

/** JSON with object keys sorted, so equal results are equal strings wherever they were made. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : inner,
  );
}
