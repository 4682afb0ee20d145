/**
 * `etagCache()`: conditional requests as openapi-fetch middleware. It remembers each 200's `ETag` and
 * body, sends `If-None-Match` next time, and turns the service's `304 Not Modified` back into the kept
 * 200. The service answers `Cache-Control: no-cache, must-revalidate`, so there is never a fresh hit to
 * serve without asking. The store is raced against the call's signal: a store that hangs cannot.
 */
import type { Middleware } from "openapi-fetch";
import { raceAbort } from "../transport/read-body.js";

/** One remembered answer. */
export interface EtagEntry {
  etag: string;
  body: string;
  contentType: string | null;
}

/** Where ETags and bodies are kept; bring your own (Redis, IndexedDB…) or use the in-memory default. */
export interface EtagStore {
  get(url: string): EtagEntry | undefined | Promise<EtagEntry | undefined>;
  set(url: string, entry: EtagEntry): void | Promise<void>;
}

/** An in-memory store of the `maxEntries` most recently used URLs. */
export function createMemoryEtagStore(maxEntries = 500): EtagStore {
  const entries = new Map<string, EtagEntry>();
  return {
    get(url) {
      const entry = entries.get(url);
      if (entry) {
        entries.delete(url); // refresh its place: the oldest entry is evicted first
        entries.set(url, entry);
      }
      return entry;
    },
    set(url, entry) {
      entries.delete(url);
      entries.set(url, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
  };
}

/**
 * Requests with `locale` are not cached: upstream computes their ETag from the wrong token (the URL's
 * last segment includes the query), so a 304 could be stale. A request that already has its own
 * `If-None-Match` is left to its caller.
 */
function cacheable(request: Request): boolean {
  return (
    request.method === "GET" && !request.url.includes("locale=") && !request.headers.has("if-none-match")
  );
}

/**
 * Conditional requests with `If-None-Match`, as middleware: `createLookupClient({ middleware: [etagCache()] })`.
 * Default store: {@link createMemoryEtagStore} (500 URLs).
 */
export function etagCache(store: EtagStore = createMemoryEtagStore()): Middleware {
  const pending = new Map<string, EtagEntry>();
  return {
    async onRequest({ request, id }) {
      if (!cacheable(request)) return undefined;
      const entry = await raceAbort(Promise.resolve(store.get(request.url)), request.signal);
      if (entry) {
        pending.set(id, entry);
        request.headers.set("if-none-match", entry.etag);
      }
      return undefined;
    },
    async onResponse({ request, response, id }) {
      const kept = pending.get(id);
      pending.delete(id);
      if (response.status === 304 && kept) {
        const headers = new Headers(response.headers);
        headers.set("etag", kept.etag);
        if (kept.contentType) headers.set("content-type", kept.contentType);
        headers.delete("content-length");
        return new Response(kept.body, { status: 200, statusText: "OK", headers });
      }
      const etag = response.headers.get("etag");
      if (response.status !== 200 || !etag || (!kept && !cacheable(request))) return undefined;
      const body = await response.text();
      const entry = { etag, body, contentType: response.headers.get("content-type") };
      await raceAbort(Promise.resolve(store.set(request.url, entry)), request.signal);
      return new Response(body, { status: 200, statusText: response.statusText, headers: response.headers });
    },
    onError({ id }) {
      pending.delete(id);
      return undefined;
    },
  };
}
