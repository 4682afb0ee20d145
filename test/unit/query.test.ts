/**
 * `hiro-lookup/query` against @tanstack/query-core's real QueryClient, QueryObserver and
 * InfiniteQueryObserver: canonical plain-JSON keys (no bigint ever reaches TanStack's hash), the query's
 * signal reaching the request, retries not multiplied, and infinite lists that end.
 */
import { InfiniteQueryObserver, QueryClient, QueryObserver } from "@tanstack/query-core";
import { afterEach, describe, expect, it } from "vitest";
import { HiroApiError, HiroNetworkError, HiroValidationError } from "../../src/index.js";
import { createLookupQueries, hashLookupKey, retryLookup } from "../../src/query/index.js";
import { emptyPageFor, json, never, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const TOKEN = { token_uri: "https://example.com/35.json", metadata: { sip: 16, name: "key #35" } };
let queryClient: QueryClient;
afterEach(() => queryClient?.clear());
const newQueryClient = () => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retryDelay: 1 } } });
  return queryClient;
};

describe("query keys", () => {
  const { client } = createTestClient(() => json(TOKEN));
  const q = createLookupQueries(client);

  it("are one key however an id is written, plain JSON (no bigint)", () => {
    const keys = [35n, "35", 35, "0035"].map((token_id) =>
      q.getSftMetadata.queryKey({ principal: PRINCIPAL, token_id }),
    );
    for (const key of keys) expect(key).toEqual(keys[0]);
    expect(() => JSON.stringify(keys[0])).not.toThrow();
    expect(keys[0]).toEqual([
      "hiro-lookup",
      expect.any(String),
      "getSftMetadata",
      { principal: PRINCIPAL, token_id: "35" },
    ]);
  });

  it("are one key for a tx id with 0x or in upper case, and a default left out or written", () => {
    const a = q.getTransactionActivity.queryKey({ tx_id: TX_ID });
    expect(q.getTransactionActivity.queryKey({ tx_id: `0x${TX_ID.toUpperCase()}` })).toEqual(a);
    expect(q.getTransactionActivity.queryKey({ tx_id: TX_ID, offset: 0, limit: 20 })).toEqual(a);
    expect(q.getTransactionActivity.queryKey({ tx_id: TX_ID, limit: 21 })).not.toEqual(a);
    expect(q.getFungibleTokens.queryKey({})).toEqual(
      q.getFungibleTokens.queryKey({ order_by: "name", order: "asc" }),
    );
  });

  it("differ between two clients aimed at different deployments", () => {
    const other = createLookupQueries(
      createTestClient(() => json(TOKEN), { baseUrl: "http://127.0.0.1:4000" }).client,
    );
    const params = { principal: PRINCIPAL, token_id: 35 };
    expect(other.getSftMetadata.queryKey(params)).not.toEqual(q.getSftMetadata.queryKey(params));
  });

  it("read the client's deployment from the client, which carries no property for it (no global symbol)", () => {
    const made = createTestClient("http://127.0.0.1:4000").client;
    expect(Object.getOwnPropertySymbols(made)).toEqual([]);
    expect(Object.keys(made).sort()).toEqual(
      expect.arrayContaining(["raw", "getSftMetadata", "searchTokens"]),
    );
    const key = createLookupQueries(made).getApiStatus.queryKey();
    expect(key[1]).toContain("http://127.0.0.1:4000");
  });

  it("differ between two clients on one base URL that can answer differently (headers, fetch, middleware)", () => {
    const params = { principal: PRINCIPAL, token_id: 35 };
    const plain = createTestClient("http://127.0.0.1:4000").client;
    const plainToo = createTestClient("http://127.0.0.1:4000").client;
    // Two clients with nothing of their own: they answer alike, so they share keys (and hydration works).
    expect(createLookupQueries(plain).getSftMetadata.queryKey(params)).toEqual(
      createLookupQueries(plainToo).getSftMetadata.queryKey(params),
    );
  });

  it("a client with its own headers, fetch or middleware gets keys of its own; a namespace makes them stable", async () => {
    const params = { principal: PRINCIPAL, token_id: 35 };
    const base = "http://127.0.0.1:4000";
    const tenant = (name: string) =>
      createTestClient((request) => json({ ...TOKEN, tenant: request.headers.get("x-tenant") }), {
        baseUrl: base,
        headers: { "x-tenant": name },
      }).client;
    const [a, b] = [tenant("a"), tenant("b")];
    const qa = createLookupQueries(a);
    const qb = createLookupQueries(b);
    expect(qa.getSftMetadata.queryKey(params)).not.toEqual(qb.getSftMetadata.queryKey(params));
    // One QueryClient shared by both: each tenant gets its own answer.
    const qc = newQueryClient();
    const first = await qc.fetchQuery({ ...qa.getSftMetadata.queryOptions(params), staleTime: 60_000 });
    const second = await qc.fetchQuery({ ...qb.getSftMetadata.queryOptions(params), staleTime: 60_000 });
    expect(first).toMatchObject({ tenant: "a" });
    expect(second).toMatchObject({ tenant: "b" });
    // The same client's queries, made twice, share keys; a namespace names them across processes.
    expect(createLookupQueries(a).getSftMetadata.queryKey(params)).toEqual(
      qa.getSftMetadata.queryKey(params),
    );
    const named = (client: typeof a) =>
      createLookupQueries(client, { namespace: "tenant-a" }).getSftMetadata.queryKey(params);
    expect(named(a)).toEqual(named(tenant("a")));
    expect(named(a)).not.toEqual(
      createLookupQueries(b, { namespace: "tenant-b" }).getSftMetadata.queryKey(params),
    );
    // A middleware added later with raw.use counts too.
    const later = createTestClient(base).client;
    const ql = createLookupQueries(later);
    const before = ql.getSftMetadata.queryKey(params);
    later.raw.use({ onRequest: () => undefined });
    expect(ql.getSftMetadata.queryKey(params)).not.toEqual(before);
    expect(() => createLookupQueries(a, { namespace: "" })).toThrow(/^namespace: /);
  });

  it("refuse bad input at once, naming the parameter, before any query exists", () => {
    expect(() => q.getSftMetadata.queryKey({ principal: "nope", token_id: 1 })).toThrow(HiroValidationError);
  });

  it("hashLookupKey hashes keys holding bigints (TanStack's default hash throws on them), keys sorted", () => {
    expect(hashLookupKey(["sft", PRINCIPAL, 35n])).toBe(JSON.stringify(["sft", PRINCIPAL, "35"]));
    expect(hashLookupKey([{ b: 1, a: 2 }])).toBe(hashLookupKey([{ a: 2, b: 1 }]));
  });
});

describe("queries", () => {
  it("fetch through the client; setQueryData and getQueryData take the same key", async () => {
    const { client, requests } = createTestClient(() => json(TOKEN));
    const q = createLookupQueries(client);
    const qc = newQueryClient();
    const data = await qc.fetchQuery(q.getSftMetadata.queryOptions({ principal: PRINCIPAL, token_id: 35n }));
    expect(data).toEqual(TOKEN);
    expect(qc.getQueryData(q.getSftMetadata.queryKey({ principal: PRINCIPAL, token_id: "35" }))).toEqual(
      TOKEN,
    );
    // The same request written another way is the same entry: no second request.
    await qc.fetchQuery({
      ...q.getSftMetadata.queryOptions({ principal: PRINCIPAL, token_id: 35 }),
      staleTime: 60_000,
    });
    expect(requests).toHaveLength(1);
  });

  it("pass the query's signal to the request: cancelling stops the fetch", async () => {
    const { client, requests } = createTestClient((request) => never(request));
    const q = createLookupQueries(client);
    const qc = newQueryClient();
    const options = q.getSftMetadata.queryOptions({ principal: PRINCIPAL, token_id: 1 });
    const fetching = qc.fetchQuery(options).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await qc.cancelQueries({ queryKey: options.queryKey });
    await fetching;
    expect(requests[0]?.signal.aborted).toBe(true);
  });

  it("do not multiply retries: a 500 costs the client's 3 attempts, a 404 one request", async () => {
    for (const [status, body, expected] of [
      [500, { statusCode: 500, error: "Internal Server Error", message: "x" }, 3],
      [404, { error: "Token not found" }, 1],
    ] as const) {
      const { client, requests } = createTestClient(() => json(body, status), { timeoutMs: 1_000 });
      const q = createLookupQueries(client);
      const observer = new QueryObserver(
        newQueryClient(),
        q.getSftMetadata.queryOptions({ principal: PRINCIPAL, token_id: 1 }),
      );
      const result = await new Promise<{ error: unknown }>((resolve) => {
        const unsubscribe = observer.subscribe((r) => {
          if (r.status === "error") {
            unsubscribe();
            resolve(r);
          }
        });
      });
      expect(result.error).toBeInstanceOf(HiroApiError);
      expect(requests).toHaveLength(expected);
    }
  }, 30_000);

  it("retry a token still being fetched (it may be there a moment later)", async () => {
    const { client, requests } = createTestClient((_, call) =>
      call < 3 ? json({ error: "Token metadata fetch in progress" }, 422) : json(TOKEN),
    );
    const q = createLookupQueries(client);
    const data = await newQueryClient().fetchQuery(
      q.getSftMetadata.queryOptions({ principal: PRINCIPAL, token_id: 36 }),
    );
    expect(data).toEqual(TOKEN);
    expect(requests).toHaveLength(3);
  });

  it("follow the QueryClient's own retry default: retry false in one place turns them off", async () => {
    const { client, requests } = createTestClient(() =>
      json({ error: "Token metadata fetch in progress" }, 422),
    );
    const q = createLookupQueries(client);
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const error = await queryClient
      .fetchQuery(q.getSftMetadata.queryOptions({ principal: PRINCIPAL, token_id: 36 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    // One request: TanStack's retries (and their delays of 1 s, 2 s and 4 s) never happened.
    expect(requests).toHaveLength(1);
  });

  it("follow setQueryDefaults and a number too; a call's own retry still wins", async () => {
    const pending = () => json({ error: "Token metadata fetch in progress" }, 422);
    const run = async (setup: (qc: QueryClient) => void, overrides?: { retry: number }) => {
      const { client, requests } = createTestClient(pending);
      const q = createLookupQueries(client);
      const qc = newQueryClient();
      setup(qc);
      await qc
        .fetchQuery(q.getSftMetadata.queryOptions({ principal: PRINCIPAL, token_id: 36 }, overrides))
        .catch(() => undefined);
      return requests.length;
    };
    expect(await run((qc) => qc.setQueryDefaults(["hiro-lookup"], { retry: false }))).toBe(1);
    expect(await run((qc) => qc.setDefaultOptions({ queries: { retry: 1, retryDelay: 1 } }))).toBe(2);
    expect(
      await run((qc) => qc.setDefaultOptions({ queries: { retry: false, retryDelay: 1 } }), { retry: 2 }),
    ).toBe(3);
    // An app-wide retry of 0, with retryLookup kept for the lookups: a pending token is asked 4 times.
    expect(
      await run((qc) => {
        qc.setDefaultOptions({ queries: { retry: 0, retryDelay: 1 } });
        qc.setQueryDefaults(["hiro-lookup"], { retry: retryLookup });
      }),
    ).toBe(4);
  });

  it("searchTokens has its options too", async () => {
    const item = {
      contract_id: PRINCIPAL,
      token_number: 35,
      token_type: "sft",
      tx_id: "0x0",
      sender_address: "S",
    };
    const { client } = createTestClient(() => json([item]));
    const q = createLookupQueries(client);
    const data = await newQueryClient().fetchQuery(
      q.searchTokens.queryOptions({ contract: [`${PRINCIPAL}:35`] }),
    );
    expect(data.results).toEqual([item]);
    expect(q.searchTokens.queryKey({ contract: [`${PRINCIPAL}:035`] })).toEqual(
      q.searchTokens.queryKey({ contract: [`${PRINCIPAL}:35`] }),
    );
  });
});

describe("retryLookup", () => {
  const apiError = (kind: "metadata_pending" | "not_found", status: number) =>
    new HiroApiError({
      kind,
      status,
      body: {},
      headers: new Headers(),
      operationId: "getSftMetadata",
      url: "http://indexer.test/",
      summary: kind,
    });

  it("decides by class: a pending token's HiroApiError is retried 3 times, the client's other errors never", () => {
    expect([0, 1, 2, 3].map((count) => retryLookup(count, apiError("metadata_pending", 422)))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(retryLookup(0, apiError("not_found", 404))).toBe(false);
    expect(retryLookup(0, new HiroNetworkError("refused"))).toBe(false);
    expect(retryLookup(0, new HiroValidationError("limit", "too large"))).toBe(false);
  });

  it("leaves an error that only borrows the client's names to TanStack's default (3 tries)", () => {
    const lookalike = { name: "HiroApiError", kind: "not_found" };
    expect([0, 2, 3].map((count) => retryLookup(count, lookalike))).toEqual([true, true, false]);
    expect(retryLookup(0, new Error("boom"))).toBe(true);
  });
});

describe("infinite queries of paged lookups", () => {
  const activity = (vout: number) => ({ operation: "receive", location: { tx_id: TX_ID, vout } });

  async function walk(answer: (offset: number, limit: number, call: number) => object) {
    const { client, requests } = createTestClient((request, call) => {
      const { offset, limit } = emptyPageFor(request);
      return json({ offset, limit, ...answer(offset, limit, call) });
    });
    const q = createLookupQueries(client);
    const observer = new InfiniteQueryObserver(
      newQueryClient(),
      q.getTransactionActivity.infiniteQueryOptions({ tx_id: TX_ID, limit: 2 }),
    );
    await observer.refetch();
    let result = observer.getCurrentResult();
    for (let i = 0; i < 20 && result.hasNextPage; i++) result = await observer.fetchNextPage();
    return { result, requests };
  }

  it("walk with fetchNextPage to the last page, then stop", async () => {
    const items = [1, 2, 3, 4, 5].map(activity);
    const { result, requests } = await walk((offset, limit) => ({
      total: items.length,
      results: items.slice(offset, offset + limit),
    }));
    expect(result.data?.pages.flatMap((page) => page.results)).toEqual(items);
    expect(result.hasNextPage).toBe(false);
    expect(requests).toHaveLength(3);
  });

  it("never loop on a server that serves the same items at every offset", async () => {
    const { result, requests } = await walk(() => ({
      total: 2 ** 53 - 1,
      results: [activity(1), activity(2)],
    }));
    expect(result.hasNextPage).toBe(false);
    // The first page, then pages of repeats up to the walk's slack (as paginate: two more than progress).
    expect(requests.length).toBeLessThanOrEqual(5);
  });

  it("go on past a page of repeats, as tied sort keys give, to the pages after it", async () => {
    // Offset 2 repeats the first page (ties reordered); offsets 4 and 6 bring the rest.
    const pages: Record<number, number[]> = { 0: [1, 2], 2: [2, 1], 4: [5, 6], 6: [7] };
    const { result, requests } = await walk((offset) => ({
      total: 7,
      results: (pages[offset] ?? []).map(activity),
    }));
    const vouts = result.data?.pages.flatMap((page) => page.results.map((item) => item.location.vout));
    expect(vouts).toEqual([1, 2, 2, 1, 5, 6, 7]);
    expect(result.hasNextPage).toBe(false);
    expect(requests).toHaveLength(4);
  });
});
