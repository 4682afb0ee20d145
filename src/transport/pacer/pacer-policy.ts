/**
 * The rate-limit gate's rules: when the next request to an origin may go, and what an answer teaches.
 * Functions of one origin's state and the clock; the state is mutated in place (a request's
 * bookkeeping is a few assignments). pacer.ts keeps one state per origin and does the waiting.
 *
 * The gate holds requests back *before* the service refuses them: it spends the budget a service
 * announces (`ratelimit-remaining` until `ratelimit-reset`), spread evenly over the window, and when the
 * window ends it asks again with one request (a probe) before spending the next window's budget.
 *
 * Nothing a service announces holds the gate past one ceiling (60 s by default) from when it was learnt:
 * the spread, a spent budget's reset and a 429's pause are all clamped to it. A pause announced beyond
 * the ceiling is refused at once (`rate_limited`, with the service's figure) until the clamped end, then
 * one probe asks again: a reset sent in ms, a skewed clock or `Retry-After: 99999999` cannot lock an
 * origin out for the client's lifetime, nor leave a request waiting longer than the ceiling.
 */
import type { RateLimitInfo } from "./rate-limit-headers.js";

/** What the gate knows about one origin. Times are ms on the client's clock. */
export interface GateState {
  /** Bumped each time the gate starts learning again: answers to requests sent before it are stale. */
  epoch: number;
  /** One request at a time until one answers: at the start, after a window ends, after a 429. */
  learning: boolean;
  /** The one request of a learning gate is out. */
  probeOut: boolean;
  /** Requests let through and not yet ended. */
  inFlight: number;
  /** Nothing goes before this time (a 429's pause, clamped to the ceiling). */
  pausedUntil: number;
  /** The pause's end as the service announced it: past `pausedUntil` when it asked for longer than the ceiling. */
  pauseAnnounced: number;
  /** Requests the gate may still send before `resetAt`, as announced; `Infinity` when none was. */
  tokens: number;
  /** When the announced budget ends (clamped to the ceiling); 0 when none is known. */
  resetAt: number;
  /** That reset as the service announced it. */
  resetAnnounced: number;
  /** Earliest next send: the budget spread over the window, and the client's own ceiling. */
  nextAt: number;
}

/** A gate that knows nothing yet: it starts slow. */
export function firstState(): GateState {
  return {
    epoch: 0,
    learning: true,
    probeOut: false,
    inFlight: 0,
    pausedUntil: 0,
    pauseAnnounced: 0,
    tokens: Number.POSITIVE_INFINITY,
    resetAt: 0,
    resetAnnounced: 0,
    nextAt: 0,
  };
}

/**
 * Which learning round a request was sent in and whether it was that round's probe, as one number:
 * `epoch * 2 + (probe ? 1 : 0)`.
 */
export type Ticket = number;

/**
 * Whether a request may go now: `go`; or wait until `at` (none: until a request ends); or be refused,
 * `refusedMs` being how long the service asked to wait, past the ceiling.
 */
export type Decision = { go: true } | { go: false; at?: number | undefined; refusedMs?: number | undefined };

const GO: Decision = { go: true };
const UNTIL_AN_ANSWER: Decision = { go: false };

/** Reset values are often whole seconds: an answer is of a later window only past this much. */
const RESET_GRANULARITY_MS = 1000;

/** The gate starts learning again: one probe, and answers to earlier requests are stale. */
function learnAgain(state: GateState): void {
  state.learning = true;
  state.probeOut = false;
  state.epoch++;
}

/** Forgets the announced budget. */
function dropBudget(state: GateState): void {
  state.tokens = Number.POSITIVE_INFINITY;
  state.resetAt = 0;
  state.resetAnnounced = 0;
}

/** Whether a request may go at `now`. Once the announced window has ended, the gate learns the next one. */
export function decide(state: GateState, now: number): Decision {
  if (state.resetAt !== 0 && now >= state.resetAt) {
    // The budget is back, but whether the service sees the same window end is learnt from one answer.
    dropBudget(state);
    learnAgain(state);
  }
  // Start slow: a second request waits for the first one's answer (and its headers).
  if (state.learning && state.probeOut) return UNTIL_AN_ANSWER;
  let until = 0;
  let announced = 0;
  if (state.pausedUntil > now) {
    until = state.pausedUntil;
    announced = state.pauseAnnounced;
  }
  if (state.tokens <= 0 && state.resetAt > now) {
    until = Math.max(until, state.resetAt);
    announced = Math.max(announced, state.resetAnnounced);
  }
  // The service asked for longer than the ceiling: fail fast rather than stall, until a probe may ask.
  if (announced > until) return { go: false, refusedMs: announced - now };
  const at = Math.max(until, state.nextAt);
  return at > now ? { go: false, at } : GO;
}

/**
 * A request goes at `now`; returns its ticket. `minIntervalMs` is the client's own ceiling, `ceilingMs`
 * the longest the gate ever holds.
 */
export function sent(state: GateState, now: number, minIntervalMs: number, ceilingMs: number): Ticket {
  const ticket = state.epoch * 2 + (state.learning ? 1 : 0);
  // Spread what is left over what remains of the window, rather than spend it in a burst.
  const spreadMs = state.tokens > 0 ? (state.resetAt - now) / state.tokens : 0;
  state.nextAt = now + Math.min(Math.max(spreadMs, minIntervalMs), ceilingMs);
  state.tokens--; // Infinity stays Infinity
  state.inFlight++;
  if (state.learning) state.probeOut = true;
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

/** An answer with `status` and rate-limit `info` arrived at `now`. */
export function answered(
  state: GateState,
  ticket: Ticket,
  status: number,
  info: RateLimitInfo,
  now: number,
  ceilingMs: number,
): void {
  state.inFlight--;
  const fresh = isCurrent(state, ticket);
  // Any answer ends the start-slow round: with headers the budget is known; without, there is none.
  if (fresh && isProbe(ticket)) {
    state.learning = false;
    state.probeOut = false;
  }
  if (status === 429) {
    // Refused: every queued request waits out Retry-After (or the reset), then the gate learns again.
    const waitMs = info.retryAfterMs ?? (info.remaining === 0 ? info.resetMs : undefined) ?? 0;
    const until = now + Math.min(waitMs, ceilingMs);
    const ongoing = state.pausedUntil > now;
    state.pausedUntil = ongoing ? Math.max(state.pausedUntil, until) : until;
    state.pauseAnnounced = ongoing ? Math.max(state.pauseAnnounced, now + waitMs) : now + waitMs;
    dropBudget(state);
    learnAgain(state);
    return;
  }
  // A stale answer (sent before the gate last started learning) says nothing about the current window.
  if (!fresh || info.remaining === undefined || info.resetMs === undefined) return;
  const announced = now + info.resetMs;
  const resetAt = now + Math.min(info.resetMs, ceilingMs);
  // The requests still in flight may not be counted in `remaining` yet: assume they are not.
  const tokens = Math.max(0, info.remaining - state.inFlight);
  if (state.resetAt === 0 || announced - RESET_GRANULARITY_MS > state.resetAnnounced) {
    state.tokens = tokens;
    state.resetAt = resetAt;
    state.resetAnnounced = announced;
    return;
  }
  // The same window: the lowest budget and the earliest reset announced are the truest.
  state.tokens = Math.min(state.tokens, tokens);
  state.resetAt = Math.min(state.resetAt, resetAt);
  state.resetAnnounced = Math.min(state.resetAnnounced, announced);
}
