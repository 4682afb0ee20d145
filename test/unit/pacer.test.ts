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
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);
const A = "http://a.test";
const B = "http://b.test";
const urlAt = (origin: string) => new URL(`/metadata/v1/sft/${PRINCIPAL}/1`, origin);

/** A request waiting in the gate: `settle` once let through, `error` once refused. */
interface Pending {
  settle?: PacerSettle;
  /** What held it, when it was held (the pacer's words). */
  heldFor?: string;
  error?: unknown;
}

function ask(
  pacer: Pacer,
  origin: string,
  signal = new AbortController().signal,
  deadline?: number,
): Pending {
  const pending: Pending = {};
  Promise.resolve(pacer.wait(urlAt(origin), signal, deadline, "getSftMetadata")).then(
    (released) => {
      pending.settle = typeof released === "function" ? released : released.settle;
      if (typeof released !== "function") pending.heldFor = released.heldFor;
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

describe("what held a request", () => {
  it("every reason, in order: a spent budget, then the new window's first answer", async () => {
    const pacer = pacerOf();
    const first = ask(pacer, A);
    await run();
    first.settle?.(limited(0, 2)); // spent until the reset, 2 s away
    const [second, third] = [ask(pacer, A), ask(pacer, A)];
    await run(2_000); // the reset: the gate learns again, one request at a time
    expect(second.heldFor).toBe("budget spent");
    expect(third.settle).toBeUndefined();
    second.settle?.(limited(9, 60));
    await run();
    expect(third.heldFor).toBe("budget spent, then first answer");
  });
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
        "ratelimit-limit": "50;w=60",
        "ratelimit-remaining": "-1",
        "ratelimit-reset": "soon",
        "retry-after": "2",
      }),
      T0,
    );
    expect(info).toEqual({ limit: 50, remaining: undefined, resetMs: undefined, retryAfterMs: 2_000 });
    expect(readRateLimit(new Headers(), T0)).toEqual({
      limit: undefined,
      remaining: undefined,
      resetMs: undefined,
      retryAfterMs: undefined,
    });
    for (const garbage of ["", "1e3", "0x10", "NaN", "Infinity", "-5", "5 s"]) {
      const headers = new Headers({ "ratelimit-remaining": garbage, "ratelimit-reset": garbage });
      expect(readRateLimit(headers, T0), garbage).toMatchObject({ remaining: undefined, resetMs: undefined });
    }
    expect(readRateLimit(new Headers({ "ratelimit-limit": "0" }), T0).limit).toBeUndefined();
  });

  it("holds hostile values to sane bounds, for the pacer and every other reader: a billion, a day", () => {
    const huge = "9999999999999999";
    const headers = new Headers({
      "ratelimit-limit": huge,
      "ratelimit-remaining": huge,
      "ratelimit-reset": huge,
    });
    expect(readRateLimit(headers, T0)).toMatchObject({
      limit: 1_000_000_000,
      remaining: 1_000_000_000,
      resetMs: 86_400_000,
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

describe("pacing waits: each capped at the ceiling, none past the call's deadline", () => {
  const MAX_TIMER_MS = 2 ** 31 - 1;

  it("spreads an hourly budget over at most the 60 s ceiling, not 720 s per request", async () => {
    const pacer = pacerOf();
    const first = ask(pacer, A);
    await run();
    first.settle?.(limited(5, 3_600)); // 5 left in an hour
    const list = [ask(pacer, A), ask(pacer, A)];
    await run();
    expect(through(list)).toBe(1);
    await run(60_000);
    expect(through(list)).toBe(2);
  });

  it("a reset sent as a Unix time in ms does not stall the gate", async () => {
    const pacer = pacerOf();
    const first = ask(pacer, A);
    await run();
    first.settle?.(limited(5, T0 + 3_600_000)); // ms, read as Unix seconds: 57 000 years away
    const list = [ask(pacer, A), ask(pacer, A)];
    await run(60_000);
    expect(through(list)).toBe(2);
  });

  it("never arms a timer past 2^31-1 ms, even with a ceiling above it", async () => {
    const delays: number[] = [];
    const pacer = pacerOf({
      maxPauseMs: 2 ** 40,
      setTimeout: (callback, ms) => {
        delays.push(ms);
        return setTimeout(callback, ms);
      },
    });
    const first = ask(pacer, A);
    await run();
    // A reset 3e6 s away: 3e9 ms, which Node would fire after 1 ms. It is read as at most a day (as
    // Retry-After is), so the queued request waits a day on a timer Node can arm, and is not refused.
    first.settle?.(limited(0, 3_000_000));
    const queued = ask(pacer, A);
    await run();
    expect(delays.filter((ms) => ms > MAX_TIMER_MS)).toEqual([]);
    expect(Math.max(...delays)).toBe(86_400_000);
    expect(queued.error).toBeUndefined();
  });

  it("Retry-After: 99999999 refuses at once for the ceiling, then one probe goes and its answer reopens the gate", async () => {
    const pacer = pacerOf();
    const first = ask(pacer, A);
    await run();
    first.settle?.(answer(429, { "retry-after": "99999999" }));
    const refused = ask(pacer, A);
    await run();
    expect((refused.error as HiroApiError).kind).toBe("rate_limited");
    expect((refused.error as HiroApiError).retryAfterMs).toBe(86_400_000); // 99,999,999 s read as a day
    await run(60_000);
    const list = [ask(pacer, A), ask(pacer, A)];
    await run();
    expect(through(list)).toBe(1); // the probe
    expect(list[1]?.error).toBeUndefined();
    list[0]?.settle?.(answer(200));
    await run();
    expect(through(list)).toBe(2);
  });

  it("a spent budget with a reset an hour away refuses for the ceiling only, then probes", async () => {
    const pacer = pacerOf();
    const first = ask(pacer, A);
    await run();
    first.settle?.(limited(0, 3_600));
    const refused = ask(pacer, A);
    await run();
    expect((refused.error as HiroApiError).retryAfterMs).toBe(3_600_000);
    await run(60_000);
    const probe = ask(pacer, A);
    await run();
    expect(probe.settle).toBeDefined();
  });

  it("a wait that ends after the call's deadline fails at once as rate_limited with retryAfterMs", async () => {
    const pacer = pacerOf();
    const first = ask(pacer, A);
    await run();
    first.settle?.(limited(0, 30)); // spent; the window resets in 30 s
    const refused = ask(pacer, A, new AbortController().signal, T0 + 5_000);
    await run();
    const error = refused.error as HiroApiError;
    expect(error).toBeInstanceOf(HiroApiError);
    expect(error.kind).toBe("rate_limited");
    expect(error.retryAfterMs).toBe(30_000);
    expect(error.message).toMatch(/outlasts the call's remaining time/);
    // A deadline past the reset waits it out.
    const waits = ask(pacer, A, new AbortController().signal, T0 + 40_000);
    await run(29_999);
    expect(waits.settle ?? waits.error).toBeUndefined();
    await run(1);
    expect(waits.settle).toBeDefined();
  });

  it("a request whose deadline comes before the spread wait ends is refused at once, queued ones too", async () => {
    const pacer = pacerOf();
    const first = ask(pacer, A);
    await run();
    first.settle?.(limited(2, 10)); // the second of two waits 5 s
    const goes = ask(pacer, A);
    await run();
    expect(goes.settle).toBeDefined();
    const queued = ask(pacer, A); // no deadline: waits
    const late = ask(pacer, A, new AbortController().signal, T0 + 1_000);
    await run();
    expect((late.error as HiroApiError).kind).toBe("rate_limited");
    expect((late.error as HiroApiError).retryAfterMs).toBe(5_000);
    expect(queued.settle ?? queued.error).toBeUndefined();
    await run(5_000);
    expect(queued.settle).toBeDefined();
  });

  it("a client with totalTimeoutMs 5000 and a reset in 30 s refuses the next call as rate_limited, not a timeout", async () => {
    const { client } = createTestClient(
      () =>
        json({ token_uri: "ipfs://x", decimals: 0, total_supply: "1", metadata: null }, 200, {
          "ratelimit-limit": "10",
          "ratelimit-remaining": "0",
          "ratelimit-reset": "30",
        }),
      { totalTimeoutMs: 5_000, maxRetries: 0 },
    );
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }).catch(() => undefined);
    const outcome: { error?: unknown } = {};
    client.getSftMetadata({ principal: PRINCIPAL, token_id: 2 }).then(
      () => undefined,
      (e: unknown) => {
        outcome.error = e;
      },
    );
    await run();
    expect(outcome.error).toBeInstanceOf(HiroApiError);
    expect((outcome.error as HiroApiError).kind).toBe("rate_limited");
    expect((outcome.error as HiroApiError).retryAfterMs).toBeGreaterThan(5_000);
    await run(30_000);
  });
});
