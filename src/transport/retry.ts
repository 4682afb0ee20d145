/**
 * The retry policy, as pure functions: the caller passes the clock and the random source, so the
 * rules are tested deterministically. Every lookup is a GET, so every attempt is safe to repeat. Its
 * constants (the backoff, the longest wait accepted) are the client's defaults, in shared/defaults.ts.
 */
import { INITIAL_DELAY_MS, MAX_DELAY_MS, MAX_RETRY_AFTER_MS } from "../shared/defaults.js";

/** What one attempt ended with. */
export type AttemptOutcome =
  | { type: "status"; status: number; retryAfterMs?: number | undefined }
  | { type: "network" }
  | { type: "timeout" }
  | { type: "invalid_response" }
  | { type: "refused" };

const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

/** Whether to try again after `outcome`, with the reason, given that `attempt` retries were made already. */
export function shouldRetry(
  outcome: AttemptOutcome,
  attempt: number,
  maxRetries: number,
  maxRetryAfterMs: number = MAX_RETRY_AFTER_MS,
): { retry: boolean; reason: string } {
  if (attempt >= maxRetries) return { retry: false, reason: `no retries left (${maxRetries} allowed)` };
  switch (outcome.type) {
    case "network":
      return { retry: true, reason: "the connection failed; a GET is safe to repeat" };
    case "timeout":
      return { retry: true, reason: "the attempt timed out; a GET is safe to repeat" };
    case "refused":
      return {
        retry: false,
        reason: "the runtime refused the request (blocked port or bad URL); a retry cannot change that",
      };
    case "invalid_response":
      return { retry: false, reason: "a malformed 2xx body is not expected to change" };
    case "status":
      if (!RETRYABLE_STATUS.has(outcome.status))
        return { retry: false, reason: `status ${outcome.status} will not change on retry` };
      if ((outcome.retryAfterMs ?? 0) > maxRetryAfterMs)
        return {
          retry: false,
          reason: `the server asked to wait ${outcome.retryAfterMs} ms, over ${maxRetryAfterMs / 1000} s`,
        };
      if (outcome.status === 429) return { retry: true, reason: "rate limited" };
      if (outcome.status === 408)
        return { retry: true, reason: "the server timed out waiting for the request" };
      return { retry: true, reason: `server error ${outcome.status}` };
  }
}

/**
 * The longest `Retry-After` read, in ms: a day (the spec's maximum). A longer one is no real rate limit,
 * and a value past 2^31 - 1 ms would make an app's `setTimeout(error.retryAfterMs)` fire at once.
 */
export const MAX_RETRY_AFTER_READ_MS = 86_400_000;

/**
 * Parses a `Retry-After` header (delay in seconds, or an HTTP date) into ms from `now`, at most a day.
 * Returns undefined when absent or malformed; a date in the past is 0.
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  if (header == null) return undefined;
  const text = header.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(text)) ms = Number(text) * 1000;
  else if (/^[A-Za-z]{3},/.test(text)) ms = Date.parse(text) - now;
  else return undefined;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_READ_MS, Math.max(0, Math.ceil(ms)));
}

/**
 * How long to wait before retry number `attempt + 1`: the server's `Retry-After` when it gave one,
 * but never less than the first backoff delay, else exponential backoff (500 ms, 1 s, 2 s, … capped at
 * 8 s); plus up to 25% jitter on top (at most 1 s), so concurrent calls do not retry in lock-step.
 */
export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number {
  const backoff = Math.min(INITIAL_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
  const base = retryAfterMs === undefined ? backoff : Math.max(retryAfterMs, INITIAL_DELAY_MS);
  return Math.round(base + random() * Math.min(base * 0.25, 1_000));
}
