/** `collect`: a walk's items into an array, never unbounded. */
import { HiroValidationError } from "../errors/errors.js";
import { checkInteger, type PaginateIterator } from "./paginate-options.js";

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
