/**
 * The rate-limit gate's rules, as functions of one origin's state and the clock: when the next request
 * to an origin may go, and what an answer teaches. The state is mutated in place, so a request's
 * bookkeeping is a few assignments and no allocation (issue 17: about 1 µs). pacer.ts keeps one state
 * per origin and does the waiting.
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

/** A gate that knows nothing yet: it starts slow. A new object each time (the state is mutated). */
export function firstState(): GateState {
  return {
    epoch: 0,
    learning: true,
    probeOut: false,
    inFlight: 0,
    pausedUntil: 0,
    budget: undefined,
    nextAt: 0,
    farUntil: 0,
  };
}

/**
 * Which learning round a request was sent in, and whether it was that round's probe, as one number:
 * `epoch * 2`, plus 1 for the probe.
 */
export type Ticket = number;

/**
 * Whether a request may go now. `at` is when to ask again (none: when a request ends); `tooLong` when the
 * service's pause or reset is further off than the client waits.
 */
export type Decision = { go: true } | { go: false; at?: number | undefined; tooLong?: boolean };

const GO: Decision = { go: true };
const UNTIL_AN_ANSWER: Decision = { go: false };

/** Reset values are often whole seconds: an answer is of a later window only past this much. */
const RESET_GRANULARITY_MS = 1000;

/** The gate starts learning again: one probe, and answers to requests sent before are stale. */
function learnAgain(state: GateState): void {
  state.learning = true;
  state.probeOut = false;
  state.epoch++;
}

/** Rolls `state` to `now`: once the announced window has ended, the gate learns the next one. */
export function rolled(state: GateState, now: number): void {
  if (state.budget === undefined || now < state.budget.resetAt) return;
  // The budget is back, but whether the service sees the same window end is learnt from one answer.
  state.budget = undefined;
  learnAgain(state);
  if (now >= state.pausedUntil) state.farUntil = 0;
}

/**
 * Whether a request may go at `now` (on a {@link rolled} state). Every wait ends within `ceilingMs`: a
 * service's pause or spent window further off than that is refused at once (`tooLong`) until the
 * ceiling, then probed.
 */
export function decide(state: GateState, now: number, ceilingMs: number): Decision {
  // Start slow: a second request waits for the first one's answer (and its headers).
  if (state.learning && state.probeOut) return UNTIL_AN_ANSWER;
  let blockedUntil = state.pausedUntil;
  if (state.budget && state.budget.tokens <= 0) blockedUntil = Math.max(blockedUntil, state.budget.resetAt);
  // A pause is capped like Retry-After: fail fast rather than stall the client.
  if (blockedUntil > now && state.farUntil - now > ceilingMs) {
    return { go: false, at: state.farUntil, tooLong: true };
  }
  const at = Math.min(Math.max(blockedUntil, state.nextAt), now + ceilingMs);
  return at > now ? { go: false, at } : GO;
}

/**
 * A request goes at `now`: the state takes it, and its ticket is returned. `minIntervalMs` is the
 * client's own rate, and no gap exceeds `ceilingMs`.
 */
export function sent(state: GateState, now: number, minIntervalMs: number, ceilingMs: number): Ticket {
  const ticket = state.epoch * 2 + (state.learning ? 1 : 0);
  const { budget } = state;
  // Spread what is left over what remains of the window, rather than spend it in a burst.
  const spreadMs = budget && budget.tokens > 0 ? (budget.resetAt - now) / budget.tokens : 0;
  state.inFlight++;
  state.probeOut ||= state.learning;
  if (budget) budget.tokens--;
  state.nextAt = now + Math.min(Math.max(spreadMs, minIntervalMs), ceilingMs);
  return ticket;
}

/** Whether `ticket` is of the current learning round. */
const isCurrent = (state: GateState, ticket: Ticket) => Math.floor(ticket / 2) === state.epoch;
/** Whether `ticket` was its round's probe. */
const isProbe = (ticket: Ticket) => ticket % 2 === 1;

/** A request ended without an answer (network error, timeout, abort). */
export function failed(state: GateState, ticket: Ticket): void {
  state.inFlight--;
  if (isCurrent(state, ticket) && isProbe(ticket)) state.probeOut = false;
}

/**
 * An answer with `status` and rate-limit `info` arrived at `now`. Announced pauses and windows are held
 * to `ceilingMs`: past it, one probe asks again (a far reset, a skewed clock or a
 * `Retry-After: 99999999` never locks the origin out for good).
 */
export function answered(
  state: GateState,
  ticket: Ticket,
  status: number,
  info: RateLimitInfo,
  now: number,
  ceilingMs: number,
): void {
  const current = isCurrent(state, ticket);
  state.inFlight--;
  // Any answer ends the start-slow round: with headers the budget is known; without, there is none.
  if (current && isProbe(ticket)) {
    state.learning = false;
    state.probeOut = false;
  }
  if (status === 429) {
    // Refused: every queued request waits out Retry-After (or the reset), then the gate learns again.
    const waitMs = info.retryAfterMs ?? (info.remaining === 0 ? info.resetMs : undefined) ?? 0;
    if (waitMs > ceilingMs) state.farUntil = Math.max(state.farUntil, now + waitMs);
    else if (now >= state.pausedUntil) state.farUntil = 0;
    state.pausedUntil = Math.max(state.pausedUntil, now + Math.min(waitMs, ceilingMs));
    state.budget = undefined;
    learnAgain(state);
    return;
  }
  // A stale answer (sent before the gate last started learning) says nothing about the current window.
  if (!current || info.remaining === undefined || info.resetMs === undefined) return;
  const resetAt = now + Math.min(info.resetMs, ceilingMs);
  // The requests still in flight may not be counted in `remaining` yet: assume they are not.
  const tokens = Math.max(0, info.remaining - state.inFlight);
  if (tokens <= 0 && info.resetMs > ceilingMs) state.farUntil = now + info.resetMs;
  else if (now >= state.pausedUntil) state.farUntil = 0;
  const known = state.budget;
  if (known === undefined || resetAt - RESET_GRANULARITY_MS > known.resetAt) {
    state.budget = { tokens, resetAt };
    return;
  }
  // The same window: the lowest budget and the earliest reset announced are the truest.
  known.tokens = Math.min(known.tokens, tokens);
  known.resetAt = Math.min(known.resetAt, resetAt);
}
