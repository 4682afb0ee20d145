/**
 * Issue 21 (small): `waitForMetadata` (and so `--wait`) overshot its deadline by a whole lookup: each
 * try had the client's full `totalTimeoutMs` (120 s), so `--wait-timeout 1000` against a silent server
 * exited after 91.7 s. Now each try gets only the time that is left.
 * Issue 20 (item 4): while a token is pending, a request with `locale` gets 422 "Locale not found"
 * (upstream checks the locale before the job), so `sft <pending> --locale en --wait` exited at once.
 * Now the wait asks once without the locale to tell "pending" from "no such locale". On fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createLookupClient,
  type HiroApiError,
  HiroTimeoutError,
  HiroWaitTimeoutError,
  waitForMetadata,
} from "../../src/index.js";
import { fakeFetch, json, LOCAL, never, PRINCIPAL } from "../helpers/fake-fetch.js";

const params = { principal: PRINCIPAL, token_id: 35 };
const pending = () => json({ error: "Token metadata fetch in progress" }, 422);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

function settled(promise: Promise<unknown>) {
  const state: { error?: unknown; done: boolean } = { done: false };
  promise.then(
    () => {
      state.done = true;
    },
    (error: unknown) => {
      state.done = true;
      state.error = error;
    },
  );
  return state;
}

describe("waitForMetadata keeps to its deadline", () => {
  it("a silent server: the first try ends at deadlineMs, not at the client's totalTimeoutMs", async () => {
    const fake = fakeFetch(never);
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch });
    const state = settled(waitForMetadata(client, params, { deadlineMs: 1_000 }));
    await vi.advanceTimersByTimeAsync(999);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.done).toBe(true);
    expect(state.error).toBeInstanceOf(HiroTimeoutError);
  });

  it("a try after a pending answer gets only what is left of the deadline", async () => {
    const fake = fakeFetch((request, call) => (call === 1 ? pending() : never(request)));
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch });
    const state = settled(waitForMetadata(client, params, { deadlineMs: 5_000, initialDelayMs: 1_000 }));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(state.done).toBe(false);
    expect(fake.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.done).toBe(true);
    // The deadline passed while the service was still fetching: the wait's own error, with the last answer.
    expect(state.error).toBeInstanceOf(HiroWaitTimeoutError);
    expect((state.error as HiroWaitTimeoutError).lastError.kind).toBe("metadata_pending");
  });

  it("a caller's shorter totalTimeoutMs still bounds each try", async () => {
    const fake = fakeFetch(never);
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch, maxRetries: 0 });
    const state = settled(waitForMetadata(client, params, { deadlineMs: 10_000, totalTimeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(500);
    expect(state.done).toBe(true);
    expect(state.error).toBeInstanceOf(HiroTimeoutError);
  });
});

describe("waitForMetadata with a locale", () => {
  const localeNotFound = () => json({ error: "Locale not found" }, 422);
  const TOKEN = { metadata: { sip: 16, name: "Token" } };
  /** A TMA token: pending for the first `pendingTries` requests, then processed (with `locales`). */
  function token(pendingTries: number, locales: string[]) {
    return fakeFetch((request, call) => {
      const locale = new URL(request.url).searchParams.get("locale");
      if (call <= pendingTries) return locale ? localeNotFound() : pending();
      if (locale && !locales.includes(locale)) return localeNotFound();
      return json(TOKEN);
    });
  }

  it("a pending token (Locale not found with the locale, in progress without) is waited for", async () => {
    const fake = token(4, ["es"]);
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch });
    const state = settled(
      waitForMetadata(client, { ...params, locale: "es" }, { initialDelayMs: 100 }).then((answer) => {
        expect(answer).toEqual(TOKEN);
      }),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state).toEqual({ done: true });
    const asked = fake.requests.map((r) => new URL(r.url).searchParams.get("locale"));
    expect(asked).toEqual(["es", null, "es", null, "es"]);
  });

  it("a processed token without that locale rejects locale_not_found after one check, without waiting", async () => {
    const fake = token(0, ["en"]);
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch });
    const state = settled(waitForMetadata(client, { ...params, locale: "es" }, { initialDelayMs: 100 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.done).toBe(true);
    expect((state.error as HiroApiError).kind).toBe("locale_not_found");
    expect(fake.requests).toHaveLength(2);
  });
});
