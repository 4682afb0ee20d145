/**
 * A base URL per service (issue 12): Hiro hosts only the Token Metadata API since 2026-03-09, and
 * bitcoin-indexer serves ordinals and runes from two separate servers.
 */
import { describe, expect, it } from "vitest";
import { createLookupClient, HiroValidationError } from "../../src/index.js";
import { fakeFetch, json, ORDINAL, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const PAGE = { limit: 20, offset: 0, total: 0, results: [] };
const TOKEN = { token_uri: "ipfs://t" };
const answer = (request: Request) => (request.url.includes("/metadata/") ? json(TOKEN) : json(PAGE));
const where = (requests: Request[]) => requests.map((r) => [new URL(r.url).host, r.headers.get("x-api-key")]);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("expected a rejection"),
    (error: unknown) => error,
  );
}

describe("baseUrl per service", () => {
  it("a string serves all three services, and the key goes to it", async () => {
    const { client, requests } = createTestClient(answer, {
      baseUrl: "http://proxy.test/hiro/",
      apiKey: "k",
    });

    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });
    await client.getSatoshiInscriptions({ ordinal: ORDINAL });
    await client.getTransactionActivity({ tx_id: TX_ID });

    expect(requests.map((r) => new URL(r.url).pathname.split("/").slice(0, 3).join("/"))).toEqual([
      "/hiro/metadata",
      "/hiro/ordinals",
      "/hiro/runes",
    ]);
    expect(where(requests).map(([, key]) => key)).toEqual(["k", "k", "k"]);
  });

  it("an object routes each service to its own server; the key goes to metadata only by default", async () => {
    const { client, requests } = createTestClient(answer, {
      baseUrl: { ordinals: "http://127.0.0.1:3000", runes: "http://127.0.0.1:3001" },
      apiKey: "k",
    });

    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });
    await client.getSatoshiInscriptions({ ordinal: ORDINAL });
    await client.getTransactionActivity({ tx_id: TX_ID });
    await client.raw.GET("/runes/v1/transactions/{tx_id}/activity", { params: { path: { tx_id: TX_ID } } });
    await client.raw.GET("/ordinals/v1/sats/{ordinal}/inscriptions", { params: { path: { ordinal: 1 } } });

    expect(where(requests)).toEqual([
      ["api.hiro.so", "k"],
      ["127.0.0.1:3000", null],
      ["127.0.0.1:3001", null],
      ["127.0.0.1:3001", null],
      ["127.0.0.1:3000", null],
    ]);
  });

  it("apiKeyServices sends the key to the services named", async () => {
    const { client, requests } = createTestClient(answer, {
      baseUrl: { metadata: "http://127.0.0.1:2999", runes: "http://127.0.0.1:3001" },
      apiKey: "k",
      apiKeyServices: ["runes"],
    });

    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });
    await client.getTransactionActivity({ tx_id: TX_ID });

    expect(where(requests)).toEqual([
      ["127.0.0.1:2999", null],
      ["127.0.0.1:3001", "k"],
    ]);
  });

  for (const [label, baseUrl] of [
    ["no baseUrl (Hiro's hosted API)", undefined],
    ["a string baseUrl on Hiro's host", "https://api.hiro.so"],
    ["an object without ordinals and runes", { metadata: "http://127.0.0.1:2999" }],
  ] as const) {
    it(`${label}: ordinals and runes reject naming the option and why, and send nothing; metadata works`, async () => {
      const { fetch, requests } = fakeFetch(answer);
      const client = createLookupClient({ ...(baseUrl === undefined ? {} : { baseUrl }), fetch });

      const ordinals = await rejection(client.getSatoshiInscriptions({ ordinal: ORDINAL }));
      const runes = await rejection(client.getTransactionActivity({ tx_id: TX_ID }));
      const raw = await rejection(
        client.raw.GET("/runes/v1/transactions/{tx_id}/activity", { params: { path: { tx_id: TX_ID } } }),
      );
      await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });

      for (const [error, service] of [
        [ordinals, "ordinals"],
        [runes, "runes"],
        [raw, "runes"],
      ] as const) {
        expect(error).toBeInstanceOf(HiroValidationError);
        expect(error).toMatchObject({ parameter: `baseUrl.${service}` });
        expect((error as Error).message).toMatch(/retired on 2026-03-09.*bitcoin-indexer/);
      }
      expect(requests).toHaveLength(1);
      expect(new URL(requests[0]?.url ?? "").pathname).toMatch(/^\/metadata\//);
    });
  }

  it("apiKeyServices must name services", () => {
    for (const bad of [["metadata", "wallet"], "metadata", [1]]) {
      expect(() =>
        createLookupClient({ apiKey: "k", apiKeyServices: bad as unknown as ["metadata"] }),
      ).toThrow(/apiKeyServices: must be an array/);
    }
  });

  it("a bad entry names its own option", () => {
    expect(() => createTestClient({ runes: "ftp://x" }).client).toThrow(/baseUrl\.runes/);
    expect(() => createTestClient(42 as unknown as string).client).toThrow(/baseUrl/);
  });
});
