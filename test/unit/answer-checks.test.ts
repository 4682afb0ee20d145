/**
 * Answers that are about what was asked (issue 12). Found by running upstream's real code: sat 0 drops
 * the filter and answers every sat's inscriptions; a server ignoring `offset` answers one page forever.
 * The client reports `invalid_response` naming the check, never wrong data as right.
 */
import { describe, expect, it } from "vitest";
import { HiroApiError } from "../../src/index.js";
import { json, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const inscription = (sat: string) => ({ id: `${sat}i0`, sat_ordinal: sat });
const activity = (tx: string) => ({ operation: "mint", location: { tx_id: tx } });

function clientAnswering(body: unknown) {
  return createTestClient(() => json(body), { maxRetries: 2 });
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
    const body = {
      limit: 2,
      offset: 4,
      total: 6,
      results: [activity(TX_ID), { ...activity(TX_ID), operation: "receive" }],
    };
    const { client } = clientAnswering(body);

    await expect(client.getTransactionActivity({ tx_id: TX_ID, offset: 4, limit: 2 })).resolves.toEqual(body);
  });
});

describe("answers that contradict themselves or the question", () => {
  const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";

  it("getSftMetadata: null, 42, [] or an error envelope on a 200 are invalid_response; {} (a failed job) is not", async () => {
    for (const body of [null, 42, [], "text", { error: "Token not found" }]) {
      const { client } = clientAnswering(body);
      await invalid(client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }), /JSON object|error/);
    }
    const { client } = clientAnswering({});
    expect(await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 })).toEqual({});
  });

  it("a page with total 0 beside 3 results is refused; total counts at least offset + results", async () => {
    const results = [activity(TX_ID), activity(TX_ID), activity(TX_ID)];
    const { client } = clientAnswering({ limit: 20, offset: 0, total: 0, results });
    await invalid(client.getTransactionActivity({ tx_id: TX_ID }), /total 0.*3 results/);
    const past = clientAnswering({ limit: 20, offset: 20, total: 0, results: [] });
    expect(await past.client.getTransactionActivity({ tx_id: TX_ID, offset: 20 })).toMatchObject({
      total: 0,
    });
  });
});
