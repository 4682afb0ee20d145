/**
 * Issue 21 (medium 1) and issue 17: the pacer can never stall an origin. Every wait it imposes (the
 * spread of a budget, a spent budget's reset, a 429's pause) is held to one 60 s ceiling; no timer gets
 * a delay past setTimeout's 2^31-1 ms; a pause announced beyond the ceiling is refused at once, and once
 * the ceiling has passed one probe asks again; a wait that outlasts the call's deadline fails at once as
 * `rate_limited`. On a fake clock (vitest fake timers drive `Date.now` and `setTimeout`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HiroApiError } from "../../src/index.js";
import { createPacer, type PacerOptions } from "../../src/transport/pacer/pacer.js";
import type { Pacer, PacerSettle } from "../../src/transport/pipeline.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);
const ORIGIN = "http://a.test";
const URL_A = new URL(`/metadata/v1/sft/${PRINCIPAL}/1`, ORIGIN);
const CEILING = 60_000;
const MAX_TIMER = 2 ** 31 - 1;

interface Pending {
  settle?: PacerSettle;
  error?: unknown;
}

function ask(pacer: Pacer, deadline?: number): Pending {
  const pending: Pending = {};
  const signal = new AbortController().signal;
  let waited: ReturnType<Pacer["wait"]>;
  try {
    waited = pacer.wait(URL_A, signal, deadline, "getSftMetadata");
  } catch (error) {
    pending.error = error;
    return pending;
  }
  Promise.resolve(waited).then(
    (released) => {
      pending.settle = typeof released === "function" ? released : released.settle;
    },
    (error: unknown) => {
      pending.error = error;
    },
  );
  return pending;
}

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers });
const limited = (remaining: number, reset: number | string) =>
  answer(200, { "ratelimit-remaining": String(remaining), "ratelimit-reset": String(reset) });
const run = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
const rateLimited = (pending: Pending) => {
  expect(pending.error, "refused").toBeInstanceOf(HiroApiError);
  const error = pending.error as HiroApiError;
  expect(error.kind).toBe("rate_limited");
  return error;
};

/** A pacer whose timers are recorded: every delay it asks for. */
function recordedPacer(options: PacerOptions = {}) {
  const delays: number[] = [];
  const pacer = createPacer({
    ...options,
    setTimeout: (callback, ms) => {
      delays.push(ms);
      return setTimeout(callback, ms);
    },
  });
  return { pacer, delays };
}

/** A pacer that has learnt `headers` from its first request's answer. */
async function taught(headersAnswer: Response, options: PacerOptions = {}) {
  const recorded = recordedPacer(options);
  const probe = ask(recorded.pacer);
  await run();
  probe.settle?.(headersAnswer);
  await run();
  return recorded;
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("every wait is held to the 60 s ceiling", () => {
  it("the spread of an hourly quota (remaining 5, reset 3600) lets the next request go within 60 s", async () => {
    const { pacer, delays } = await taught(limited(5, 3600));
    const first = ask(pacer);
    await run();
    expect(first.settle).toBeDefined();
    const second = ask(pacer);
    await run(CEILING);
    expect(second.settle).toBeDefined();
    expect(Math.max(...delays)).toBeLessThanOrEqual(CEILING);
  });

  it("a reset sent as a Unix time in ms (read as seconds: centuries away) never makes a timer past 60 s", async () => {
    const { pacer, delays } = await taught(limited(5, T0 + 5_000));
    const list = [ask(pacer), ask(pacer), ask(pacer)];
    await run(2 * CEILING);
    for (const pending of list) expect(pending.settle ?? pending.error).toBeDefined();
    expect(delays.every((ms) => ms <= CEILING && ms <= MAX_TIMER)).toBe(true);
  });

  it("maxRequestsPerSecond far below 1 spaces requests at most 60 s apart", async () => {
    const { pacer, delays } = await taught(answer(200), { maxRequestsPerSecond: 1e-9 });
    const next = ask(pacer);
    await run(CEILING);
    expect(next.settle).toBeDefined();
    expect(delays.every((ms) => ms <= CEILING)).toBe(true);
  });

  it("a ceiling set past setTimeout's range still never passes more than 2^31-1 ms to a timer", async () => {
    const { pacer, delays } = await taught(limited(5, 9_999_999_999), { maxPauseMs: 1e15 });
    ask(pacer);
    ask(pacer);
    await run();
    expect(delays.length).toBeGreaterThan(0);
    expect(delays.every((ms) => ms <= MAX_TIMER)).toBe(true);
  });
});

describe("a long pause ends with one probe, never a lockout", () => {
  it("Retry-After: 99999999 is refused at once, then after 60 s one request asks again", async () => {
    const { pacer } = await taught(answer(429, { "retry-after": "99999999" }));
    const refused = ask(pacer);
    await run();
    expect(rateLimited(refused).retryAfterMs).toBe(86_400_000); // the server's 99,999,999 s, read as a day
    await run(CEILING);
    const probe = ask(pacer);
    const behind = ask(pacer);
    await run();
    expect(probe.settle).toBeDefined(); // one probe...
    expect(behind.settle ?? behind.error).toBeUndefined(); // ...and the rest wait for its answer
    probe.settle?.(answer(200));
    await run();
    expect(behind.settle).toBeDefined();
  });

  it("a spent budget whose reset is a ms Unix time (read as seconds: centuries away) probes after 60 s", async () => {
    const { pacer } = await taught(limited(0, T0 + 3_000));
    const refused = ask(pacer);
    await run();
    rateLimited(refused);
    await run(CEILING);
    const probe = ask(pacer);
    await run();
    expect(probe.settle).toBeDefined();
  });

  it("a probe refused again for long starts a new 60 s refusal, not a longer one", async () => {
    const { pacer } = await taught(answer(429, { "retry-after": "3600" }));
    await run(CEILING);
    const probe = ask(pacer);
    await run();
    probe.settle?.(answer(429, { "retry-after": "3540" }));
    const refused = ask(pacer);
    await run();
    expect(rateLimited(refused).retryAfterMs).toBe(3_540_000);
    await run(CEILING);
    const next = ask(pacer);
    await run();
    expect(next.settle).toBeDefined();
  });

  it("after a long pause, a later short 429 pauses only its own Retry-After", async () => {
    const { pacer } = await taught(answer(429, { "retry-after": "99999999" }));
    await run(CEILING);
    const probe = ask(pacer);
    await run();
    probe.settle?.(answer(429, { "retry-after": "2" }));
    const waits = ask(pacer);
    await run();
    expect(waits.error).toBeUndefined(); // 2 s is waited out, not refused
    await run(2_000);
    expect(waits.settle).toBeDefined();
  });
});

describe("the call's deadline (pacer.wait's third argument)", () => {
  it("a wait that ends after the deadline fails at once as rate_limited with retryAfterMs", async () => {
    const { pacer } = await taught(limited(0, 30));
    const late = ask(pacer, T0 + 5_000);
    await run();
    const error = rateLimited(late);
    expect(error.retryAfterMs).toBe(30_000);
    expect(error.message).toMatch(/outlasts the call's remaining time/);
    expect(error.message).toMatch(/remaining time \(5000 ms\)/);
    // Without a deadline, or with one after the wait, it is waited out.
    const free = ask(pacer);
    const inTime = ask(pacer, T0 + 40_000);
    await run(29_999);
    expect(free.settle ?? free.error).toBeUndefined();
    await run(1);
    expect(free.settle).toBeDefined();
    free.settle?.(answer(200));
    await run();
    expect(inTime.settle).toBeDefined();
  });

  it("a queued request whose deadline comes before its turn is refused at once, the others keep their place", async () => {
    const { pacer } = await taught(limited(0, 20));
    const patient = ask(pacer, T0 + 60_000);
    const hurried = ask(pacer, T0 + 10_000);
    await run();
    expect(rateLimited(hurried).retryAfterMs).toBe(20_000);
    expect(patient.settle ?? patient.error).toBeUndefined();
    await run(20_000);
    expect(patient.settle).toBeDefined();
  });
});

describe("through the client", () => {
  it("ratelimit-remaining 0, reset 30, totalTimeoutMs 5000: the next lookup is rate_limited at once, nothing sent", async () => {
    const { client, requests } = createTestClient(
      () => json({ token_uri: "ipfs://x" }, 200, { "ratelimit-remaining": "0", "ratelimit-reset": "30" }),
      { totalTimeoutMs: 5_000 },
    );
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });
    let error: unknown;
    client.getSftMetadata({ principal: PRINCIPAL, token_id: 2 }).catch((e: unknown) => {
      error = e;
    });
    await run();
    expect(error).toBeInstanceOf(HiroApiError);
    expect((error as HiroApiError).kind).toBe("rate_limited");
    expect((error as HiroApiError).retryAfterMs).toBe(30_000);
    expect(requests).toHaveLength(1);
  });

  it("a raw call after a reset sent in ms settles within the ceiling (it has no deadline of its own)", async () => {
    const reset = String(T0 + 3_600_000); // a Unix time in ms, read as seconds: centuries away
    const { client } = createTestClient(() =>
      json({ token_uri: "ipfs://x" }, 200, { "ratelimit-remaining": "5", "ratelimit-reset": reset }),
    );
    const get = () =>
      client.raw.GET("/metadata/v1/sft/{principal}/{token_id}", {
        params: { path: { principal: PRINCIPAL, token_id: 1 } },
      });
    await get();
    await get(); // the budget is spread: the next one waits
    let settled = false;
    get().then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    await run(CEILING);
    expect(settled).toBe(true);
  });
});
