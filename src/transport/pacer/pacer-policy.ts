/**
 * The rate-limit gate's rules, as pure functions of a state and the clock: when the next request to an
 * origin may go, and what an answer teaches. pacer.ts keeps one state per origin and does the waiting.
 *
 * The gate holds requests back *before* the service refuses them: it spends the budget a service
 * announces (`ratelimit-remaining` until `ratelimit-reset`), spread evenly over the window, and when the
 * window ends it asks again with one request (a probe) before spending the next window's budget.
 */
import type { RateLimitInfo } from "./rate-limit-headers.js";

/** What the gate knows about one origin. */
export interface GateState {
  /** Bumped each time the gate starts learning again: answers to requests sent before it are stale. */
  epoch: number;
  /** One request at a time until one answers: at the start, after a window ends, after a 429. */
  learning: boolean;
  /** The one request of a learning gate is out. */
  probeOut: boolean;
  /** Requests let through and not yet ended. */
  inFlight: number;
  /** Nothing goes before this time (a 429's `Retry-After`). */
  pausedUntil: number;
  /** The budget the service announced: requests the gate may still send before `resetAt`. */
  budget: { tokens: number; resetAt: number } | undefined;
  /** Earliest next send: the budget spread over the window, and the client's own ceiling. */
  nextAt: number;
  /**
   * When the service said its pause or spent window ends, if that is past the ceiling: requests are
   * refused at once until `pausedUntil` / the budget's `resetAt` (both held to the ceiling), then one
   * probe asks again. 0 when no such block was announced.
   */
  farUntil: number;
}

/** A gate that knows nothing yet: it starts slow. */
export const FIRST_STATE: GateState = {
  epoch: 0,
  learning: true,
  probeOut: false,
  inFlight: 0,
  pausedUntil: 0,
  budget: undefined,
  nextAt: 0,
  farUntil: 0,
};

/** Which learning round a request was sent in, and whether it was that round's probe. */
export interface Ticket {
  epoch: number;
  probe: boolean;
}

/**
 * Whether a request may go now. `at` is when to ask again (none: when a request ends); `tooLong` when the
 * service's pause or reset is further off than the client waits.
 */
export type Decision = { go: true } | { go: false; at?: number | undefined; tooLong?: boolean };

/** Reset values are often whole seconds: an answer is of a later window only past this much. */
const RESET_GRANULARITY_MS = 1000;

/** The state at `now`: once the announced window has ended, the gate learns the next one. */
export function rolled(state: GateState, now: number): GateState {
  if (state.budget === undefined || now < state.budget.resetAt) return state;
  // The budget is back, but whether the service sees the same window end is learnt from one answer.
  return {
    ...state,
    budget: undefined,
    learning: true,
    probeOut: false,
    epoch: state.epoch + 1,
    farUntil: now < state.pausedUntil ? state.farUntil : 0,
  };
}

/**
 * Whether a request may go at `now` (on a {@link rolled} state). Every wait ends within `ceilingMs`: a
 * service's pause or spent window further off than that is refused at once (`tooLong`) until the
 * ceiling, then probed.
 */
export function decide(state: GateState, now: number, ceilingMs: number): Decision {
  // Start slow: a second request waits for the first one's answer (and its headers).
  if (state.learning && state.probeOut) return { go: false };
  let blockedUntil = state.pausedUntil;
  if (state.budget && state.budget.tokens <= 0) blockedUntil = Math.max(blockedUntil, state.budget.resetAt);
  // A pause is capped like Retry-After: fail fast rather than stall the client.
  if (blockedUntil > now && state.farUntil - now > ceilingMs) {
    return { go: false, at: state.farUntil, tooLong: true };
  }
  const at = Math.min(Math.max(blockedUntil, state.nextAt), now + ceilingMs);
  return at > now ? { go: false, at } : { go: true };
}

/**
 * The state after a request goes at `now`, and its ticket; `minIntervalMs` is the client's own rate, and
 * no gap exceeds `ceilingMs`.
 */
export function sent(
  state: GateState,
  now: number,
  minIntervalMs: number,
  ceilingMs: number,
): [GateState, Ticket] {
  const { budget } = state;
  // Spread what is left over what remains of the window, rather than spend it in a burst.
  const spreadMs = budget && budget.tokens > 0 ? (budget.resetAt - now) / budget.tokens : 0;
  const next: GateState = {
    ...state,
    inFlight: state.inFlight + 1,
    probeOut: state.probeOut || state.learning,
    budget: budget && { tokens: budget.tokens - 1, resetAt: budget.resetAt },
    nextAt: now + Math.min(Math.max(spreadMs, minIntervalMs), ceilingMs),
  };
  return [next, { epoch: state.epoch, probe: state.learning }];
}

/** The state after a request ended without an answer (network error, timeout, abort). */
export function failed(state: GateState, ticket: Ticket): GateState {
  const current = ticket.epoch === state.epoch;
  return {
    ...state,
    inFlight: state.inFlight - 1,
    probeOut: current && ticket.probe ? false : state.probeOut,
  };
}

/**
 * The state after an answer with `status` and rate-limit `info` arrived at `now`. Announced pauses and
 * windows are held to `ceilingMs`: past it, one probe asks again (a far reset, a skewed clock or a
 * `Retry-After: 99999999` never locks the origin out for good).
 */
export function answered(
  state: GateState,
  ticket: Ticket,
  status: number,
  info: RateLimitInfo,
  now: number,
  ceilingMs: number,
): GateState {
  const current = ticket.epoch === state.epoch;
  let next: GateState = { ...state, inFlight: state.inFlight - 1 };
  // Any answer ends the start-slow round: with headers the budget is known; without, there is none.
  if (current && ticket.probe) next = { ...next, learning: false, probeOut: false };
  if (status === 429) {
    // Refused: every queued request waits out Retry-After (or the reset), then the gate learns again.
    const waitMs = info.retryAfterMs ?? (info.remaining === 0 ? info.resetMs : undefined) ?? 0;
    return {
      ...next,
      pausedUntil: Math.max(next.pausedUntil, now + Math.min(waitMs, ceilingMs)),
      farUntil:
        waitMs > ceilingMs
          ? Math.max(next.farUntil, now + waitMs)
          : now < next.pausedUntil
            ? next.farUntil
            : 0,
      budget: undefined,
      learning: true,
      probeOut: false,
      epoch: next.epoch + 1,
    };
  }
  // A stale answer (sent before the gate last started learning) says nothing about the current window.
  if (!current || info.remaining === undefined || info.resetMs === undefined) return next;
  const resetAt = now + Math.min(info.resetMs, ceilingMs);
  // The requests still in flight may not be counted in `remaining` yet: assume they are not.
  const tokens = Math.max(0, info.remaining - next.inFlight);
  if (tokens <= 0 && info.resetMs > ceilingMs) next = { ...next, farUntil: now + info.resetMs };
  else if (now >= next.pausedUntil) next = { ...next, farUntil: 0 };
  const known = next.budget;
  if (known === undefined || resetAt - RESET_GRANULARITY_MS > known.resetAt) {
    return { ...next, budget: { tokens, resetAt } };
  }
  // The same window: the lowest budget and the earliest reset announced are the truest.
  return {
    ...next,
    budget: { tokens: Math.min(known.tokens, tokens), resetAt: Math.min(known.resetAt, resetAt) },
  };
}
