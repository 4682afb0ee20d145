/**
 * Reads what an answer says about its service's rate limit, as a pure function of the headers and the
 * clock: `ratelimit-limit`, `ratelimit-remaining`, `ratelimit-reset` (IETF draft, as express-rate-limit,
 * Kong and Hiro's gateway send them) and `Retry-After`. Anything missing or malformed is left out.
 */
import type { RateLimitInfo } from "../../shared/rate-limit.js";
import { MAX_RETRY_AFTER_READ_MS, parseRetryAfter } from "../retry.js";

/** The most requests a window is read to allow or have left: no service announces more. */
export const MAX_RATE_LIMIT_COUNT = 1_000_000_000;

export type { RateLimitInfo };

/**
 * A `ratelimit-reset` above this many seconds before `now` is a Unix time, not a delta: no window is
 * 30 years long, and no service announces a reset 30 years in the past.
 */
const EPOCH_BEFORE_NOW_S = 1e9;

/** The leading number of a header value (`5`, `5.5`, or `5;w=60` as some drafts write it), or undefined. */
function leadingNumber(value: string | null): number | undefined {
  if (value === null) return undefined;
  const match = /^\s*(\d{1,16}(?:\.\d{1,6})?)\s*(?:[,;]|$)/.exec(value);
  return match ? Number(match[1]) : undefined;
}

/**
 * `ratelimit-reset` in ms from `now`: delta-seconds or a Unix time in seconds (both are seen in the
 * wild), told apart by size. Never negative, at most a day (as `Retry-After` is read).
 */
export function parseReset(value: string | null, now: number): number | undefined {
  const seconds = leadingNumber(value);
  if (seconds === undefined) return undefined;
  const ms = seconds > now / 1000 - EPOCH_BEFORE_NOW_S ? seconds * 1000 - now : seconds * 1000;
  return Math.min(MAX_RETRY_AFTER_READ_MS, Math.max(0, Math.ceil(ms)));
}

/** A count as read: a whole number, at most {@link MAX_RATE_LIMIT_COUNT}. */
const countOf = (n: number | undefined) =>
  n === undefined ? undefined : Math.min(MAX_RATE_LIMIT_COUNT, Math.floor(n));

/**
 * What `headers` say about the rate limit, at `now` (ms since the epoch), held to sane bounds (a hostile
 * `ratelimit-*: 9999999999999999` is read as a billion, or a day): the one reading of these headers, for
 * the pacer, the log and `.withResponse()` alike.
 */
export function readRateLimit(headers: Headers, now: number): RateLimitInfo {
  const limit = leadingNumber(headers.get("ratelimit-limit"));
  return {
    limit: limit !== undefined && limit >= 1 ? countOf(limit) : undefined,
    remaining: countOf(leadingNumber(headers.get("ratelimit-remaining"))),
    resetMs: parseReset(headers.get("ratelimit-reset"), now),
    retryAfterMs: parseRetryAfter(headers.get("retry-after"), now),
  };
}

/** What an answer that announces nothing says (most 2xx answers): no header was read. */
export const NO_RATE_LIMIT: RateLimitInfo = {};

/**
 * What `answer` announced about the rate limit at `now`: the attempt loop reads it once per answer and
 * hands it on (the pacer, the retry policy, the log, a lookup's `.withResponse()`, the gateway's pace).
 * A 2xx without any `ratelimit-*` header is {@link NO_RATE_LIMIT}, read by three lookups and nothing else.
 */
export function rateLimitOf(answer: Response, now: number): RateLimitInfo {
  const { headers } = answer;
  const announces =
    !answer.ok ||
    headers.has("ratelimit-remaining") ||
    headers.has("ratelimit-limit") ||
    headers.has("ratelimit-reset");
  return announces ? readRateLimit(headers, now) : NO_RATE_LIMIT;
}
