/**
 * The retry policy as pure functions: clock, randomness and timers are all injected or faked. The
 * client's use of it (when each attempt is made) is in retries-in-client.test.ts.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { CLIENT_DEFAULTS } from "../../src/shared/defaults.js";
import { sleep } from "../../src/shared/sleep.js";
import {
  type AttemptOutcome,
  parseRetryAfter,
  retryDelayMs,
  shouldRetry,
} from "../../src/transport/retry.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("shouldRetry", () => {
  const status = (code: number): AttemptOutcome => ({ type: "status", status: code });
  const cases: Array<[string, boolean, AttemptOutcome]> = [
    ["a network error", true, { type: "network" }],
    ["a timeout", true, { type: "timeout" }],
    ["a malformed 2xx body (invalid_response): not expected to change", false, { type: "invalid_response" }],
    ...[408, 429, 500, 502, 503, 504].map((code): [string, boolean, AttemptOutcome] => [
      `status ${code}`,
      true,
      status(code),
    ]),
    ...[400, 401, 403, 404, 409, 422, 501].map((code): [string, boolean, AttemptOutcome] => [
      `status ${code}`,
      false,
      status(code),
    ]),
  ];

  it.each(cases)("after %s with retries left: retry=%s, with a reason", (_, retry, outcome) => {
    const decision = shouldRetry(outcome, 0, 2);

    expect(decision.retry).toBe(retry);
    expect(typeof decision.reason).toBe("string");
    expect(decision.reason.trim()).not.toBe("");
  });

  it.each([
    ["attempt 2 of maxRetries 2", 2, 2],
    ["attempt 3 of maxRetries 2", 3, 2],
    ["attempt 0 of maxRetries 0", 0, 0],
    ["attempt 10 of maxRetries 10", 10, 10],
  ])("never retries when no retries are left (%s)", (_, attempt, maxRetries) => {
    for (const [, , outcome] of cases) {
      const decision = shouldRetry(outcome, attempt, maxRetries);

      expect(decision.retry).toBe(false);
      expect(decision.reason.trim()).not.toBe("");
    }
  });

  it("still retries on the last allowed retry (attempt = maxRetries - 1)", () => {
    expect(shouldRetry({ type: "status", status: 503 }, 1, 2).retry).toBe(true);
    expect(shouldRetry({ type: "network" }, 9, 10).retry).toBe(true);
  });

  it("gives different reasons for different decisions", () => {
    const reasons = new Set(
      [{ type: "network" }, { type: "timeout" }, status(429), status(404)].map(
        (outcome) => shouldRetry(outcome as AttemptOutcome, 0, 2).reason,
      ),
    );
    const exhausted = shouldRetry({ type: "network" }, 2, 2).reason;

    expect(reasons.size).toBe(4);
    expect(reasons.has(exhausted)).toBe(false);
  });

  it("fails fast when the server asks to wait more than 60 s", () => {
    const decision = shouldRetry({ type: "status", status: 429, retryAfterMs: 61_000 }, 0, 2);

    expect(decision.retry).toBe(false);
    expect(decision.reason).toMatch(/60 s/);
    expect(shouldRetry({ type: "status", status: 429, retryAfterMs: 60_000 }, 0, 2).retry).toBe(true);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2024-04-20T00:00:00.000Z");
  const httpDate = (ms: number) => new Date(ms).toUTCString();

  it.each([
    ['"12"', "12", 12_000],
    ['"0"', "0", 0],
    ['"1.5"', "1.5", 1_500],
    ['"60" (the longest honoured)', "60", 60_000],
    ['" 7 " (surrounding spaces)', " 7 ", 7_000],
    ["an HTTP date 5 s after now", httpDate(now + 5_000), 5_000],
    ["an HTTP date equal to now", httpDate(now), 0],
  ])("parses %s", (_, header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });

  it.each([
    ['"-1"', "-1"],
    ['"abc"', "abc"],
    ['""', ""],
    ['"1e3"', "1e3"],
    ["null", null],
    ["undefined", undefined],
  ])("returns undefined for %s", (_, header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined();
  });

  it("keeps a wait beyond 60 s (the policy fails fast on it) and reads a past date as 0", () => {
    expect(parseRetryAfter("61", now)).toBe(61_000);
    expect(parseRetryAfter(httpDate(now + 3_600_000), now)).toBe(3_600_000);
    expect(parseRetryAfter(httpDate(now - 5_000), now)).toBe(0);
  });

  it("measures an HTTP date from the injected now, not the real clock", () => {
    const header = httpDate(now + 5_000);

    expect(parseRetryAfter(header, now + 2_000)).toBe(3_000);
    expect(parseRetryAfter(header, now + 6_000)).toBe(0);
  });
});

describe("retryDelayMs", () => {
  const attempts = [0, 1, 2, 3, 4, 5];

  it("doubles from 500 ms and caps at 8 s without jitter (random = 0)", () => {
    expect(attempts.map((attempt) => retryDelayMs(attempt, undefined, () => 0))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 8_000,
    ]);
  });

  it("adds at most 25% on top, capped at 1 s (random → 1)", () => {
    expect(attempts.map((attempt) => retryDelayMs(attempt, undefined, () => 1))).toEqual([
      625, 1_250, 2_500, 5_000, 9_000, 9_000,
    ]);
  });

  it("stays between 100% and 125% of the backoff for any random in [0, 1)", () => {
    for (const attempt of attempts) {
      const backoff = Math.min(CLIENT_DEFAULTS.initialDelayMs * 2 ** attempt, CLIENT_DEFAULTS.maxDelayMs);
      for (const r of [0.1, 0.5, 0.999]) {
        const delay = retryDelayMs(attempt, undefined, () => r);

        expect(delay).toBeGreaterThanOrEqual(backoff);
        expect(delay).toBeLessThanOrEqual(backoff * 1.25);
      }
    }
  });

  it("uses the server's Retry-After, floored at the first backoff delay, with jitter on top", () => {
    expect(retryDelayMs(0, 12_000, () => 0)).toBe(12_000);
    expect(retryDelayMs(5, 1_234, () => 0)).toBe(1_234);
    expect(retryDelayMs(3, 0, () => 0)).toBe(CLIENT_DEFAULTS.initialDelayMs);
    expect(retryDelayMs(0, 12_000, () => 0.5)).toBe(12_500);
  });

  it("spreads concurrent retries after the same Retry-After (no lock-step)", () => {
    const delays = new Set([0.1, 0.4, 0.7].map((r) => retryDelayMs(0, 0, () => r)));

    expect(delays.size).toBe(3);
  });
});

describe("sleep", () => {
  it("resolves after the delay, not before, and leaves no timer", async () => {
    vi.useFakeTimers();
    let done = false;
    const sleeping = sleep(1_000).then(() => {
      done = true;
    });

    await vi.advanceTimersByTimeAsync(999);
    const before = done;
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;

    expect(before).toBe(false);
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("resolves with a signal that never aborts, and stops listening to it", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, "removeEventListener");
    const sleeping = sleep(500, controller.signal);

    await vi.advanceTimersByTimeAsync(500);

    await expect(sleeping).resolves.toBeUndefined();
    expect(removed).toHaveBeenCalledWith("abort", expect.any(Function));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects at once with the signal's reason when aborted mid-sleep, and clears its timer", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const reason = new Error("user cancelled");
    let result: unknown = "pending";
    sleep(5_000, controller.signal).then(
      () => {
        result = "resolved";
      },
      (error: unknown) => {
        result = error;
      },
    );
    await vi.advanceTimersByTimeAsync(100);

    controller.abort(reason);
    await Promise.resolve(); // only microtasks: no fake time passes

    expect(result).toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects with the reason without starting a timer when the signal is already aborted", async () => {
    vi.useFakeTimers();
    const reason = new Error("already cancelled");

    const sleeping = sleep(5_000, AbortSignal.abort(reason));

    expect(vi.getTimerCount()).toBe(0);
    await expect(sleeping).rejects.toBe(reason);
  });
});
