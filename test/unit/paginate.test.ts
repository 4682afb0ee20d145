/**
 * paginate and collect over an injected fetch: first against an honest fake service that answers like
 * upstream, then against services that misbehave (issue 12: one that ignores `offset`, one whose list
 * shifts so repeats pile up, one that returns short pages, id-less rune items served again and again).
 */
import { describe, expect, it } from "vitest";
import {
  collect,
  HiroApiError,
  HiroError,
  HiroIncompleteListError,
  HiroValidationError,
  type Page,
  paginate,
} from "../../src/index.js";
import { json, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

interface ServerOptions {
  total: number;
  /** The most the server returns per page (it caps `limit`). */
  cap?: number;
  /** Milliseconds to wait, per request offset, before answering (to resolve pages out of order). */
  delay?: (offset: number) => number;
}

/** An honest paginated service of items `i0..i{total-1}`, answering like upstream. */
function pagedServer({ total, cap = 60, delay = () => 0 }: ServerOptions) {
  return createTestClient(async (request) => {
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

/** A service whose every page is `answer(offset, limit)`, the offset echoed; no retries. */
function service(
  answer: (offset: number, limit: number) => { total: number; results: unknown[]; limit?: number },
) {
  return createTestClient(
    (request) => {
      const offset = offsetOf(request);
      const limit = Number(new URL(request.url).searchParams.get("limit") ?? 20);
      const page = answer(offset, limit);
      return json({ limit: page.limit ?? limit, offset, total: page.total, results: page.results });
    },
    { maxRetries: 0 },
  );
}

/** An inscription `id` on sat 1, the sat these tests ask for. */
const sat1 = (id: string) => ({ id, sat_ordinal: "1" });
const offsetOf = (request: Request) => Number(new URL(request.url).searchParams.get("offset") ?? 0);
const offsetsOf = (requests: Request[]) => requests.map(offsetOf);
const ids = (items: Array<{ id: string }>) => items.map((i) => i.id);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `i${from + i}`);

describe("paginate", () => {
  it("refuses a limit among the lookup's parameters (plain JavaScript), naming pageSize, before any request", async () => {
    const { client, requests } = pagedServer({ total: 10 });
    const params = { ordinal: 1, limit: 2 } as { ordinal: number };
    const error = await collect(paginate(client.getSatoshiInscriptions, params), { max: 5 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(error).toMatchObject({ parameter: "limit" });
    expect(String(error)).toContain("pageSize");
    expect(requests).toHaveLength(0);
  });

  it("total(): undefined before the first page, then the list's total as its last page said", async () => {
    const { client } = pagedServer({ total: 130 });
    const walk = paginate(client.getSatoshiInscriptions, { ordinal: 1 });
    expect(walk.total()).toBeUndefined();
    const seen: (number | undefined)[] = [];
    for await (const _ of walk) seen.push(walk.total());
    expect(seen).toHaveLength(130);
    expect(new Set(seen)).toEqual(new Set([130]));
  });

  it("yields every item in order and stops when offset + results reaches total", async () => {
    const { client, requests } = pagedServer({ total: 130 });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }), { max: 1000 });
    expect(ids(items)).toEqual(range(0, 130));
    expect(offsetsOf(requests)).toEqual([0, 60, 120]);
    expect(requests.every((r) => new URL(r.url).searchParams.get("limit") === "60")).toBe(true);
  });

  it("makes one request for an empty result (total 0)", async () => {
    const { client, requests } = pagedServer({ total: 0 });
    expect(await collect(paginate(client.getTransactionActivity, { tx_id: TX_ID }), { max: 10 })).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it("stops on an empty page even if total claims more", async () => {
    const { client, requests } = createTestClient((request) => {
      const offset = Number(new URL(request.url).searchParams.get("offset"));
      const results = offset === 0 ? [sat1("a"), sat1("b")] : [];
      return json({ limit: 2, offset, total: 99, results });
    });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { pageSize: 2 }), {
      max: 100,
    });
    expect(ids(items)).toEqual(["a", "b"]);
    expect(requests).toHaveLength(2);
  });

  it("starts at the given offset and honours maxItems without fetching past it", async () => {
    const { client, requests } = pagedServer({ total: 500 });
    const items = await collect(
      paginate(client.getSatoshiInscriptions, { ordinal: 1, offset: 10 }, { pageSize: 20, maxItems: 45 }),
      { max: 1000 },
    );
    expect(ids(items)).toEqual(range(10, 55));
    expect(offsetsOf(requests)).toEqual([10, 30, 50]);
  });

  it("stops fetching when the consumer breaks", async () => {
    const { client, requests } = pagedServer({ total: 1000 });
    let seen = 0;
    for await (const _ of paginate(client.getSatoshiInscriptions, { ordinal: 1 })) {
      if (++seen === 61) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(offsetsOf(requests)).toEqual([0, 60]);
  });

  it("follows a server that caps limit below pageSize, without gaps", async () => {
    const { client, requests } = pagedServer({ total: 95, cap: 20 });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { concurrency: 3 }), {
      max: 1000,
    });
    expect(ids(items)).toEqual(range(0, 95));
    expect(offsetsOf(requests)).toEqual([0, 20, 40, 60, 80]);
  });

  it("with concurrency, fetches ahead but yields in server order even when pages resolve out of order", async () => {
    // Later pages answer first.
    const { client, requests } = pagedServer({
      total: 600,
      delay: (offset) => Math.max(0, 60 - offset / 10),
    });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { concurrency: 4 }), {
      max: 10_000,
    });
    expect(ids(items)).toEqual(range(0, 600));
    expect(new Set(offsetsOf(requests)).size).toBe(10);
  });

  it("keeps at most `concurrency` requests in flight", async () => {
    let inFlight = 0;
    let peak = 0;
    const { client } = createTestClient(async (request) => {
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
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { concurrency: 3 }), {
      max: 10_000,
    });
    expect(items).toHaveLength(1200);
    expect(peak).toBe(3);
  });

  it("propagates a page's error and aborts the pages fetched ahead", async () => {
    const aborted: string[] = [];
    const { client } = createTestClient(async (request) => {
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
    await expect(
      collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { concurrency: 4 }), { max: 10_000 }),
    ).rejects.toMatchObject({ kind: "invalid_request" });
    expect(aborted.sort()).toEqual(["120", "180", "240"]);
  });

  it.each([
    ["pageSize", { pageSize: 1_000_001 }],
    ["pageSize", { pageSize: 0 }],
    // Within paginate's bound but above the client's page maximum (the spec's 60): the lookup refuses it.
    ["limit", { pageSize: 61 }],
    ["maxItems", { maxItems: -1 }],
    ["concurrency", { concurrency: 0 }],
    ["concurrency", { concurrency: 17 }],
  ] as const)("rejects a bad %s before any request", async (parameter, options) => {
    const { client, requests } = pagedServer({ total: 10 });
    const error = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, options), {
      max: 5,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroValidationError);
    expect((error as HiroValidationError).parameter).toBe(parameter);
    expect(requests).toHaveLength(0);
  });
});

describe("collect", () => {
  it("refuses to run without max", async () => {
    const { client, requests } = pagedServer({ total: 10 });
    const noMax = {} as { max: number };
    await expect(
      collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }), noMax),
    ).rejects.toMatchObject({
      name: "HiroValidationError",
      parameter: "max",
    });
    expect(requests).toHaveLength(0);
  });

  it("returns at most max items and stops the paginator", async () => {
    const { client, requests } = pagedServer({ total: 1000 });
    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }), { max: 70 });
    expect(items).toHaveLength(70);
    expect(requests).toHaveLength(2);
  });
});

describe("paginate against a service that misbehaves", () => {
  it("a server ignoring offset (same page forever, total 1e15) stops with an error after a few requests", async () => {
    const { client, requests } = service(() => ({ total: 1e15, results: [sat1("a"), sat1("b")] }));

    const error = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { pageSize: 2 }), {
      max: 1000,
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HiroError);
    expect(error).not.toBeInstanceOf(HiroIncompleteListError);
    expect((error as Error).message).toMatch(/brought nothing new.*not paging/);
    // The first pass stops once its pages of repeats outnumber its progress by more than 2 (5 pages), and
    // a second pass takes no more than the first (issue 47: a page of repeats alone is tied keys).
    expect(requests.length).toBeLessThanOrEqual(10);
  });

  it("a server echoing a wrong offset is refused by the page check", async () => {
    const { client, requests } = createTestClient(() =>
      json({ limit: 2, offset: 0, total: 1e15, results: [sat1("a"), sat1("b")] }),
    );

    const error = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { pageSize: 2 }), {
      max: 1000,
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HiroApiError);
    expect(error).toMatchObject({ kind: "invalid_response" });
    expect(requests).toHaveLength(2);
  });

  it("drops an inscription repeated across page boundaries (the list shifted): a third copy too", async () => {
    const pages: Record<number, string[]> = { 0: ["a", "b"], 2: ["b", "c"], 4: ["b", "d"], 6: ["e"] };
    // New inscriptions came in during the walk (the total grew), pushing "b" down the pages.
    const { client } = service((offset) => ({
      total: offset === 0 ? 7 : 8,
      results: (pages[offset] ?? []).map(sat1),
    }));

    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { pageSize: 2 }), {
      max: 100,
    });

    expect(items.map((i) => i.id)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("a short page that is not the last is continued from where it ended, nothing dropped", async () => {
    // Echoes limit 60 but answers at most 30 results per request.
    const { client, requests } = service((offset, limit) => ({
      total: 100,
      limit,
      results: Array.from({ length: Math.max(0, Math.min(30, 100 - offset)) }, (_, i) =>
        sat1(`i${offset + i}`),
      ),
    }));

    const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { concurrency: 4 }), {
      max: 1000,
    });

    expect(items.map((i) => i.id)).toEqual(Array.from({ length: 100 }, (_, i) => `i${i}`));
    expect(requests.map(offsetOf).filter((o) => o % 30 === 0 && o < 100)).toEqual(
      expect.arrayContaining([0, 30, 60, 90]),
    );
  });
});

describe("the pages view and collect's onMore", () => {
  const { client } = service((offset, limit) => ({
    total: 130,
    results: Array.from({ length: Math.max(0, Math.min(limit, 130 - offset)) }, (_, i) =>
      sat1(`i${offset + i}`),
    ),
  }));

  it("pages() yields each page with its total", async () => {
    const seen: Array<[number, number, number]> = [];
    for await (const page of paginate(client.getSatoshiInscriptions, { ordinal: 1 }).pages()) {
      seen.push([page.offset, page.results.length, page.total]);
    }

    expect(seen).toEqual([
      [0, 60, 130],
      [60, 60, 130],
      [120, 10, 130],
    ]);
  });

  it("collect tells whether it stopped at max with more left, without changing its result", async () => {
    const flags: boolean[] = [];
    const some = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }), {
      max: 70,
      onMore: (more) => flags.push(more),
    });
    const all = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }), {
      max: 1000,
      onMore: (more) => flags.push(more),
    });

    expect(some).toHaveLength(70);
    expect(Array.isArray(some)).toBe(true);
    expect(all).toHaveLength(130);
    expect(flags).toEqual([true, false]);
  });
});

describe("paging runes", () => {
  const activity = (n: number) => ({
    rune: { id: "840000:1", name: "X", spaced_name: "X" },
    address: `bc1q${n}`,
    operation: "receive",
    amount: String(n),
    location: { tx_id: TX_ID, vout: n, output: `${TX_ID}:${n}`, block_height: 840000, timestamp: 1 },
  });
  it("a server echoing offset but serving the same id-less page (total 2^53-1) stops after a few requests", async () => {
    const { client, requests } = service(() => ({
      total: Number.MAX_SAFE_INTEGER,
      results: [activity(1), activity(2)],
    }));
    const error = await collect(paginate(client.getTransactionActivity, { tx_id: TX_ID }, { pageSize: 2 }), {
      max: 1_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroError);
    expect((error as Error).message).toMatch(/nothing new.*not paging/);
    expect(requests.length).toBeLessThanOrEqual(10);
  });

  it("the pages view stops on a repeated id-less page too", async () => {
    const { client, requests } = service(() => ({
      total: Number.MAX_SAFE_INTEGER,
      results: [activity(1), activity(2)],
    }));
    let pages = 0;
    const error = await (async () => {
      for await (const _ of paginate(
        client.getTransactionActivity,
        { tx_id: TX_ID },
        { pageSize: 2 },
      ).pages()) {
        if (++pages > 50) break;
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroError);
    expect(requests.length).toBeLessThanOrEqual(10);
  });

  it("a page whose echoed limit is below its result count is refused: it contradicts itself", async () => {
    const all = Array.from({ length: 150 }, (_, i) => activity(i));
    const { client, requests } = service((offset, limit) => ({
      total: 150,
      results: all.slice(offset, offset + limit),
      limit: 1,
    }));
    const error = await collect(
      paginate(client.getTransactionActivity, { tx_id: TX_ID }, { concurrency: 4 }),
      {
        max: 10_000,
      },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: "invalid_response",
      message: expect.stringContaining("limit says 1"),
    });
    expect(requests.length).toBeLessThanOrEqual(4);
  });

  it("an id-less item that comes back at another offset is yielded once; a last page of nothing new leaves the walk short", async () => {
    const pages: Record<number, unknown[]> = {
      0: [activity(1), activity(2)],
      2: [activity(2), activity(3)],
      4: [activity(3)],
    };
    const { client } = service((offset) => ({ total: 5, results: pages[offset] ?? [] }));
    const walk = paginate(client.getTransactionActivity, { tx_id: TX_ID }, { pageSize: 2 });
    const error = await collect(walk, { max: 10 }).catch((e: unknown) => e);
    // Tied keys give a page of repeats (issue 47): the second pass, then short of the total of 5.
    expect(error).toBeInstanceOf(HiroIncompleteListError);
    expect(error).toMatchObject({ total: 5, received: 3 });
    const items = await collect(paginate(client.getTransactionActivity, { tx_id: TX_ID }, { pageSize: 2 }), {
      max: 3,
    });
    expect(items.map((item) => item.location.vout)).toEqual([1, 2, 3]);
  });

  it("a page with more results than asked is refused, even from a method that does not check", async () => {
    // The lookups refuse it themselves (invalid_response); a method of the caller's own may not, and its
    // overlapping pages would yield id-less items twice.
    const method = async (params: { offset?: number; limit?: number }): Promise<Page<unknown>> => ({
      limit: params.limit ?? 20,
      offset: params.offset ?? 0,
      total: 100,
      results: Array.from({ length: 10 }, (_, i) => activity((params.offset ?? 0) + i)),
    });
    const error = await collect(paginate(method, {}, { pageSize: 5 }), { max: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroError);
    expect((error as Error).message).toMatch(/offset 0 has 10 results, more than the 5 asked/);
  });
});

/**
 * Issue 35 item 3: upstream sorts the FT list by `LOWER(name)` (or symbol) with no tie-breaker, so tokens
 * with the same key (nameless ones) come back in another order at each request and an offset walk skips
 * some: `paginate` gave 30 of 37 with `total` 37, and passed as complete.
 */
describe("a walk that ends with fewer distinct items than the service's total", () => {
  const FT_PRINCIPAL = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM";
  /** Fungible token `n` of the list, nameless (its job queued or failed): they tie on the sort key. */
  const token = (n: number) => ({
    tx_id: `0x${String(n).padStart(64, "0")}`,
    sender_address: FT_PRINCIPAL,
    contract_principal: `${FT_PRINCIPAL}.t${n}`,
    asset_identifier: `${FT_PRINCIPAL}.t${n}::t`,
  });
  /** A list of 10 tied tokens whose order changes per request (`order(call)`), `total` always 10. */
  function tiedList(order: (call: number) => number[]) {
    return createTestClient(
      (request, call) => {
        const offset = offsetOf(request);
        const limit = Number(new URL(request.url).searchParams.get("limit") ?? 20);
        const results = order(call)
          .slice(offset, offset + limit)
          .map(token);
        return json({ limit, offset, total: 10, results });
      },
      { maxRetries: 0 },
    );
  }
  const sorted = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  /** The ties in another order: its second page holds 2, 3, 4 (seen) and 8, 9; 5, 6, 7 are on neither. */
  const reordered = [5, 6, 7, 0, 1, 2, 3, 4, 8, 9];
  const alternating = (call: number) => (call % 2 === 1 ? sorted : reordered);

  it("is not complete: a second pass, then HiroIncompleteListError with total and what came (the items yielded first)", async () => {
    const { client, requests } = tiedList(alternating);
    const seen: string[] = [];
    const error = await (async () => {
      for await (const item of paginate(client.getFungibleTokens, {}, { pageSize: 5 }))
        seen.push(item.contract_principal);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroIncompleteListError);
    expect(error).toBeInstanceOf(HiroError);
    expect(error).toMatchObject({ name: "HiroIncompleteListError", total: 10, received: 7, offset: 0 });
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect((error as Error).message).toMatch(/7 distinct items of the 10/);
    // The walk (2 pages) and one bounded second pass (2 pages), no more.
    expect(requests).toHaveLength(4);
  });

  it("a second pass that finds the missing items completes the walk, each item once", async () => {
    const { client, requests } = tiedList((call) => (call === 2 ? reordered : sorted));
    const items = await collect(paginate(client.getFungibleTokens, {}, { pageSize: 5 }), { max: 100 });
    const principals = items.map((item) => item.contract_principal);
    expect(new Set(principals).size).toBe(10);
    expect(principals).toHaveLength(10);
    expect(requests).toHaveLength(4);
  });

  it("the pages view sees the same error", async () => {
    const { client } = tiedList(alternating);
    const error = await (async () => {
      for await (const _ of paginate(client.getFungibleTokens, {}, { pageSize: 5 }).pages());
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroIncompleteListError);
  });

  it("a walk stopped by maxItems, or over a list whose total changed, is not judged", async () => {
    const { client } = tiedList(alternating);
    const first = await collect(paginate(client.getFungibleTokens, {}, { pageSize: 5, maxItems: 5 }), {
      max: 5,
    });
    expect(first).toHaveLength(5);
    // The list shrank from 11 to 10 during the walk: what is missing may be gone.
    const shrinking = createTestClient((request, call) => {
      const offset = offsetOf(request);
      const results = alternating(call)
        .slice(offset, offset + 5)
        .map(token);
      return json({ limit: 5, offset, total: call === 1 ? 11 : 10, results });
    });
    const items = await collect(paginate(shrinking.client.getFungibleTokens, {}, { pageSize: 5 }), {
      max: 100,
    });
    expect(items).toHaveLength(7);
  });
});

// Issue 47: in front of the real Token Metadata API, with the sort plan PostgreSQL uses before it analyses a
// table, tied keys repeat across pages, and one page can hold only items seen before. That threw "the
// service is not paging" (16 of 56 walks, CLI exit 5) before the second pass could run.
describe("a page of repeats (tied keys), in the first pass", () => {
  const FT = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM";
  const token = (n: number) => ({ contract_principal: `${FT}.t${n}`, asset_identifier: `${FT}.t${n}::t` });
  /** Nine tied tokens, pages of 3; the page at offset 3 holds tokens 0-2 again on the calls `repeats` names. */
  function tiedNine(repeats: (call: number) => boolean) {
    return createTestClient(
      (request, call) => {
        const offset = offsetOf(request);
        const order = offset === 3 && repeats(call) ? [2, 1, 0] : [offset, offset + 1, offset + 2];
        return json({ limit: 3, offset, total: 9, results: order.map(token) });
      },
      { maxRetries: 0 },
    );
  }
  const principals = (items: Array<{ contract_principal: string }>) => items.map((i) => i.contract_principal);

  it("is no error: the walk goes on, and its second pass picks up what the repeats hid", async () => {
    const { client, requests } = tiedNine((call) => call === 2);
    const items = await collect(paginate(client.getFungibleTokens, {}, { pageSize: 3 }), { max: 100 });
    expect(new Set(principals(items)).size).toBe(9);
    expect(items).toHaveLength(9);
    // The first pass (0, 3, 6), then the second from the start until nothing is missing.
    expect(offsetsOf(requests)).toEqual([0, 3, 6, 0, 3]);
  });

  it("ends HiroIncompleteListError when the second pass cannot find them either (the items yielded first)", async () => {
    const { client, requests } = tiedNine(() => true);
    const seen: string[] = [];
    const error = await (async () => {
      for await (const item of paginate(client.getFungibleTokens, {}, { pageSize: 3 }))
        seen.push(item.contract_principal);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroIncompleteListError);
    expect(error).toMatchObject({ total: 9, received: 6, offset: 0 });
    expect(seen).toHaveLength(6);
    expect(offsetsOf(requests)).toEqual([0, 3, 6, 0, 3, 6]);
  });

  it("the pages view yields the page of repeats as the service sent it", async () => {
    const { client } = tiedNine((call) => call === 2);
    const offsets: number[] = [];
    for await (const page of paginate(client.getFungibleTokens, {}, { pageSize: 3 }).pages())
      offsets.push(page.offset);
    expect(offsets).toEqual([0, 3, 6, 3]);
  });

  it("pages of repeats cost no more requests than pages of progress (a server repeating itself forever)", async () => {
    // New items on even pages only, then nothing new at all: total 2^53 - 1, never reached.
    const { client, requests } = createTestClient((request) => {
      const offset = offsetOf(request);
      const fresh = offset < 12 && (offset / 3) % 2 === 0;
      const results = (fresh ? [offset, offset + 1, offset + 2] : [0, 1, 2]).map(token);
      return json({ limit: 3, offset, total: Number.MAX_SAFE_INTEGER, results });
    });
    const error = await collect(paginate(client.getFungibleTokens, {}, { pageSize: 3 }), {
      max: 1000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroIncompleteListError);
    expect(error).toMatchObject({ received: 6 });
    expect(requests.length).toBeLessThanOrEqual(20);
  });
});

describe("the second pass is bounded by the first", () => {
  it("a server that answers the second pass one result a page gets no more requests than the first pass took", async () => {
    const FT = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM";
    const token = (n: number) => ({ contract_principal: `${FT}.t${n}`, asset_identifier: `${FT}.t${n}::t` });
    // First pass: pages of 10 at offsets 0..90, each holding tokens 0-9 again after the first: 10 of 100.
    // Second pass: one (seen) token a page, as slow as it can be.
    const { client, requests } = createTestClient((request, call) => {
      const offset = offsetOf(request);
      const first = call <= 10;
      const results = first
        ? [...Array(10).keys()].map((i) =>
            token(offset === 0 ? i : (i + offset) % 10 === 0 ? 100 + offset : i),
          )
        : [token(0)];
      return json({ limit: 10, offset, total: 100, results });
    });
    const error = await collect(paginate(client.getFungibleTokens, {}, { pageSize: 10 }), {
      max: 1000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroIncompleteListError);
    expect(requests.length).toBeLessThanOrEqual(20);
  });
});
