/**
 * The mock's rules (src/mock): the example that names a request, the service's answer for any other
 * valid id, the 400 of an invalid parameter; and, through the real client, that every answer passes the
 * client's answer checks (the envelope echoes the request, each result is about the id asked).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mockExamples } from "../../src/generated/mock-examples.js";
import { parameterRules } from "../../src/generated/parameters.js";
import { collect, paginate } from "../../src/index.js";
import { answerFor, type MockAnswer, type MockOperationId, routeOf } from "../../src/mock/index.js";
import { json, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const ask = (operationId: MockOperationId, path: Record<string, string>, query = "") =>
  answerFor(operationId, { path, query: new URLSearchParams(query) });
const sft = (token_id: string, query = "", principal = PRINCIPAL) =>
  ask("getSftMetadata", { principal, token_id }, query);
const sat = (ordinal: string, query = "") => ask("getSatoshiInscriptions", { ordinal }, query);
const activity = (tx_id: string, query = "") => ask("getTransactionActivity", { tx_id }, query);

const TWO_PAGE_SAT = "257418248345364";
const TRANSFER_TX = "ce23aa836d3eb9803e25619ec2162d6000400da209c85532f0731f48ce4d21c0";
const numbers = (answer: MockAnswer) =>
  (answer.body as { results: Array<{ number: number }> }).results.map((i) => i.number);

describe("answerFor: a token", () => {
  it.each([
    ["35", "", 200, "withMetadata"],
    ["035", "locale=", 200, "withMetadata"], // canonical id; an empty locale is the default one
    ["35", "locale=es-MX", 200, "withLocale"],
    ["3", "", 200, "withoutMetadata"],
    ["4", "", 200, "metadataJobFailed"],
    ["36", "", 422, "metadataFetchInProgress"],
    ["37", "", 422, "tokenError"],
    ["35", "locale=fr", 422, "localeNotFound"],
    ["36", "locale=es-MX", 422, "localeNotFound"], // still being fetched, asked in a locale: upstream's order
    ["99", "", 404, "tokenNotFound"],
    ["99", "locale=es-MX", 404, "tokenNotFound"],
  ])("token %s ?%s → %i %s", (tokenId, query, status, example) => {
    const answer = sft(tokenId, query);
    expect(answer).toMatchObject({ status, example });
    const documented = Object.values(mockExamples.getSftMetadata).find((e) => e.name === example);
    expect(answer.body).toEqual(documented?.value);
  });

  it("answers 404 Contract not found for a contract no example names", () => {
    expect(sft("35", "", "SP2C2YFP12AJZB4MABJBAJ55XECVS7E4PMMZ89YZR.arkadiko-token")).toEqual({
      status: 404,
      body: { error: "Contract not found" },
      example: "contractNotFound",
    });
  });

  it("refuses an invalid parameter with the service's 400, in Fastify's words", () => {
    expect(sft("35", "", PRINCIPAL.toLowerCase())).toMatchObject({
      status: 400,
      example: "invalidPrincipal",
      body: { statusCode: 400, error: "Bad Request", code: "FST_ERR_VALIDATION" },
    });
    expect(sft("x")).toMatchObject({ status: 400, example: "invalidTokenId" });
  });
});

// Upstream reads one table of tokens whatever their standard (upstream-facts §9): each token route answers
// any token, in that route's own shape. The mock did not: the SFT sample was "404 Token not found" on the
// NFT route, so `verify` FAILed against the package's own mock (issue 47).
describe("answerFor: a token on another kind's route", () => {
  const MONKEYS = "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys";
  const nft = (token_id: string, query = "", principal = PRINCIPAL) =>
    ask("getNftMetadata", { principal, token_id }, query);
  const example = (operationId: MockOperationId, name: string) =>
    mockExamples[operationId].find((e) => e.name === name)?.value as Record<string, unknown>;

  it("the NFT route answers an SFT as upstream does: its token_uri and metadata", () => {
    const { token_uri, metadata } = example("getSftMetadata", "withMetadata");
    expect(nft("35")).toEqual({ status: 200, body: { token_uri, metadata } });
    expect(nft("35", "locale=es-MX").body).toEqual({
      token_uri,
      metadata: example("getSftMetadata", "withLocale").metadata,
    });
    expect(nft("3").body).toEqual({ token_uri: example("getSftMetadata", "withoutMetadata").token_uri });
    expect(nft("4")).toEqual({ status: 200, body: {}, example: "metadataJobFailed" });
    expect(nft("36")).toMatchObject({ status: 422, example: "metadataFetchInProgress" });
    expect(nft("35", "locale=fr")).toMatchObject({ status: 422, example: "localeNotFound" });
    expect(nft("99")).toMatchObject({ status: 404, example: "tokenNotFound" });
  });

  it("the SFT route answers an NFT: the NFT's own fields", () => {
    expect(sft("1234", "", MONKEYS)).toEqual({
      status: 200,
      body: example("getNftMetadata", "withMetadata"),
    });
    expect(sft("1236", "", MONKEYS)).toMatchObject({ status: 422, example: "metadataFetchInProgress" });
  });

  it("the FT route knows the contracts of the other routes: token 1 of an SFT contract is not found", () => {
    expect(ask("getFtMetadata", { principal: PRINCIPAL })).toEqual({
      status: 404,
      body: { error: "Token not found" },
      example: "tokenNotFound",
    });
  });
});

describe("answerFor: a sat or a transaction", () => {
  it("answers an id no example names with an empty page that echoes offset and limit", () => {
    expect(sat("5000000000", "offset=20")).toEqual({
      status: 200,
      body: { limit: 20, offset: 20, total: 0, results: [] },
      example: "emptyPage",
    });
    expect(activity("ab".repeat(32), "limit=7").body).toEqual({ limit: 7, offset: 0, total: 0, results: [] });
    // The indexer compares ids case-sensitively: an upper-case id finds nothing.
    expect(activity(TRANSFER_TX.toUpperCase()).body).toMatchObject({ total: 0, results: [] });
  });

  it("answers the two pages of a sat with their examples", () => {
    expect(sat(TWO_PAGE_SAT, "limit=2")).toMatchObject({
      example: "reinscribedSatPage1",
      body: { total: 3 },
    });
    expect(sat(TWO_PAGE_SAT, "offset=2&limit=2")).toMatchObject({ example: "reinscribedSatPage2" });
    expect(numbers(sat(TWO_PAGE_SAT, "limit=2"))).toEqual([72104318, 4512877]);
    expect(numbers(sat(TWO_PAGE_SAT, "offset=2&limit=2"))).toEqual([-183206]);
  });

  it("cuts any other page from the id's examples, as the service would", () => {
    const all = sat(TWO_PAGE_SAT); // limit 20: the three in one page, which no example is
    expect(all.example).toBeUndefined();
    expect(all.body).toMatchObject({ limit: 20, offset: 0, total: 3 });
    expect(numbers(all)).toEqual([72104318, 4512877, -183206]);
    expect(numbers(sat(TWO_PAGE_SAT, "offset=1&limit=1"))).toEqual([4512877]);
    // The last example page, asked with a larger limit: that example, its limit echoed.
    expect(sat(TWO_PAGE_SAT, "offset=2&limit=5")).toMatchObject({
      example: "reinscribedSatPage2",
      body: { limit: 5, offset: 2, total: 3 },
    });
    // Past the end the service counts nothing (total 0), as upstream does.
    expect(sat(TWO_PAGE_SAT, "offset=3")).toMatchObject({
      body: { total: 0, results: [] },
      example: "emptyPage",
    });
    expect(activity(TRANSFER_TX, "offset=1&limit=2").body).toMatchObject({ offset: 1, limit: 2, total: 4 });
  });

  it("refuses an invalid parameter as each service does", () => {
    expect(sat(TWO_PAGE_SAT, "limit=61")).toEqual({
      status: 400,
      body: { error: "Invalid satoshi ordinal number" },
      example: "invalidSatoshiOrdinal",
    });
    expect(sat("2099999997690000").status).toBe(400);
    expect(activity(TX_ID, "limit=61")).toMatchObject({
      status: 400,
      body: { message: "querystring/limit must be <= 60" },
      example: "limitTooLarge",
    });
    expect(activity(`0x${TX_ID.slice(2)}`)).toMatchObject({ status: 400, example: "invalidTxId" });
    expect(activity(TX_ID, "offset=-1").body).toMatchObject({ message: "querystring/offset must be >= 0" });
  });

  it("gives a fresh body each time", () => {
    (sat(TWO_PAGE_SAT, "limit=2").body as { total: number }).total = 99;
    expect(sat(TWO_PAGE_SAT, "limit=2").body).toMatchObject({ total: 3 });
  });
});

/** The client, its fetch answered by the mock's rules. */
function clientOnRules() {
  return createTestClient(
    (request) => {
      const url = new URL(request.url);
      const route = routeOf(url.pathname);
      if (!route) return json({ error: "no route" }, 404);
      const answer = answerFor(route.operationId, { path: route.path, query: url.searchParams });
      return json(answer.body, answer.status);
    },
    { maxRetries: 0 },
  );
}

describe("the client's answer checks pass against the mock's rules", () => {
  it("for every example tied to a request", async () => {
    const { client } = clientOnRules();
    for (const [operationId, examples] of Object.entries(mockExamples)) {
      for (const example of examples) {
        // The bulk search answers `{ results, missing }`, not the example: mock-search.test.ts checks it.
        if (!("request" in example) || example.status !== 200 || operationId === "searchTokens") continue;
        // Each query value back in the type the client takes, by its rule.
        const query = Object.entries(example.request.query).map(([k, v]) => {
          const type = (parameterRules as Record<string, { type: string }>)[k]?.type;
          return [k, type === "integer" ? Number(v) : type === "boolean" ? String(v) === "true" : v];
        });
        const params = { ...example.request.path, ...Object.fromEntries(query) };
        const lookup = client[operationId as MockOperationId] as (p: typeof params) => Promise<unknown>;
        await expect(lookup(params), `${operationId} ${example.name}`).resolves.toEqual(example.value);
      }
    }
  });

  it("for any valid sat or transaction, at any offset and limit", async () => {
    const { client } = clientOnRules();
    const known = [TWO_PAGE_SAT, "1252201400444387"];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...known), fc.bigInt({ min: 0n, max: 2099999997689999n }).map(String)),
        fc.oneof(fc.constantFrom(TX_ID, TRANSFER_TX), fc.stringMatching(/^[0-9a-f]{64}$/)),
        fc.nat(5),
        fc.integer({ min: 1, max: 60 }),
        async (ordinal, tx_id, offset, limit) => {
          const page = await client.getSatoshiInscriptions({ ordinal, offset, limit });
          expect(page.offset).toBe(offset);
          await client.getTransactionActivity({ tx_id, offset, limit });
        },
      ),
      { numRuns: 60 },
    );
  });

  it("paginate walks both pages of the two-page sat, two at a time", async () => {
    const { client, requests } = clientOnRules();
    const items = await collect(
      paginate(client.getSatoshiInscriptions, { ordinal: TWO_PAGE_SAT }, { pageSize: 2 }),
      { max: 10 },
    );
    expect(items.map((i) => i.number)).toEqual([72104318, 4512877, -183206]);
    expect(requests.map((r) => new URL(r.url).search)).toEqual(["?offset=0&limit=2", "?offset=2&limit=2"]);
  });

  it("an unknown token is the client's not_found", async () => {
    const { client } = clientOnRules();
    await expect(client.getSftMetadata({ principal: PRINCIPAL, token_id: 12345 })).rejects.toMatchObject({
      kind: "not_found",
    });
  });
});

describe("routeOf", () => {
  it("names the operation and decodes its path parameters", () => {
    expect(routeOf(`/metadata/v1/sft/${PRINCIPAL}/35`)).toEqual({
      operationId: "getSftMetadata",
      path: { principal: PRINCIPAL, token_id: "35" },
    });
    expect(routeOf("/base/ordinals/v1/sats/1/inscriptions", "/base/")).toMatchObject({
      path: { ordinal: "1" },
    });
    expect(routeOf("/ordinals/v1/sats/1/inscriptions/extra")).toBeUndefined();
    expect(routeOf("/runes/v1/transactions/%E0%A4%A/activity")?.path.tx_id).toBe("%E0%A4%A");
  });
});
