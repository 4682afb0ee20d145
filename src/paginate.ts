/**
 * Offset pagination over a lookup method, as an async generator of items in server order.
 * Offset paging over a list that changes between requests can skip or repeat items; repeats of an
 * item with an `id` (inscriptions) are dropped when they fall in the previous page or this one.
 */
import { HiroValidationError } from "./errors.js";
import { parameterRules } from "./generated/parameters.js";
import type { RequestOptions } from "./lookup.js";
import type { Page } from "./types.js";

/** A lookup that takes `offset`/`limit` and answers with a page, such as `client.getSatoshiInscriptions`. */
export type PageMethod<P extends { offset?: number; limit?: number }, T> = (
  params: P,
  options?: RequestOptions,
) => Promise<Page<T>>;

/** Options of {@link paginate}; the request options apply to every page. */
export interface PaginateOptions extends RequestOptions {
  /** Items per request, 1 to 60. Default 60, the service's maximum. */
  pageSize?: number | undefined;
  /** Stop after this many items. Default: all of them. */
  maxItems?: number | undefined;
  /** Pages fetched ahead in parallel once `total` is known, 1 to 16. Items still come in order. Default 1. */
  concurrency?: number | undefined;
}

const MAX_PAGE_SIZE = parameterRules.limit.maximum;

function checkInteger(
  name: string,
  value: number | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new HiroValidationError(name, `must be an integer from ${min} to ${max}; got ${String(value)}`);
  }
  return value;
}

function idOf(item: unknown): string | undefined {
  const id = typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : undefined;
}

/**
 * Yields every item of a paginated lookup, page after page. Stops when `offset + results.length`
 * reaches `total`, on an empty page, or at `maxItems`; `break` stops fetching (pages fetched ahead
 * are aborted). Memory stays bounded by `concurrency` pages.
 */
export async function* paginate<P extends { offset?: number; limit?: number }, T>(
  method: PageMethod<P, T>,
  params: Omit<P, "limit">,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  const { pageSize: size, maxItems: max, concurrency: conc, signal, ...requestOptions } = options;
  const pageSize = checkInteger("pageSize", size, 1, MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const maxItems = checkInteger("maxItems", max, 0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const concurrency = checkInteger("concurrency", conc, 1, 16, 1);
  const start = params.offset ?? 0;
  if (maxItems === 0) return;

  // Our own controller: aborting it cancels the pages fetched ahead when the loop ends early.
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) throw signal.reason;
  signal?.addEventListener("abort", onAbort, { once: true });
  const fetchPage = (offset: number): Promise<Page<T>> => {
    const page = method({ ...params, offset, limit: pageSize } as P, {
      ...requestOptions,
      signal: controller.signal,
    });
    page.catch(() => {}); // a page fetched ahead may fail after the loop ended: never an unhandled rejection
    return page;
  };

  const queue: Array<Promise<Page<T>>> = [fetchPage(start)];
  let offset = start;
  let nextToFetch = start;
  let stride = pageSize;
  let yielded = 0;
  let seen = new Set<string>();
  let previous = new Set<string>();
  try {
    for (let first = true; ; first = false) {
      const head = queue.shift();
      if (!head) return;
      const page = await head;
      if (first) {
        // The service may cap `limit` lower than asked; it echoes the one it used.
        stride =
          Number.isSafeInteger(page.limit) && page.limit > 0 ? Math.min(page.limit, pageSize) : pageSize;
        nextToFetch = start + stride;
      }
      for (const item of page.results) {
        const id = idOf(item);
        if (id !== undefined) {
          if (seen.has(id) || previous.has(id)) continue;
          seen.add(id);
        }
        // The caller's abort stops the items at once, even those of a page already here.
        if (signal?.aborted) throw signal.reason;
        yield item;
        if (++yielded >= maxItems) return;
      }
      if (page.results.length === 0 || offset + page.results.length >= page.total) return;
      offset += stride;
      [previous, seen] = [seen, new Set()];
      const end = Math.min(page.total, start + maxItems);
      while (queue.length < concurrency && nextToFetch < end) {
        queue.push(fetchPage(nextToFetch));
        nextToFetch += stride;
      }
      // Past `start + maxItems` but short of it (repeats were dropped): keep going one page at a time.
      if (queue.length === 0) {
        queue.push(fetchPage(offset));
        nextToFetch = offset + stride;
      }
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    controller.abort(new Error("pagination ended"));
  }
}

/**
 * Collects up to `max` items into an array. `max` is required: loading an unbounded list into memory
 * is never the default.
 */
export async function collect<T>(items: AsyncIterable<T>, options: { max: number }): Promise<T[]> {
  const max = options?.max;
  if (max === undefined) {
    throw new HiroValidationError(
      "max",
      "is required: collect() never loads an unbounded list; pass { max: N }",
    );
  }
  checkInteger("max", max, 1, Number.MAX_SAFE_INTEGER, 1);
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}
