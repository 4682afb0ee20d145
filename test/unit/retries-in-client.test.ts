/**
 * Retries through the client, on fake timers: the backoff and Retry-After waits are real setTimeout
 * calls, so advancing the fake clock shows exactly when each attempt is made. Each client is created
 * inside its test, on the fake timers, so its clock is the fake one. The policy itself (which outcome is
 * retried, how long to wait) is tested as pure functions in retry.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HiroApiError, HiroNetworkError, HiroTimeoutError } from "../../src/index.js";
import { json, never, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const PAGE = { limit: 20, offset: 0, total: 0, results: [] };
/** Longer than any backoff or Retry-After the policy allows in these tests. */
const LONG_ENOUGH = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  vi.spyOn(Math, "random").mockReturnValue(0); // no jitter: delays are exact
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks(); // Math.random: unit files share a worker (isolate: false)
});

type Settled =
  | { state: "pending" }
  | { state: "fulfilled"; value: unknown }
  | { state: "rejected"; reason: unknown };

/** Watches a promise without awaiting it, so a rejection is never unhandled and the state can be read at any time. */
function watch(promise: Promise<unknown>): { readonly current: Settled } {
  const watcher: { current: Settled } = { current: { state: "pending" } };
  promise.then(
    (value) => {
      watcher.current = { state: "fulfilled", value };
    },
    (reason: unknown) => {
      watcher.current = { state: "rejected", reason };
    },
  );
  return watcher;
}

function rejection(settled: Settled): unknown {
  if (settled.state !== "rejected") throw new Error(`expected a rejection, got ${settled.state}`);
  return settled.reason;
}

describe("retries in the client", () => {
  it("retries a 503 and resolves with the 200 of the second attempt", async () => {
    const { client, requests } = createTestClient((_, call) => (call === 1 ? json({}, 503) : json(PAGE)));

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }));
    await vi.advanceTimersByTimeAsync(0);
    const afterFirst = requests.length;
    await vi.advanceTimersByTimeAsync(LONG_ENOUGH);

    expect(afterFirst).toBe(1);
    expect(result.current).toEqual({ state: "fulfilled", value: PAGE });
    expect(requests).toHaveLength(2);
  });

  it("gives up after maxRetries + 1 attempts with a server_error", async () => {
    const { client, requests } = createTestClient(() => json({ error: "Internal Server Error" }, 500), {
      maxRetries: 2,
    });

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }));
    await vi.advanceTimersByTimeAsync(LONG_ENOUGH);
    await vi.advanceTimersByTimeAsync(LONG_ENOUGH);

    const error = rejection(result.current);
    expect(error).toBeInstanceOf(HiroApiError);
    expect(error).toMatchObject({ kind: "server_error", status: 500 });
    expect(requests).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not retry a 400", async () => {
    const { client, requests } = createTestClient(() =>
      json({ statusCode: 400, error: "Bad Request", message: "x" }, 400),
    );

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }));
    await vi.advanceTimersByTimeAsync(LONG_ENOUGH);

    expect(rejection(result.current)).toMatchObject({ kind: "invalid_request", status: 400 });
    expect(requests).toHaveLength(1);
  });

  it("waits Retry-After (1 s) after a 429 before the second attempt, not the shorter backoff", async () => {
    const { client, requests } = createTestClient((_, call) =>
      call === 1 ? json({ message: "API rate limit exceeded" }, 429, { "retry-after": "1" }) : json(PAGE),
    );

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }));
    await vi.advanceTimersByTimeAsync(999);
    const at999 = requests.length;
    await vi.advanceTimersByTimeAsync(1);
    const at1000 = requests.length;
    await vi.advanceTimersByTimeAsync(0);

    expect(at999).toBe(1);
    expect(at1000).toBe(2);
    expect(result.current).toEqual({ state: "fulfilled", value: PAGE });
  });

  it("waits the first backoff delay (500 ms) after a 429 with Retry-After: 0, not less", async () => {
    const { client, requests } = createTestClient((_, call) =>
      call === 1 ? json({ error: "Too Many Requests" }, 429, { "retry-after": "0" }) : json(PAGE),
    );

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }));
    await vi.advanceTimersByTimeAsync(499);
    const at499 = requests.length;
    await vi.advanceTimersByTimeAsync(1);
    const at500 = requests.length;
    await vi.advanceTimersByTimeAsync(0);

    expect(at499).toBe(1);
    expect(at500).toBe(2);
    expect(result.current).toEqual({ state: "fulfilled", value: PAGE });
  });

  it("waits until an HTTP-date Retry-After, measured on the client's clock", async () => {
    vi.setSystemTime(Date.parse("2024-04-20T00:00:00.000Z"));
    const retryAt = new Date(Date.parse("2024-04-20T00:00:03.000Z")).toUTCString();
    const { client, requests } = createTestClient((_, call) =>
      call === 1 ? json({}, 503, { "retry-after": retryAt }) : json(PAGE),
    );

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }));
    await vi.advanceTimersByTimeAsync(2_999);
    const before = requests.length;
    await vi.advanceTimersByTimeAsync(1);

    expect(before).toBe(1);
    expect(requests).toHaveLength(2);
    expect(result.current.state).toBe("fulfilled");
  });

  it("lets a per-call maxRetries: 0 override the client's retries", async () => {
    const { client, requests } = createTestClient(() => json({}, 503), { maxRetries: 3 });

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }, { maxRetries: 0 }));
    await vi.advanceTimersByTimeAsync(LONG_ENOUGH);

    expect(rejection(result.current)).toMatchObject({ kind: "server_error", status: 503 });
    expect(requests).toHaveLength(1);
  });

  it("lets a per-call maxRetries raise the client's maxRetries: 0", async () => {
    const { client, requests } = createTestClient(() => json({}, 503), { maxRetries: 0 });

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }, { maxRetries: 1 }));
    await vi.advanceTimersByTimeAsync(LONG_ENOUGH);

    expect(result.current.state).toBe("rejected");
    expect(requests).toHaveLength(2);
  });

  it("retries a network error and finally rejects with HiroNetworkError whose cause is the TypeError", async () => {
    const thrown: TypeError[] = [];
    const { client, requests } = createTestClient(() => {
      const error = new TypeError("fetch failed");
      thrown.push(error);
      throw error;
    });

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }));
    await vi.advanceTimersByTimeAsync(LONG_ENOUGH);

    const error = rejection(result.current);
    expect(error).toBeInstanceOf(HiroNetworkError);
    expect((error as HiroNetworkError).cause).toBe(thrown.at(-1));
    expect((error as HiroNetworkError).message).toContain("fetch failed");
    expect(requests).toHaveLength(3);
  });

  it("stops at once with the caller's reason when aborted during the backoff, and makes no further attempt", async () => {
    const { client, requests } = createTestClient(() => json({}, 503));
    const controller = new AbortController();
    const reason = new Error("user cancelled");

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(0);
    const pendingBeforeAbort = result.current.state;
    controller.abort(reason);
    await vi.advanceTimersByTimeAsync(0);
    const afterAbort = result.current;
    await vi.advanceTimersByTimeAsync(LONG_ENOUGH);

    expect(pendingBeforeAbort).toBe("pending");
    expect(afterAbort).toEqual({ state: "rejected", reason });
    expect(requests).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("times each attempt out after timeoutMs, retries maxRetries times, then rejects with HiroTimeoutError", async () => {
    const { client, requests } = createTestClient(never, { timeoutMs: 50, maxRetries: 2 });

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }));
    await vi.advanceTimersByTimeAsync(49);
    const at49 = { requests: requests.length, state: result.current.state };
    await vi.advanceTimersByTimeAsync(LONG_ENOUGH);

    expect(at49).toEqual({ requests: 1, state: "pending" });
    const error = rejection(result.current);
    expect(error).toBeInstanceOf(HiroTimeoutError);
    expect((error as HiroTimeoutError).timeoutMs).toBe(50);
    expect(requests).toHaveLength(3);
    expect(requests.every((request) => request.signal.aborted)).toBe(true);
  });

  it("applies a per-call timeoutMs to every attempt", async () => {
    const { client, requests } = createTestClient(never, { maxRetries: 1 });

    const result = watch(client.getTransactionActivity({ tx_id: TX_ID }, { timeoutMs: 20 }));
    await vi.advanceTimersByTimeAsync(LONG_ENOUGH);

    expect(rejection(result.current)).toMatchObject({ name: "HiroTimeoutError", timeoutMs: 20 });
    expect(requests).toHaveLength(2);
  });
});
