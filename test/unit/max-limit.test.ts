/**
 * Issue 20: a deployment's page maximum (bitcoin-indexer's `API_RESULTS_MAX_LIMIT`) told to the client
 * as `maxLimit: { ordinals, runes }`. The `limit` check and paginateLookup's default page size follow it;
 * the spec's 60 stays the default, and the free paginate's. An injected fetch records what is sent.
 */
import { describe, expect, it } from "vitest";
import { collect, HiroValidationError, paginate, paginateLookup } from "../../src/index.js";
import { emptyPage, LOCAL, ORDINAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const limitSent = (request: Request | undefined) =>
  new URL(request?.url ?? "http://x").searchParams.get("limit");

function setup(maxLimit?: { ordinals?: number; runes?: number }) {
  const { client, requests: fakeRequests } = createTestClient(emptyPage, { maxRetries: 0, maxLimit });
  return { client, requests: fakeRequests };
}

describe("maxLimit, the client option", () => {
  it("a limit up to the deployment's maximum is sent even above the spec's 60; one past it is refused", async () => {
    const { client, requests } = setup({ runes: 100 });
    await client.getTransactionActivity({ tx_id: TX_ID, limit: 100 });
    expect(limitSent(requests[0])).toBe("100");
    const error = await client.getTransactionActivity({ tx_id: TX_ID, limit: 101 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(error).toMatchObject({ parameter: "limit" });
    expect((error as Error).message).toMatch(/1 to 100.*maxLimit/);
    // The other service keeps the spec's maximum.
    const ordinals = await client
      .getSatoshiInscriptions({ ordinal: ORDINAL, limit: 61 })
      .catch((e: unknown) => e);
    expect(ordinals).toMatchObject({ parameter: "limit" });
    expect(requests).toHaveLength(1);
  });

  it("a lower maximum refuses a limit the spec allows, and paginateLookup pages by it", async () => {
    const { client, requests } = setup({ runes: 20 });
    const error = await client.getTransactionActivity({ tx_id: TX_ID, limit: 21 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ parameter: "limit" });
    await collect(paginateLookup(client, "getTransactionActivity", { tx_id: TX_ID }), { max: 10 });
    expect(limitSent(requests[0])).toBe("20");
  });

  it("the free paginate reads nothing off the method: the spec's 60 unless pageSize says the maximum", async () => {
    const { client, requests } = setup({ ordinals: 100 });
    await collect(paginate(client.getSatoshiInscriptions, { ordinal: ORDINAL }), { max: 10 });
    await collect(paginate(client.getSatoshiInscriptions, { ordinal: ORDINAL }, { pageSize: 100 }), {
      max: 10,
    });
    expect(requests.map(limitSent)).toEqual(["60", "100"]);
    // Above the client's maximum, the lookup refuses the first page before sending, naming its limit.
    const error = await collect(
      paginate(client.getSatoshiInscriptions, { ordinal: ORDINAL }, { pageSize: 101 }),
      { max: 10 },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ parameter: "limit" });
    expect(String(error)).toContain("maxLimit");
    expect(requests).toHaveLength(2);
  });

  it("a client's maximum lower than 60 refuses the free paginate's default before sending", async () => {
    const { client, requests } = setup({ runes: 20 });
    const error = await collect(paginate(client.getTransactionActivity, { tx_id: TX_ID }), {
      max: 10,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(String(error)).toMatch(/1 to 20 \(the client's maxLimit/);
    expect(requests).toHaveLength(0);
  });

  it("without it, the spec's 60 holds", async () => {
    const { client, requests } = setup();
    await collect(paginate(client.getSatoshiInscriptions, { ordinal: ORDINAL }), { max: 10 });
    expect(limitSent(requests[0])).toBe("60");
    expect(
      await client.getSatoshiInscriptions({ ordinal: ORDINAL, limit: 61 }).catch((e: unknown) => e),
    ).toMatchObject({
      parameter: "limit",
    });
  });

  it("is checked and named", () => {
    for (const bad of [
      { runes: 0 },
      { runes: 1.5 },
      { ordinals: -1 },
      { metadata: 5 },
      { runes: "100" },
      60,
      null,
    ]) {
      const make = () => createTestClient(LOCAL, { maxLimit: bad as never }).client;
      expect(make).toThrowError(HiroValidationError);
      try {
        make();
      } catch (error) {
        expect((error as HiroValidationError).parameter).toBe("maxLimit");
      }
    }
  });
});
