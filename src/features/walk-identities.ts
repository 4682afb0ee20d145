/**
 * What one `paginate` walk has seen: the identity of each result (item-identity.ts), the oldest forgotten
 * past a bound, and how many distinct results came. A page is checked against it before it is believed.
 */
import { HiroError } from "../errors/errors.js";
import { identityOf } from "../lookups/item-identity.js";
import type { Page } from "../spec/types.js";

/** The results of one walk, by identity. */
export class WalkIdentities {
  readonly #seen = new Set<string>();
  /** Distinct results received so far (each counted once, while its identity is remembered). */
  distinct = 0;
  /** `bound`: identities remembered at most (about 60 bytes each). */
  constructor(private readonly bound: number) {}

  /** Which results of the page at `offset` are new to the walk; the new ones are remembered. */
  freshIn(page: Page<unknown>, offset: number): boolean[] {
    return page.results.map((item) => {
      let identity: string;
      try {
        identity = identityOf(item);
      } catch {
        throw new HiroError(
          `paginate: the page at offset ${offset} cannot be compared (nested too deep); stopped`,
        );
      }
      if (this.#seen.has(identity)) return false;
      this.#seen.add(identity);
      this.distinct++;
      if (this.#seen.size > this.bound) this.#seen.delete(this.#seen.values().next().value as string);
      return true;
    });
  }
}

/** A page with more results than the `pageSize` asked stops the walk (a method of the caller's may not check). */
export function checkPageSize(page: Page<unknown>, pageSize: number, offset: number): void {
  if (page.results.length > pageSize) {
    const more = `has ${page.results.length} results, more than the ${pageSize} asked`;
    throw new HiroError(`paginate: the page at offset ${offset} ${more}; stopped`);
  }
}
