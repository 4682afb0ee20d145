/**
 * Issue 21 (medium 4): paging could not spot a repeated page. Rune activity items have no `id`, so a
 * server that echoes `offset` but serves the same page with `total` 2^53-1 was walked forever; a server
 * that cycles through pages fooled the two-page window of ids too; and the stride came from the echoed
 * `limit` (an honest 150-item list echoing `limit: 1` came back as 5,460 items). Now every page is
 * compared with the pages before it, the stride is the asked page size (or what a capping server really
 * served), and a page with more results than asked is refused. Injected fetch.
 */
import { describe, expect, it } from "vitest";
import { collect, createLookupClient, HiroError, type Page, paginate } from "../../src/index.js";
import { fakeFetch, json, LOCAL, TX_ID } from "../helpers/fake-fetch.js";

const query = (request: Request, name: string, fallback: number) =>
  Number(new URL(request.url).searchParams.get(name) ?? fallback);

/** A rune activity item (no `id`), the `n`th of the transaction. */
const activity = (n: number) => ({
  rune: { id: "840000:1", number: 1, name: "ZZZZZFEHUZZZZZ", spaced_name: "Z•Z•Z•Z•Z•FEHU•Z•Z•Z•Z•Z" },
  operation: "send",
  amount: String(n),
  location: { tx_id: TX_ID, block_height: 840000, tx_index: 1, vout: n, timestamp: 1713571767 },
});
const activityOf = (total: number, echoedLimit?: number) =>
  fakeFetch((request) => {
    const offset = query(request, "offset", 0);
    const limit = query(request, "limit", 20);
    const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
      activity(offset + i),
    );
    return json({ limit: echoedLimit ?? limit, offset, total: results.length ? total : 0, results });
  });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("expected a rejection"),
    (error: unknown) => error,
  );
}

describe("a repeated page stops the walk, with or without ids", () => {
  it("rune activity (no id): the same page at every offset, total 2^53-1, stops after the second request", async () => {
    const fake = fakeFetch((request) =>
      json({
        limit: 60,
        offset: query(request, "offset", 0),
        total: Number.MAX_SAFE_INTEGER,
        results: [activity(0), activity(1), activity(2)],
      }),
    );
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch });
    const error = await failure(
      collect(paginate(client.getTransactionActivity, { tx_id: TX_ID }, { pageSize: 3 }), { max: 10_000 }),
    );
    expect(error).toBeInstanceOf(HiroError);
    expect((error as Error).message).toMatch(/offset 3 brought nothing new.*offset 0.*not paging/);
    expect(fake.requests.length).toBeLessThanOrEqual(2);
  });

  it("inscriptions cycling through two pages (A, B, A, B…) stop at the first A again", async () => {
    const pageOf = (offset: number) => ((offset / 2) % 2 === 0 ? ["a", "b"] : ["c", "d"]);
    const fake = fakeFetch((request) => {
      const offset = query(request, "offset", 0);
      const results = pageOf(offset).map((id) => ({ id, sat_ordinal: "1" }));
      return json({ limit: 2, offset, total: Number.MAX_SAFE_INTEGER, results });
    });
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch });
    const error = await failure(
      collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { pageSize: 2 }), { max: 10_000 }),
    );
    expect((error as Error).message).toMatch(/offset 4 brought nothing new/);
    expect(fake.requests).toHaveLength(3);
  });

  it("the pages view stops too", async () => {
    const fake = fakeFetch((request) =>
      json({ limit: 2, offset: query(request, "offset", 0), total: 1e9, results: [activity(0)] }),
    );
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch });
    const seen: number[] = [];
    const error = await failure(
      (async () => {
        for await (const page of paginate(client.getTransactionActivity, { tx_id: TX_ID }).pages()) {
          seen.push(page.offset);
          if (seen.length === 5) break; // (it looped forever before)
        }
      })(),
    );
    expect(error).toBeInstanceOf(HiroError);
    expect(seen).toEqual([0]);
  });
});

describe("the stride is the asked page size", () => {
  it("an honest 150-item list that echoes limit: 1 comes back as its 150 items", async () => {
    const fake = activityOf(150, 1);
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch });
    const items = await collect(paginate(client.getTransactionActivity, { tx_id: TX_ID }), { max: 10_000 });
    expect(items.map((item) => item.amount)).toEqual(Array.from({ length: 150 }, (_, i) => String(i)));
    expect(fake.requests.map((r) => query(r, "offset", 0))).toEqual([0, 60, 120]);
  });

  it("a page with more results than asked is refused, even from a method that does not check", async () => {
    const method = async (params: { offset?: number; limit?: number }): Promise<Page<{ id: string }>> => ({
      limit: params.limit ?? 20,
      offset: params.offset ?? 0,
      total: 100,
      results: Array.from({ length: 10 }, (_, i) => ({ id: `i${(params.offset ?? 0) + i}` })),
    });
    const error = await failure(collect(paginate(method, {}, { pageSize: 5 }), { max: 100 }));
    expect(error).toBeInstanceOf(HiroError);
    expect((error as Error).message).toMatch(/10 results, more than the 5 asked/);
  });

  it("a page nested too deeply to compare stops the walk with a HiroError, not a RangeError", async () => {
    let deep: unknown = {};
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const method = async (params: { offset?: number; limit?: number }): Promise<Page<unknown>> => ({
      limit: params.limit ?? 20,
      offset: params.offset ?? 0,
      total: 100,
      results: [deep],
    });
    const error = await failure(collect(paginate(method, {}), { max: 100 }));
    expect(error).toBeInstanceOf(HiroError);
    expect((error as Error).message).toMatch(/could not be compared/);
  });
});
