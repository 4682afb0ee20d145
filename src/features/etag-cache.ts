/**
 * `etagCache()`: conditional requests as openapi-fetch middleware. It remembers each accepted 200's
 * `ETag` and body, sends `If-None-Match` next time, and turns the service's `304 Not Modified` back
 * into the kept 200. The FT list is the exception: its ETag is the chain tip, not the list, so it is
 * never revalidated (see {@link UNRELIABLE_ETAG}). The service answers `Cache-Control: no-cache, must-revalidate`, so there is never a
 * fresh hit to serve without asking. The store is raced against the call's signal: a store that hangs
 * cannot hold the call.
 *
 * A hostile server cannot fill memory through it: a body is kept only when the lookup's own judgement
 * takes it (lookups/judge.ts: valid JSON, the page asked, the id asked), the default store is bounded in
 * bytes and per entry, and what a call is waiting for lives only as long as its request object (a
 * later middleware that answers from `onRequest` or throws leaves nothing behind).
 */
import type { Middleware } from "openapi-fetch";
import { HiroValidationError } from "../errors/errors.js";
import { checkTimeout } from "../input/option-checks.js";
import { isWholeNumber } from "../input/whole-number.js";
import { acceptsBody } from "../lookups/judge.js";
import { type PreparedCall, preparedCall } from "../lookups/prepare.js";
import { createBoundedLru } from "../shared/bounded-lru.js";
import { ETAG_CACHE_DEFAULTS } from "../shared/defaults.js";
import { operationAt, operations } from "../spec/services.js";

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
  /** The largest body the store keeps, in characters: a longer one is neither checked nor offered. */
  readonly maxEntryBytes?: number | undefined;
}

/** Limits of {@link createMemoryEtagStore}; sizes count a body's characters (bytes, for ASCII JSON). */
export interface MemoryEtagStoreOptions {
  /** URLs kept at most. Default 500. */
  maxEntries?: number | undefined;
  /** Characters of all bodies kept together; the least recently used go first. Default 16 MiB. */
  maxBytes?: number | undefined;
  /** Characters of one body; a longer one is not kept. Default 1 MiB. */
  maxEntryBytes?: number | undefined;
}

/** A store limit: a positive whole number, or the default. */
function limitOf(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!isWholeNumber(value, 1)) {
    throw new HiroValidationError(name, `must be a positive integer; got ${String(value)}`);
  }
  return value;
}

/** What an entry counts for: its body, ETag and content type, in characters. */
const sizeOf = (_url: string, entry: EtagEntry) =>
  entry.body.length + entry.etag.length + (entry.contentType?.length ?? 0);

/**
 * An in-memory store of the most recently used URLs, bounded in entries and in bytes (a number alone is
 * `maxEntries`, as before).
 */
export function createMemoryEtagStore(options: number | MemoryEtagStoreOptions = {}): EtagStore {
  const given: MemoryEtagStoreOptions = typeof options === "number" ? { maxEntries: options } : options;
  const limits = {
    maxEntries: limitOf("maxEntries", given.maxEntries, ETAG_CACHE_DEFAULTS.maxEntries),
    maxBytes: limitOf("maxBytes", given.maxBytes, ETAG_CACHE_DEFAULTS.maxBytes),
    maxEntryBytes: limitOf("maxEntryBytes", given.maxEntryBytes, ETAG_CACHE_DEFAULTS.maxEntryBytes),
  };
  const entries = createBoundedLru({ ...limits, sizeOf });
  return {
    maxEntryBytes: limits.maxEntryBytes,
    get: (url) => entries.get(url),
    set: (url, entry) => entries.set(url, entry),
  };
}

/**
 * Routes whose ETag does not follow their answer: upstream tags the FT list with the chain tip's hash,
 * whatever the list holds, and a token processed without a new block changes the list but not the tag.
 * Revalidated by that tag, the list would stay stale until the next block; it is always asked in full.
 */
const UNRELIABLE_ETAG = new Set<string>([operations.getFungibleTokens.path]);

/**
 * Requests with `locale` are not cached: upstream computes their ETag from the wrong token (the URL's
 * last segment includes the query), so a 304 could be stale. Nor are the routes of {@link UNRELIABLE_ETAG}.
 * A request that already has its own `If-None-Match` is left to its caller.
 */
function cacheable(request: Request, schemaPath: string): boolean {
  return (
    request.method === "GET" &&
    !UNRELIABLE_ETAG.has(schemaPath) &&
    !request.url.includes("locale=") &&
    !request.headers.has("if-none-match")
  );
}

/** The parameters openapi-fetch hands middleware: as the call gave them (a lookup's are its prepared request, in wire form). */
interface CallParams {
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
}

/**
 * The call an answer is judged as: its path's operation, with its parameters as openapi-fetch was given
 * them (a lookup's checked request, or a raw call's values, which are not checked again: nothing is
 * refused here, only judged).
 */
function callOf(schemaPath: string, params: CallParams): PreparedCall | undefined {
  const operationId = operationAt(schemaPath);
  if (operationId === undefined) return undefined;
  const path = Object.fromEntries(
    Object.entries(params.path ?? {}).map(([name, value]) => [name, String(value)]),
  );
  const query = (params.query ?? {}) as Record<string, string | number | readonly string[]>;
  return preparedCall(operationId, { path, query });
}

/** Whether a 200 `body` is one its lookup's judgement takes (valid JSON about the question): only those are kept. */
function accepted(schemaPath: string, params: CallParams, body: string): boolean {
  const call = callOf(schemaPath, params);
  return call === undefined || acceptsBody(call, body);
}

/** Options of {@link etagCache}. */
export interface EtagCacheOptions {
  /**
   * How long a store's `get` or `set` may take, in ms, before the request goes on without it (a `get`
   * then finds nothing, a `set` is dropped). Raw calls have no deadline of their own: a store that never
   * answered would hold them forever. Default 5 000.
   */
  storeTimeoutMs?: number | undefined;
}

/**
 * `promise`, or the signal's reason once it aborts; `fallback` once `timeoutMs` has passed (a store that
 * does not answer is passed over, never waited for forever).
 */
function raced<T>(promise: T | Promise<T>, signal: AbortSignal, timeoutMs: number, fallback: T): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    const timer = setTimeout(() => resolve(fallback), timeoutMs);
    signal.addEventListener("abort", onAbort, { once: true });
    Promise.resolve(promise)
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
      });
  });
}

/**
 * Conditional requests with `If-None-Match`, as middleware: `createLookupClient({ middleware: [etagCache()] })`.
 * Default store: {@link createMemoryEtagStore} (500 URLs, 16 MiB, 1 MiB a body).
 */
export function etagCache(
  store: EtagStore = createMemoryEtagStore(),
  options: EtagCacheOptions = {},
): Middleware {
  const storeTimeoutMs = checkTimeout(
    "storeTimeoutMs",
    options.storeTimeoutMs ?? ETAG_CACHE_DEFAULTS.storeTimeoutMs,
  );
  // Keyed by the request object, not the call id: gone with the request however the call ended.
  const sentWith = new WeakMap<Request, EtagEntry>();
  const maxEntryBytes = store.maxEntryBytes ?? Number.POSITIVE_INFINITY;
  return {
    async onRequest({ request, schemaPath }) {
      if (!cacheable(request, schemaPath)) return undefined;
      const entry = await raced(store.get(request.url), request.signal, storeTimeoutMs, undefined);
      if (entry) {
        sentWith.set(request, entry);
        request.headers.set("if-none-match", entry.etag);
      }
      return undefined;
    },
    async onResponse({ request, response, schemaPath, params }) {
      const kept = sentWith.get(request);
      sentWith.delete(request);
      if (response.status === 304 && kept) {
        const headers = new Headers(response.headers);
        headers.set("etag", kept.etag);
        if (kept.contentType) headers.set("content-type", kept.contentType);
        headers.delete("content-length");
        return new Response(kept.body, { status: 200, statusText: "OK", headers });
      }
      const etag = response.headers.get("etag");
      if (response.status !== 200 || !etag || (!kept && !cacheable(request, schemaPath))) return undefined;
      if (Number(response.headers.get("content-length") ?? 0) > maxEntryBytes) return undefined;
      const body = await response.text();
      if (body.length <= maxEntryBytes && accepted(schemaPath, params, body)) {
        const entry = { etag, body, contentType: response.headers.get("content-type") };
        await raced(store.set(request.url, entry), request.signal, storeTimeoutMs, undefined);
      }
      return new Response(body, { status: 200, statusText: response.statusText, headers: response.headers });
    },
  };
}
