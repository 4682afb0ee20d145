/**
 * The rate-limit pacer: one gate per origin, shared by every call of a client, so a 429 from one
 * service never pauses another. Each gate queues requests in order and lets them through as the one
 * pacing rule (shared/pace-policy.ts, kept per origin in the memory store of shared/pace-store.ts, as a
 * gateway alone keeps it) allows, with one timer per gate however many wait. The pipeline asks it before
 * each attempt, outside the attempt's timer but inside the call's signal.
 */
import type { HiroError } from "../../errors/errors.js";
import { MAX_RETRY_AFTER_MS } from "../../shared/defaults.js";
import { createMemoryPace, type PaceRules, type PaceTake } from "../../shared/pace-store.js";
import type { OperationId } from "../../spec/types.js";
import type { HeldRelease, Pacer, PacerSettle } from "../pipeline.js";
import { type RateLimitInfo, rateLimitOf } from "./rate-limit-headers.js";
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
  /** The request's operation, for a `rate_limited` refusal. */
  operationId: OperationId | undefined;
  signal: AbortSignal;
  /** When the call must end (the client's clock), if it has a deadline. */
  deadline: number | undefined;
  /** What held it, in order, each reason once in a row (`budget spent`, then `first answer` after a reset). */
  heldBy: string[];
  resolve(release: HeldRelease): void;
  reject(reason: unknown): void;
}

/**
 * Creates a client's pacer. Each origin gets its own gate, made on first use. Throws nothing: options
 * are checked by the client.
 */
export function createPacer(options: PacerOptions = {}): Pacer {
  const rate = options.maxRequestsPerSecond;
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimeout ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimeout ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const maxPauseMs = Math.min(options.maxPauseMs ?? MAX_RETRY_AFTER_MS, MAX_TIMER_MS);
  const rules: PaceRules = {
    // A token bucket holding one token: requests evenly spaced, never a burst (whole ms, never faster).
    intervalMs: rate === undefined ? 0 : Math.ceil(1000 / rate),
    ceilingMs: maxPauseMs,
    // Every attempt ends (its own timeout), and its end ends the probe: the hold is a safety net only.
    probeHoldMs: maxPauseMs,
    // A bare 429: the retry policy's backoff spaces the next attempt; the pacer adds no pause of its own.
    unsaidPauseMs: 0,
  };
  const store = createMemoryPace();
  const gates = new Map<string, Pacer["wait"]>();

  /** One origin's gate: its queue and its one timer, over its origin's state in the store. */
  function gate(origin: string): Pacer["wait"] {
    let queue: Waiter[] = [];
    /** One abort listener per signal, however many of its requests wait (no MaxListenersExceededWarning). */
    const watched = new Map<AbortSignal, { waiters: Set<Waiter>; onAbort: () => void }>();
    let timer: unknown;
    /** Headers of the last answer, for a `rate_limited` error. */
    let headers = new Headers();

    /** The refusal of a wait of `waitMs` from `at`: past the ceiling, or (`deadline` given) past the call's deadline. */
    const tooLong = (
      url: URL,
      at: number,
      waitMs: number,
      deadline: number | undefined,
      operationId: OperationId | undefined,
    ): HiroError => {
      const left = deadline === undefined ? undefined : deadline - at;
      return tooLongError(url, waitMs, maxPauseMs, headers, left, operationId);
    };

    /** Every waiter on `signal` rejects with its reason; the others go on. */
    const aborted = (signal: AbortSignal) => {
      const watch = watched.get(signal);
      watched.delete(signal);
      queue = queue.filter((waiter) => waiter.signal !== signal);
      for (const waiter of watch?.waiters ?? []) waiter.reject(signal.reason);
      pump();
    };

    /** A waiter leaves the queue's bookkeeping: its signal's listener goes with its last waiter. */
    const unwatch = (waiter: Waiter) => {
      const watch = watched.get(waiter.signal);
      if (!watch) return;
      watch.waiters.delete(waiter);
      if (watch.waiters.size > 0) return;
      waiter.signal.removeEventListener("abort", watch.onAbort);
      watched.delete(waiter.signal);
    };

    /** Lets one request through; returns what the pipeline calls when its attempt ends. */
    const letThrough = (ticket: number): PacerSettle => {
      let ended = false;
      return (answer?: Response, rateLimit?: RateLimitInfo) => {
        if (ended) return;
        ended = true;
        if (answer) {
          headers = answer.headers;
          const at = now();
          store.learn(origin, ticket, at, rules, answer.status, rateLimit ?? rateLimitOf(answer, at));
        } else store.learn(origin, ticket, now(), rules);
        if (queue.length > 0) pump();
      };
    };

    /** Rejects `waiters` (gone from the queue) with the refusal of a wait of `waitMs` from `at`. */
    const refuse = (waiters: Waiter[], at: number, waitMs: number, late: boolean) => {
      for (const waiter of waiters) {
        unwatch(waiter);
        const deadline = late ? waiter.deadline : undefined;
        waiter.reject(tooLong(waiter.url, at, waitMs, deadline, waiter.operationId));
      }
    };

    /** Lets through every waiter the policy allows, in order; then sets the one timer, if a time is known. */
    function pump(): void {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      while (queue.length > 0) {
        const from = now();
        const take = store.take(origin, from, rules, 0);
        if (take.go) {
          const waiter = queue.shift() as Waiter;
          unwatch(waiter);
          waiter.resolve({
            settle: letThrough(take.ticket),
            heldFor: waiter.heldBy.join(", then ") || "queue",
          });
          continue;
        }
        // Every waiter is held by what holds the gate now: each keeps the reasons it was held by, in order.
        const { why, waitMs } = take;
        for (const held of queue) if (held.heldBy.at(-1) !== why) held.heldBy.push(why);
        if (take.hold === "refused") {
          refuse(queue.splice(0), from, waitMs, false);
          return;
        }
        // Held until a probe's answer: its end pumps the queue again (no timer, no deadline to judge by).
        if (take.hold === "answer") return;
        const at = from + waitMs;
        // Refused at once: every waiter whose call must end before the gate's wait does.
        const isLate = (waiter: Waiter) => waiter.deadline !== undefined && at > waiter.deadline;
        const late = queue.filter(isLate);
        queue = queue.filter((waiter) => !isLate(waiter));
        refuse(late, from, waitMs, true);
        if (queue.length === 0) return;
        timer = setTimer(
          () => {
            timer = undefined;
            pump();
          },
          Math.min(MAX_TIMER_MS, Math.max(0, at - now())),
        );
        return;
      }
    }

    const wait: Pacer["wait"] = (url, signal, deadline, operationId) => {
      if (signal.aborted) return Promise.reject(signal.reason);
      if (queue.length === 0) {
        // The fast path: nothing queued and the rule says go; no promise, no listener, no timer.
        const from = now();
        const take: PaceTake = store.take(origin, from, rules, 0);
        if (take.go) return letThrough(take.ticket);
        if (take.hold === "refused")
          return Promise.reject(tooLong(url, from, take.waitMs, undefined, operationId));
        if (deadline !== undefined && take.hold === "wait" && from + take.waitMs > deadline) {
          return Promise.reject(tooLong(url, from, take.waitMs, deadline, operationId));
        }
      }
      return new Promise<HeldRelease>((resolve, reject) => {
        const waiter: Waiter = { url, operationId, signal, deadline, heldBy: [], resolve, reject };
        let watch = watched.get(signal);
        if (!watch) {
          watch = { waiters: new Set(), onAbort: () => aborted(signal) };
          signal.addEventListener("abort", watch.onAbort, { once: true });
          watched.set(signal, watch);
        }
        watch.waiters.add(waiter);
        queue.push(waiter);
        pump();
      });
    };
    return wait;
  }

  return {
    wait(url, signal, deadline, operationId) {
      let wait = gates.get(url.origin);
      if (!wait) {
        wait = gate(url.origin);
        gates.set(url.origin, wait);
      }
      return wait(url, signal, deadline, operationId);
    },
  };
}
