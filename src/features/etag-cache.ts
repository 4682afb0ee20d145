/**
 * `etagCache()`: conditional requests as openapi-fetch middleware. It remembers each accepted 200's
 * `ETag` and body, sends `If-None-Match` next time, and turns the service's `304 Not Modified` back into
 * the kept 200. The service answers `Cache-Control: no-cache, must-revalidate`, so there is never a fresh
 * hit to serve without asking. A body is kept only when the lookup would accept it (valid JSON that
 * passes the lookup's own answer check): junk is never stored, nor replayed. The store is raced against
 * the call's signal: a store that hangs cannot hold a call.
 */
import type { Middleware } from "openapi-fetch";
import { HiroValidationError } from "../errors/errors.js";
import type { LookupRequest } from "../lookups/lookup.js";
import { answerCheck } from "../lookups/requests.js";
import { operations } from "../spec/services.js";
import type { OperationId } from "../spec/types.js";

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

/** Limits of {@link createMemoryEtagStore}. Sizes count the characters of the body (bytes, for JSON's ASCII). */
export interface MemoryEtagStoreLimits {
  /** Most URLs kept. Default 500. */
  maxEntries?: number | undefined;
  /** Most bytes kept in all: the least recently used go first. Default 32 MiB. */
  maxBytes?: number | undefined;
  /** Largest body kept; a larger one is not stored. Default 8 MiB (the largest real page is about 5 MB). */
  maxEntryBytes?: number | undefined;
}

const MiB = 1024 * 1024;
const sizeOf = (entry: EtagEntry | undefined) => (entry ? entry.body.length + entry.etag.length : 0);

/**
 * An in-memory store of the most recently used URLs, within a count and a byte budget. Takes the
 * limits, or (as before) just `maxEntries`. Throws {@link HiroValidationError} on a bad limit.
 */
export function createMemoryEtagStore(limits: number | MemoryEtagStoreLimits = {}): EtagStore {
  const given = typeof limits === "number" ? { maxEntries: limits } : limits;
  const { maxEntries = 500, maxBytes = 32 * MiB, maxEntryBytes = 8 * MiB } = given;
  for (const [name, value] of Object.entries({ maxEntries, maxBytes, maxEntryBytes })) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new HiroValidationError(name, `must be a whole number >= 1; got ${String(value)}`);
    }
  }
  const entries = new Map<string, EtagEntry>();
  let bytes = 0;
  const drop = (url: string | undefined) => {
    bytes -= sizeOf(entries.get(url as string));
    entries.delete(url as string);
  };
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
      drop(url);
      const size = sizeOf(entry);
      if (size > maxEntryBytes) return;
      entries.set(url, entry);
      bytes += size;
      while (entries.size > maxEntries || bytes > maxBytes) drop(entries.keys().next().value);
    },
  };
}

/** `value`, or the signal's reason as soon as it aborts (no listener left behind). */
const orAbort = <T>(value: T | Promise<T>, signal: AbortSignal) =>
  new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    Promise.resolve(value)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", onAbort));
  });

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

/** Whether the lookup would accept `text` as the answer to `schemaPath` with `params`. */
function accepted(schemaPath: string, params: { path?: object; query?: object }, text: string): boolean {
  try {
    const body: unknown = JSON.parse(text);
    const request = { path: params.path ?? {}, query: params.query ?? {} } as LookupRequest;
    for (const id in operations) {
      if (operations[id as OperationId].path === schemaPath) {
        return answerCheck(id as OperationId, request)?.(body) === undefined;
      }
    }
  } catch {}
  return false;
}

/**
 * Conditional requests with `If-None-Match`, as middleware: `createLookupClient({ middleware: [etagCache()] })`.
 * Default store: {@link createMemoryEtagStore} (500 URLs, 32 MiB).
 */
export function etagCache(store: EtagStore = createMemoryEtagStore()): Middleware {
  // The entry each call asked with, by the call's own options object (one per call): collected with the
  // call, whether its answer comes back through this middleware or not (a later one answered or threw).
  const asked = new WeakMap<object, { url: string; entry: EtagEntry }>();
  return {
    async onRequest({ request, options }) {
      if (!cacheable(request)) return undefined;
      const entry = await orAbort(store.get(request.url), request.signal);
      if (entry) {
        asked.set(options, { url: request.url, entry });
        request.headers.set("if-none-match", entry.etag);
      }
      return undefined;
    },
    async onResponse({ request, response, options, schemaPath, params }) {
      const sent = asked.get(options);
      // Only the entry this very request asked with (same URL, same tag) may stand for its 304.
      const kept =
        sent?.url === request.url && sent.entry.etag === request.headers.get("if-none-match")
          ? sent.entry
          : undefined;
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
      if (accepted(schemaPath, params, body)) {
        const entry = { etag, body, contentType: response.headers.get("content-type") };
        await orAbort(store.set(request.url, entry), request.signal);
      }
      return new Response(body, { status: 200, statusText: response.statusText, headers: response.headers });
    },
  };
}
