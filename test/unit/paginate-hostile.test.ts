/**
 * Pagination that cannot be fooled (issue 12), reproduced against misbehaving fake services: one that
 * ignores `offset`, one whose list shifts so repeats pile up, one that returns short pages.
 */
import { describe, expect, it } from "vitest";
import {
  collect,
  createLookupClient,
  HiroApiError,
  HiroError,
  type Page,
  paginate,
} from "../../src/index.js";
import { fakeFetch, json, LOCAL } from "../helpers/fake-fetch.js";

const sat1 = (id: string) => ({ id, sat_ordinal: "1" });
const offsetOf = (request: Request) => Number(new URL(request.url).searchParams.get("offset") ?? 0);

function service(
  answer: (offset: number, limit: number) => { total: number; results: unknown[]; limit?: number },
) {
  const fake = fakeFetch((request) => {
    const offset = offsetOf(request);
    const limit = Number(new URL(request.url).searchParams.get("limit") ?? 20);
    const page = answer(offset, limit);
    return json({ limit: page.limit ?? limit, offset, total: page.total, results: page.results });
  });
  return {
    client: createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch, maxRetries: 0 }),
    requests: fake.requests,
  };
}

describe("paginate against a service that misbehaves", () => {
  it("a server ignoring offset (same page forever, total 1e15) stops with an error after a few requests", async () => {
    const { client, requests } = service(() => ({ total: 1e15, results: [sat1("a"), sat1("b")] }));

    const error = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { pageSize: 2 }), {
      max: 1000,
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HiroError);
    expect((error as Error).message).toMatch(/brought nothing new.*not paging/);
    expect(requests.length).toBeLessThanOrEqual(3);
  });

  it("a server echoing a wrong offset is refused by the page check", async () => {
    const fake = fakeFetch(() => json({ limit: 2, offset: 0, total: 1e15, results: [sat1("a"), sat1("b")] }));
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch });

    const error = await collect(paginate(client.getSatoshiInscriptions, { ordinal: 1 }, { pageSize: 2 }), {
      max: 1000,
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HiroApiError);
    expect(error).toMatchObject({ kind: "invalid_response" });
    expect(fake.requests).toHaveLength(2);
  });

  it("a repeat skipped once stays in the window: a third copy is dropped too", async () => {
    const pages: Record<number, string[]> = { 0: ["a", "b"], 2: ["b", "c"], 4: ["b", "d"], 6: ["e"] };
    const { client } = service((offset) => ({ total: 7, results: (pages[offset] ?? []).map(sat1) }));

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

describe("paging runes (issue 21, medium 4)", () => {
  const TX = "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e";
  const activity = (n: number) => ({
    rune: { id: "840000:1", name: "X", spaced_name: "X" },
    address: `bc1q${n}`,
    operation: "receive",
    amount: String(n),
    location: { tx_id: TX, vout: n, output: `${TX}:${n}`, block_height: 840000, timestamp: 1 },
  });
  const runes = (
    answer: (offset: number, limit: number) => { total: number; results: unknown[]; limit?: number },
  ) => {
    const fake = fakeFetch((request) => {
      const query = new URL(request.url).searchParams;
      const offset = Number(query.get("offset") ?? 0);
      const limit = Number(query.get("limit") ?? 20);
      const page = answer(offset, limit);
      return json({ limit: page.limit ?? limit, offset, total: page.total, results: page.results });
    });
    return { client: createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch, maxRetries: 0 }), fake };
  };

  it("a server echoing offset but serving the same id-less page (total 2^53-1) stops after a few requests", async () => {
    const { client, fake } = runes(() => ({
      total: Number.MAX_SAFE_INTEGER,
      results: [activity(1), activity(2)],
    }));
    const error = await collect(paginate(client.getTransactionActivity, { tx_id: TX }, { pageSize: 2 }), {
      max: 1_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroError);
    expect((error as Error).message).toMatch(/repeat|nothing new/);
    expect(fake.requests.length).toBeLessThanOrEqual(3);
  });

  it("the pages view stops on a repeated id-less page too", async () => {
    const { client, fake } = runes(() => ({
      total: Number.MAX_SAFE_INTEGER,
      results: [activity(1), activity(2)],
    }));
    let pages = 0;
    const error = await (async () => {
      for await (const _ of paginate(client.getTransactionActivity, { tx_id: TX }, { pageSize: 2 }).pages()) {
        if (++pages > 50) break;
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroError);
    expect(fake.requests.length).toBeLessThanOrEqual(3);
  });

  it("strides by the limit asked, not the one echoed: an honest 150-item list echoing limit 1 gives 150 items", async () => {
    const all = Array.from({ length: 150 }, (_, i) => activity(i));
    const { client, fake } = runes((offset, limit) => ({
      total: 150,
      results: all.slice(offset, offset + limit),
      limit: 1,
    }));
    const items = await collect(paginate(client.getTransactionActivity, { tx_id: TX }, { concurrency: 4 }), {
      max: 10_000,
    });
    expect(items).toHaveLength(150);
    expect(items.map((item) => item.location.vout)).toEqual(all.map((item) => item.location.vout));
    expect(fake.requests.length).toBeLessThanOrEqual(4);
  });

  it("two id-less items that are equal but at different offsets are both kept", async () => {
    const pages: Record<number, unknown[]> = { 0: [activity(1), activity(1)], 2: [activity(1)] };
    const { client } = runes((offset) => ({ total: 3, results: pages[offset] ?? [] }));
    const items = await collect(paginate(client.getTransactionActivity, { tx_id: TX }, { pageSize: 2 }), {
      max: 10,
    });
    expect(items).toHaveLength(3);
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
