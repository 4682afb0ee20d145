/**
 * etagCache() against a hostile server (issue 21, medium 3): the default store is bounded in bytes as
 * well as entries, a body the lookup refuses is never kept, and nothing is held for a call that another
 * middleware answered or broke. An injected fetch plays the server.
 */

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { createMemoryEtagStore, type EtagEntry, type EtagStore, etagCache } from "../../src/index.js";
import { json, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const MiB = 1024 * 1024;

describe("etagCache() and a hostile server", () => {
  it("keeps no body the lookup refused: a junk 200 is not stored, so the next call is not conditional", async () => {
    const { client, requests } = createTestClient(
      () => json({ limit: 20, offset: 7, total: 1, results: [] }, 200, { etag: '"junk"' }),
      { middleware: [etagCache()], maxRetries: 0 },
    );
    for (let i = 0; i < 2; i++) {
      const error = await client.getTransactionActivity({ tx_id: TX_ID }).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "invalid_response" });
    }
    expect(requests.map((r) => r.headers.get("if-none-match"))).toEqual([null, null]);
  });

  it("keeps no body that is not JSON", async () => {
    const { client, requests } = createTestClient(
      () => new Response("<html>", { status: 200, headers: { etag: '"html"', "content-type": "text/html" } }),
      { middleware: [etagCache()], maxRetries: 0 },
    );
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }).catch(() => undefined);
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }).catch(() => undefined);
    expect(requests.map((r) => r.headers.get("if-none-match"))).toEqual([null, null]);
  });

  it("still keeps an accepted body and answers its 304", async () => {
    const { client, requests } = createTestClient(
      (request) =>
        request.headers.get("if-none-match") === '"v1"'
          ? new Response(null, { status: 304, headers: { etag: '"v1"' } })
          : json({ token_uri: "ipfs://x", decimals: 0, total_supply: "1" }, 200, { etag: '"v1"' }),
      { middleware: [etagCache()] },
    );
    const first = await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 });
    expect(await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 })).toEqual(first);
    expect(requests.map((r) => r.headers.get("if-none-match"))).toEqual([null, '"v1"']);
  });

  it("the default memory store has a byte budget: 40 bodies of 0.9 MiB do not all stay", () => {
    const store = createMemoryEtagStore();
    const body = "x".repeat(0.9 * MiB);
    for (let i = 0; i < 40; i++) store.set(`u${i}`, { etag: `"${i}"`, body, contentType: null });
    expect(store.get("u0")).toBeUndefined();
    expect((store.get("u39") as EtagEntry | undefined)?.etag).toBe('"39"');
  });

  it("the memory store refuses an entry over its per-entry limit and keeps within its byte budget", () => {
    const store = createMemoryEtagStore({ maxEntries: 10, maxBytes: 100, maxEntryBytes: 60 });
    store.set("big", { etag: '"b"', body: "x".repeat(61), contentType: null });
    expect(store.get("big")).toBeUndefined();
    for (const url of ["a", "b", "c"])
      store.set(url, { etag: '"e"', body: "x".repeat(40), contentType: null });
    expect(["a", "b", "c"].map((url) => Boolean(store.get(url)))).toEqual([false, true, true]);
    // The entry count still applies, and a number alone is still the entry count.
    const two = createMemoryEtagStore(2);
    for (const url of ["a", "b", "c"]) two.set(url, { etag: '"e"', body: "{}", contentType: null });
    expect(Boolean(two.get("a"))).toBe(false);
    expect(() => createMemoryEtagStore({ maxBytes: 0 })).toThrow(/maxBytes/);
  });

  it("holds nothing for a call a later middleware answered from onRequest or broke", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const refs: WeakRef<EtagEntry>[] = [];
    const store: EtagStore = {
      get() {
        const entry = { etag: '"big"', body: "x".repeat(64 * 1024), contentType: "application/json" };
        refs.push(new WeakRef(entry));
        return entry;
      },
      set() {},
    };
    let calls = 0;
    const answering: Middleware = {
      onRequest() {
        calls++;
        if (calls % 2 === 0) throw new Error("broken middleware");
        return json({ token_uri: "ipfs://x", decimals: 0, total_supply: "1" });
      },
    };
    const { client } = createTestClient(() => json({}), { middleware: [etagCache(store), answering] });
    for (let i = 0; i < 20; i++) {
      await client.getSftMetadata({ principal: PRINCIPAL, token_id: i + 1 }).catch(() => undefined);
    }
    expect(refs).toHaveLength(20);
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(refs.filter((ref) => ref.deref() !== undefined)).toEqual([]);
  });
});
