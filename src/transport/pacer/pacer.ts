/**
 * The rate-limit pacer: one gate per origin, shared by every call of a client, so a 429 from one
 * service never pauses another. Each gate queues requests in order and lets them through as its policy
 * (pacer-policy.ts) allows, with one timer per gate however many wait. The pipeline asks it before
 * each attempt, outside the attempt's timer but inside the call's signal.
 */
import type { HiroError } from "../../errors/errors.js";
import type { Pacer, PacerSettle } from "../pipeline.js";
import { RETRY_DEFAULTS } from "../retry.js";
import { answered, type Decision, decide, failed, firstState, rolled, sent } from "./pacer-policy.js";
import { type RateLimitInfo, readRateLimit } from "./rate-limit-headers.js";
import { MAX_TIMER_MS, tooLongError } from "./refusal.js";

/** What a pacer is built with; the clock and timers are injectable for tests. */
export interface PacerOptions {
  /** Client-side ceiling per origin, for services that send no rate-limit headers. Default: none. */
  maxRequestsPerSecond?: number | undefined;
  /**
   * The ceiling on every wait in the gate (a spread gap, a reset, a pause), in ms; a service's pause or
   * spent window further off fails at once as `rate_limited` until the ceiling, then one probe asks
   * again. Default 60 000; never above 2^31−1 (the largest timer delay).
   */
  maxPauseMs?: number | undefined;
  /** The clock, in ms since the epoch (a `ratelimit-reset` may be a Unix time). Default `Date.now`. */
  now?: (() => number) | undefined;
  setTimeout?: ((callback: () => void, ms: number) => unknown) | undefined;
  clearTimeout?: ((handle: unknown) => void) | undefined;
}

interface Waiter {
  url: URL;
  signal: AbortSignal;
  /** When the call must end (the client's clock), if it has a deadline. */
  deadline: number | undefined;
  resolve(settle: PacerSettle): void;
  reject(reason: unknown): void;
}

interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  minIntervalMs: number;
  maxPauseMs: number;
}

/** What an answer with nothing to teach the gate says: no headers are read for it. */
const NOTHING: RateLimitInfo = {};

/** One origin's gate: its policy state (mutated in place), its queue, and its one timer. */
class Gate {
  private readonly state = firstState();
  private queue: Waiter[] = [];
  /** One abort listener per signal, however many of its requests wait (no MaxListenersExceededWarning). */
  private readonly watched = new Map<AbortSignal, { waiters: Set<Waiter>; onAbort: () => void }>();
  private timer: unknown;
  /** Headers of the last answer, for a `rate_limited` error. */
  private headers = new Headers();

  constructor(private readonly clock: Clock) {}

  wait(url: URL, signal: AbortSignal, deadline?: number): PacerSettle | Promise<PacerSettle> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.queue.length === 0) {
      // The fast path: nothing queued and the policy says go; no promise, no listener, no timer.
      const decision = this.decide();
      if (decision.go) return this.let();
      if (decision.tooLong) return Promise.reject(this.tooLong(url, decision));
      if (deadline !== undefined && decision.at !== undefined && decision.at > deadline) {
        return Promise.reject(this.tooLong(url, decision, deadline));
      }
    }
    return new Promise<PacerSettle>((resolve, reject) => {
      const waiter: Waiter = { url, signal, deadline, resolve, reject };
      let watch = this.watched.get(signal);
      if (!watch) {
        watch = { waiters: new Set(), onAbort: () => this.aborted(signal) };
        signal.addEventListener("abort", watch.onAbort, { once: true });
        this.watched.set(signal, watch);
      }
      watch.waiters.add(waiter);
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** Every waiter on `signal` rejects with its reason; the others go on. */
  private aborted(signal: AbortSignal): void {
    const watch = this.watched.get(signal);
    this.watched.delete(signal);
    this.queue = this.queue.filter((waiter) => waiter.signal !== signal);
    for (const waiter of watch?.waiters ?? []) waiter.reject(signal.reason);
    this.pump();
  }

  /** A waiter leaves the queue's bookkeeping: its signal's listener goes with its last waiter. */
  private unwatch(waiter: Waiter): void {
    const watch = this.watched.get(waiter.signal);
    if (!watch) return;
    watch.waiters.delete(waiter);
    if (watch.waiters.size > 0) return;
    waiter.signal.removeEventListener("abort", watch.onAbort);
    this.watched.delete(waiter.signal);
  }

  private decide(): Decision {
    const now = this.clock.now();
    rolled(this.state, now);
    return decide(this.state, now, this.clock.maxPauseMs);
  }

  private tooLong(url: URL, decision: Decision, deadline?: number): HiroError {
    const now = this.clock.now();
    const waitMs = (decision.go ? 0 : (decision.at ?? 0)) - now;
    const left = deadline === undefined ? undefined : deadline - now;
    return tooLongError(url, waitMs, this.clock.maxPauseMs, this.headers, left);
  }

  /** Lets one request through; returns what the pipeline calls when its attempt ends. */
  private let(): PacerSettle {
    const { clock, state } = this;
    const ticket = sent(state, clock.now(), clock.minIntervalMs, clock.maxPauseMs);
    let ended = false;
    return (answer?: Response) => {
      if (ended) return;
      ended = true;
      if (answer) {
        const now = clock.now();
        this.headers = answer.headers;
        // Most answers carry no rate limit: one header lookup tells, and nothing else is parsed.
        const teaches = answer.status === 429 || answer.headers.has("ratelimit-remaining");
        const info = teaches ? readRateLimit(answer.headers, now) : NOTHING;
        answered(state, ticket, answer.status, info, now, clock.maxPauseMs);
      } else failed(state, ticket);
      if (this.queue.length > 0) this.pump();
    };
  }

  /** Refuses at once every waiter whose call must end before the gate's wait does. */
  private refuseLate(decision: Decision): void {
    const at = decision.go ? undefined : decision.at;
    if (at === undefined) return;
    const late = this.queue.filter((waiter) => waiter.deadline !== undefined && at > waiter.deadline);
    if (late.length === 0) return;
    this.queue = this.queue.filter((waiter) => !late.includes(waiter));
    for (const waiter of late) {
      this.unwatch(waiter);
      waiter.reject(this.tooLong(waiter.url, decision, waiter.deadline));
    }
  }

  /** Lets through every waiter the policy allows, in order; then sets the one timer, if a time is known. */
  private pump(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length > 0) {
      const decision = this.decide();
      if (decision.go) {
        const waiter = this.queue.shift() as Waiter;
        this.unwatch(waiter);
        waiter.resolve(this.let());
        continue;
      }
      if (decision.tooLong) {
        for (const waiter of this.queue.splice(0)) {
          this.unwatch(waiter);
          waiter.reject(this.tooLong(waiter.url, decision));
        }
        return;
      }
      if (decision.at !== undefined) {
        this.refuseLate(decision);
        if (this.queue.length === 0) return;
        const delay = Math.min(MAX_TIMER_MS, Math.max(0, decision.at - this.clock.now()));
        this.timer = this.clock.setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, delay);
      }
      return;
    }
  }
}

/**
 * Creates a client's pacer. Each origin gets its own gate, made on first use. Throws nothing: options
 * are checked by the client.
 */
export function createPacer(options: PacerOptions = {}): Pacer {
  const rate = options.maxRequestsPerSecond;
  const clock: Clock = {
    now: options.now ?? (() => Date.now()),
    setTimeout: options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms)),
    clearTimeout: options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)),
    // A token bucket holding one token: requests evenly spaced, never a burst.
    minIntervalMs: rate === undefined ? 0 : 1000 / rate,
    maxPauseMs: Math.min(options.maxPauseMs ?? RETRY_DEFAULTS.maxRetryAfterMs, MAX_TIMER_MS),
  };
  const gates = new Map<string, Gate>();
  return {
    wait(url, signal, deadline) {
      let gate = gates.get(url.origin);
      if (!gate) {
        gate = new Gate(clock);
        gates.set(url.origin, gate);
      }
      return gate.wait(url, signal, deadline);
    },
  };
}
