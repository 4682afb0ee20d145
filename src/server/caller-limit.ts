/**
 * The gateway's optional per-caller limit (`perCallerPerSecond`, `serve --per-ip`): a token bucket per
 * caller key (`perSecond` requests a second, bursts of as many), so one caller cannot spend the team's
 * key. The key is what the host says of the caller (the socket's address in `serve`). Buckets of idle
 * callers are dropped.
 */

/** Whether a request from `caller` at `now` may go, and if not, after how many ms. */
export type CallerLimit = (caller: string, now: number) => { ok: true } | { ok: false; retryAfterMs: number };

/** How many callers are tracked at most (the oldest idle ones go first). */
const MAX_CALLERS = 100_000;

/** A limit of `perSecond` requests a second per caller. */
export function createCallerLimit(perSecond: number): CallerLimit {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (caller, now) => {
    const held = buckets.get(caller);
    const bucket = held ?? { tokens: perSecond, at: now };
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    // The map's order is the order of last use: a caller seen now goes last, the one idle longest is first.
    if (held) buckets.delete(caller);
    else if (buckets.size >= MAX_CALLERS) buckets.delete(buckets.keys().next().value ?? "");
    buckets.set(caller, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterMs: Math.ceil(((1 - bucket.tokens) / perSecond) * 1000) };
  };
}
