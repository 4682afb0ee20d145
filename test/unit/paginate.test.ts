import { describe, expect, it } from "vitest";
import { collect, createLookupClient, HiroValidationError, paginate } from "../../src/index.js";
import { fakeFetch, json, LOCAL, TX_ID } from "../helpers/fake-fetch.js";

interface ServerOptions {
  total: number;
  /** The most the server returns per page (it caps `limit`). */
  cap?: number;
  /** Milliseconds to wait, per request offset, before answering (to resolve pages out of order). */
  delay?: (offset: number) => number;
  /** `total` the server reports; default the real one (it says 0 past the end, as upstream does). */
}

/** A fake paginated service of inscriptions `i0..i{total-1}`, answering like upstream. */
function pagedServer({ total, cap = 60, delay = () => 0 }: ServerOptions) {
  return fakeFetch(async (request) => {
    const url = new URL(request.url);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const limit = Math.min(Number(url.searchParams.get("limit") ?? 20), cap);
    await new Promise((resolve) => setTimeout(resolve, delay(offset)));
    const count = Math.max(0, Math.min(limit, total - offset));
    // Each result is about the sat or transaction asked, as the client checks.
    const asked = url.pathname.split("/")[4];
    const results = Array.from({ length: count }, (_, i) => ({
      id: `i${offset + i}`,
      sat_ordinal: asked,
      location: { tx_id: asked },
    }));
    // Upstream's total comes from COUNT(*) OVER() on the page: 0 when the offset is past the end.
    return json({ limit, offset, total: count === 0 ? 0 : total, results });
  });
}

/** An inscription `id` on sat 1, the sat these tests ask for. */
const sat1 = (id: string) => ({ id, sat_ordinal: "1" });
const offsetsOf = (requests: Request[]) =>
  requests.map((r) => Number(new URL(r.url).searchParams.get("offset")));
const ids = (items: Array<{ id: string }>) => items.map((i) => i.id);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `i${from + i}`);

describe("paginate", () => {
  it("yields every item in order and stops when offset + results reaches total", async () => {
    const server = pagedServer({ total: 130 });
    const client = createLookupClient({ baseUrl: LOCAL, fetch: server.fetch });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }), { max: 1000 });
    expect(ids(items)).toEqual(range(0, 130));
    expect(offsetsOf(server.requests)).toEqual([0, 60, 120]);
    expect(server.requests.every((r) => new URL(r.url).searchParams.get("limit") === "60")).toBe(true);
  });

  it("makes one request for an empty result (total 0)", async () => {
    const server = pagedServer({ total: 0 });
    const client = createLookupClient({ baseUrl: LOCAL, fetch: server.fetch });
    expect(await collect(paginate(client.getTransactionActivity, { tx_id: TX_ID }), { max: 10 })).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("stops on an empty page even if total claims more", async () => {
    const { fetch, requests } = fakeFetch((request) => {
      const offset = Number(new URL(request.url).searchParams.get("offset"));
      const results = offset === 0 ? [sat1("a"), sat1("b")] : [];
      return json({ limit: 2, offset, total: 99, results });
    });
    const client = createLookupClient({ baseUrl: LOCAL, fetch });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { pageSize: 2 }), {
      max: 100,
    });
    expect(ids(items)).toEqual(["a", "b"]);
    expect(requests).toHaveLength(2);
  });

  it("starts at the given offset and honours maxItems without fetching past it", async () => {
    const server = pagedServer({ total: 500 });
    const client = createLookupClient({ baseUrl: LOCAL, fetch: server.fetch });
    const items = await collect(
      paginate(client.getSatoshiInscriptions, { ordinal: 1, offset: 10 }, { pageSize: 20, maxItems: 45 }),
      { max: 1000 },
    );
    expect(ids(items)).toEqual(range(10, 55));
    expect(offsetsOf(server.requests)).toEqual([10, 30, 50]);
  });

  it("stops fetching when the consumer breaks", async () => {
    const server = pagedServer({ total: 1000 });
    const client = createLookupClient({ baseUrl: LOCAL, fetch: server.fetch });
    let seen = 0;
    for await (const _ of paginate(client.getSatoshiInscriptions, { ordinal: 1 })) {
      if (++seen === 61) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(offsetsOf(server.requests)).toEqual([0, 60]);
  });

  it("follows a server that caps limit below pageSize, without gaps", async () => {
    const server = pagedServer({ total: 95, cap: 20 });
    const client = createLookupClient({ baseUrl: LOCAL, fetch: server.fetch });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { concurrency: 3 }), {
      max: 1000,
    });
    expect(ids(items)).toEqual(range(0, 95));
    expect(offsetsOf(server.requests)).toEqual([0, 20, 40, 60, 80]);
  });

  it("with concurrency, fetches ahead but yields in server order even when pages resolve out of order", async () => {
    // Later pages answer first.
    const server = pagedServer({ total: 600, delay: (offset) => Math.max(0, 60 - offset / 10) });
    const client = createLookupClient({ baseUrl: LOCAL, fetch: server.fetch });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { concurrency: 4 }), {
      max: 10_000,
    });
    expect(ids(items)).toEqual(range(0, 600));
    expect(new Set(offsetsOf(server.requests)).size).toBe(10);
  });

  it("keeps at most `concurrency` requests in flight", async () => {
    let inFlight = 0;
    let peak = 0;
    const { fetch } = fakeFetch(async (request) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      const offset = Number(new URL(request.url).searchParams.get("offset"));
      return json({
        limit: 60,
        offset,
        total: 1200,
        results: range(offset, offset + 60).map(sat1),
      });
    });
    const client = createLookupClient({ baseUrl: LOCAL, fetch });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { concurrency: 3 }), {
      max: 10_000,
    });
    expect(items).toHaveLength(1200);
    expect(peak).toBe(3);
  });

  it("drops an inscription repeated across a page boundary (the list shifted between requests)", async () => {
    const { fetch } = fakeFetch((request) => {
      const offset = Number(new URL(request.url).searchParams.get("offset"));
      const pages: Record<number, string[]> = { 0: ["a", "b"], 2: ["b", "c"], 4: ["d"] };
      return json({ limit: 2, offset, total: 5, results: (pages[offset] ?? []).map(sat1) });
    });
    const client = createLookupClient({ baseUrl: LOCAL, fetch });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { pageSize: 2 }), {
      max: 10,
    });
    expect(ids(items)).toEqual(["a", "b", "c", "d"]);
  });

  it("propagates a page's error and aborts the pages fetched ahead", async () => {
    const aborted: string[] = [];
    const { fetch } = fakeFetch(async (request) => {
      const offset = Number(new URL(request.url).searchParams.get("offset"));
      if (offset === 60) return json({ statusCode: 400, error: "Bad Request", message: "x" }, 400);
      if (offset > 60) {
        return new Promise<Response>((_, reject) =>
          request.signal.addEventListener("abort", () => {
            aborted.push(String(offset));
            reject(request.signal.reason);
          }),
        );
      }
      return json({
        limit: 60,
        offset,
        total: 1000,
        results: range(offset, offset + 60).map(sat1),
      });
    });
    const client = createLookupClient({ baseUrl: LOCAL, fetch });
    await expect(
      collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { concurrency: 4 }), { max: 10_000 }),
    ).rejects.toMatchObject({ kind: "invalid_request" });
    expect(aborted.sort()).toEqual(["120", "180", "240"]);
  });

  it.each([
    ["pageSize", { pageSize: 61 }],
    ["pageSize", { pageSize: 0 }],
    ["maxItems", { maxItems: -1 }],
    ["concurrency", { concurrency: 0 }],
    ["concurrency", { concurrency: 17 }],
  ] as const)("rejects a bad %s before any request", async (parameter, options) => {
    const server = pagedServer({ total: 10 });
    const client = createLookupClient({ baseUrl: LOCAL, fetch: server.fetch });
    const error = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, options), {
      max: 5,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroValidationError);
    expect((error as HiroValidationError).parameter).toBe(parameter);
    expect(server.requests).toHaveLength(0);
  });
});

describe("collect", () => {
  it("refuses to run without max", async () => {
    const server = pagedServer({ total: 10 });
    const client = createLookupClient({ baseUrl: LOCAL, fetch: server.fetch });
    const noMax = {} as { max: number };
    await expect(
      collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }), noMax),
    ).rejects.toMatchObject({
      name: "HiroValidationError",
      parameter: "max",
    });
    expect(server.requests).toHaveLength(0);
  });

  it("returns at most max items and stops the paginator", async () => {
    const server = pagedServer({ total: 1000 });
    const client = createLookupClient({ baseUrl: LOCAL, fetch: server.fetch });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }), { max: 70 });
    expect(items).toHaveLength(70);
    expect(server.requests).toHaveLength(2);
  });
});
