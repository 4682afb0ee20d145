/**
 * `paginateLookup(client, operationId, params, options?)`: a walk that pages by the client's own page
 * maximum (`maxLimit`), whatever wraps the client's methods. `paginate(method, …)` takes the page size it
 * is given, else the spec's 60: it reads nothing off the method, so a wrapper (an arrow, `.bind`, a spy)
 * walks as the method itself does.
 */
import { describe, expect, it, vi } from "vitest";
import {
  collect,
  HiroValidationError,
  paginate,
  paginateLookup,
  type RequestOptions,
  type TransactionActivityParams,
} from "../../src/index.js";
import { emptyPage, LOCAL, ORDINAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const limitSent = (request: Request | undefined) =>
  new URL(request?.url ?? "http://x").searchParams.get("limit");

function setup(maxLimit?: { ordinals?: number; runes?: number }) {
  return createTestClient(emptyPage, { maxRetries: 0, maxLimit });
}

describe("paginateLookup", () => {
  it("pages by the client's maxLimit for the lookup's service", async () => {
    const { client, requests } = setup({ runes: 20 });
    expect(
      await collect(paginateLookup(client, "getTransactionActivity", { tx_id: TX_ID }), { max: 10 }),
    ).toEqual([]);
    expect(requests.map(limitSent)).toEqual(["20"]);
  });

  it("survives a spy on the method (the trap of the free paginate)", async () => {
    const { client, requests } = setup({ runes: 20 });
    const spy = vi.spyOn(client, "getTransactionActivity");
    await collect(paginateLookup(client, "getTransactionActivity", { tx_id: TX_ID }), { max: 10 });
    expect(requests.map(limitSent)).toEqual(["20"]);
    // The walk uses the client's own lookup, not the property a spy replaced.
    expect(spy).not.toHaveBeenCalled();
  });

  it("takes pageSize up to the maximum, and refuses one past it before sending", async () => {
    const { client, requests } = setup({ ordinals: 100 });
    await collect(paginateLookup(client, "getSatoshiInscriptions", { ordinal: ORDINAL }, { pageSize: 100 }), {
      max: 10,
    });
    await collect(paginateLookup(client, "getSatoshiInscriptions", { ordinal: ORDINAL }), { max: 10 });
    expect(requests.map(limitSent)).toEqual(["100", "100"]);
    const error = await collect(
      paginateLookup(client, "getSatoshiInscriptions", { ordinal: ORDINAL }, { pageSize: 101 }),
      { max: 10 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(error).toMatchObject({
      parameter: "pageSize",
      reason: "must be an integer from 1 to 100 (the client's maxLimit.ordinals); got 101",
    });
    expect(requests).toHaveLength(2);
  });

  it("without maxLimit pages by the spec's 60, the metadata service's list included", async () => {
    const { client, requests } = setup();
    await collect(paginateLookup(client, "getTransactionActivity", { tx_id: TX_ID }), { max: 10 });
    await collect(paginateLookup(client, "getFungibleTokens", { name: "alex" }), { max: 10 });
    expect(requests.map(limitSent)).toEqual(["60", "60"]);
    expect(new URL(requests[1]?.url ?? "http://x").searchParams.get("name")).toBe("alex");
  });

  it("refuses a client createLookupClient did not make", () => {
    const copy = { ...createTestClient(LOCAL).client };
    const walk = () => paginateLookup(copy, "getTransactionActivity", { tx_id: TX_ID });
    expect(walk).toThrowError(HiroValidationError);
    expect(walk).toThrowError(/client/);
  });

  it("refuses a lookup that is not paged, before sending", async () => {
    const { client, requests } = setup();
    const walk = () => paginateLookup(client, "getSftMetadata" as "getTransactionActivity", { tx_id: TX_ID });
    expect(walk).toThrowError(HiroValidationError);
    expect(requests).toHaveLength(0);
  });
});

describe("paginate and a wrapped method", () => {
  it("a wrapper carries no maximum: the default is the spec's 60, whatever the client's maxLimit", async () => {
    const { client, requests } = setup({ runes: 100 });
    await collect(
      paginate((p: TransactionActivityParams, o?: RequestOptions) => client.getTransactionActivity(p, o), {
        tx_id: TX_ID,
      }),
      { max: 10 },
    );
    expect(requests.map(limitSent)).toEqual(["60"]);
  });

  it("the client's own method and any wrapper of it walk alike (nothing is read off the method)", async () => {
    const { client, requests } = setup({ runes: 100 });
    const spied = vi.fn(client.getTransactionActivity);
    const walks = [
      client.getTransactionActivity,
      client.getTransactionActivity.bind(client),
      (p: TransactionActivityParams, o?: RequestOptions) => client.getTransactionActivity(p, o),
      spied,
    ];
    for (const method of walks) await collect(paginate(method, { tx_id: TX_ID }), { max: 10 });
    expect(requests.map(limitSent)).toEqual(["60", "60", "60", "60"]);
    expect(spied).toHaveBeenCalledTimes(1);
  });

  it("an explicit pageSize is the page size, through any wrapper", async () => {
    const { client, requests } = setup({ runes: 20 });
    const bound = client.getTransactionActivity.bind(client);
    await collect(paginate(bound, { tx_id: TX_ID }, { pageSize: 20 }), { max: 10 });
    await collect(
      paginate(
        (p: TransactionActivityParams, o?: RequestOptions) => client.getTransactionActivity(p, o),
        { tx_id: TX_ID },
        { pageSize: 15 },
      ),
      { max: 10 },
    );
    expect(requests.map(limitSent)).toEqual(["20", "15"]);
  });
});
