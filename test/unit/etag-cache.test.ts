/** Conditional requests against a real local server that sends ETags and honours If-None-Match. */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryEtagStore, type EtagEntry, type EtagStore, etagCache } from "../../src/index.js";
import { PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

let version = 1;
const seen: Array<{ url: string; headers: IncomingHttpHeaders; status: number }> = [];
const server = createServer((req, res) => {
  // Upstream: a strong, quoted ETag per state; a matching If-None-Match gets 304 with no body.
  const etag = `"tip-${version}"`;
  const status = req.headers["if-none-match"] === etag ? 304 : 200;
  seen.push({ url: req.url ?? "", headers: req.headers, status });
  if (status === 304) return res.writeHead(304, { etag }).end();
  const body = req.url?.startsWith("/runes")
    ? { limit: 20, offset: 0, total: version, results: [] }
    : { total_supply: String(version) };
  res.writeHead(200, {
    etag,
    "content-type": "application/json",
    "cache-control": "public, no-cache, must-revalidate",
  });
  res.end(JSON.stringify(body));
});
let baseUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("etagCache() middleware", () => {
  it("sends If-None-Match and turns a 304 into the cached body", async () => {
    version = 1;
    seen.length = 0;
    const { client } = createTestClient(baseUrl, { middleware: [etagCache()] });
    const first = await client.getTransactionActivity({ tx_id: TX_ID });
    const second = await client.getTransactionActivity({ tx_id: TX_ID });
    expect(second).toEqual(first);
    expect(seen.map((s) => [s.status, s.headers["if-none-match"]])).toEqual([
      [200, undefined],
      [304, '"tip-1"'],
    ]);
  });

  it("takes the new body when the resource changed", async () => {
    version = 1;
    const { client } = createTestClient(baseUrl, { middleware: [etagCache()] });
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });
    version = 2;
    seen.length = 0;
    expect(await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 })).toEqual({ total_supply: "2" });
    expect(seen.map((s) => s.status)).toEqual([200]);
    expect(await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 })).toEqual({ total_supply: "2" });
    expect(seen.map((s) => s.status)).toEqual([200, 304]);
  });

  it("does not cache locale lookups (upstream computes their ETag from the wrong token)", async () => {
    const { client } = createTestClient(baseUrl, { middleware: [etagCache()] });
    seen.length = 0;
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1, locale: "es-MX" });
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1, locale: "es-MX" });
    expect(seen.map((s) => s.headers["if-none-match"])).toEqual([undefined, undefined]);
  });

  it("sends nothing conditional without cache, and a bare 304 is a not_modified error", async () => {
    const { client } = createTestClient(baseUrl, { maxRetries: 0 });
    seen.length = 0;
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });
    expect(seen[0]?.headers["if-none-match"]).toBeUndefined();
    const error = await client
      .getSftMetadata(
        { principal: PRINCIPAL, token_id: 1 },
        { headers: { "if-none-match": `"tip-${version}"` } },
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "not_modified", status: 304 });
  });

  it("uses a pluggable (async) store", async () => {
    const entries = new Map<string, EtagEntry>();
    const store: EtagStore = {
      get: async (url) => entries.get(url),
      set: async (url, entry) => {
        entries.set(url, entry);
      },
    };
    const { client } = createTestClient(baseUrl, { middleware: [etagCache(store)] });
    await client.getTransactionActivity({ tx_id: TX_ID });
    expect([...entries.values()].map((e) => e.etag)).toEqual([`"tip-${version}"`]);
  });

  it("works for raw calls too: raw is the same client, with the same middleware", async () => {
    version = 1;
    const { client } = createTestClient(baseUrl);
    client.raw.use(etagCache());
    seen.length = 0;
    const first = await client.getTransactionActivity({ tx_id: TX_ID });
    const raw = await client.raw.GET("/runes/v1/transactions/{tx_id}/activity", {
      params: { path: { tx_id: TX_ID } },
    });
    expect(raw.response.status).toBe(200);
    expect(raw.data).toEqual(first);
    expect(seen.map((s) => s.status)).toEqual([200, 304]);
  });

  it("the memory store evicts the least recently used URL", () => {
    const store = createMemoryEtagStore(2);
    const entry = { etag: '"x"', body: "{}", contentType: null };
    store.set("a", entry);
    store.set("b", entry);
    store.get("a");
    store.set("c", entry);
    expect([store.get("a"), store.get("b"), store.get("c")].map(Boolean)).toEqual([true, false, true]);
  });
});

/**
 * Issue 35 item 4: upstream tags the FT list with the chain tip's hash, whatever the list holds. A token
 * processed without a new block changes the list but not its ETag, so a list revalidated by its ETag
 * stayed stale until the next block (the 304 brought back the old page).
 */
describe("etagCache() and the FT list (its ETag is the chain tip, not the list)", () => {
  type ListedToken = Record<string, string | number | undefined>;
  const TOKEN: ListedToken = {
    name: "ALEX Token",
    symbol: "ALEX",
    decimals: 8,
    tx_id: "0x5642ca7d68976b6b2a2055689d9a57de26d67f0dd8b016d1b0d94cb634454cdd",
    sender_address: "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM",
    asset_identifier: "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex::alex",
    contract_principal: "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex",
  };
  /** The list as upstream serves it: tagged with the chain tip, which does not move here. */
  function listServer(list: () => ListedToken[]) {
    const conditional: (string | undefined)[] = [];
    const handler = (request: Request) => {
      const sent = request.headers.get("if-none-match") ?? undefined;
      conditional.push(sent);
      const headers = { etag: '"0xchaintip"', "cache-control": "public, no-cache, must-revalidate" };
      if (sent === '"0xchaintip"') return new Response(null, { status: 304, headers });
      const results = list();
      return Response.json({ limit: 20, offset: 0, total: results.length, results }, { headers });
    };
    return { handler, conditional };
  }

  it("a token processed without a new block shows in the next list (no If-None-Match sent for the list)", async () => {
    let processed = false;
    const { handler, conditional } = listServer(() =>
      processed ? [TOKEN] : [{ ...TOKEN, name: undefined, symbol: undefined }],
    );
    const { client } = createTestClient(handler, { middleware: [etagCache()] });
    const before = await client.getFungibleTokens();
    processed = true;
    const after = await client.getFungibleTokens();
    expect(before.results[0]?.name).toBeUndefined();
    expect(after.results[0]?.name).toBe("ALEX Token");
    expect(conditional).toEqual([undefined, undefined]);
  });

  it("raw calls of the list are not revalidated either", async () => {
    const { handler, conditional } = listServer(() => [TOKEN]);
    const { client } = createTestClient(handler, { middleware: [etagCache()] });
    await client.raw.GET("/metadata/v1/ft", {});
    await client.raw.GET("/metadata/v1/ft", {});
    expect(conditional).toEqual([undefined, undefined]);
  });
});
