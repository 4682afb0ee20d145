/**
 * Reads what an answer says about its service's rate limit, as a pure function of the headers, the
 * status and the clock: `ratelimit-remaining` and `ratelimit-reset` (IETF draft, as express-rate-limit,
 * Kong and Hiro's gateway send them), and a refusal's `Retry-After`. Anything missing or malformed is
 * left out; an answer without `ratelimit-remaining` that is not a refusal costs one header lookup.
 */
import { parseRetryAfter } from "../retry.js";

/** A service's rate limit as one answer announced it; every field is optional. */
export interface RateLimitInfo {
  /** Requests left in the current window, this one counted. */
  remaining?: number | undefined;
  /** When the window resets, in ms from `now`, as announced (services round whole seconds up). */
  resetMs?: number | undefined;
  /** A 429's `Retry-After`, in ms from `now`. */
  retryAfterMs?: number | undefined;
}

/** What an answer with nothing to teach says. */
const NOTHING: RateLimitInfo = {};

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
 * wild), told apart by size. Never negative. A Unix time in ms reads as centuries away: the pacer's
 * ceiling holds it (pacer-policy.ts).
 */
export function parseReset(value: string | null, now: number): number | undefined {
  const seconds = leadingNumber(value);
  if (seconds === undefined) return undefined;
  const ms = seconds > now / 1000 - EPOCH_BEFORE_NOW_S ? seconds * 1000 - now : seconds * 1000;
  return Math.max(0, Math.ceil(ms));
}

/** What `headers` of an answer with `status` say about the rate limit, at `now` (ms since the epoch). */
export function readRateLimit(headers: Headers, status: number, now: number): RateLimitInfo {
  const remaining = leadingNumber(headers.get("ratelimit-remaining"));
  const refused = status === 429;
  if (remaining === undefined && !refused) return NOTHING;
  return {
    remaining: remaining === undefined ? undefined : Math.floor(remaining),
    resetMs: parseReset(headers.get("ratelimit-reset"), now),
    retryAfterMs: refused ? parseRetryAfter(headers.get("retry-after"), now) : undefined,
  };
}
