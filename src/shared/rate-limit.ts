/**
 * What an answer announced of its service's rate limit, as facts (`ratelimit-*` and `Retry-After`, read
 * once per answer by transport/pacer/rate-limit-headers.ts): the vocabulary of the one pacing rule
 * (pace-policy.ts), which the client's pacer and the gateway's pace both follow.
 */

/** A service's rate limit as one answer announced it; every field is optional. */
export interface RateLimitInfo {
  /** Requests allowed per window. */
  limit?: number | undefined;
  /** Requests left in the current window, this one counted. */
  remaining?: number | undefined;
  /** When the window resets, in ms from `now`, as announced (services round whole seconds up). */
  resetMs?: number | undefined;
  /** `Retry-After`, in ms from `now`. */
  retryAfterMs?: number | undefined;
}
