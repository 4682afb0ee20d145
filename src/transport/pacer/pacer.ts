/**
 * The rate-limit pacer: one gate per origin, shared by every call of a client, so a 429 from one
 * service never pauses another. Each gate queues requests in order and lets them through as its policy
 * (pacer-policy.ts) allows, with one timer per gate however many wait. The attempt loop asks it before
 * each attempt, outside the attempt's timer but inside the call's signal, with the call's deadline: a
 * wait that would outlast it, or one the service announced past the ceiling, fails at once as
 * `rate_limited` rather than sitting in the gate.
 */
import { HiroApiError, HiroError } from "../../errors/errors.js";
import { printable } from "../../errors/safe-text.js";
import { SERVICES, serviceOf } from "../../spec/services.js";
import { RETRY_DEFAULTS } from "../retry.js";
import type { Pacer, PacerSettle } from "../settings.js";
import { answered, type Decision, decide, failed, firstState, sent } from "./pacer-policy.js";
import { readRateLimit } from "./rate-limit-headers.js";

/** What a pacer is built with; the clock and timers are injectable for tests. */
export interface PacerOptions {
  /** Client-side ceiling per origin, for services that send no rate-limit headers. Default: none. */
  maxRequestsPerSecond?: number | undefined;
  /**
   * The longest the gate holds an origin, in ms: a spread, a reset or a pause announced for longer is
   * cut to it, and one announced past it is refused at once until then. Default 60 000.
   */
  maxPauseMs?: number | undefined;
  /** The clock, in ms since the epoch (a `ratelimit-reset` may be a Unix time). Default `Date.now`. */
  now?: (() => number) | undefined;
  setTimeout?: ((callback: () => void, ms: number) => unknown) | undefined;
  clearTimeout?: ((handle: unknown) => void) | undefined;
}

/** setTimeout's largest delay: Node fires a longer timer after 1 ms (and warns). */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Waiter {
  url: URL;
  signal: AbortSignal;
  deadline: number | undefined;
  resolve(settle: PacerSettle): void;
  reject(reason: unknown): void;
}

type Clock = { [K in "now" | "setTimeout" | "clearTimeout"]-?: NonNullable<PacerOptions[K]> } & {
  minIntervalMs: number;
  ceilingMs: number;
};

const seconds = (ms: number) => `${Math.ceil(Math.max(0, ms) / 1000)} s`;

/** The `rate_limited` error of a request the gate does not send: its wait is `waitMs`, and `why` too long. */
function refusedError(url: URL, waitMs: number, why: string, headers: Headers): HiroError {
  const message = `GET ${printable(url.href, 160)}: the rate limit of ${url.origin} lets this request through in ${seconds(waitMs)}, ${why}; not sent (rate_limited)`;
  const service = serviceOf(url.pathname);
  if (service === undefined) return new HiroError(message);
  const { operationId } = SERVICES[service];
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

  wait(url: URL, signal: AbortSignal, deadline: number | undefined): PacerSettle | Promise<PacerSettle> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.queue.length === 0) {
      // The fast path: nothing queued and the policy says go; no promise, no listener, no timer.
      const decision = decide(this.state, this.clock.now());
      if (decision.go) return this.let();
      const refusal = this.refusal(url, deadline, decision);
      if (refusal) return Promise.reject(refusal);
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

  /** The error when a request held by `decision` is not to wait at all, or undefined. */
  private refusal(url: URL, deadline: number | undefined, decision: Decision): HiroError | undefined {
    if (decision.go) return undefined;
    const now = this.clock.now();
    if (decision.refusedMs !== undefined) {
      const why = `over the ${seconds(this.clock.ceilingMs)} the client waits; it asks again after that`;
      return refusedError(url, decision.refusedMs, why, this.headers);
    }
    if (deadline === undefined || decision.at === undefined || decision.at < deadline) return undefined;
    const why = `which outlasts the call's remaining time (${seconds(deadline - now)})`;
    return refusedError(url, decision.at - now, why, this.headers);
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

  /** Lets one request through; returns what the attempt loop calls when its attempt ends. */
  private let(): PacerSettle {
    const { clock, state } = this;
    const ticket = sent(state, clock.now(), clock.minIntervalMs, clock.ceilingMs);
    let ended = false;
    return (answer?: Response) => {
      if (ended) return;
      ended = true;
      if (answer) {
        const now = clock.now();
        this.headers = answer.headers;
        const info = readRateLimit(answer.headers, answer.status, now);
        answered(state, ticket, answer.status, info, now, clock.ceilingMs);
      } else failed(state, ticket);
      if (this.queue.length > 0) this.pump();
    };
  }

  /** Lets through every waiter the policy allows, in order; refuses those it must; sets the one timer. */
  private pump(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined; // (clearing a timer that already fired is harmless)
    while (this.queue.length > 0) {
      const decision = decide(this.state, this.clock.now());
      if (decision.go) {
        const waiter = this.queue.shift() as Waiter;
        this.unwatch(waiter);
        waiter.resolve(this.let());
        continue;
      }
      // Refused: all of them (a pause past the ceiling), or those whose deadline comes before their turn.
      const kept: Waiter[] = [];
      for (const waiter of this.queue) {
        const refusal = this.refusal(waiter.url, waiter.deadline, decision);
        if (refusal === undefined) kept.push(waiter);
        else {
          this.unwatch(waiter);
          waiter.reject(refusal);
        }
      }
      this.queue = kept;
      if (decision.at === undefined || kept.length === 0) return; // until a request ends
      const delay = Math.min(Math.max(0, decision.at - this.clock.now()), MAX_TIMER_MS);
      this.timer = this.clock.setTimeout(() => this.pump(), delay);
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
    ceilingMs: Math.min(options.maxPauseMs ?? RETRY_DEFAULTS.maxRetryAfterMs, MAX_TIMER_MS),
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
