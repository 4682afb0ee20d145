/**
 * Pages that bring nothing new, in a `paginate` walk. Tied sort keys give them: upstream's FT list is
 * sorted by `LOWER(name)` or `LOWER(symbol)` alone, and under some sort plans tied tokens repeat across
 * pages, one page holding only tokens seen before (upstream-facts §11). So a page of repeats does not stop
 * the walk, but repeats cost no more requests than progress: past that the first pass stops (a server
 * repeating itself with a huge `total` is never walked forever), and the bounded second pass follows. A
 * walk that ends short is a {@link HiroIncompleteListError}, unless no page after the first ever brought
 * anything new: then the service ignores `offset` ("not paging").
 */
import { HiroError } from "../errors/errors.js";
import { HiroIncompleteListError } from "../errors/incomplete-list-error.js";

/** Pages of repeats a first pass takes beyond its pages of progress before it stops. */
const REPEAT_SLACK = 2;

/**
 * Whether a walk goes on after `progress` pages that brought something new and `repeats` pages that
 * brought nothing (the rule `paginate`'s first pass and the infinite queries of `hiro-lookup/query` share).
 */
export const withinRepeatSlack = (progress: number, repeats: number): boolean =>
  repeats <= progress + REPEAT_SLACK;

/** What the pages of one walk brought: how many brought something new, and how many nothing. */
export class PageRepeats {
  /** Pages with at least one result new to the walk (the first page among them). */
  progress = 0;
  /** Pages of the first pass whose results were all seen before. */
  repeats = 0;

  /** Notes a page of the first pass by which of its results are new; false once the first pass should stop. */
  firstPass(fresh: readonly boolean[]): boolean {
    if (fresh.includes(true)) this.progress++;
    else this.repeats++;
    return withinRepeatSlack(this.progress, this.repeats);
  }

  /** Notes a page of the second pass that brought something new. */
  found(): void {
    this.progress++;
  }

  /** The error of a walk from `start` that ended with `received` distinct results of the service's `total`. */
  shortOf(total: number, received: number, start: number): HiroError {
    if (this.progress <= 1 && this.repeats > 0)
      return new HiroError(
        `paginate: the pages after offset ${start} brought nothing new (${this.repeats} pages of results all on the first page, in any order, and a second pass from the start): the service is not paging; stopped`,
      );
    return new HiroIncompleteListError(total, received, start);
  }
}
