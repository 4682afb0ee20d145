/**
 * Waiting for a slot of the upstream budget, by the one pacing rule (shared/pace-policy.ts) in the
 * gateway's store (memory, or Redis shared by the instances), bounded: the request takes its slot (now, or
 * one the spacing of requests gives it within its wait), asks again when a probe is out or the window
 * resets, and gets the gateway's own 429 when the wait would pass `maxPaceWaitMs`. Each wait and refusal
 * is reported to the observer.
 */
import { GATEWAY_DEFAULTS } from "../shared/defaults.js";
import type { PaceRules, PaceStore, PaceTicket } from "../shared/pace-store.js";
import { sleep } from "../shared/sleep.js";
import { type GatewayAnswer, spent } from "./answers.js";
import type { GatewayObserver } from "./options.js";

/** How long a probe holds the gate, at most, before another request may probe (its answer never came). */
export const PROBE_MS = 2_000;
/** How soon a request that found a probe out asks again, in ms. */
export const PROBE_RETRY_MS = 25;

/**
 * The gateway's figures of the rule: `maxRequestsPerSecond` (of the client under it, which does not pace
 * itself), the ceiling of a pause (`maxRefusalMs`: past it one request probes), a probe's hold.
 */
export function gatewayPaceRules(maxRequestsPerSecond: number | undefined): PaceRules {
  return {
    intervalMs: maxRequestsPerSecond ? Math.ceil(1000 / maxRequestsPerSecond) : 0,
    ceilingMs: GATEWAY_DEFAULTS.maxRefusalMs,
    probeHoldMs: PROBE_MS,
    unsaidPauseMs: GATEWAY_DEFAULTS.refusedFallbackMs,
  };
}

/** What a wait needs: the pace, the rule's figures, its bound, the clock, the observer. */
export interface PaceWait {
  pace: PaceStore;
  rules: PaceRules;
  maxPaceWaitMs: number;
  now: () => number;
  observer: GatewayObserver | undefined;
}

/**
 * Takes a slot of the budget of `key`: its ticket (given back to the store with the answer) when the
 * request may go now, else the 429 to answer. The wait is bounded by `maxPaceWaitMs` from `started`
 * (default now: a second round of one miss counts from the miss's start).
 */
export async function paced(
  context: PaceWait,
  key: string,
  started: number = context.now(),
): Promise<{ ticket: PaceTicket } | { refusal: GatewayAnswer }> {
  const deadline = started + context.maxPaceWaitMs;
  const refused = (retryAfterMs: number) => {
    context.observer?.paceWait?.(context.now() - started, true);
    return { refusal: spent(Math.min(retryAfterMs, context.rules.ceilingMs)) };
  };
  for (;;) {
    const now = context.now();
    const take = await context.pace.take(key, now, context.rules, Math.max(0, deadline - now));
    if (take.go) {
      if (take.waitMs > 0) await sleep(take.waitMs);
      const waited = context.now() - started;
      if (waited > 0) context.observer?.paceWait?.(waited, false);
      return { ticket: take.ticket };
    }
    if (take.hold === "refused") return refused(take.waitMs);
    // A probe is out: its answer comes in this instance or another, so ask again soon.
    const retryMs = take.hold === "answer" ? Math.min(PROBE_RETRY_MS, take.waitMs) : take.waitMs;
    if (context.now() + retryMs > deadline) return refused(retryMs);
    await sleep(retryMs);
  }
}
