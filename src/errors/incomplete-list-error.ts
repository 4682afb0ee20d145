/** The error of a `paginate` walk that reached the list's end without every item the service counts. */
import { HiroError } from "./errors.js";

/**
 * Raised by `paginate` (and so by `collect` and the CLI's `--all`) after it yielded every item it got,
 * when the walk reached the end of a list whose `total` did not change, or its pages of repeats stopped
 * it, with fewer distinct items than that total, even after one second pass. Its cause upstream: the FT list is sorted by `LOWER(name)` or
 * `LOWER(symbol)` alone, so tokens that tie (nameless ones) come back in another order at each request,
 * and an offset walk skips some. The items already yielded are right; some are missing.
 */
export class HiroIncompleteListError extends HiroError {
  override name = "HiroIncompleteListError";
  constructor(
    /** The service's `total` (the same on every page of the walk). */
    readonly total: number,
    /** The distinct items the walk received (and yielded), from `offset` on. */
    readonly received: number,
    /** The offset the walk started at: `total - offset` items were expected. */
    readonly offset: number,
  ) {
    super(
      `paginate: ${received} distinct items of the ${total} the service counts${offset ? ` from offset ${offset}` : ""}, after a second pass: its order has ties, so pages shifted`,
    );
  }
}
