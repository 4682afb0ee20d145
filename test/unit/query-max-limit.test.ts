/**
 * hiro-lookup/query follows the client it was made from: a deployment's `maxLimit` above the spec's 60 is
 * accepted by the client's call, so its query options must accept it too (they check parameters with the
 * spec's 60 instead and throw). Failing before the fix.
 */
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHandlers } from "../../src/msw/index.js";
import { createLookupQueries } from "../../src/query/index.js";
import { createTestClient } from "../helpers/test-client.js";

const BASE = "http://indexer.test";
const server = setupServer(...createHandlers({ baseUrl: BASE }));
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

describe("query options and the client's maxLimit", () => {
  it("accept a limit up to the deployment's maxLimit, as the client's call does", async () => {
    // A deployment with API_RESULTS_MAX_LIMIT=100 (the msw kit plays the spec's 60, so a fetch of our own).
    const page = { offset: 0, limit: 100, total: 0, results: [] };
    const { client } = createTestClient(() => Response.json(page), {
      baseUrl: BASE,
      maxRetries: 0,
      maxLimit: { ordinals: 100 },
    });
    const params = { ordinal: 257418248345364n, limit: 100 };
    await expect(client.getSatoshiInscriptions(params)).resolves.toEqual(page);
    const q = createLookupQueries(client);
    expect(() => q.getSatoshiInscriptions.queryOptions(params)).not.toThrow();
    expect(() => q.getSatoshiInscriptions.infiniteQueryOptions(params)).not.toThrow();
  });
  it("refuse a limit above the deployment's maxLimit, as the client's call does", async () => {
    const { client } = createTestClient(BASE, { maxRetries: 0, maxLimit: { ordinals: 10 } });
    const params = { ordinal: 257418248345364n, limit: 11 };
    await expect(client.getSatoshiInscriptions(params)).rejects.toThrow(/maxLimit/);
    expect(() => createLookupQueries(client).getSatoshiInscriptions.queryKey(params)).toThrow(/maxLimit/);
  });
});
