/**
 * The rate-limit pacer: one gate per origin, shared by every call of a client, so a 429 from one
 * service never pauses another. Each gate queues requests in order and lets them through as its policy
 * (pacer-policy.ts) allows, with one timer per gate however many wait. The pipeline asks it before
 * each attempt, outside the attempt's timer but inside the call's signal.
 */
import { HiroApiError, HiroError } from "../../errors/errors.js";
import { printable } from "../../errors/safe-text.js";
import { operationOf, SERVICES, serviceOf } from "../../spec/services.js";
import type { Pacer, PacerSettle } from "../pipeline.js";
import { RETRY_DEFAULTS } from "../retry.js";
import {
  answered,
  type Decision,
  decide,
  FIRST_STATE,
  failed,
  type GateState,
  rolled,
  sent,
} from "./pacer-policy.js";
import { readRateLimit } from "./rate-limit-headers.js";

/** What a pacer is built with; the clock and timers are injectable for tests. */
export interface PacerOptions {
  /** Client-side ceiling per origin, for services that send no rate-limit headers. Default: none. */
  maxRequestsPerSecond?: number | undefined;
  /** Longest pause the gate waits out, in ms; a longer one fails at once as `rate_limited`. Default 60 000. */
  maxPauseMs?: number | undefined;
  /** The clock, in ms since the epoch (a `ratelimit-reset` may be a Unix time). Default `Date.now`. */
  now?: (() => number) | undefined;
  setTimeout?: ((callback: () => void, ms: number) => unknown) | undefined;
  clearTimeout?: ((handle: unknown) => void) | undefined;
}

interface Waiter {
  url: URL;
  signal: AbortSignal;
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

/** A wait the client will not make: the service's pause or reset is further off than `maxPauseMs`. */
function tooLongError(url: URL, waitMs: number, maxPauseMs: number, headers: Headers): HiroError {
  const service = serviceOf(url.pathname);
  const message = `GET ${printable(url.href, 160)}: the rate limit of ${url.origin} lets requests through again in ${Math.ceil(waitMs / 1000)} s, over the ${maxPauseMs / 1000} s the client waits; not sent (rate_limited)`;
  if (service === undefined) return new HiroError(message);
  const operationId = operationOf(url.pathname) ?? SERVICES[service].operationId;
  return new HiroApiError({
    kind: "rate_limited",
    status: 429,
    body: undefined,
    headers,
    operationId,
    url: url.href,
    retryAfterMs: Math.ceil(waitMs),
    message: `${operationId}: ${message}`,
  });
}

/** One origin's gate: its policy state, its queue, and its one timer. */
class Gate {
  private state: GateState = FIRST_STATE;
  private queue: Waiter[] = [];
  /** One abort listener per signal, however many of its requests wait (no MaxListenersExceededWarning). */
  private readonly watched = new Map<AbortSignal, { waiters: Set<Waiter>; onAbort: () => void }>();
  private timer: unknown;
  /** Headers of the last answer, for a `rate_limited` error. */
  private headers = new Headers();

  constructor(private readonly clock: Clock) {}

  wait(url: URL, signal: AbortSignal): PacerSettle | Promise<PacerSettle> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.queue.length === 0) {
      // The fast path: nothing queued and the policy says go; no promise, no listener, no timer.
      const decision = this.decide();
      if (decision.go) return this.let();
      if (decision.tooLong) return Promise.reject(this.tooLong(url, decision));
    }
    return new Promise<PacerSettle>((resolve, reject) => {
      const waiter: Waiter = { url, signal, resolve, reject };
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
    this.state = rolled(this.state, now);
    return decide(this.state, now, this.clock.maxPauseMs);
  }

  private tooLong(url: URL, decision: Decision): HiroError {
    const waitMs = (decision.go ? 0 : (decision.at ?? 0)) - this.clock.now();
    return tooLongError(url, waitMs, this.clock.maxPauseMs, this.headers);
  }

  /** Lets one request through; returns what the pipeline calls when its attempt ends. */
  private let(): PacerSettle {
    const [state, ticket] = sent(this.state, this.clock.now(), this.clock.minIntervalMs);
    this.state = state;
    let ended = false;
    return (answer?: Response) => {
      if (ended) return;
      ended = true;
      const now = this.clock.now();
      if (answer) {
        this.headers = answer.headers;
        const info = readRateLimit(answer.headers, now);
        this.state = answered(this.state, ticket, answer.status, info, now);
      } else {
        this.state = failed(this.state, ticket);
      }
      this.pump();
    };
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
        const delay = Math.max(0, decision.at - this.clock.now());
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
    maxPauseMs: options.maxPauseMs ?? RETRY_DEFAULTS.maxRetryAfterMs,
  };
  const gates = new Map<string, Gate>();
  return {
    wait(url, signal) {
      let gate = gates.get(url.origin);
      if (!gate) {
        gate = new Gate(clock);
        gates.set(url.origin, gate);
      }
      return gate.wait(url, signal);
    },
  };
}
