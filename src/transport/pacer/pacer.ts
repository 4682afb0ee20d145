/**
 * The rate-limit pacer: one gate per origin, shared by every call of a client, so a 429 from one
 * service never pauses another. Each gate queues requests in order and lets them through as its policy
 * (pacer-policy.ts) allows, with one timer per gate however many wait. The pipeline asks it before
 * each attempt, outside the attempt's timer but inside the call's signal.
 */
import type { HiroError } from "../../errors/errors.js";
import { MAX_RETRY_AFTER_MS } from "../../shared/defaults.js";
import type { OperationId } from "../../spec/types.js";
import type { HeldRelease, Pacer, PacerSettle } from "../pipeline.js";
import { type Decision, gatePolicy } from "./pacer-policy.js";
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
  // A token bucket holding one token: requests evenly spaced, never a burst.
  const minIntervalMs = rate === undefined ? 0 : 1000 / rate;
  const maxPauseMs = Math.min(options.maxPauseMs ?? MAX_RETRY_AFTER_MS, MAX_TIMER_MS);
  const gates = new Map<string, Pacer["wait"]>();

  /** One origin's gate: its policy state, its queue, and its one timer. */
  function gate(): Pacer["wait"] {
    const policy = gatePolicy(minIntervalMs, maxPauseMs);
    let queue: Waiter[] = [];
    /** One abort listener per signal, however many of its requests wait (no MaxListenersExceededWarning). */
    const watched = new Map<AbortSignal, { waiters: Set<Waiter>; onAbort: () => void }>();
    let timer: unknown;
    /** Headers of the last answer, for a `rate_limited` error. */
    let headers = new Headers();

    const tooLong = (
      url: URL,
      decision: Decision,
      deadline: number | undefined,
      operationId: OperationId | undefined,
    ): HiroError => {
      const at = now();
      const waitMs = (decision.go ? 0 : (decision.at ?? 0)) - at;
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
    const letThrough = (): PacerSettle => {
      const ticket = policy.sent(now());
      let ended = false;
      return (answer?: Response, rateLimit?: RateLimitInfo) => {
        if (ended) return;
        ended = true;
        if (answer) {
          headers = answer.headers;
          const at = now();
          policy.ended(ticket, at, answer.status, rateLimit ?? rateLimitOf(answer, at));
        } else policy.ended(ticket, now());
        if (queue.length > 0) pump();
      };
    };

    /** Rejects `waiters` (gone from the queue) with the refusal of `decision`. */
    const refuse = (waiters: Waiter[], decision: Decision, late: boolean) => {
      for (const waiter of waiters) {
        unwatch(waiter);
        waiter.reject(tooLong(waiter.url, decision, late ? waiter.deadline : undefined, waiter.operationId));
      }
    };

    /** Lets through every waiter the policy allows, in order; then sets the one timer, if a time is known. */
    function pump(): void {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      while (queue.length > 0) {
        const decision = policy.decide(now());
        if (decision.go) {
          const waiter = queue.shift() as Waiter;
          unwatch(waiter);
          waiter.resolve({ settle: letThrough(), heldFor: waiter.heldBy.join(", then ") || "queue" });
          continue;
        }
        // Every waiter is held by what holds the gate now: each keeps the reasons it was held by, in order.
        const why = policy.why(now());
        for (const held of queue) if (held.heldBy.at(-1) !== why) held.heldBy.push(why);
        if (decision.tooLong) {
          refuse(queue.splice(0), decision, false);
          return;
        }
        const at = decision.at;
        if (at !== undefined) {
          // Refused at once: every waiter whose call must end before the gate's wait does.
          const isLate = (waiter: Waiter) => waiter.deadline !== undefined && at > waiter.deadline;
          const late = queue.filter(isLate);
          queue = queue.filter((waiter) => !isLate(waiter));
          refuse(late, decision, true);
          if (queue.length === 0) return;
          timer = setTimer(
            () => {
              timer = undefined;
              pump();
            },
            Math.min(MAX_TIMER_MS, Math.max(0, at - now())),
          );
        }
        return;
      }
    }

    const wait: Pacer["wait"] = (url, signal, deadline, operationId) => {
      if (signal.aborted) return Promise.reject(signal.reason);
      if (queue.length === 0) {
        // The fast path: nothing queued and the policy says go; no promise, no listener, no timer.
        const decision = policy.decide(now());
        if (decision.go) return letThrough();
        if (decision.tooLong) return Promise.reject(tooLong(url, decision, undefined, operationId));
        if (deadline !== undefined && decision.at !== undefined && decision.at > deadline) {
          return Promise.reject(tooLong(url, decision, deadline, operationId));
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
        wait = gate();
        gates.set(url.origin, wait);
      }
      return wait(url, signal, deadline, operationId);
    },
  };
}
