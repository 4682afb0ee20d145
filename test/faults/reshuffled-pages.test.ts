/**
 * A server under someone else's control cannot make `paginate` (or `--all`) loop by serving the same
 * items in another order: runes reshuffling the same 60 activities on every page, with `total`
 * 2^53 - 1, gave 3,000 items (60 distinct) from 50 requests, and `tx-activity --all` sent 5,007 requests
 * in 10 s. Repeats are found by item identity, not page order; a page of them is what tied keys give, so
 * it is allowed while repeats stay few (issue 47), and the walk stops with a HiroError ("not paging"). A
 * page is also refused as `invalid_response` when its echoed `limit` is below its result count, or it
 * holds the same inscription, or the same rune activity, twice.
 */
import { describe, expect, it } from "vitest";
import { collect, HiroError, paginate } from "../../src/index.js";
import { emptyPageFor, json, ORDINAL, TX_ID } from "../helpers/fake-fetch.js";
import { loadSpec } from "../helpers/spec.js";
import { createTestClient } from "../helpers/test-client.js";

const examples = loadSpec().components.examples;
type Results = { results: Record<string, unknown>[] };
const [activity] = (examples.RuneEtchingActivity as { value: Results }).value.results;
const [inscription] = (examples.SatoshiInscriptions as { value: Results }).value.results;
const activities = Array.from({ length: 60 }, (_, vout) => ({
  ...activity,
  location: { ...(activity?.location as object), tx_id: TX_ID, vout },
}));

/** The same items in a new order on every call. */
function shuffled<T>(items: T[], call: number): T[] {
  const shift = (call * 7) % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)].reverse();
}

describe("a server that serves the same items in another order", () => {
  it("stops paginate by identity within a few requests, with a HiroError", async () => {
    const { client, requests } = createTestClient((request, call) =>
      json({ ...emptyPageFor(request), total: 2 ** 53 - 1, results: shuffled(activities, call) }),
    );
    const error = await collect(paginate(client.getTransactionActivity, { tx_id: TX_ID }), {
      max: 100_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroError);
    expect((error as Error).message).toMatch(/brought nothing new.*not paging/);
    expect(requests.length).toBeLessThanOrEqual(10);
  });
});

describe("a page that contradicts itself is invalid_response", () => {
  it("an echoed limit below the page's result count", async () => {
    const { client } = createTestClient(
      (request) => json({ ...emptyPageFor(request), limit: 1, total: 60, results: activities.slice(0, 20) }),
      { maxRetries: 0 },
    );
    await expect(client.getTransactionActivity({ tx_id: TX_ID })).rejects.toMatchObject({
      kind: "invalid_response",
      message: expect.stringContaining("limit"),
    });
  });

  it("the same inscription id twice in a page", async () => {
    const twice = [inscription, { ...inscription, number: 5 }];
    const { client } = createTestClient(
      (request) => json({ ...emptyPageFor(request), total: 2, results: twice }),
      { maxRetries: 0 },
    );
    await expect(client.getSatoshiInscriptions({ ordinal: ORDINAL })).rejects.toMatchObject({
      kind: "invalid_response",
      message: expect.stringContaining("twice"),
    });
  });

  it("one rune activity repeated in a page", async () => {
    const { client } = createTestClient(
      (request) =>
        json({ ...emptyPageFor(request), total: 3, results: [activities[0], activities[1], activities[0]] }),
      { maxRetries: 0 },
    );
    await expect(client.getTransactionActivity({ tx_id: TX_ID })).rejects.toMatchObject({
      kind: "invalid_response",
      message: expect.stringContaining("twice"),
    });
  });
});
