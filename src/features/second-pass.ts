/**
 * The second pass of a `paginate` walk that ended with fewer distinct results than the list's steady
 * `total`: at its end, or stopped by its pages of repeats (page-repeats.ts). Upstream's FT list is sorted
 * by `LOWER(name)` or `LOWER(symbol)` alone, so tokens that tie come back in another order at each
 * request and an offset walk skips some. One pass from the start, in order, one request per page, picks
 * up what it can; then the walk is complete, or it is not and says so.
 */
import type { Page } from "../spec/types.js";
import { checkPageSize, type WalkIdentities } from "./walk-identities.js";

/**
 * Where the walk stands: its start offset, the list's steady `total`, the page size asked, and how many
 * pages the first pass took (the second takes no more: a server cannot stretch it with short pages).
 */
interface ShortWalk {
  start: number;
  total: number;
  pageSize: number;
  pages: number;
}

/** How a second pass ended: every result found, the list's `total` changed (what is missing may be gone), or short. */
export type SecondPassEnd = "complete" | "changed" | "short";

/**
 * Yields each page of the second pass that brings a result the walk had not seen (with which results are
 * new), until the walk has them all, the list's end, or as many pages as the first pass; returns how it
 * ended.
 */
export async function* secondPass<T>(
  fetchPage: (offset: number) => Promise<Page<T>>,
  seen: WalkIdentities,
  { start, total, pageSize, pages }: ShortWalk,
): AsyncGenerator<{ page: Page<T>; fresh: boolean[] }, SecondPassEnd, undefined> {
  const expected = total - start;
  for (let offset = start, asked = 0; offset < total && seen.distinct < expected && asked < pages; asked++) {
    const page = await fetchPage(offset);
    if (page.total !== total) return "changed";
    if (page.results.length === 0) break;
    checkPageSize(page, pageSize, offset);
    const fresh = seen.freshIn(page, offset);
    offset += page.results.length;
    if (fresh.includes(true)) yield { page, fresh };
  }
  return seen.distinct < expected ? "short" : "complete";
}
