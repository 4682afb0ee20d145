/**
 * The rate-limit gate's rules for one origin: when the next request may go, and what an answer teaches.
 * The state lives in the closure of {@link gatePolicy} and is changed in place, so a request's
 * bookkeeping is a few assignments and no allocation (issue 17: about 1 µs). pacer.ts keeps one policy
 * per origin and does the waiting.
 *
 * The gate holds requests back *before* the service refuses them: it spends the budget a service
 * announces (`ratelimit-remaining` until `ratelimit-reset`), spread evenly over the window, and when the
 * window ends it asks again with one request (a probe) before spending the next window's budget.
 */
import type { RateLimitInfo } from "./rate-limit-headers.js";

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

/** One origin's rules, over the state its closure keeps. */
export interface GatePolicy {
  /** Whether a request may go at `now`; once the announced window has ended, the gate learns the next. */
  decide(now: number): Decision;
  /** A request goes at `now`: the state takes it, and its ticket is returned. */
  sent(now: number): Ticket;
  /**
   * A request ended at `now`: with its answer's `status` and rate-limit `info`, or with neither when no
   * answer came (network error, timeout, abort).
   */
  ended(ticket: Ticket, now: number, status?: number, info?: RateLimitInfo): void;
  /** Why a request is held at `now`, in words (for the debug log only). */
  why(now: number): string;
}

const GO: Decision = { go: true };
const UNTIL_AN_ANSWER: Decision = { go: false };

/** Reset values are often whole seconds: an answer is of a later window only past this much. */
const RESET_GRANULARITY_MS = 1000;

/**
 * A gate that knows nothing yet: it starts slow. `minIntervalMs` is the client's own rate. Every wait
 * ends within `ceilingMs`: a service's pause or spent window further off than that is refused at once
 * (`tooLong`) until the ceiling, then one probe asks again (a far reset, a skewed clock or a
 * `Retry-After: 99999999` never locks the origin out for good).
 */
export function gatePolicy(minIntervalMs: number, ceilingMs: number): GatePolicy {
  /** Bumped each time the gate starts learning again: answers to requests sent before it are stale. */
  let epoch = 0;
  /** One request at a time until one answers: at the start, after a window ends, after a 429. */
  let learning = true;
  /** The one request of a learning gate is out. */
  let probeOut = false;
  /** Requests let through and not yet ended. */
  let inFlight = 0;
  /** Nothing goes before this time (a 429's `Retry-After`). */
  let pausedUntil = 0;
  /** The budget the service announced: requests the gate may still send before `resetAt` (none: unknown). */
  let tokens = 0;
  let resetAt: number | undefined;
  /** Earliest next send: the budget spread over the window, and the client's own ceiling. */
  let nextAt = 0;
  /**
   * When the service said its pause or spent window ends, if that is past the ceiling: requests are
   * refused at once until `pausedUntil` / `resetAt` (both held to the ceiling), then one probe asks
   * again. 0 when no such block was announced.
   */
  let farUntil = 0;

  /** The gate starts learning again: one probe, and answers to requests sent before are stale. */
  const learnAgain = () => {
    resetAt = undefined;
    learning = true;
    probeOut = false;
    epoch++;
  };

  return {
    decide(now) {
      if (resetAt !== undefined && now >= resetAt) {
        // The budget is back, but whether the service sees the same window end is learnt from one answer.
        learnAgain();
        if (now >= pausedUntil) farUntil = 0;
      }
      // Start slow: a second request waits for the first one's answer (and its headers).
      if (learning && probeOut) return UNTIL_AN_ANSWER;
      let blockedUntil = pausedUntil;
      if (resetAt !== undefined && tokens <= 0) blockedUntil = Math.max(blockedUntil, resetAt);
      // A pause is capped like Retry-After: fail fast rather than stall the client.
      if (blockedUntil > now && farUntil - now > ceilingMs) return { go: false, at: farUntil, tooLong: true };
      const at = Math.min(Math.max(blockedUntil, nextAt), now + ceilingMs);
      return at > now ? { go: false, at } : GO;
    },

    sent(now) {
      const ticket = epoch * 2 + (learning ? 1 : 0);
      // Spread what is left over what remains of the window, rather than spend it in a burst.
      const spreadMs = resetAt !== undefined && tokens > 0 ? (resetAt - now) / tokens : 0;
      inFlight++;
      probeOut ||= learning;
      tokens--;
      nextAt = now + Math.min(Math.max(spreadMs, minIntervalMs), ceilingMs);
      return ticket;
    },

    why(now) {
      // Short words: the log's reader knows the pacer (guide, "Seeing what happens").
      if (pausedUntil > now) return "retry-after";
      if (learning && probeOut) return "first answer";
      if (resetAt !== undefined) return tokens > 0 ? "budget spread" : "budget spent";
      return minIntervalMs > 0 ? "maxRequestsPerSecond" : "queue";
    },

    ended(ticket, now, status, info) {
      const current = Math.floor(ticket / 2) === epoch;
      inFlight--;
      if (current && ticket % 2 === 1) {
        // Any answer ends the start-slow round: with headers the budget is known; without, there is none.
        probeOut = false;
        if (status !== undefined) learning = false;
      }
      if (status === undefined || info === undefined) return;
      if (status === 429) {
        // Refused: every queued request waits out Retry-After (or the reset), then the gate learns again.
        const waitMs = info.retryAfterMs ?? (info.remaining === 0 ? info.resetMs : undefined) ?? 0;
        if (waitMs > ceilingMs) farUntil = Math.max(farUntil, now + waitMs);
        else if (now >= pausedUntil) farUntil = 0;
        pausedUntil = Math.max(pausedUntil, now + Math.min(waitMs, ceilingMs));
        learnAgain();
        return;
      }
      // A stale answer (sent before the gate last started learning) says nothing about the current window.
      if (!current || info.remaining === undefined || info.resetMs === undefined) return;
      const announcedReset = now + Math.min(info.resetMs, ceilingMs);
      // The requests still in flight may not be counted in `remaining` yet: assume they are not.
      const left = Math.max(0, info.remaining - inFlight);
      if (left <= 0 && info.resetMs > ceilingMs) farUntil = now + info.resetMs;
      else if (now >= pausedUntil) farUntil = 0;
      if (resetAt === undefined || announcedReset - RESET_GRANULARITY_MS > resetAt) {
        tokens = left;
        resetAt = announcedReset;
        return;
      }
      // The same window: the lowest budget and the earliest reset announced are the truest.
      tokens = Math.min(tokens, left);
      resetAt = Math.min(resetAt, announcedReset);
    },
  };
}
