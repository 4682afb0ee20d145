/**
 * The one pacing rule, for the client's pacer and the gateway's pace alike: when the next request to one
 * budget may go, and what an answer teaches. Pure: a state in, a decision and a new state out; no clock,
 * no timer, no I/O. Its stores (pace-store.ts in memory, server/redis-pace.ts in Redis, whose Lua is this
 * file's exact twin) keep one state per key and apply these two functions to it.
 *
 * The rule holds requests back *before* the service refuses them: it spends the budget a service announces
 * (`ratelimit-remaining` until `ratelimit-reset`) spread evenly over the window, and when the window ends it
 * asks again with one request (a probe) before spending the next window's budget. A 429 pauses every
 * request for its `Retry-After`, then one probes. Every wait ends within the ceiling: a pause or a spent
 * window announced further off is refused at once until the ceiling, then one probe asks again.
 *
 * Every time is a whole number of ms on the store's clock; every field of the state is a number, so a
 * store may keep it as a hash of numbers.
 */
import type { RateLimitInfo } from "./rate-limit.js";

/** Which learning round a request was sent in, and whether it was that round's probe: `epoch * 2`, plus 1 for the probe. */
export type PaceTicket = number;

/** Why a request is held, in the words of the client's `pacer hold` log. */
export type HoldReason =
  | "retry-after"
  | "first answer"
  | "budget spread"
  | "budget spent"
  | "maxRequestsPerSecond"
  | "queue";

/** The reasons in a fixed order: a store that keeps no strings (the Lua twin) answers with the index. */
export const HOLD_REASONS: readonly HoldReason[] = [
  "retry-after",
  "first answer",
  "budget spread",
  "budget spent",
  "maxRequestsPerSecond",
  "queue",
];

/**
 * What a request may do, in ms from now: go (after `waitMs`, a slot taken for it; its ticket goes back
 * with its answer), or be held: `wait` (ask again after `waitMs`), `answer` (a probe is out: ask again when
 * an answer came, or after `waitMs`, when the probe's hold lapses), `refused` (the service's pause or spent
 * window is past the ceiling: refuse the request; the gate opens in `waitMs`).
 */
export type PaceTake =
  | { go: true; waitMs: number; ticket: PaceTicket }
  | { go: false; waitMs: number; hold: Hold; why: HoldReason };

/** How a request is held: see {@link PaceTake}. */
export type Hold = "wait" | "answer" | "refused";

/** What the caller's side fixes: the rule is the same for every caller, these are its figures. */
export interface PaceRules {
  /** Requests at least this far apart, whole ms: `Math.ceil(1000 / maxRequestsPerSecond)`, or 0. */
  intervalMs: number;
  /** The ceiling on every wait (a spread gap, a reset, a pause), in ms. */
  ceilingMs: number;
  /** How long a probe holds the gate at most, in ms, should its answer never come. */
  probeHoldMs: number;
  /** How long a 429 that says neither `Retry-After` nor a spent window's reset pauses, in ms. */
  unsaidPauseMs: number;
}

/**
 * One budget's state, as nine numbers in this order (a store keeps them as they are; the Lua twin as one
 * hash, read and written in this order). Times in ms on the store's clock; 0 is "none".
 */
export type PaceState = readonly [
  /** Bumped each time the gate starts learning again: answers to requests sent before it are stale. */
  epoch: number,
  /** 1 while one request at a time goes until one answers: at the start, after a window ends, after a 429. */
  learning: number,
  /** The learning round's probe is out until then (its answer, or its hold, ends it). */
  probeUntil: number,
  /** This round's requests let through and not yet answered. */
  inFlight: number,
  /** Nothing goes before this time (a 429's pause, held to the ceiling). */
  pausedUntil: number,
  /** The budget announced: requests that may still go before `resetAt` (0 when `resetAt` is). */
  tokens: number,
  /** When the announced window ends; 0: no budget known. */
  resetAt: number,
  /** Earliest next send: the budget spread over the window, and `intervalMs`. */
  nextAt: number,
  /** A pause or spent window announced past the ceiling ends then: refused until the gate's own wait ends. */
  farUntil: number,
];

/** The names of the state's numbers, in order (the Lua twin's hash fields). */
export const PACE_FIELDS = [
  "epoch",
  "learning",
  "probeUntil",
  "inFlight",
  "pausedUntil",
  "tokens",
  "resetAt",
  "nextAt",
  "farUntil",
] as const;

/** A budget nothing is known of: it starts slow (learning). */
export const PACE_START: PaceState = [0, 1, 0, 0, 0, 0, 0, 0, 0];

/** Where each number is in a {@link PaceState}. */
const EPOCH = 0;
const LEARNING = 1;
const PROBE_UNTIL = 2;
const IN_FLIGHT = 3;
const PAUSED_UNTIL = 4;
const TOKENS = 5;
const RESET_AT = 6;
const NEXT_AT = 7;
const FAR_UNTIL = 8;

/** A state being written: a copy, so the one given stays as it was. */
type Writing = [...PaceState];

/** Reset values are often whole seconds: an answer is of a later window only past this much. */
const RESET_GRANULARITY_MS = 1000;

/** The gate starts learning again: one probe, and this round's requests in flight are forgotten. */
function learnAgain(s: Writing): void {
  s[EPOCH]++;
  s[LEARNING] = 1;
  s[PROBE_UNTIL] = s[IN_FLIGHT] = s[TOKENS] = s[RESET_AT] = 0;
}

/** A request held for `waitMs` by `state` at `now`, and why. */
function held(state: PaceState, now: number, rules: PaceRules, waitMs: number, hold: Hold) {
  let why: HoldReason;
  if (state[PAUSED_UNTIL] > now) why = "retry-after";
  else if (state[LEARNING] === 1 && state[PROBE_UNTIL] > now) why = "first answer";
  else if (state[RESET_AT] > 0) why = state[TOKENS] > 0 ? "budget spread" : "budget spent";
  else why = rules.intervalMs > 0 ? "maxRequestsPerSecond" : "queue";
  return { take: { go: false, waitMs, hold, why } satisfies PaceTake, state };
}

/**
 * Whether a request may go at `now`, and the state after it. It goes now, or, when only the spacing of
 * requests holds it and its slot comes by `reserveUntil`, it takes that slot now and goes in `waitMs`
 * (a caller that sleeps, as the gateway does; the client's pacer reserves nothing: `reserveUntil = now`).
 */
export function paceTake(
  state: PaceState,
  now: number,
  rules: PaceRules,
  reserveUntil: number,
): { take: PaceTake; state: PaceState } {
  let s = state;
  if (s[RESET_AT] > 0 && now >= s[RESET_AT]) {
    // The budget is back, but whether the service sees the same window end is learnt from one answer.
    const next: Writing = [...s];
    learnAgain(next);
    if (now >= next[PAUSED_UNTIL]) next[FAR_UNTIL] = 0;
    s = next;
  }
  const [, learning, probeUntil, , pausedUntil, tokens, resetAt, nextAt, farUntil] = s;
  // Start slow: a second request waits for the first one's answer (and its headers).
  if (learning === 1 && probeUntil > now) return held(s, now, rules, probeUntil - now, "answer");
  let blockedUntil = pausedUntil;
  if (resetAt > 0 && tokens <= 0) blockedUntil = Math.max(blockedUntil, resetAt);
  // A pause is capped like Retry-After: fail fast rather than stall.
  if (blockedUntil > now && farUntil - now > rules.ceilingMs)
    return held(s, now, rules, farUntil - now, "refused");
  let at = Math.min(Math.max(blockedUntil, nextAt), now + rules.ceilingMs);
  if (at <= now) at = now;
  // Only the spacing holds it, and its slot is within the window: the slot is the caller's.
  else if (!(nextAt >= blockedUntil && at <= reserveUntil && (resetAt === 0 || at < resetAt)))
    return held(s, now, rules, at - now, "wait");
  // It goes at `at`. What is left is spread over what remains of the window, rather than spent in a burst.
  const spreadMs = resetAt > 0 && tokens > 0 ? Math.floor((resetAt - at) / tokens) : 0;
  const next: Writing = [...s];
  if (learning === 1) next[PROBE_UNTIL] = at + rules.probeHoldMs;
  next[IN_FLIGHT]++;
  next[TOKENS] = resetAt > 0 ? tokens - 1 : 0;
  next[NEXT_AT] = at + Math.min(Math.max(spreadMs, rules.intervalMs), rules.ceilingMs);
  return { take: { go: true, waitMs: at - now, ticket: s[EPOCH] * 2 + learning }, state: next };
}

/**
 * The state after the request of `ticket` ended at `now`: with its answer's `status` and rate-limit
 * `info`, or with neither when no answer came (network error, timeout, abort).
 */
export function paceLearn(
  state: PaceState,
  ticket: PaceTicket,
  now: number,
  rules: PaceRules,
  status?: number,
  info?: RateLimitInfo,
): PaceState {
  const s: Writing = [...state];
  const current = Math.floor(ticket / 2) === s[EPOCH];
  if (current) s[IN_FLIGHT] = Math.max(0, s[IN_FLIGHT] - 1);
  if (current && ticket % 2 === 1) {
    // Any answer ends the start-slow round: with headers the budget is known; without, there is none.
    s[PROBE_UNTIL] = 0;
    if (status !== undefined) s[LEARNING] = 0;
  }
  if (status === undefined || info === undefined) return s;
  const { ceilingMs } = rules;
  if (status === 429) {
    // Refused: every request waits out Retry-After (or the reset), then the gate learns again.
    const waitMs =
      info.retryAfterMs ?? (info.remaining === 0 ? info.resetMs : undefined) ?? rules.unsaidPauseMs;
    if (waitMs > ceilingMs) s[FAR_UNTIL] = Math.max(s[FAR_UNTIL], now + waitMs);
    else if (now >= s[PAUSED_UNTIL]) s[FAR_UNTIL] = 0;
    s[PAUSED_UNTIL] = Math.max(s[PAUSED_UNTIL], now + Math.min(waitMs, ceilingMs));
    learnAgain(s);
    return s;
  }
  // A stale answer (sent before the gate last started learning) says nothing about the current window.
  if (!current || info.remaining === undefined || info.resetMs === undefined) return s;
  const announcedReset = now + Math.min(info.resetMs, ceilingMs);
  // The requests still in flight may not be counted in `remaining` yet: assume they are not.
  const left = Math.max(0, info.remaining - s[IN_FLIGHT]);
  if (left <= 0 && info.resetMs > ceilingMs) s[FAR_UNTIL] = now + info.resetMs;
  else if (now >= s[PAUSED_UNTIL]) s[FAR_UNTIL] = 0;
  if (s[RESET_AT] === 0 || announcedReset - RESET_GRANULARITY_MS > s[RESET_AT]) {
    s[TOKENS] = left;
    s[RESET_AT] = announcedReset;
  } else {
    // The same window: the lowest budget and the earliest reset announced are the truest.
    s[TOKENS] = Math.min(s[TOKENS], left);
    s[RESET_AT] = Math.min(s[RESET_AT], announcedReset);
  }
  return s;
}
