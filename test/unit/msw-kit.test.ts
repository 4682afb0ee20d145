/**
 * `hiro-lookup/msw` with vitest and `setupServer`: the lookups answered as the mock answers them, with
 * typed overrides for one test, for one base URL or one per service.
 */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../../src/generated/operations.js";
import { collect, HiroApiError, paginate } from "../../src/index.js";
import { createHandlers } from "../../src/msw/index.js";
import { createTestClient } from "../helpers/test-client.js";

const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const BASE = "http://indexer.test";
const server = setupServer(...createHandlers({ baseUrl: BASE }));
const { client } = createTestClient(BASE, { maxRetries: 0 });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe("createHandlers: the mock's answers", () => {
  it("answers the spec's examples for the ids they name", async () => {
    const token = await client.getSftMetadata({ principal: PRINCIPAL, token_id: 35n });
    expect(token.metadata?.name).toBe("key-alex-autoalex-v1 #35");
    const es = await client.getSftMetadata({ principal: PRINCIPAL, token_id: 35, locale: "es-MX" });
    expect(es.metadata?.description).toContain("del contrato");
  });
  it("serves every Token Metadata route: status, the FT list (by its filters), an FT, an NFT", async () => {
    expect((await client.getApiStatus()).chain_tip?.block_height).toBe(5412887);
    const alex = await client.getFtMetadata({
      principal: "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex",
    });
    expect(alex.asset_identifier).toBe("SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex::alex");
    expect((await client.getFungibleTokens({ symbol: "alex" })).results.map((t) => t.symbol)).toEqual([
      "ALEX",
    ]);
    const all = await collect(paginate(client.getFungibleTokens, {}, { pageSize: 1 }), { max: 10 });
    expect(all.map((t) => t.symbol)).toEqual(["ALEX", "FARI"]);
    const monkey = await client.getNftMetadata({
      principal: "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys",
      token_id: 1235,
    });
    expect(monkey).toEqual({}); // the example of a failed metadata job
  });
  it("walks the two-page sat with paginate", async () => {
    const all = await collect(
      paginate(client.getSatoshiInscriptions, { ordinal: 257418248345364n }, { pageSize: 2 }),
      { max: 10 },
    );
    expect(all.map((i) => i.number)).toEqual([72104318, 4512877, -183206]);
  });
  it("answers any other sat or transaction with an empty page, any other token with 404", async () => {
    expect(await client.getSatoshiInscriptions({ ordinal: 5000000000, offset: 20 })).toEqual({
      limit: 20,
      offset: 20,
      total: 0,
      results: [],
    });
    expect((await client.getTransactionActivity({ tx_id: "ab".repeat(32) })).total).toBe(0);
    const missing = await client
      .getSftMetadata({ principal: PRINCIPAL, token_id: 99 })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(HiroApiError);
    expect((missing as HiroApiError).kind).toBe("not_found");
  });
  it("answers a refused parameter with the documented 400 (seen through raw: the lookups check first)", async () => {
    const { response, error } = await client.raw.GET("/runes/v1/transactions/{tx_id}/activity", {
      params: { path: { tx_id: "0xnope" } },
    });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: "Bad Request" });
  });
  it("answers an offset of a million digits with the service's 400, at once (it was 200 offset: null after 2.4 s)", async () => {
    const huge = `1${"0".repeat(1_000_000)}`;
    for (const [offset, message] of [
      [huge, "querystring/offset must be <= 9007199254740991"],
      ["9007199254740992", "querystring/offset must be <= 9007199254740991"],
      [`-${huge}`, "querystring/offset must be >= 0"],
    ]) {
      const response = await fetch(
        `${BASE}/runes/v1/transactions/${"ab".repeat(32)}/activity?offset=${offset}`,
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, error: "Bad Request", message });
    }
    const largest = await fetch(
      `${BASE}/runes/v1/transactions/${"ab".repeat(32)}/activity?offset=9007199254740991`,
    );
    expect(await largest.json()).toMatchObject({ offset: 9007199254740991, total: 0 });
  });
  it("serves one URL per service, and no handler for a service without one", async () => {
    const split = setupServer(
      ...createHandlers({ baseUrl: { ordinals: "http://ord.test:3000", runes: "http://runes.test:3001" } }),
    );
    server.close();
    split.listen({ onUnhandledRequest: "error" });
    try {
      const { client: c } = createTestClient(
        { ordinals: "http://ord.test:3000", runes: "http://runes.test:3001" },
        { maxRetries: 0 },
      );
      expect((await c.getSatoshiInscriptions({ ordinal: 1252201400444387n })).total).toBe(1);
      expect(
        (
          await c.getTransactionActivity({
            tx_id: "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e",
          })
        ).total,
      ).toBe(1);
      // metadata (hosted: every Token Metadata operation) + ordinals, and the broken-escape guard of
      // each of the two base URLs; none for runes
      const served = Object.values(operations).filter((o) => o.service !== "runes");
      expect(createHandlers({ baseUrl: { ordinals: "http://ord.test" } })).toHaveLength(served.length + 2);
    } finally {
      split.close();
      server.listen({ onUnhandledRequest: "error" });
    }
  });
});

describe("createHandlers: typed overrides for one test", () => {
  it("a token still pending", async () => {
    server.use(
      ...createHandlers({
        baseUrl: BASE,
        overrides: { getSftMetadata: { status: 422, body: { error: "Token metadata fetch in progress" } } },
      }),
    );
    const error = await client
      .getSftMetadata({ principal: PRINCIPAL, token_id: 35 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "metadata_pending" });
  });
  it("a 429 with Retry-After, and a 500", async () => {
    server.use(
      ...createHandlers({
        baseUrl: BASE,
        overrides: {
          getSatoshiInscriptions: {
            status: 429,
            headers: { "retry-after": "7" },
            body: { message: "API rate limit exceeded" },
          },
          getTransactionActivity: {
            status: 500,
            body: {
              statusCode: 500,
              error: "Internal Server Error",
              message: "Connection terminated unexpectedly",
            },
          },
        },
      }),
    );
    // Its own client: a 429 holds the origin back for the 7 s it asks for (the pacer), for later calls too.
    const { client: own } = createTestClient(BASE, { maxRetries: 0 });
    const limited = await own.getSatoshiInscriptions({ ordinal: 1 }).catch((e: unknown) => e);
    expect(limited).toMatchObject({ kind: "rate_limited", retryAfterMs: 7000 });
    const failed = await client.getTransactionActivity({ tx_id: "ab".repeat(32) }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ kind: "server_error", status: 500 });
  });
  it("an empty page for the example sat, by a function of the request", async () => {
    server.use(
      ...createHandlers({
        baseUrl: BASE,
        overrides: {
          getSatoshiInscriptions: ({ path }) =>
            path.ordinal === "1252201400444387"
              ? { status: 200, body: { limit: 20, offset: 0, total: 0, results: [] } }
              : undefined,
        },
      }),
    );
    expect((await client.getSatoshiInscriptions({ ordinal: 1252201400444387n })).total).toBe(0);
    expect((await client.getSatoshiInscriptions({ ordinal: 257418248345364n })).total).toBe(3);
  });
});
