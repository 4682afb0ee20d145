/**
 * The mock's rate limit, as Hiro's gateway shows it: every answer carries `ratelimit-limit`,
 * `ratelimit-remaining` and `ratelimit-reset` (seconds until the window resets), and once the window's
 * budget is spent a request gets `429` with `retry-after` until the window ends. A fixed window that
 * starts with its first request. Pure: the clock is given.
 */

/** A budget: `limit` requests per window of `windowMs`. */
export interface RateLimitBudget {
  limit: number;
  windowMs: number;
}

/**
 * The mock's default budget: 3,000 requests a minute. Every answer still carries the rate-limit headers
 * and the client's pacer still spreads the budget, but 20 ms apart: at Hiro's 50 a minute it spaced calls
 * 1.2 s apart, so `verify` took 30 s and each MCP call 1.2 s. Hiro's own budget without an API key is
 * one flag away (`--rate-limit 50`), and so is a 429 (`--rate-limit 5`).
 */
export const MOCK_BUDGET: RateLimitBudget = { limit: 3_000, windowMs: 60_000 };

/** What the budget says about one request: whether it is served, and the headers its answer carries. */
export interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/** A budget in use: call it once per request. */
export type RateLimiter = () => RateLimitDecision;

/** Spends `budget` request by request, by the clock `now` (ms). */
export function createRateLimiter(budget: RateLimitBudget, now: () => number): RateLimiter {
  let windowEnd = Number.NEGATIVE_INFINITY;
  let used = 0;
  return () => {
    const time = now();
    if (time >= windowEnd) {
      windowEnd = time + budget.windowMs;
      used = 0;
    }
    const allowed = used < budget.limit;
    if (allowed) used++;
    const reset = String(Math.max(1, Math.ceil((windowEnd - time) / 1000)));
    const headers: Record<string, string> = {
      "ratelimit-limit": String(budget.limit),
      "ratelimit-remaining": String(budget.limit - used),
      "ratelimit-reset": reset,
    };
    if (!allowed) headers["retry-after"] = reset;
    return { allowed, headers };
  };
}
