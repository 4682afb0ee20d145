/**
 * What a `paginate` walk takes and gives: its options, checked when the walk starts (so a bad one rejects
 * the first `next()` like any lookup error), and the iterator it returns.
 */
import { HiroValidationError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import { limitRule } from "../generated/parameters.js";
import { integerRefusal } from "../input/validate-input.js";
import { isWholeNumber } from "../input/whole-number.js";
import type { RequestOptions } from "../lookups/call-options.js";
import type { Page } from "../spec/types.js";

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

/** The bound of a walk's `pageSize` and its default when none is given. */
export interface PageSizeRule {
  maximum: number;
  fallback: number;
  /** The client option that set the maximum (`maxLimit.runes`), when it is not the spec's. */
  maximumFrom?: string | undefined;
}

/** `value` if it is a whole number from `min` to `max`, `fallback` if undefined; else a refusal naming it. */
export function checkInteger(
  name: string,
  value: number | undefined,
  min: number,
  max: number,
  fallback: number,
  maximumFrom?: string,
): number {
  if (value === undefined) return fallback;
  if (!isWholeNumber(value, min, max)) {
    throw integerRefusal(name, {
      allowed: `an integer from ${min} to ${max}`,
      jsForms: false,
      maximumFrom,
      given: printable(String(value), 40),
    });
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

/** A walk's limits, checked, each default filled in. */
export interface WalkLimits {
  pageSize: number;
  maxItems: number;
  concurrency: number;
}

/** Checks a walk's parameters and options by the page size's rule. */
export function walkLimits(params: object, options: PaginateOptions, rule: PageSizeRule): WalkLimits {
  refuseStrayLimit(params);
  return {
    pageSize: checkInteger("pageSize", options.pageSize, 1, rule.maximum, rule.fallback, rule.maximumFrom),
    maxItems: checkInteger("maxItems", options.maxItems, 0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    concurrency: checkInteger("concurrency", options.concurrency, 1, 16, 1),
  };
}
