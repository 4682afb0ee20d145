/**
 * A deployment's larger page size (bitcoin-indexer's API_RESULTS_MAX_LIMIT) passes response validation:
 * with `maxLimit: { runes: 100 }` and `validateResponses()`, a real page of 75 activities is data, in a
 * lookup and in `paginateLookup`; the page is still held to the `limit` asked (the lookup's own check).
 */
import { describe, expect, it } from "vitest";
import { collect, paginateLookup, validateResponses } from "../../src/index.js";
import { responseValidators } from "../../src/validators.js";
import { emptyPageFor, json, TX_ID } from "../helpers/fake-fetch.js";
import { loadSpec } from "../helpers/spec.js";
import { createTestClient } from "../helpers/test-client.js";

const example = loadSpec().components.examples.RuneEtchingActivity?.value as { results: object[] };
const [activity] = example.results;
const items = Array.from({ length: 75 }, (_, vout) => ({
  ...activity,
  location: { ...(activity as { location: object }).location, tx_id: TX_ID, vout },
}));

describe("validateResponses follows the client's maxLimit", () => {
  const { client, requests } = createTestClient(
    (request) => {
      const { offset, limit } = emptyPageFor(request);
      const results = items.slice(offset, offset + limit);
      return json({ limit, offset, total: results.length ? items.length : 0, results });
    },
    { maxLimit: { runes: 100 }, middleware: [validateResponses(responseValidators)], maxRetries: 0 },
  );

  it("a page of 75 at limit 100 is data", async () => {
    const page = await client.getTransactionActivity({ tx_id: TX_ID, limit: 100 });
    expect(page.results).toHaveLength(75);
  });

  it("paginateLookup walks it in one page of the deployment's maximum", async () => {
    requests.length = 0;
    const all = await collect(paginateLookup(client, "getTransactionActivity", { tx_id: TX_ID }), {
      max: 1000,
    });
    expect(all).toHaveLength(75);
    expect(new URL(requests[0]?.url ?? "").searchParams.get("limit")).toBe("100");
  });

  it("a page longer than the limit asked is still refused", async () => {
    const { client: lying } = createTestClient(
      (request) => json({ ...emptyPageFor(request), total: 75, results: items }),
      { maxLimit: { runes: 100 }, middleware: [validateResponses(responseValidators)], maxRetries: 0 },
    );
    await expect(lying.getTransactionActivity({ tx_id: TX_ID, limit: 50 })).rejects.toMatchObject({
      kind: "invalid_response",
    });
  });
});
