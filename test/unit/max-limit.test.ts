/**
 * Issue 20 (item 2), CONTRACTS item 2: bitcoin-indexer's `API_RESULTS_MAX_LIMIT` sets the runes route's
 * largest `limit` (default 60). Against a deployment at 20, every paginate over runes failed with
 * `400 querystring/limit must be <= 20`; against one at 100, the client refused `limit > 60`. The client's
 * `maxLimit` option now tells it the deployment's maximum per paged service: the limit check and
 * paginate's page size follow it. Injected fetch, answering like a deployment with its own maximum.
 */
import { describe, expect, it } from "vitest";
import { collect, createLookupClient, HiroValidationError, paginate } from "../../src/index.js";
import { fakeFetch, json, LOCAL, ORDINAL, TX_ID } from "../helpers/fake-fetch.js";

/** A runes deployment whose largest page is `max`, with `total` activity items in the transaction. */
function deployment(max: number, total = 50) {
  return fakeFetch((request) => {
    const query = new URL(request.url).searchParams;
    const offset = Number(query.get("offset") ?? 0);
    const limit = Number(query.get("limit") ?? 20);
    if (limit > max) {
      return json(
        { statusCode: 400, error: "Bad Request", message: `querystring/limit must be <= ${max}` },
        400,
      );
    }
    const count = Math.max(0, Math.min(limit, total - offset));
    const results = Array.from({ length: count }, (_, i) => ({
      operation: "mint",
      amount: String(offset + i),
      location: { tx_id: TX_ID },
    }));
    return json({ limit, offset, total: count ? total : 0, results });
  });
}

const limitsSent = (requests: Request[]) => requests.map((r) => new URL(r.url).searchParams.get("limit"));

describe("maxLimit: a deployment's page maximum per paged service", () => {
  it("at 20: paginate pages by 20 and collects everything, where it failed with a 400 before", async () => {
    const fake = deployment(20);
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch, maxLimit: { runes: 20 } });
    const items = await collect(paginate(client.getTransactionActivity, { tx_id: TX_ID }), { max: 1_000 });
    expect(items).toHaveLength(50);
    expect(limitsSent(fake.requests)).toEqual(["20", "20", "20"]);
    expect(client.getTransactionActivity.maxLimit).toBe(20);
    expect(client.getSatoshiInscriptions.maxLimit).toBe(60);
  });

  it("at 20: a limit or page size above it is refused before sending, naming it", async () => {
    const fake = deployment(20);
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch, maxLimit: { runes: 20 } });
    const limit = await client.getTransactionActivity({ tx_id: TX_ID, limit: 21 }).catch((e: unknown) => e);
    expect(limit).toBeInstanceOf(HiroValidationError);
    expect((limit as HiroValidationError).parameter).toBe("limit");
    expect((limit as Error).message).toMatch(/from 1 to 20/);
    const pageSize = await collect(
      paginate(client.getTransactionActivity, { tx_id: TX_ID }, { pageSize: 21 }),
      {
        max: 10,
      },
    ).catch((e: unknown) => e);
    expect((pageSize as HiroValidationError).parameter).toBe("pageSize");
    expect((pageSize as Error).message).toMatch(/from 1 to 20/);
    expect(fake.requests).toHaveLength(0);
  });

  it("at 100: a limit of 100 is sent (it was refused above 60), and paginate pages by 100", async () => {
    const fake = deployment(100, 150);
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch, maxLimit: { runes: 100 } });
    const page = await client.getTransactionActivity({ tx_id: TX_ID, limit: 100 });
    expect(page.results).toHaveLength(100);
    const items = await collect(paginate(client.getTransactionActivity, { tx_id: TX_ID }), { max: 1_000 });
    expect(items).toHaveLength(150);
    expect(limitsSent(fake.requests)).toEqual(["100", "100", "100"]);
  });

  it("is per service: the ordinals limit stays 1 to 60 unless given", async () => {
    const client = createLookupClient({
      baseUrl: LOCAL,
      fetch: deployment(100).fetch,
      maxLimit: { runes: 100 },
    });
    const error = await client
      .getSatoshiInscriptions({ ordinal: ORDINAL, limit: 61 })
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/from 1 to 60/);
  });

  it.each([
    ["maxLimit", []],
    ["maxLimit", "60"],
    ["maxLimit", null],
    ["maxLimit.metadata", { metadata: 10 }],
    ["maxLimit.runes", { runes: 0 }],
    ["maxLimit.runes", { runes: 1.5 }],
    ["maxLimit.runes", { runes: "20" }],
    ["maxLimit.ordinals", { ordinals: Number.POSITIVE_INFINITY }],
  ])("a bad option is a HiroValidationError naming %s", (parameter, maxLimit) => {
    const error = (() => {
      try {
        createLookupClient({ maxLimit: maxLimit as never });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(HiroValidationError);
    expect((error as HiroValidationError).parameter).toBe(parameter);
  });
});
