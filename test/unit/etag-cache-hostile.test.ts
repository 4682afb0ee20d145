/**
 * Issue 21 (medium 3): `etagCache()` could exhaust memory. The default store capped entries but not
 * bytes; a 200's body was kept in `onResponse`, before the lookup had checked it (8 MiB junk bodies,
 * each rejected as invalid_response, grew the heap until it aborted); and the entry of a request whose
 * answer never came back through the cache (a later middleware answered from `onRequest`, or threw)
 * stayed in a map for the client's lifetime. Injected fetch; the leak is seen with a forced GC.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import {
  createLookupClient,
  createMemoryEtagStore,
  type EtagEntry,
  type EtagStore,
  etagCache,
  type HiroApiError,
} from "../../src/index.js";
import { fakeFetch, json, LOCAL, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const MiB = 1024 * 1024;
const TAG = { etag: '"tip-1"' };
const page = (offset: number) => ({ limit: 20, offset, total: 0, results: [] });

/** A store that records what it is asked to keep. */
function recordingStore(inner: EtagStore = createMemoryEtagStore()) {
  const kept: string[] = [];
  const store: EtagStore = {
    get: (url) => inner.get(url),
    set: (url, entry) => {
      kept.push(url);
      return inner.set(url, entry);
    },
  };
  return { store, kept };
}

describe("etagCache keeps only bodies the lookup accepts", () => {
  it("a 200 page at the wrong offset is invalid_response and is not kept: the next call is not conditional", async () => {
    const fake = fakeFetch(() => json(page(40), 200, TAG));
    const { store, kept } = recordingStore();
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch, middleware: [etagCache(store)] });
    for (let i = 0; i < 2; i++) {
      const error = await client.getTransactionActivity({ tx_id: TX_ID }).catch((e: unknown) => e);
      expect((error as HiroApiError).kind).toBe("invalid_response");
    }
    expect(kept).toEqual([]);
    expect(fake.requests.map((r) => r.headers.get("if-none-match"))).toEqual([null, null]);
  });

  it("a 200 that is not JSON is not kept; a good answer is, and is replayed on 304", async () => {
    let good = false;
    const fake = fakeFetch((request) => {
      if (request.headers.get("if-none-match") === TAG.etag) return new Response(null, { status: 304 });
      return good ? json(page(0), 200, TAG) : new Response("<html>", { status: 200, headers: TAG });
    });
    const { store, kept } = recordingStore();
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch, middleware: [etagCache(store)] });
    await client.getTransactionActivity({ tx_id: TX_ID }).catch(() => {});
    expect(kept).toHaveLength(0);
    good = true;
    await client.getTransactionActivity({ tx_id: TX_ID });
    expect(await client.getTransactionActivity({ tx_id: TX_ID })).toEqual(page(0));
    expect(kept).toHaveLength(1);
    expect(fake.requests.map((r) => r.headers.get("if-none-match"))).toEqual([null, null, TAG.etag]);
  });
});

describe("the default store has a byte budget and a per-entry limit", () => {
  const entry = (chars: number): EtagEntry => ({ etag: '"x"', body: "x".repeat(chars), contentType: null });

  it("defaults: a body over 8 MiB is not kept, and 100 bodies of 1 MiB keep at most 32 MiB", () => {
    const store = createMemoryEtagStore();
    store.set("big", entry(8 * MiB + 1));
    expect(store.get("big")).toBeUndefined();
    const body = entry(MiB);
    for (let i = 0; i < 100; i++) store.set(`u${i}`, body);
    const kept = Array.from({ length: 100 }, (_, i) => store.get(`u${i}`)).filter(Boolean);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length * MiB).toBeLessThanOrEqual(32 * MiB);
    expect(store.get("u99")).toBeDefined(); // the most recent stays
  });

  it("maxBytes evicts the least recently used until the rest fits; maxEntries still holds", () => {
    const store = createMemoryEtagStore({ maxBytes: 100, maxEntryBytes: 60, maxEntries: 3 });
    store.set("a", entry(40));
    store.set("b", entry(40));
    store.get("a"); // b is now the least recently used
    store.set("c", entry(40)); // 120 > 100: b goes
    expect(["a", "b", "c"].map((u) => Boolean(store.get(u)))).toEqual([true, false, true]);
    store.set("d", entry(61)); // over the per-entry limit: refused, nothing evicted
    expect(["a", "c", "d"].map((u) => Boolean(store.get(u)))).toEqual([true, true, false]);
    const small = createMemoryEtagStore({ maxEntries: 2 });
    for (const u of ["a", "b", "c"]) small.set(u, entry(1));
    expect(["a", "b", "c"].map((u) => Boolean(small.get(u)))).toEqual([false, true, true]);
    // Replacing an entry frees its old bytes.
    const again = createMemoryEtagStore({ maxBytes: 100 });
    for (let i = 0; i < 10; i++) again.set("a", entry(90));
    expect(again.get("a")).toBeDefined();
  });

  it("a bad limit is a HiroValidationError naming it", () => {
    for (const bad of [{ maxBytes: 0 }, { maxEntryBytes: -1 }, { maxEntries: 1.5 }]) {
      expect(() => createMemoryEtagStore(bad)).toThrowError(Object.keys(bad)[0] as string);
    }
  });
});

describe("no entry is left behind when the answer does not come back through the cache", () => {
  /** Fills the store with one entry for the token, and returns a weak reference to it. */
  async function primed() {
    const fake = fakeFetch(() => json({ token_uri: "ipfs://t" }, 200, TAG));
    const memory = createMemoryEtagStore({ maxEntries: 1 });
    const client = createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch, middleware: [etagCache(memory)] });
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });
    const entry = memory.get(fake.requests[0]?.url ?? "") as EtagEntry;
    expect(entry).toBeDefined();
    return { memory, ref: new WeakRef(entry) };
  }

  const later: Record<string, Middleware> = {
    "answers from onRequest": {
      onRequest: () => json({ token_uri: "ipfs://from-middleware" }),
    },
    "throws in onRequest": {
      onRequest: () => {
        throw new Error("middleware failed");
      },
    },
  };
  for (const [name, middleware] of Object.entries(later)) {
    it(`a later middleware that ${name}: the kept entry can be collected once the store drops it`, async () => {
      const { memory, ref } = await primed();
      const fake = fakeFetch(() => json({ token_uri: "ipfs://t" }, 200, TAG));
      const client = createLookupClient({
        baseUrl: LOCAL,
        fetch: fake.fetch,
        middleware: [etagCache(memory), middleware],
      });
      for (let i = 0; i < 3; i++)
        await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }).catch(() => {});
      memory.set("elsewhere", { etag: '"y"', body: "{}", contentType: null }); // evicts the token's entry
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
      expect(ref.deref()).toBeUndefined();
    });
  }
});
