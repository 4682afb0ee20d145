/**
 * Offset pagination over a lookup method: the pages in order, or their items. The server is not
 * trusted to page correctly: each page is checked by the lookup (echoed offset, results within the
 * limit, total a count), a short page that is not the last is fetched again from where it ended, and a
 * page that brings nothing new (every id seen, or the same results as an earlier page, for items
 * without an id such as runes activity) stops the walk with an error instead of looping forever. A walk
 * that ends short of the service's `total` is not passed off as complete (HiroIncompleteListError).
 */
import { HiroError, HiroValidationError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import { limitRule } from "../generated/parameters.js";
import { MAX_LIMIT_CEILING } from "../input/option-checks.js";
import { isWholeNumber } from "../input/whole-number.js";
import type { RequestOptions } from "../lookups/call-options.js";
import type { Page } from "../spec/types.js";
import { secondPass } from "./second-pass.js";
import { checkPageSize, WalkIdentities } from "./walk-identities.js";

/**
 * A lookup that takes `offset`/`limit` and answers with a page, such as `client.getSatoshiInscriptions`,
 * or any function that wraps one. Nothing is read off it: {@link paginate} pages by the `pageSize` it is
 * given (a client's own page maximum is `paginateLookup`'s to follow).
 */
export type PageMethod<P extends { offset?: number; limit?: number }, T> = (
  params: P,
  options?: RequestOptions,
) => Promise<Page<T>>;

/** Options of {@link paginate}; the request options apply to every page. */
export interface PaginateOptions extends RequestOptions {
  /**
   * Items per request. With `paginateLookup`: 1 to the client's page maximum (its `maxLimit` for the
   * lookup's service, else the spec's 60), default that maximum. With `paginate`: 1 to 1 000 000 (the
   * largest `maxLimit` a client takes; the lookup itself refuses one above its client's maximum before
   * sending), default the spec's 60: give the deployment's maximum here to page by it.
   */
  pageSize?: number | undefined;
  /** Stop after this many items. Default: all of them. */
  maxItems?: number | undefined;
  /** Pages fetched ahead in parallel once `total` is known, 1 to 16. Items still come in order. Default 1. */
  concurrency?: number | undefined;
}

/** What {@link paginate} returns: the items, in server order, plus a view of the pages. */
export interface PaginateIterator<T> extends AsyncGenerator<T, void, undefined> {
  /**
   * The pages instead of the items (use one view or the other, not both): each page as the service
   * sent it, so `total` can be read. Repeats are not dropped in this view; of a second pass (see
   * {@link paginate}), only the pages that bring an item not seen before are yielded.
   */
  pages(): AsyncGenerator<Page<T>, void, undefined>;
  /** After the items stopped: whether the service has more than was yielded (`maxItems` or `collect`'s `max`). */
  hasMore(): boolean;
  /** The list's `total` as its last page said, for a progress count; undefined before the first page. */
  total(): number | undefined;
}

/** The spec's largest `limit` (60): the default page size. */
export const MAX_PAGE_SIZE = limitRule.maximum;

function checkInteger(
  name: string,
  value: number | undefined,
  min: number,
  max: number,
  fallback: number,
  whose = "",
): number {
  if (value === undefined) return fallback;
  if (!isWholeNumber(value, min, max)) {
    throw new HiroValidationError(
      name,
      `must be an integer from ${min} to ${max}${whose}; got ${String(value)}`,
    );
  }
  return value;
}

/**
 * A walk's `limit` is its page size: one given among the lookup's parameters (plain JavaScript, or a
 * cast) would be overwritten without a word, so it is refused, naming `pageSize`.
 */
function refuseStrayLimit(params: object): void {
  const limit: unknown = Reflect.get(params, "limit");
  if (limit === undefined) return;
  throw new HiroValidationError(
    "limit",
    `is set by the walk, one page at a time: give the page size as the pageSize option; got ${printable(String(limit), 40)}`,
  );
}

/** Result identities a walk remembers (oldest forgotten first): about 60 bytes each. */
const MAX_IDENTITIES = 100_000;

/** Where a walk stands, for `hasMore()`. */
interface Progress {
  /** Offset just past the last result received. */
  end: number;
  /** The last page's total. */
  total: number;
  /** Results of the last page not yielded yet. */
  unread: number;
}

/**
 * Yields every item of a paginated lookup, page after page, `pageSize` items per request (default the
 * spec's 60; see {@link PaginateOptions.pageSize}). `method` may be a client's lookup or any wrapper of
 * one: the walk reads nothing off it. To page by a client's own `maxLimit` without saying it again,
 * walk with `paginateLookup(client, operationId, params)`. Stops when `offset + results.length`
 * reaches `total`, on an empty page, or at `maxItems`; `break` stops fetching (pages fetched ahead
 * are aborted). Memory stays bounded by `concurrency` pages. A result seen earlier in the walk (an item
 * shifted across a page boundary) is yielded once.
 *
 * A walk that reaches the end of a list whose `total` stayed the same, with fewer distinct items than
 * that total, is not complete (upstream's FT list has no tie-breaker in its order, so pages shift between
 * requests): one second pass from the start yields the items it finds missing, and if some are still
 * missing the walk throws `HiroIncompleteListError` after the last item.
 */
export function paginate<P extends { offset?: number; limit?: number }, T>(
  method: PageMethod<P, T> | ((params?: P, options?: RequestOptions) => Promise<Page<T>>),
  params: Omit<P, "limit">,
  options: PaginateOptions = {},
): PaginateIterator<T> {
  return walk(method, params, options, { maximum: MAX_LIMIT_CEILING, fallback: MAX_PAGE_SIZE });
}

/** The bound of a walk's `pageSize` and its default when none is given. */
export interface PageSizeRule {
  maximum: number;
  fallback: number;
  /** Whose maximum it is, for the refusal of a larger `pageSize`: e.g. ` (the client's maxLimit …)`. */
  whose?: string | undefined;
}

/**
 * {@link paginate} with the page size's rule given: `paginateLookup` passes its client's page maximum as
 * both. Typed by the method's page (`Pg`), so a lookup's answer type is its page as it is.
 */
export const paginateWithin: <P extends { offset?: number; limit?: number }, Pg extends Page<unknown>>(
  method: (params: P, options?: RequestOptions) => Promise<Pg>,
  params: Omit<P, "limit">,
  options: PaginateOptions,
  pageSizeRule: PageSizeRule,
) => PaginateIterator<Pg["results"][number]> = walk;

/** The walk of {@link paginate}, by the page size's rule given. */
function walk<P extends { offset?: number; limit?: number }, T>(
  method: (params: P, options?: RequestOptions) => Promise<Page<T>>,
  params: Omit<P, "limit">,
  options: PaginateOptions,
  pageSizeRule: PageSizeRule,
): PaginateIterator<T> {
  const { pageSize: size, maxItems: max, concurrency: conc, signal, ...requestOptions } = options;
  const start = params.offset ?? 0;
  const progress: Progress = { end: start, total: Number.POSITIVE_INFINITY, unread: 0 };
  // Which results of each page were new to its walk (items() yields those).
  const freshOf = new WeakMap<Page<T>, boolean[]>();
  // Checked when the walk starts, so a bad option rejects the first `next()` like any lookup error.
  const limits = () => {
    refuseStrayLimit(params);
    return {
      pageSize: checkInteger(
        "pageSize",
        size,
        1,
        pageSizeRule.maximum,
        pageSizeRule.fallback,
        pageSizeRule.whose,
      ),
      maxItems: checkInteger("maxItems", max, 0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
      concurrency: checkInteger("concurrency", conc, 1, 16, 1),
    };
  };

  async function* pages(): AsyncGenerator<Page<T>, void, undefined> {
    const { pageSize, maxItems, concurrency } = limits();
    if (maxItems === 0) return;
    if (signal?.aborted) throw signal.reason;
    // Our own controller: aborting it cancels the pages fetched ahead when the walk ends early. Each
    // page also has its own, so a page fetched ahead at a wrong offset can be dropped alone.
    const controller = new AbortController();
    const walk = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    type Pending = { offset: number; page: Promise<Page<T>>; cancel: AbortController };
    const fetchPage = (offset: number): Pending => {
      const cancel = new AbortController();
      const page = method({ ...params, offset, limit: pageSize } as P, {
        ...requestOptions,
        signal: AbortSignal.any([walk, cancel.signal]),
      });
      page.catch(() => {}); // a page fetched ahead may fail after the walk ended: never an unhandled rejection
      return { offset, page, cancel };
    };
    let queue: Pending[] = [fetchPage(start)];
    // The stride is the limit asked, never the one echoed (a server echoing `limit: 1` for 60 results
    // would make every item come back 60 times); a short page narrows it to what the service gives.
    let stride = pageSize;
    let nextToFetch = start + stride;
    const seen = new WalkIdentities(MAX_IDENTITIES);
    /** The `total` of each page: one value while the list did not change. */
    const totals = new Set<number>();
    let pagesRead = 0;
    /** Whether the walk stopped at the list's end (not at maxItems, an empty page or a break). */
    let reachedEnd = false;
    try {
      while (queue.length > 0) {
        const head = queue.shift() as Pending;
        const page = await head.page;
        const end = head.offset + page.results.length;
        checkPageSize(page, pageSize, head.offset);
        Object.assign(progress, { end, total: page.total, unread: page.results.length });
        totals.add(page.total);
        pagesRead++;
        if (page.results.length === 0) return;
        // Repeats by identity, whatever the order: a page of results all seen before is no progress.
        const fresh = seen.freshIn(page, head.offset);
        if (!fresh.includes(true)) {
          throw new HiroError(
            `paginate: the page at offset ${head.offset} brought nothing new (${page.results.length} results all seen earlier in the walk, in any order): the service is not paging; stopped`,
          );
        }
        freshOf.set(page, fresh);
        yield page;
        if (end >= start + maxItems) return;
        if (end >= page.total) {
          reachedEnd = true;
          break;
        }
        if (page.results.length < stride) {
          // A short page that is not the last: go on from where it ended, not from where the next was assumed.
          for (const pending of queue) pending.cancel.abort(new Error("page dropped"));
          queue = [];
          nextToFetch = end;
          stride = page.results.length;
        }
        const limit = Math.min(page.total, start + maxItems);
        while (queue.length < concurrency && nextToFetch < limit) {
          queue.push(fetchPage(nextToFetch));
          nextToFetch += stride;
        }
      }
      const [total = 0] = totals;
      if (!reachedEnd || totals.size > 1 || seen.distinct >= total - start) return;
      // Fewer distinct items than the total of a list that did not change (second-pass.ts).
      const short = { start, total, pageSize, pages: pagesRead };
      for await (const { page, fresh } of secondPass((offset) => fetchPage(offset).page, seen, short)) {
        progress.unread = page.results.length;
        freshOf.set(page, fresh);
        yield page;
      }
    } finally {
      controller.abort(new Error("pagination ended"));
    }
  }

  async function* items(): AsyncGenerator<T, void, undefined> {
    const { maxItems } = limits();
    let yielded = 0;
    for await (const page of pages()) {
      const fresh = freshOf.get(page);
      for (const [i, item] of page.results.entries()) {
        progress.unread--;
        // A result seen earlier in the walk (pages shifted as new items arrived) is yielded once.
        if (fresh?.[i] === false) continue;
        // The caller's abort stops the items at once, even those of a page already here.
        if (signal?.aborted) throw signal.reason;
        yield item;
        if (++yielded >= maxItems) return;
      }
    }
  }

  const iterator = items() as PaginateIterator<T>;
  iterator.pages = pages;
  iterator.hasMore = () => progress.unread > 0 || progress.end < progress.total;
  iterator.total = () => (progress.total === Number.POSITIVE_INFINITY ? undefined : progress.total);
  return iterator;
}

/**
 * Collects up to `max` items into an array. `max` is required: loading an unbounded list into memory
 * is never the default. With a {@link paginate} iterator, `onMore` is told whether the service had
 * more items than `max`.
 */
export async function collect<T>(
  items: AsyncIterable<T>,
  options: { max: number; onMore?: ((more: boolean) => void) | undefined },
): Promise<T[]> {
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
  const more = (items as Partial<PaginateIterator<T>>).hasMore;
  options.onMore?.(typeof more === "function" ? more() : false);
  return out;
}
