import { OptionError } from "../../core/errors.js";

/**
 * A job-queue address as ioredis takes it: `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`, or
 * `rediss://…` for TLS. Parsed once at the boundary; `display` is the URL with the password
 * masked, for messages and logs.
 */
export interface QueueAddress {
  readonly host: string;
  readonly port: number;
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly db: number;
  readonly tls: boolean;
  readonly display: string;
}

/** Parse a queue URL; anything else is an OptionError naming it. */
export function parseQueueUrl(text: string): QueueAddress {
  const bad = (why: string): OptionError =>
    new OptionError(
      `--queue '${mask(text)}': ${why}; expected redis://[:PASSWORD@]HOST[:PORT][/DB] (or rediss:// for TLS)`,
      mask(text),
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad("not a URL");
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw bad(`the scheme ${url.protocol} is not redis: or rediss:`);
  }
  if (url.hostname === "") throw bad("no host");
  const port = url.port === "" ? 6379 : Number(url.port);
  const path = url.pathname.replace(/^\//, "");
  if (path !== "" && !/^\d{1,2}$/.test(path)) throw bad(`'/${path}' is not a database number`);
  const username = url.username === "" ? undefined : decodeURIComponent(url.username);
  const password = url.password === "" ? undefined : decodeURIComponent(url.password);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const auth = password === undefined ? (username ? `${username}@` : "") : `${username ?? ""}:***@`;
  return {
    host,
    port,
    username,
    password,
    db: path === "" ? 0 : Number(path),
    tls: url.protocol === "rediss:",
    display: `${url.protocol}//${auth}${url.host}${path === "" ? "" : `/${path}`}`,
  };
}

/** The URL with any password replaced by ***, for a message about a URL that did not parse. */
function mask(text: string): string {
  return text.replace(/(\/\/[^/@:]*:)[^/@]*@/, "$1***@");
}
