/**
 * `hiro-lookup/msw`: an override may answer with a plain `Response` (msw's `HttpResponse`), sent as it
 * is, for what the spec does not document: a proxy's 503 before the service's 200. Requests go through
 * msw's `getResponse`, with no global `fetch` patched.
 */
import { getResponse, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { HiroApiError, type RetryEvent } from "../../src/index.js";
import { type CreateHandlersOptions, createHandlers } from "../../src/msw/index.js";
import { createTestClient } from "../helpers/test-client.js";

const BASE = "https://indexer.test";
const TX = "ab".repeat(32);

/** A `fetch` that answers from the handlers only, and the statuses it answered with, in order. */
function handlersFetch(options: CreateHandlersOptions): { fetch: typeof fetch; statuses: number[] } {
  const handlers = createHandlers(options);
  const statuses: number[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await getResponse(handlers, new Request(input, init));
    if (!response) throw new TypeError(`no handler for ${new Request(input, init).url}`);
    statuses.push(response.status);
    return response;
  };
  return { fetch: fetchImpl as typeof fetch, statuses };
}

describe("overrides: an undocumented answer as a Response", () => {
  it("503 then 200: the client retries the 503 and gets the mock's 200", async () => {
    let calls = 0;
    const { fetch, statuses } = handlersFetch({
      baseUrl: BASE,
      overrides: {
        getTransactionActivity: () =>
          calls++ === 0 ? new HttpResponse("upstream unavailable", { status: 503 }) : undefined,
      },
    });
    const retries: RetryEvent[] = [];
    const { client } = createTestClient((request) => fetch(request), {
      baseUrl: BASE,
      maxRetries: 1,
      onRetry: (event) => retries.push(event),
    });
    const page = await client.getTransactionActivity({ tx_id: TX, limit: 5 });
    expect(page).toEqual({ limit: 5, offset: 0, total: 0, results: [] });
    expect(statuses).toEqual([503, 200]);
    expect(retries).toHaveLength(1);
    expect(retries[0]?.reason).toBe("server error 503");
  });

  it("a fixed Response answers every request, with its status, headers and body", async () => {
    const { fetch } = handlersFetch({
      baseUrl: BASE,
      overrides: {
        getTransactionActivity: new HttpResponse("<html>bad gateway</html>", {
          status: 502,
          headers: { "content-type": "text/html", "x-proxy": "edge" },
        }),
      },
    });
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${BASE}/runes/v1/transactions/${TX}/activity`);
      expect(response.status).toBe(502);
      expect(response.headers.get("x-proxy")).toBe("edge");
      expect(await response.text()).toBe("<html>bad gateway</html>");
    }
    const { client } = createTestClient((request) => fetch(request), { baseUrl: BASE, maxRetries: 0 });
    const error = await client.getTransactionActivity({ tx_id: TX }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect((error as HiroApiError).status).toBe(502);
  });
});
