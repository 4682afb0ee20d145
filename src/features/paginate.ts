/**
 * Offset pagination over a lookup method: the pages in order, or their items. The server is not
 * trusted to page correctly: each page is checked by the lookup (echoed offset, results within the
 * limit, total a count), a short page that is not the last is fetched again from where it ended, a
 * page of results all seen before (tied sort keys give them) costs no more requests than pages of
 * progress (page-repeats.ts), and a walk that ends short of the service's `total` is not passed off as
 * complete: a bounded second pass (second-pass.ts), then HiroIncompleteListError, or "not paging" for a
 * service that ignores `offset`. Options and the iterator's type: paginate-options.ts.
 */
import { MAX_LIMIT_CEILING } from "../input/option-checks.js";
import type { RequestOptions } from "../lookups/call-options.js";
import type { Page } from "../spec/types.js";
import { PageRepeats } from "./page-repeats.js";
import {
  MAX_PAGE_SIZE,
  type PageSizeRule,
  type PaginateIterator,
  type PaginateOptions,
  walkLimits,
} from "./paginate-options.js";
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
  const { pageSize: _size, maxItems: _max, concurrency: _conc, signal, ...requestOptions } = options;
  const start = params.offset ?? 0;
  const progress: Progress = { end: start, total: Number.POSITIVE_INFINITY, unread: 0 };
  // Which results of each page were new to its walk (items() yields those).
  const freshOf = new WeakMap<Page<T>, boolean[]>();
  // Checked when the walk starts, so a bad option rejects the first `next()` like any lookup error.
  const limits = () => walkLimits(params, options, pageSizeRule);

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
    /** Pages of repeats and of progress; whether the repeats stopped the first pass. */
    const repeats = new PageRepeats();
    let stoppedByRepeats = false;
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
        // Repeats by identity, whatever the order: a page of results all seen before is no progress, and
        // no error either (tied sort keys give it): the walk goes on while its repeats are few (page-repeats.ts).
        const fresh = seen.freshIn(page, head.offset);
        const goOn = repeats.firstPass(fresh);
        freshOf.set(page, fresh);
        yield page;
        if (end >= start + maxItems) return;
        if (end >= page.total) {
          reachedEnd = true;
          break;
        }
        if (!goOn) {
          for (const pending of queue) pending.cancel.abort(new Error("page dropped"));
          stoppedByRepeats = true;
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
      // Judged: a walk that reached the list's end, or that its repeats stopped (not maxItems, an empty page).
      const total = progress.total;
      if (!(reachedEnd || stoppedByRepeats) || seen.distinct >= total - start) return;
      // The list changed during the walk: what is missing may be gone, unless the walk stopped short of its end.
      if (totals.size > 1) {
        if (stoppedByRepeats) throw repeats.shortOf(total, seen.distinct, start);
        return;
      }
      // Fewer distinct items than the total of a list that did not change (second-pass.ts).
      const short = { start, total, pageSize, pages: pagesRead };
      const pass = secondPass((offset) => fetchPage(offset).page, seen, short);
      for (let step = await pass.next(); ; step = await pass.next()) {
        if (step.done) {
          if (step.value === "short" || (step.value === "changed" && stoppedByRepeats))
            throw repeats.shortOf(total, seen.distinct, start);
          break;
        }
        const { page, fresh } = step.value;
        repeats.found();
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
