/**
 * The two ways to the one attempt loop (issue 17): with no middleware and no custom fetch, a lookup
 * builds its URL and calls the global fetch itself (with a URL string); with middleware registered —
 * at creation or later through `raw.use()` — it goes through openapi-fetch (which calls fetch with a
 * Request), so every middleware sees every lookup. And the size cap counts what is read wherever a
 * declared Content-Length cannot be trusted (issue 21).
 */
import type { Middleware } from "openapi-fetch";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLookupClient, HiroApiError } from "../../src/index.js";
import { emptyPage, fakeFetch, json, LOCAL, ORDINAL, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = { token_uri: "ipfs://x", metadata: { sip: 16, name: "x" } };

/** Stubs the global fetch with `handler`; records how each call was made. */
function stubGlobalFetch(handler: (request: Request, call: number) => Response | Promise<Response>) {
  const inputs: Array<"url" | "request"> = [];
  const { fetch, requests } = fakeFetch(handler);
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    inputs.push(input instanceof Request ? "request" : "url");
    return fetch(input, init);
  });
  return { inputs, requests };
}

const answer = (request: Request) =>
  new URL(request.url).pathname.startsWith("/metadata/") ? json(TOKEN) : emptyPage(request);

async function allThree(client: ReturnType<typeof createLookupClient>) {
  await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });
  await client.getSatoshiInscriptions({ ordinal: ORDINAL });
  await client.getTransactionActivity({ tx_id: TX_ID, limit: 5 });
}

describe("the direct path and the middleware path", () => {
  it("without middleware, lookups call the global fetch directly, with the key and the same URL", async () => {
    const { inputs, requests } = stubGlobalFetch(answer);
    const { client } = createTestClient(LOCAL, { apiKey: "k-1", headers: { "x-app": "a" } });
    await allThree(client);
    expect(inputs).toEqual(["url", "url", "url"]);
    expect(requests.map((r) => r.url)).toEqual([
      `${LOCAL}/metadata/v1/sft/${PRINCIPAL}/1`,
      `${LOCAL}/ordinals/v1/sats/${ORDINAL}/inscriptions`,
      `${LOCAL}/runes/v1/transactions/${TX_ID}/activity?limit=5`,
    ]);
    expect(requests.map((r) => [r.headers.get("x-api-key"), r.headers.get("x-app"), r.redirect])).toEqual([
      ["k-1", "a", "manual"],
      ["k-1", "a", "manual"],
      ["k-1", "a", "manual"],
    ]);
  });

  it("middleware given at creation sees every lookup", async () => {
    const { inputs } = stubGlobalFetch(answer);
    const seen: string[] = [];
    const spy: Middleware = { onRequest: ({ request }) => void seen.push(new URL(request.url).pathname) };
    await allThree(createTestClient(LOCAL, { middleware: [spy] }).client);
    expect(seen).toHaveLength(3);
    expect(inputs).toEqual(["request", "request", "request"]);
  });

  it("raw.use() added later switches the lookups to the middleware path; eject switches back", async () => {
    const { inputs } = stubGlobalFetch(answer);
    const { client } = createTestClient(LOCAL);
    await client.getSatoshiInscriptions({ ordinal: ORDINAL });
    const seen: string[] = [];
    const spy: Middleware = { onResponse: ({ request }) => void seen.push(new URL(request.url).pathname) };
    client.raw.use(spy);
    await allThree(client);
    expect(seen).toEqual([
      `/metadata/v1/sft/${PRINCIPAL}/1`,
      `/ordinals/v1/sats/${ORDINAL}/inscriptions`,
      `/runes/v1/transactions/${TX_ID}/activity`,
    ]);
    client.raw.eject(spy);
    await client.getSatoshiInscriptions({ ordinal: ORDINAL });
    expect(inputs).toEqual(["url", "request", "request", "request", "url"]);
    expect(seen).toHaveLength(3);
  });

  it("a custom fetch takes the openapi-fetch path (it is called with the Request)", async () => {
    const { fetch, requests } = fakeFetch(answer);
    const calls: unknown[] = [];
    const client = createLookupClient({
      baseUrl: LOCAL,
      fetch: (input, init) => {
        calls.push(input);
        return fetch(input, init);
      },
    });
    await client.getSatoshiInscriptions({ ordinal: ORDINAL });
    expect(calls[0]).toBeInstanceOf(Request);
    expect(requests).toHaveLength(1);
  });

  it("a body that fails mid-read is retried on the direct path", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { requests } = stubGlobalFetch((request, call) => {
      if (call > 1) return emptyPage(request);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"limit":20,'));
          controller.error(new TypeError("terminated"));
        },
      });
      return new Response(body, { headers: { "content-type": "application/json" } });
    });
    const page = await createTestClient(LOCAL).client.getSatoshiInscriptions({ ordinal: ORDINAL });
    expect(page.total).toBe(0);
    expect(requests).toHaveLength(2);
  });
});

describe("the size cap counts when Content-Length cannot be trusted", () => {
  const BIG = JSON.stringify({ limit: 20, offset: 0, total: 0, results: [], pad: "x".repeat(300_000) });

  /** A Response that declares `length` whatever its body, as a lying fetch or a proxy would. */
  const lying = (type?: ResponseType) => {
    const response = new Response(BIG, {
      headers: { "content-type": "application/json", "content-length": "64" },
    });
    if (type) Object.defineProperty(response, "type", { value: type });
    return response;
  };

  it("a custom fetch whose Response understates its length: counted, refused past the cap", async () => {
    const { client } = createTestClient(() => lying(), { maxResponseBytes: 1024 });
    const error = await client.getSatoshiInscriptions({ ordinal: ORDINAL }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect(error).toMatchObject({ kind: "invalid_response" });
    expect((error as Error).message).toMatch(/larger than maxResponseBytes \(1024 bytes\)/);
  });

  it("a CORS answer (its Content-Encoding hidden from the page): counted, refused past the cap", async () => {
    stubGlobalFetch(() => lying("cors"));
    const { client } = createTestClient(LOCAL, { maxResponseBytes: 1024 });
    const error = await client.getSatoshiInscriptions({ ordinal: ORDINAL }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid_response" });
    expect((error as Error).message).toMatch(/larger than maxResponseBytes/);
  });

  it("raw calls count too", async () => {
    const { client } = createTestClient(() => lying(), { maxResponseBytes: 1024 });
    const error = await client.raw
      .GET("/ordinals/v1/sats/{ordinal}/inscriptions", { params: { path: { ordinal: ORDINAL } } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid_response" });
  });
});
