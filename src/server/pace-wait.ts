/**
 * Waiting for a slot of the upstream budget (pace.ts), bounded: the request goes once its slot comes,
 * asks again when a probe is out or the window resets, and gets the gateway's own 429 when the wait would
 * pass `maxWaitMs`. Each wait and refusal is reported to the observer.
 */
import { sleep } from "../shared/sleep.js";
import { type GatewayAnswer, spent } from "./answers.js";
import type { GatewayObserver } from "./options.js";
import type { Pace } from "./pace.js";

/** What a wait needs: the pace, its bound, the spacing of requests, the clock, the observer. */
export interface PaceWait {
  pace: Pace;
  /** Requests at least this far apart, in ms: 1000 / the client's `maxRequestsPerSecond`, or 0. */
  intervalMs: number;
  maxPaceWaitMs: number;
  now: () => number;
  observer: GatewayObserver | undefined;
}

/**
 * Takes a slot of the budget of `origin`: undefined when the request may go now, else the 429 to answer.
 * The wait is bounded by `maxPaceWaitMs` from `started` (default now: a second round of one miss counts
 * from the miss's start).
 */
export async function paced(
  context: PaceWait,
  origin: string,
  started: number = context.now(),
): Promise<GatewayAnswer | undefined> {
  const deadline = started + context.maxPaceWaitMs;
  for (;;) {
    const now = context.now();
    const decision = await context.pace.take(origin, now, Math.max(0, deadline - now), context.intervalMs);
    if (decision.go) {
      if (decision.waitMs > 0) await sleep(decision.waitMs);
      const waited = context.now() - started;
      if (waited > 0) context.observer?.paceWait?.(waited, false);
      return undefined;
    }
    if ("refusedForMs" in decision) {
      context.observer?.paceWait?.(context.now() - started, true);
      return spent(decision.refusedForMs);
    }
    if (context.now() + decision.retryMs > deadline) {
      context.observer?.paceWait?.(context.now() - started, true);
      return spent(decision.retryMs);
    }
    await sleep(decision.retryMs);
  }
}
