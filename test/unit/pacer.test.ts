/**
 * The rate-limit pacer on a fake clock (vitest fake timers drive `Date.now` and `setTimeout`): header
 * parsing, start slow, hold-back before a refusal, a 429 pausing one origin only, the 60 s cap, aborts,
 * and the client-side ceiling. Every assertion is about what has been let through at a given time.
 */
import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLookupClient, HiroApiError, HiroValidationError } from "../../src/index.js";
import { createPacer, type PacerOptions } from "../../src/transport/pacer/pacer.js";
import { parseReset, readRateLimit } from "../../src/transport/pacer/rate-limit-headers.js";
import type { Pacer, PacerSettle } from "../../src/transport/pipeline.js";
import { PRINCIPAL } from "../helpers/fake-fetch.js";

const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);
const A = "http://a.test";
const B = "http://b.test";
const urlAt = (origin: string) => new URL(`/metadata/v1/sft/${PRINCIPAL}/1`, origin);

/** A request waiting in the gate: `settle` once let through, `error` once refused. */
interface Pending {
  settle?: PacerSettle;
  error?: unknown;
}

function ask(pacer: Pacer, origin: string, signal = new AbortController().signal): Pending {
  const pending: Pending = {};
  Promise.resolve(pacer.wait(urlAt(origin), signal)).then(
    (settle) => {
      pending.settle = settle;
    },
    (error: unknown) => {
      pending.error = error;
    },
  );
  return pending;
}

const through = (list: Pending[]) => list.filter((p) => p.settle).length;
const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers });
const limited = (remaining: number, reset: number | string, limit = 10) =>
  answer(200, {
    "ratelimit-limit": String(limit),
    "ratelimit-remaining": String(remaining),
    "ratelimit-reset": String(reset),
  });
/** Lets the clock run `ms`, promise callbacks included. */
const run = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

function pacerOf(options: PacerOptions = {}): Pacer {
  return createPacer(options);
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("rate-limit headers", () => {
  it("reads a delta-seconds reset and an epoch reset to the same ms from now", () => {
    const now = T0 + 250;
    expect(parseReset("30", now)).toBe(30_000);
    expect(parseReset(String((T0 + 30_000) / 1000), now)).toBe(29_750);
    expect(parseReset("1.5", now)).toBe(1_500);
    // An epoch in the past is a reset that already happened.
    expect(parseReset(String(T0 / 1000 - 5), now)).toBe(0);
  });

  it("leaves out missing and garbage values, and reads the number before a parameter", () => {
    const info = readRateLimit(
      new Headers({
        "ratelimit-remaining": "5;w=60",
        "ratelimit-reset": "soon",
        "retry-after": "2",
      }),
      429,
      T0,
    );
    expect(info).toEqual({ remaining: 5, resetMs: undefined, retryAfterMs: 2_000 });
    expect(readRateLimit(new Headers({ "ratelimit-remaining": "-1" }), 429, T0)).toEqual({
      remaining: undefined,
      resetMs: undefined,
      retryAfterMs: undefined,
    });
    for (const garbage of ["", "1e3", "0x10", "NaN", "Infinity", "-5", "5 s"]) {
      const headers = new Headers({ "ratelimit-remaining": garbage, "ratelimit-reset": garbage });
      expect(readRateLimit(headers, 429, T0), garbage).toMatchObject({
        remaining: undefined,
        resetMs: undefined,
      });
    }
  });

  it("reads Retry-After only on a refusal, and nothing more from an answer without ratelimit-remaining", () => {
    const headers = new Headers({ "retry-after": "2", "ratelimit-reset": "30" });
    expect(readRateLimit(headers, 200, T0)).toEqual({});
    expect(readRateLimit(headers, 429, T0)).toEqual({
      remaining: undefined,
      resetMs: 30_000,
      retryAfterMs: 2_000,
    });
    headers.set("ratelimit-remaining", "3");
    expect(readRateLimit(headers, 200, T0)).toEqual({
      remaining: 3,
      resetMs: 30_000,
      retryAfterMs: undefined,
    });
  });
});

describe("the gate", () => {
  it("starts slow: one request until the first answer, then all at once when no headers come", async () => {
    const pacer = pacerOf();
    const list = Array.from({ length: 5 }, () => ask(pacer, A));
    await run(10_000);
    expect(through(list)).toBe(1);
    list[0]?.settle?.(answer(200));
    await run();
    expect(through(list)).toBe(5);
  });

  it("starts slow until a request ends: a failure lets the next one try", async () => {
    const pacer = pacerOf();
    const list = [ask(pacer, A), ask(pacer, A), ask(pacer, A)];
    await run();
    expect(through(list)).toBe(1);
    list[0]?.settle?.();
    await run();
    expect(through(list)).toBe(2);
    list[0]?.settle?.(answer(200)); // a second settle of the same attempt is ignored
    await run();
    expect(through(list)).toBe(2);
  });

  it("holds back before the budget is spent: spreads it over the window, then waits for the reset", async () => {
    const pacer = pacerOf();
    const list = Array.from({ length: 5 }, () => ask(pacer, A));
    await run();
    list[0]?.settle?.(limited(2, 10)); // 2 left, window resets in 10 s
    await run();
    expect(through(list)).toBe(2); // the first of the two at once...
    await run(4_900);
    expect(through(list)).toBe(2);
    await run(100);
    expect(through(list)).toBe(3); // ...the second half-way through what remains
    await run(4_900);
    expect(through(list)).toBe(3); // budget spent: nothing until the reset
    await run(100);
    expect(through(list)).toBe(4); // the reset: one request learns the new window
    await run(30_000);
    expect(through(list)).toBe(4);
    list[3]?.settle?.(limited(9, 10));
    await run();
    expect(through(list)).toBe(5);
  });

  it("reads an epoch reset like a delta one", async () => {
    const pacer = pacerOf();
    const list = [ask(pacer, A), ask(pacer, A)];
    await run();
    list[0]?.settle?.(limited(0, (T0 + 3_000) / 1000));
    await run(2_999);
    expect(through(list)).toBe(1);
    await run(1);
    expect(through(list)).toBe(2);
  });

  it("counts requests still in flight against the remaining budget", async () => {
    const pacer = pacerOf();
    const first = ask(pacer, A);
    await run();
    first.settle?.(answer(200)); // no headers: open
    const list = [ask(pacer, A), ask(pacer, A), ask(pacer, A)];
    await run();
    expect(through(list)).toBe(3);
    // 2 left after this one, but the 2 others in flight may not be counted yet: nothing left.
    list[0]?.settle?.(limited(2, 5));
    const next = ask(pacer, A);
    await run(4_999);
    expect(next.settle).toBeUndefined();
    await run(1);
    expect(next.settle).toBeDefined();
  });

  it("a 429's Retry-After pauses every queued request of that origin, and not another origin", async () => {
    const pacer = pacerOf();
    const first = ask(pacer, A);
    await run();
    first.settle?.(answer(200));
    const two = [ask(pacer, A), ask(pacer, A)];
    await run();
    expect(through(two)).toBe(2);
    two[0]?.settle?.(answer(429, { "retry-after": "2" }));
    const queued = [ask(pacer, A), ask(pacer, A), ask(pacer, A)];
    const other = ask(pacer, B);
    await run(1_999);
    expect(through(queued)).toBe(0);
    expect(other.settle).toBeDefined(); // B has its own gate (starting slow, but not paused)
    await run(1);
    expect(through(queued)).toBe(1); // after the pause: one request learns again
    queued[0]?.settle?.(answer(200));
    await run();
    expect(through(queued)).toBe(3);
  });

  it("a pause longer than the cap fails fast as rate_limited with retryAfterMs, for every queued request", async () => {
    const pacer = pacerOf();
    const list = [ask(pacer, A), ask(pacer, A), ask(pacer, A)];
    await run();
    list[0]?.settle?.(answer(429, { "retry-after": "120" }));
    await run();
    for (const pending of list.slice(1)) {
      expect(pending.error).toBeInstanceOf(HiroApiError);
      const error = pending.error as HiroApiError;
      expect(error.kind).toBe("rate_limited");
      expect(error.retryAfterMs).toBe(120_000);
      expect(error.operationId).toBe("getSftMetadata");
      expect(error.message).toMatch(/120 s, over the 60 s/);
    }
    expect(vi.getTimerCount()).toBe(0);
    // A new request is refused at once too, and goes again once the pause is over.
    const late = ask(pacer, A);
    await run();
    expect((late.error as HiroApiError).retryAfterMs).toBe(120_000);
    await run(120_000);
    const after = ask(pacer, A);
    await run();
    expect(after.settle).toBeDefined();
  });

  it("a reset far in the future (remaining 0) fails fast; one within the cap is waited out", async () => {
    const pacer = pacerOf();
    const first = ask(pacer, A);
    await run();
    first.settle?.(limited(0, Math.floor(T0 / 1000) + 3_600));
    const refused = ask(pacer, A);
    await run();
    expect((refused.error as HiroApiError).kind).toBe("rate_limited");
    expect((refused.error as HiroApiError).retryAfterMs).toBe(3_600_000);

    const other = pacerOf({ maxPauseMs: 5_000 });
    const probe = ask(other, B);
    await run();
    probe.settle?.(limited(0, 4));
    const waits = ask(other, B);
    await run(3_999);
    expect(waits.settle ?? waits.error).toBeUndefined();
    await run(1);
    expect(waits.settle).toBeDefined();
  });

  it("an abort while waiting rejects with the signal's reason, removes its listener and leaves no timer", async () => {
    const pacer = pacerOf();
    const first = ask(pacer, A);
    await run();
    first.settle?.(answer(429, { "retry-after": "30" }));
    const warnings: unknown[] = [];
    const onWarning = (w: unknown) => warnings.push(w);
    process.on("warning", onWarning);
    const shared = new AbortController();
    const own = Array.from({ length: 50 }, () => new AbortController());
    const onShared = Array.from({ length: 200 }, () => ask(pacer, A, shared.signal));
    const onOwn = own.map((c) => ask(pacer, A, c.signal));
    await run();
    expect(getEventListeners(shared.signal, "abort")).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1); // one timer per gate, however many wait
    const reason = new Error("caller gave up");
    shared.abort(reason);
    for (const c of own) c.abort(reason);
    await run();
    expect(onShared.every((p) => p.error === reason)).toBe(true);
    expect(onOwn.every((p) => p.error === reason)).toBe(true);
    expect(getEventListeners(shared.signal, "abort")).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    process.off("warning", onWarning);
    expect(warnings).toEqual([]);
    // An aborted signal is refused at once; a request let through keeps no listener either.
    const aborted = new AbortController();
    aborted.abort(reason);
    const late = ask(pacer, A, aborted.signal);
    await run();
    expect(late.error).toBe(reason);
    const later = new AbortController();
    const goes = ask(pacer, A, later.signal);
    await run(30_000);
    expect(goes.settle).toBeDefined();
    expect(getEventListeners(later.signal, "abort")).toHaveLength(0);
  });

  it("maxRequestsPerSecond spaces requests evenly, per origin", async () => {
    const pacer = pacerOf({ maxRequestsPerSecond: 2 });
    const first = ask(pacer, A);
    await run();
    first.settle?.(answer(200));
    const list = Array.from({ length: 4 }, () => ask(pacer, A));
    const other = ask(pacer, B);
    await run();
    expect(other.settle).toBeDefined();
    expect(through(list)).toBe(0); // the first request went at T0: the next is due 500 ms later
    await run(500);
    expect(through(list)).toBe(1);
    await run(499);
    expect(through(list)).toBe(1);
    await run(1);
    expect(through(list)).toBe(2);
    await run(1_000);
    expect(through(list)).toBe(4);
  });
});

describe("maxRequestsPerSecond, the client option", () => {
  it("is checked and named", () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, "5"]) {
      expect(() => createLookupClient({ maxRequestsPerSecond: bad as number })).toThrowError(
        HiroValidationError,
      );
      try {
        createLookupClient({ maxRequestsPerSecond: bad as number });
      } catch (error) {
        expect((error as HiroValidationError).parameter).toBe("maxRequestsPerSecond");
      }
    }
    expect(() => createLookupClient({ maxRequestsPerSecond: 0.5 })).not.toThrow();
  });
});
