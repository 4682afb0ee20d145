import { describe, expect, it, vi } from "vitest";
import {
  HiroApiError,
  HiroNetworkError,
  HiroTimeoutError,
  HiroValidationError,
  HiroWaitTimeoutError,
  waitForMetadata,
} from "../../src/index.js";
import { json, never, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const params = { principal: PRINCIPAL, token_id: 35 };
const pending = () => json({ error: "Token metadata fetch in progress" }, 422);

describe("waitForMetadata", () => {
  it("asks again while the metadata is being fetched, then returns it", async () => {
    const { client, requests } = createTestClient((_, call) =>
      call < 3 ? pending() : json({ total_supply: "5" }),
    );
    const token = await waitForMetadata(client, params, { initialDelayMs: 5 });
    expect(token).toEqual({ total_supply: "5" });
    expect(requests).toHaveLength(3);
  });

  it("rejects with HiroWaitTimeoutError at the deadline, keeping the last answer as lastError and cause", async () => {
    const { client, requests } = createTestClient(pending);
    const started = Date.now();
    // A wait ends when the next try would not have as long as the last one took: a deadline of 600 ms
    // over waits of 10, 20, 40… ms leaves room for several tries even when a busy machine slows each one.
    const error = await waitForMetadata(client, params, { deadlineMs: 600, initialDelayMs: 10 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(HiroWaitTimeoutError);
    const wait = error as HiroWaitTimeoutError;
    expect(wait.name).toBe("HiroWaitTimeoutError");
    expect(wait.deadlineMs).toBe(600);
    expect(wait.lastError).toBeInstanceOf(HiroApiError);
    expect(wait.lastError).toMatchObject({ kind: "metadata_pending", status: 422 });
    expect(wait.cause).toBe(wait.lastError);
    expect(wait.message).toBe(
      "getSftMetadata: the token's metadata was still being fetched after 600 ms (waitForMetadata deadlineMs)",
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(requests.length).toBeGreaterThanOrEqual(2);
  });

  it("its deadline is not a transport timeout: the error is no HiroNetworkError", async () => {
    const { client } = createTestClient(pending);
    const error = await waitForMetadata(client, params, { deadlineMs: 10, initialDelayMs: 5 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(HiroWaitTimeoutError);
    expect(error).not.toBeInstanceOf(HiroNetworkError);
  });

  it("throws any other error at once", async () => {
    const { client, requests } = createTestClient(() => json({ error: "Token not found" }, 404));
    const error = await waitForMetadata(client, params, { initialDelayMs: 5 }).catch((e) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect((error as HiroApiError).kind).toBe("not_found");
    expect(requests).toHaveLength(1);
  });

  it("stops waiting as soon as the signal aborts", async () => {
    const { client, requests } = createTestClient(pending);
    const controller = new AbortController();
    const reason = new Error("enough");
    setTimeout(() => controller.abort(reason), 30);
    const started = Date.now();
    await expect(
      waitForMetadata(client, params, { initialDelayMs: 10_000, signal: controller.signal }),
    ).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(requests).toHaveLength(1);
  });

  // Bug found in review: a wait longer than setTimeout's 2^31-1 ms limit fires after 1 ms in Node,
  // so deadlineMs and initialDelayMs of 2^31 turned the waits into a tight loop of requests.
  it.each(["deadlineMs", "initialDelayMs", "maxDelayMs"])(
    "rejects %s past setTimeout's limit, and a non-positive one, before any request",
    async (name) => {
      const { client, requests } = createTestClient(pending);
      for (const value of [2 ** 31, 0, Number.NaN]) {
        const options = { deadlineMs: 1000, initialDelayMs: 5, maxDelayMs: 10, [name]: value };
        const error = await waitForMetadata(client, params, options).catch((e) => e);
        expect(error).toBeInstanceOf(HiroValidationError);
        expect((error as HiroValidationError).parameter).toBe(name);
      }
      expect(requests).toHaveLength(0);
    },
  );
});

describe("waitForMetadata's deadline bounds each try (issue 21)", () => {
  it("a silent server: rejects at deadlineMs, not after a whole lookup's totalTimeoutMs", async () => {
    vi.useFakeTimers();
    try {
      const { client } = createTestClient((request, call) => (call === 1 ? pending() : never(request)), {
        totalTimeoutMs: 100_000,
        timeoutMs: 100_000,
        maxRetries: 0,
      });
      const outcome: { error?: unknown } = {};
      waitForMetadata(client, params, { deadlineMs: 1_000, initialDelayMs: 100 }).catch((e: unknown) => {
        outcome.error = e;
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(outcome.error).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome.error).toBeInstanceOf(HiroWaitTimeoutError);
      expect((outcome.error as HiroWaitTimeoutError).lastError).toMatchObject({ kind: "metadata_pending" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a server silent from the first try: a HiroTimeoutError at deadlineMs", async () => {
    vi.useFakeTimers();
    try {
      const { client } = createTestClient((request) => never(request), {
        totalTimeoutMs: 100_000,
        timeoutMs: 100_000,
        maxRetries: 0,
      });
      const outcome: { error?: unknown } = {};
      waitForMetadata(client, params, { deadlineMs: 1_000 }).catch((e: unknown) => {
        outcome.error = e;
      });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(outcome.error).toBeInstanceOf(HiroTimeoutError);
      expect((outcome.error as Error).message).toMatch(/deadlineMs/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("waitForMetadata with a locale while the token is pending", () => {
  const localeMissing = () => json({ error: "Locale not found" }, 422);

  it("a 422 Locale not found while the token itself is pending is waited out like pending", async () => {
    let ready = false;
    const { client, requests } = createTestClient((request) => {
      const withLocale = new URL(request.url).searchParams.has("locale");
      if (!ready) return withLocale ? localeMissing() : pending();
      return json({ total_supply: "5", metadata: { name: "en" } });
    });
    setTimeout(() => {
      ready = true;
    }, 30);
    const token = await waitForMetadata(client, { ...params, locale: "en" }, { initialDelayMs: 20 });
    expect(token).toEqual({ total_supply: "5", metadata: { name: "en" } });
    expect(requests.some((r) => !new URL(r.url).searchParams.has("locale"))).toBe(true);
  });

  it("a locale the token really lacks (the token answers without it) is thrown at once", async () => {
    const { client, requests } = createTestClient((request) =>
      new URL(request.url).searchParams.has("locale") ? localeMissing() : json({ total_supply: "5" }),
    );
    const error = await waitForMetadata(client, { ...params, locale: "xx" }, { initialDelayMs: 5 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: "locale_not_found" });
    expect(requests).toHaveLength(2);
  });
});
