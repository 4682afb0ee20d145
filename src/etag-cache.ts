/**
 * Conditional requests: remembers each 200's `ETag` and body, sends `If-None-Match` next time, and
 * turns the service's `304 Not Modified` back into the remembered 200. It lives in the fetch layer,
 * so the rest of the client sees an ordinary answer.
 */
import type { Transport } from "./transport.js";

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
 * Wraps a transport with an ETag cache. Requests with `locale` are not cached: upstream computes their
 * ETag from the wrong token (the URL's last segment includes the query), so a 304 could be stale.
 */
export function withEtagCache(next: Transport, store: EtagStore): Transport {
  return async (url, init) => {
    if (new URL(url).searchParams.has("locale") || init.headers.has("if-none-match")) return next(url, init);
    const cached = await store.get(url);
    if (cached) init.headers.set("if-none-match", cached.etag);
    const response = await next(url, init);
    if (response.status === 304 && cached) {
      const headers = new Headers(response.headers);
      headers.set("etag", cached.etag);
      if (cached.contentType) headers.set("content-type", cached.contentType);
      headers.delete("content-length");
      return new Response(cached.body, { status: 200, statusText: "OK", headers });
    }
    const etag = response.headers.get("etag");
    if (response.status === 200 && etag) {
      const body = await response.text();
      await store.set(url, { etag, body, contentType: response.headers.get("content-type") });
      return new Response(body, { status: 200, statusText: response.statusText, headers: response.headers });
    }
    return response;
  };
}
