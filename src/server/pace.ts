/**
 * One pace for one key: the upstream budget, shared by every instance that shares the pace's state.
 * Before each upstream request the gateway takes a slot: the service's announced budget (the
 * `ratelimit-*` headers of its last answers: what is left in the window, and when it resets) and the
 * client's `maxRequestsPerSecond` (requests evenly spaced). Until an answer has told the budget, one
 * request at a time goes (a probe). A wait longer than the gateway's bound is a refusal: the caller gets
 * 429 with `Retry-After`, never a queue without end. This is the in-memory pace of one instance;
 * redis-shared.ts keeps the same state in Redis, updated by one script per step.
 */

/** What a request may do: go after `waitMs`, ask again after `retryMs` (a probe is out), or not go. */
export type PaceDecision =
  | { go: true; waitMs: number }
  | { go: false; retryMs: number }
  | { go: false; refusedForMs: number };

/** What an answer announced: the requests left in the window and when it resets (ms from now), or a 429's wait. */
export interface PaceLesson {
  remaining?: number | undefined;
  resetMs?: number | undefined;
  /** A 429: the budget is spent for this long (its `Retry-After`, else its reset, else 1 s). */
  refusedForMs?: number | undefined;
}

/** The shared budget, per origin. */
export interface Pace {
  /**
   * Takes a slot for one request to `origin` at `now`, waiting at most `maxWaitMs`; requests are at least
   * `intervalMs` apart (1000 / the client's `maxRequestsPerSecond`, or 0).
   */
  take(origin: string, now: number, maxWaitMs: number, intervalMs: number): Promise<PaceDecision>;
  /** What an answer from `origin` at `now` said about the budget. */
  learn(origin: string, lesson: PaceLesson, now: number): Promise<void>;
}

/** How long a probe holds the gate, at most, before another request may probe (its answer never came). */
export const PROBE_MS = 2_000;
/** How long an origin that announced no budget is believed to have none, before a request probes again. */
export const UNANNOUNCED_MS = 60_000;
/** The budget believed of an origin that announced none (a count Redis's Lua keeps exactly). */
export const UNANNOUNCED_BUDGET = 1_000_000_000;
/** How soon a request that found a probe out asks again, in ms. */
export const PROBE_RETRY_MS = 25;

/** One origin's state: the budget until `resetAt`, the next free slot, the probe's end. */
export interface PaceState {
  remaining: number;
  resetAt: number;
  next: number;
  probeUntil: number;
}

/** The decision for a request at `now` (and the state after it): the pure rule both stores follow. */
export function paceStep(
  state: PaceState,
  now: number,
  intervalMs: number,
  maxWaitMs: number,
): { decision: PaceDecision; state: PaceState } {
  const known = state.resetAt > now;
  if (!known && state.probeUntil > now) return { decision: { go: false, retryMs: PROBE_RETRY_MS }, state };
  let remaining = state.remaining;
  if (known) {
    // The window is spent: ask again when it resets (then one request probes the next one), or refuse.
    if (remaining <= 0) {
      const resetIn = state.resetAt - now;
      return {
        decision:
          resetIn > maxWaitMs ? { go: false, refusedForMs: resetIn } : { go: false, retryMs: resetIn },
        state,
      };
    }
    remaining -= 1;
  }
  const at = Math.max(now, state.next);
  if (at - now > maxWaitMs) return { decision: { go: false, refusedForMs: at - now }, state };
  return {
    decision: { go: true, waitMs: at - now },
    state: {
      remaining,
      resetAt: state.resetAt,
      next: at + intervalMs,
      // Unknown budget: this request probes, and holds the gate until its answer (or PROBE_MS).
      probeUntil: known ? state.probeUntil : now + PROBE_MS,
    },
  };
}

/** The state after an answer's lesson at `now`. */
export function paceLearn(state: PaceState, lesson: PaceLesson, now: number): PaceState {
  if (lesson.refusedForMs !== undefined)
    return { ...state, remaining: 0, resetAt: now + lesson.refusedForMs, probeUntil: 0 };
  if (lesson.remaining === undefined || lesson.resetMs === undefined)
    return state.resetAt > now
      ? { ...state, probeUntil: 0 }
      : { ...state, remaining: UNANNOUNCED_BUDGET, resetAt: now + UNANNOUNCED_MS, probeUntil: 0 };
  const resetAt = now + lesson.resetMs;
  // The same window as the one known: the lower count wins (requests in flight were already counted).
  const sameWindow = state.resetAt > now && resetAt <= state.resetAt + 1_000;
  return {
    ...state,
    remaining: sameWindow ? Math.min(state.remaining, lesson.remaining) : lesson.remaining,
    resetAt: sameWindow ? Math.max(state.resetAt, resetAt) : resetAt,
    probeUntil: 0,
  };
}

const EMPTY: PaceState = { remaining: 0, resetAt: 0, next: 0, probeUntil: 0 };

/** The pace of one instance, in memory. */
export function createMemoryPace(): Pace {
  const states = new Map<string, PaceState>();
  return {
    async take(origin, now, maxWaitMs, intervalMs) {
      const { decision, state } = paceStep(states.get(origin) ?? EMPTY, now, intervalMs, maxWaitMs);
      states.set(origin, state);
      return decision;
    },
    async learn(origin, lesson, now) {
      states.set(origin, paceLearn(states.get(origin) ?? EMPTY, lesson, now));
    },
  };
}
