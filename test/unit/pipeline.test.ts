/**
 * The one pipeline (issue 11): the lookups and `raw` are the same openapi-fetch client, so middleware,
 * retries, timeouts and the key policy apply to both; middleware sees one request per call.
 */
import type { Middleware } from "openapi-fetch";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  HiroApiError,
  HiroError,
  HiroNetworkError,
  HiroTimeoutError,
  type RetryEvent,
} from "../../src/index.js";
import { json, never, ORDINAL, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

afterEach(() => {
  vi.restoreAllMocks();
});

const PAGE = { limit: 20, offset: 0, total: 0, results: [] };
const SAT_PATH = "/ordinals/v1/sats/{ordinal}/inscriptions" as const;

afterEach(() => {
  vi.restoreAllMocks(); // Math.random: unit files share a worker (isolate: false)
});

describe("one openapi-fetch client", () => {
  it("middleware added to raw sees the lookups, once per call however many attempts", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { client, requests } = createTestClient((_, call) => (call === 1 ? json({}, 503) : json(PAGE)), {
      baseUrl: "http://127.0.0.1:1",
    });
    const seen: string[] = [];
    client.raw.use({ onRequest: ({ request }) => void seen.push(new URL(request.url).pathname) });

    await client.getSatoshiInscriptions({ ordinal: ORDINAL });

    expect(requests).toHaveLength(2);
    expect(seen).toEqual([`/ordinals/v1/sats/${ORDINAL}/inscriptions`]);
  });

  it("raw gets the retries and onRetry is told why and how long", async () => {
    const events: RetryEvent[] = [];
    const { client, requests } = createTestClient(
      (_, call) => (call === 1 ? json({ error: "busy" }, 429, { "retry-after": "0" }) : json(PAGE)),
      { baseUrl: "http://127.0.0.1:1", onRetry: (e) => events.push(e) },
    );

    const { data, response } = await client.raw.GET(SAT_PATH, { params: { path: { ordinal: ORDINAL } } });

    expect(response.status).toBe(200);
    expect(data).toEqual(PAGE);
    expect(requests).toHaveLength(2);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ retry: 1, reason: "rate limited", status: 429 });
    expect(events[0]?.delayMs).toBeGreaterThanOrEqual(500);
    expect(events[0]?.request.headers.get("x-api-key")).toBeNull();
  });

  it("raw gets the per-attempt timeout", async () => {
    const { client } = createTestClient(never, {
      baseUrl: "http://127.0.0.1:1",
      timeoutMs: 30,
      maxRetries: 0,
    });

    await expect(client.raw.GET(SAT_PATH, { params: { path: { ordinal: ORDINAL } } })).rejects.toBeInstanceOf(
      HiroTimeoutError,
    );
  });

  it("per-call timeoutMs and maxRetries override the client's for that call only", async () => {
    const { client, requests } = createTestClient(never, {
      baseUrl: "http://127.0.0.1:1",
      timeoutMs: 60_000,
      maxRetries: 0,
    });

    const error = await client
      .getTransactionActivity({ tx_id: TX_ID }, { timeoutMs: 20, maxRetries: 1 })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HiroTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 20, attempts: 2 });
    expect(requests).toHaveLength(2);
  });

  it("every attempt goes out with redirect: manual, whatever the call asked", async () => {
    const { client, requests } = createTestClient(() => json(PAGE), { baseUrl: "http://127.0.0.1:1" });

    await client.raw.GET(SAT_PATH, { params: { path: { ordinal: ORDINAL } }, redirect: "follow" });
    await client.getSatoshiInscriptions({ ordinal: ORDINAL });

    expect(requests.map((r) => r.redirect)).toEqual(["manual", "manual"]);
  });

  it("a request a middleware moved off the spec's paths names no operation in its errors (none made up)", async () => {
    const mirror: Middleware = {
      onRequest: ({ request }) => new Request("http://127.0.0.1:2/ordinals/v1/mirror/everything", request),
    };
    const { client } = createTestClient(
      () => {
        throw new TypeError("fetch failed");
      },
      { baseUrl: "http://127.0.0.1:1", maxRetries: 0, middleware: [mirror] },
    );
    const error = await client.raw
      .GET(SAT_PATH, { params: { path: { ordinal: ORDINAL } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroNetworkError);
    expect((error as HiroNetworkError).operationId).toBeUndefined();
    expect((error as HiroNetworkError).message).toMatch(/^GET http:\/\/127\.0\.0\.1:2\/ordinals\/v1\/mirror/);
  });

  it("a body too large for a request moved off the spec's paths is refused, as no lookup's API error", async () => {
    const mirror: Middleware = {
      onRequest: ({ request }) => new Request("http://127.0.0.1:2/ordinals/v1/mirror/everything", request),
    };
    const { client } = createTestClient(() => json({ results: "x".repeat(100) }), {
      baseUrl: "http://127.0.0.1:1",
      maxResponseBytes: 10,
      middleware: [mirror],
    });
    const error = await client.raw
      .GET(SAT_PATH, { params: { path: { ordinal: ORDINAL } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroError);
    expect(error).not.toBeInstanceOf(HiroApiError);
    expect((error as Error).message).toMatch(
      /^GET http:\/\/127\.0\.0\.1:2\/ordinals\/v1\/mirror\/everything: a body larger than maxResponseBytes \(10 bytes\)/,
    );
  });

  it("the key goes only to the base URL's origin, also when a middleware points a request elsewhere", async () => {
    const elsewhere: Middleware = {
      onRequest: ({ request }) => new Request(request.url.replace("127.0.0.1:1", "127.0.0.1:2"), request),
    };
    const { client, requests } = createTestClient(() => json(PAGE), {
      baseUrl: "http://127.0.0.1:1",
      apiKey: "k-1",
    });

    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });
    client.raw.use(elsewhere);
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });

    expect(requests.map((r) => [new URL(r.url).port, r.headers.get("x-api-key")])).toEqual([
      ["1", "k-1"],
      ["2", null],
    ]);
  });

  it("the user's fetch gets one Request per attempt, carrying the attempt's signal", async () => {
    const { client, requests } = createTestClient(() => json(PAGE), { baseUrl: "http://127.0.0.1:1" });
    const caller = new AbortController();

    await client.getSatoshiInscriptions({ ordinal: ORDINAL, limit: 5 }, { signal: caller.signal });

    expect(requests).toHaveLength(1);
    expect(requests[0]).toBeInstanceOf(Request);
    expect(requests[0]?.url).toBe(`http://127.0.0.1:1/ordinals/v1/sats/${ORDINAL}/inscriptions?limit=5`);
    expect(requests[0]?.signal.aborted).toBe(false);
  });
});
