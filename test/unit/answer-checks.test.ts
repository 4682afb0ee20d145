/**
 * Answers that are about what was asked (issue 12). Found by running upstream's real code: sat 0 drops
 * the filter and answers every sat's inscriptions; a server ignoring `offset` answers one page forever.
 * The client reports `invalid_response` naming the check, never wrong data as right.
 */
import { describe, expect, it } from "vitest";
import { createLookupClient, HiroApiError } from "../../src/index.js";
import { fakeFetch, json, LOCAL, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";

const inscription = (sat: string) => ({ id: `${sat}i0`, sat_ordinal: sat });
const activity = (tx: string) => ({ operation: "mint", location: { tx_id: tx } });

function clientAnswering(body: unknown) {
  const fake = fakeFetch(() => json(body));
  return {
    client: createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch, maxRetries: 2 }),
    requests: fake.requests,
  };
}

async function invalid(promise: Promise<unknown>, pattern: RegExp) {
  const error = await promise.then(
    () => expect.unreachable("expected invalid_response"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HiroApiError);
  expect(error).toMatchObject({ kind: "invalid_response", status: 200 });
  expect((error as Error).message).toMatch(pattern);
}

describe("answers are checked against the question", () => {
  it("sat 0: inscriptions of other sats (upstream drops the filter) are refused, not retried", async () => {
    const { client, requests } = clientAnswering({
      limit: 20,
      offset: 0,
      total: 2,
      results: [inscription("1252201400444387"), inscription("5")],
    });

    await invalid(
      client.getSatoshiInscriptions({ ordinal: 0 }),
      /sat 1252201400444387, not the one asked \(0\).*ignored the filter/,
    );
    expect(requests).toHaveLength(1);
  });

  it("rune activity of another transaction is refused", async () => {
    const other = "f".repeat(64);
    const { client } = clientAnswering({ limit: 20, offset: 0, total: 1, results: [activity(other)] });

    await invalid(client.getTransactionActivity({ tx_id: TX_ID }), /transaction f{10}.*not the one asked/);
  });

  it("a page at another offset than asked (offset ignored) is refused", async () => {
    const { client } = clientAnswering({ limit: 20, offset: 0, total: 100, results: [] });

    await invalid(
      client.getTransactionActivity({ tx_id: TX_ID, offset: 60 }),
      /offset 0 for offset 60.*ignored offset/,
    );
  });

  it.each([
    ["results missing", { limit: 20, offset: 0, total: 0 }, /without a results array/],
    ["results not an array", { limit: 20, offset: 0, total: 0, results: {} }, /without a results array/],
    [
      "more results than the limit",
      { limit: 60, offset: 0, total: 3, results: [1, 2, 3].map(() => activity(TX_ID)) },
      /3 results, more than the limit of 2/,
    ],
    ["a negative total", { limit: 20, offset: 0, total: -1, results: [] }, /total is not a count/],
    ["a total past 2^53", { limit: 20, offset: 0, total: 1e16, results: [] }, /total is not a count/],
  ])("%s is invalid_response naming the check", async (_, body, pattern) => {
    const { client } = clientAnswering(body);

    await invalid(client.getTransactionActivity({ tx_id: TX_ID, limit: 2 }), pattern);
  });

  it("a page about what was asked is returned as is", async () => {
    const body = { limit: 2, offset: 4, total: 6, results: [activity(TX_ID), activity(TX_ID)] };
    const { client } = clientAnswering(body);

    await expect(client.getTransactionActivity({ tx_id: TX_ID, offset: 4, limit: 2 })).resolves.toEqual(body);
  });
});

// Issue 21 (small): cases the checks missed.
describe("answers the checks used to miss", () => {
  it.each([
    ["null", null],
    ["42", 42],
    ["[]", []],
    ['"text"', "text"],
    ['{"error":…}', { error: "Token not found" }],
  ])("getSftMetadata: a 200 with %s is invalid_response", async (_, body) => {
    const { client, requests } = clientAnswering(body);

    await invalid(client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }), /not a token's metadata/);
    expect(requests).toHaveLength(1);
  });

  it("getSftMetadata: {} (a failed job) and a token with metadata are answers", async () => {
    for (const body of [{}, { token_uri: "ipfs://t", metadata: { sip: 16, name: "T" } }]) {
      const { client } = clientAnswering(body);
      await expect(client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 })).resolves.toEqual(body);
    }
  });

  it.each([
    ["total 0 beside 3 results", 0, 0],
    ["total 5 beside 3 results at offset 4", 5, 4],
  ])("a page with %s is invalid_response", async (_, total, offset) => {
    const results = [1, 2, 3].map(() => activity(TX_ID));
    const { client } = clientAnswering({ limit: 20, offset, total, results });

    await invalid(
      client.getTransactionActivity({ tx_id: TX_ID, offset }),
      new RegExp(`total ${total} is less than the ${offset + 3} results up to this page`),
    );
  });

  it("an empty page past the end may say total 0 (upstream counts the page only)", async () => {
    const body = { limit: 20, offset: 60, total: 0, results: [] };
    const { client } = clientAnswering(body);

    await expect(client.getTransactionActivity({ tx_id: TX_ID, offset: 60 })).resolves.toEqual(body);
  });
});
