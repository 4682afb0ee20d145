import { describe, expect, it } from "vitest";
import { HiroApiError, HiroNetworkError, HiroTimeoutError } from "../../src/index.js";
import { emptyPage, json, LOCAL, never, ORDINAL, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const page = (results: unknown[] = [], total = results.length) =>
  json({ limit: 20, offset: 0, total, results });

describe("requests", () => {
  it("builds the canonical URL of each paged operation", async () => {
    const { client, requests } = createTestClient(emptyPage);
    await client.getSatoshiInscriptions({ ordinal: ORDINAL, offset: 40, limit: 20 });
    await client.getTransactionActivity({ tx_id: TX_ID });
    expect(requests.map((r) => r.url)).toEqual([
      `${LOCAL}/ordinals/v1/sats/${ORDINAL}/inscriptions?offset=40&limit=20`,
      `${LOCAL}/runes/v1/transactions/${TX_ID}/activity`,
    ]);
    expect(requests.every((r) => r.method === "GET")).toBe(true);
  });

  it("accepts a base URL with a trailing slash and a path prefix (self-hosted)", async () => {
    const { client, requests } = createTestClient(() => json({}), {
      baseUrl: "http://127.0.0.1:3000/indexer/",
    });
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 35, locale: "es-MX" });
    expect(requests[0]?.url).toBe(
      `http://127.0.0.1:3000/indexer/metadata/v1/sft/${PRINCIPAL}/35?locale=es-MX`,
    );
  });

  it("sends the API key as x-api-key, never in the URL, plus client and per-call headers", async () => {
    const { client, requests } = createTestClient(() => json({}), {
      apiKey: "k-123",
      headers: { "user-agent": "test-suite" },
    });
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: "1" }, { headers: { "x-trace": "abc" } });
    const request = requests[0];
    expect(request?.headers.get("x-api-key")).toBe("k-123");
    expect(request?.headers.get("user-agent")).toBe("test-suite");
    expect(request?.headers.get("x-trace")).toBe("abc");
    expect(request?.url).not.toContain("k-123");
  });

  // Bug found in review: openapi-fetch merges per-call headers with Object.entries, so an array of
  // pairs (a valid HeadersInit) went out as a header named "0".
  it.each([
    ["an array of pairs", [["x-trace", "abc"]] as [string, string][]],
    ["a Headers object", new Headers({ "x-trace": "abc" })],
    ["a record", { "x-trace": "abc" }],
  ])("takes per-call and client headers given as %s", async (_, given) => {
    const { client, requests } = createTestClient(() => json({}), { headers: given });
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: "1" }, { headers: given });
    const sent = [...(requests[0]?.headers ?? new Headers())];
    expect(sent.filter(([name]) => name === "x-trace")).toEqual([["x-trace", "abc"]]);
    expect(sent.map(([name]) => name)).not.toContain("0");
  });

  it("sends a large token id exactly, and a 0x/upper-case tx id bare and lower-case", async () => {
    const { client, requests } = createTestClient(() =>
      json({ limit: 20, offset: 0, total: 0, results: [] }),
    );
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 2n ** 53n - 1n });
    await client.getTransactionActivity({ tx_id: `0x${TX_ID.toUpperCase()}` });
    expect(new URL(requests[0]?.url ?? "").pathname).toBe(`/metadata/v1/sft/${PRINCIPAL}/9007199254740991`);
    expect(new URL(requests[1]?.url ?? "").pathname).toBe(`/runes/v1/transactions/${TX_ID}/activity`);
  });

  it("returns the parsed body as the typed result", async () => {
    const body = { limit: 20, offset: 0, total: 1, results: [{ id: "x", number: -7, sat_ordinal: "1" }] };
    const { client } = createTestClient(() => json(body));
    await expect(client.getSatoshiInscriptions({ ordinal: 1 })).resolves.toEqual(body);
  });

  it("exposes the openapi-fetch client with the same base URL and key", async () => {
    const { client, requests } = createTestClient(() => page(), {
      baseUrl: "http://127.0.0.1:1",
      apiKey: "k",
    });
    const { data } = await client.raw.GET("/ordinals/v1/sats/{ordinal}/inscriptions", {
      params: { path: { ordinal: 5 }, query: { limit: 60 } },
    });
    expect(data?.total).toBe(0);
    expect(requests[0]?.url).toBe("http://127.0.0.1:1/ordinals/v1/sats/5/inscriptions?limit=60");
    expect(requests[0]?.headers.get("x-api-key")).toBe("k");
  });
});

describe("error kinds", () => {
  const sft = { principal: PRINCIPAL, token_id: 35 };
  const cases: Array<[string, () => Response, string, unknown]> = [
    [
      "404 Token not found",
      () => json({ error: "Token not found" }, 404),
      "not_found",
      { error: "Token not found" },
    ],
    [
      "404 Contract not found",
      () => json({ error: "Contract not found" }, 404),
      "not_found",
      { error: "Contract not found" },
    ],
    [
      "422 fetch in progress",
      () => json({ error: "Token metadata fetch in progress" }, 422),
      "metadata_pending",
      { error: "Token metadata fetch in progress" },
    ],
    [
      "422 Locale not found",
      () => json({ error: "Locale not found" }, 422),
      "locale_not_found",
      { error: "Locale not found" },
    ],
    [
      "422 Token error",
      () => json({ error: "Token error", message: "Unknown error" }, 422),
      "token_error",
      { error: "Token error", message: "Unknown error" },
    ],
    [
      "422 with an undocumented body",
      () => json({ error: "Other" }, 422),
      "unexpected_status",
      { error: "Other" },
    ],
    [
      "400",
      () => json({ statusCode: 400, error: "Bad Request", message: "params/token_id must be integer" }, 400),
      "invalid_request",
      { statusCode: 400, error: "Bad Request", message: "params/token_id must be integer" },
    ],
    [
      "429",
      () => json({ message: "API rate limit exceeded" }, 429),
      "rate_limited",
      { message: "API rate limit exceeded" },
    ],
    [
      "500 with HTML",
      () => new Response("<html>oops</html>", { status: 500 }),
      "server_error",
      "<html>oops</html>",
    ],
    ["304", () => new Response(null, { status: 304 }), "not_modified", undefined],
    ["418", () => new Response("teapot", { status: 418 }), "unexpected_status", "teapot"],
    ["200 empty", () => new Response("", { status: 200 }), "invalid_response", ""],
    [
      "200 HTML",
      () => new Response("<html>", { status: 200, headers: { "content-type": "text/html" } }),
      "invalid_response",
      "<html>",
    ],
    [
      "200 truncated JSON",
      () => new Response('{"token_uri": "ipfs://', { status: 200 }),
      "invalid_response",
      '{"token_uri": "ipfs://',
    ],
  ];

  it.each(cases)("%s → %s", async (_, respond, kind, body) => {
    const { client } = createTestClient(respond, { maxRetries: 0 });
    const error = await client.getSftMetadata(sft).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect(error).toMatchObject({ name: "HiroApiError", kind, body, operationId: "getSftMetadata" });
    expect((error as HiroApiError).url).toBe(`${LOCAL}/metadata/v1/sft/${PRINCIPAL}/35`);
    expect((error as Error).message).toContain("getSftMetadata");
  });

  it("a 404 without the documented body points at the base URL (e.g. a server without that API)", async () => {
    const notFound = {
      message: "Route GET:/ordinals/v1/sats/1/inscriptions not found",
      error: "Not Found",
      statusCode: 404,
    };
    const { client } = createTestClient(() => json(notFound, 404));
    const error = await client.getSatoshiInscriptions({ ordinal: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unexpected_status", status: 404, body: notFound });
  });

  it("keeps a usable Retry-After as retryAfterMs", async () => {
    const { client } = createTestClient(() => json({}, 429, { "retry-after": "7" }), { maxRetries: 0 });
    await expect(client.getTransactionActivity({ tx_id: TX_ID })).rejects.toMatchObject({
      retryAfterMs: 7000,
    });
  });

  it("narrows the body by kind with is()", async () => {
    const { client } = createTestClient(() =>
      json({ error: "Token error", message: "Image size is too large to process" }, 422),
    );
    const error = await client.getSftMetadata(sft).catch((e: unknown) => e);
    if (!(error instanceof HiroApiError) || !error.is("token_error"))
      throw new Error("expected a token_error");
    expect(error.body.message).toBe("Image size is too large to process");
    expect(error.is("not_found")).toBe(false);
  });

  it("wraps a transport failure in HiroNetworkError and keeps the cause", async () => {
    const cause = new TypeError("fetch failed");
    const { client } = createTestClient(
      () => {
        throw cause;
      },
      { maxRetries: 0 },
    );
    const error = await client.getSatoshiInscriptions({ ordinal: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroNetworkError);
    expect((error as HiroNetworkError).cause).toBe(cause);
  });

  it("times out an attempt that never answers with HiroTimeoutError", async () => {
    const { client } = createTestClient(never, { timeoutMs: 30, maxRetries: 0 });
    await expect(client.getSatoshiInscriptions({ ordinal: 1 })).rejects.toBeInstanceOf(HiroTimeoutError);
  });

  it("rejects with the caller's own abort reason, not a timeout", async () => {
    const { client, requests } = createTestClient(never, { maxRetries: 2 });
    const controller = new AbortController();
    const reason = new Error("user cancelled");
    const pending = client.getSatoshiInscriptions({ ordinal: 1 }, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 10);
    await expect(pending).rejects.toBe(reason);
    expect(requests).toHaveLength(1);
  });

  it("does not send anything when the signal is already aborted", async () => {
    const { client, requests } = createTestClient(() => page());
    const reason = new Error("already gone");
    await expect(
      client.getSatoshiInscriptions({ ordinal: 1 }, { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    expect(requests).toHaveLength(0);
  });
});
