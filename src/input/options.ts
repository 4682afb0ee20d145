/**
 * The client's and the calls' option defaults, and their checks, in one place. Each check throws a
 * {@link HiroValidationError} naming the option and what is allowed, before anything is sent. Client
 * options are checked once, at creation; a call's options only when it gives them.
 */
import { HiroValidationError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import { isWholeNumber } from "./whole-number.js";

/** The defaults of the client's options. */
export const DEFAULTS = {
  /** Time limit of each attempt, in ms. */
  timeoutMs: 30_000,
  /** Time limit of a whole lookup, in ms. */
  totalTimeoutMs: 120_000,
  /** Retries after the first attempt. */
  maxRetries: 2,
  /** Largest body read, in decoded bytes: 16 MiB (the largest real page is about 5 MB). */
  maxResponseBytes: 16 * 1024 * 1024,
};

/** Per-call options of every lookup; each overrides the client's option of the same name. */
export interface RequestOptions {
  /** Aborts the call, including any wait between retries; it rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Time limit of each attempt, in ms (default: the client's, 30 000). */
  timeoutMs?: number | undefined;
  /** Time limit of the whole call, middleware, retries and waits included, in ms (default: the client's). */
  totalTimeoutMs?: number | undefined;
  /** Retries after the first attempt (default: the client's, 2). */
  maxRetries?: number | undefined;
  /** Extra request headers for this call. */
  headers?: HeadersInit | undefined;
}

/** The limits of one call, checked, the client's filling in what the call does not give. */
export interface CallOptions {
  timeoutMs: number;
  totalTimeoutMs: number;
  maxRetries: number;
  headers?: Headers | undefined;
}

/** The limits of a client or a call; each is checked by its own rule. */
type Limits = Omit<CallOptions, "headers">;
const LIMIT_CHECKS: Readonly<Record<keyof Limits, (name: string, value: unknown) => number>> = {
  timeoutMs: checkTimeout,
  totalTimeoutMs: checkTimeout,
  maxRetries: checkRetries,
};

/** `base` with the limits `given` sets (checked); `base` itself when `given` sets none. */
function withLimits<T extends Limits>(base: T, given: { [K in keyof Limits]?: number | undefined }): T {
  let out = base;
  for (const name of Object.keys(LIMIT_CHECKS) as (keyof Limits)[]) {
    const value = given[name];
    if (value === undefined) continue;
    if (out === base) out = { ...base };
    out[name] = LIMIT_CHECKS[name](name, value);
  }
  return out;
}

/** The client's limits: its options over {@link DEFAULTS}, checked once, at creation. */
export function limitsOf(given: RequestOptions & { maxResponseBytes?: number | undefined }) {
  const limits = withLimits({ ...DEFAULTS }, given);
  if (given.maxResponseBytes !== undefined) {
    limits.maxResponseBytes = checkByteCount("maxResponseBytes", given.maxResponseBytes);
  }
  return limits;
}

/** A call's options over the client's `limits`: the client's own object when the call changes nothing. */
export function callOptionsOf(limits: CallOptions, options: RequestOptions | undefined): CallOptions {
  if (options === undefined) return limits;
  const call = withLimits(limits, options);
  if (options.headers === undefined) return call;
  return { ...call, headers: checkHeaders("headers", options.headers) };
}

/**
 * Checks a duration option in ms; `name` is the option's name in messages. The ceiling is setTimeout's:
 * Node fires a longer timer after 1 ms.
 */
export function checkTimeout(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 2_147_483_647) {
    throw new HiroValidationError(
      name,
      `must be a number of milliseconds > 0, at most 2147483647 (about 24.8 days); got ${String(value)}`,
    );
  }
  return value;
}

/** Checks a retry count option; `name` is the option's name in messages. */
export function checkRetries(name: string, value: unknown): number {
  if (!isWholeNumber(value, 0, 10)) {
    throw new HiroValidationError(name, `must be an integer from 0 to 10; got ${String(value)}`);
  }
  return value;
}

/** Checks a rate in requests per second: a finite number > 0, at most 1 000 000. */
export function checkRate(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 1_000_000) {
    throw new HiroValidationError(
      name,
      `must be a number of requests per second > 0, at most 1000000; got ${String(value)}`,
    );
  }
  return value;
}

/** The deployment's largest accepted `limit`, per paged service (see `LookupClientOptions.maxLimit`). */
export interface MaxLimitOption {
  ordinals?: number | undefined;
  runes?: number | undefined;
}

/** The largest page maximum a client takes in `maxLimit` for a service. */
export const MAX_LIMIT_CEILING = 1_000_000;

/** Checks `maxLimit`: an object whose `ordinals`/`runes`, when given, are integers from 1 to 1 000 000. */
export function checkMaxLimit(name: string, value: unknown): MaxLimitOption {
  if (value === undefined) return {};
  const allowed = "an object { ordinals?, runes? } of integers from 1 to 1000000";
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HiroValidationError(name, `must be ${allowed}; got ${printable(String(value), 40)}`);
  }
  const out: MaxLimitOption = {};
  for (const [key, max] of Object.entries(value)) {
    if (key !== "ordinals" && key !== "runes") {
      throw new HiroValidationError(name, `must be ${allowed}; got the key ${printable(key, 40)}`);
    }
    if (max === undefined) continue;
    if (!isWholeNumber(max, 1, MAX_LIMIT_CEILING)) {
      throw new HiroValidationError(name, `must be ${allowed}; got ${key}: ${printable(String(max), 40)}`);
    }
    out[key] = max;
  }
  return out;
}

/** Checks a byte count: a positive safe integer. */
export function checkByteCount(name: string, value: unknown): number {
  if (!isWholeNumber(value, 1)) {
    throw new HiroValidationError(name, `must be a whole number of bytes >= 1; got ${String(value)}`);
  }
  return value;
}

/** Checks headers up front, so a bad one is a validation error and not a failed "network" call. */
export function checkHeaders(name: string, value: HeadersInit | undefined): Headers | undefined {
  if (value === undefined) return undefined;
  try {
    return new Headers(value);
  } catch {
    throw new HiroValidationError(
      name,
      "must be valid HTTP headers (names are tokens; values have no CR, LF or NUL)",
    );
  }
}

/** `text` cut before its last `@`, where a URL's `user:password@` ends (it did not parse, so by pattern). */
const withoutUserinfo = (text: string) => text.replace(/^([a-z][a-z0-9+.-]*:\/\/)?.*@/is, "$1…@");

/**
 * Checks a base URL: http(s), no credentials, query or fragment. Returns it without trailing slashes.
 * A refused URL is never echoed whole: it may hold a password. `keyOption` is what the refusal of a URL
 * with credentials tells to pass the key with (the client's `apiKey`; a command line's flag).
 */
export function checkBaseUrl(name: string, value: unknown, keyOption = "apiKey"): string {
  let url: URL | undefined;
  try {
    url = typeof value === "string" ? new URL(value) : undefined;
  } catch {}
  const problem = !url
    ? `must be an absolute http(s) URL; got ${typeof value === "string" ? JSON.stringify(printable(withoutUserinfo(value), 80)) : typeof value}`
    : url.protocol !== "http:" && url.protocol !== "https:"
      ? `must use http or https; got ${url.protocol}`
      : url.username || url.password
        ? `must not carry credentials (user:password@): pass a key with ${keyOption}`
        : url.search || url.hash || /[?#]/.test(String(value))
          ? `must not have a query or fragment; got ${printable(url.origin + url.pathname, 80)}?…`
          : undefined;
  if (problem || !url) throw new HiroValidationError(name, problem ?? "is invalid");
  // Trailing slashes off by a loop: a regex backtracked for seconds on 40,000 slashes then a letter.
  let end = url.href.length;
  while (end > 0 && url.href.charCodeAt(end - 1) === 47) end--;
  return url.href.slice(0, end);
}

/** Checks an API key: printable ASCII. An empty one (an unset environment variable) means none. */
export function checkApiKey(name: string, value: unknown): string | undefined {
  if (value === undefined || value === "") return undefined;
  // The key itself is never echoed, not even in this message.
  if (typeof value !== "string" || !/^[\x21-\x7e]+$/.test(value)) {
    throw new HiroValidationError(
      name,
      "must be a string of printable ASCII characters (no spaces or line breaks)",
    );
  }
  return value;
}
