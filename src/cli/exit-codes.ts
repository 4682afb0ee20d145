/** Exit codes of the `hiro-lookup` CLI, one per kind of failure. */
import {
  HiroApiError,
  HiroError,
  HiroIncompleteListError,
  HiroNetworkError,
  HiroValidationError,
  HiroWaitTimeoutError,
} from "../index.js";

export const EXIT = {
  ok: 0,
  usage: 2,
  notFound: 3,
  rateLimited: 4,
  apiError: 5,
  network: 6,
  /** `hiro-lookup verify` ran, and at least one check FAILed. */
  verifyFailed: 7,
  /**
   * `--all` printed every item it got, but the list ended with fewer distinct items than the service's
   * `total` (its order has ties, so pages shifted between requests). 8 is left to `explain`'s verdicts.
   */
  incomplete: 9,
} as const;

/** The exit code for an error thrown by a lookup. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof HiroValidationError) return EXIT.usage;
  // A HiroTimeoutError is a HiroNetworkError: no answer came back in time.
  if (error instanceof HiroNetworkError) return EXIT.network;
  // Every request of the wait was answered: the service, not the network, kept the metadata back.
  if (error instanceof HiroWaitTimeoutError) return EXIT.apiError;
  // Every item that came was printed; the list is short of its total.
  if (error instanceof HiroIncompleteListError) return EXIT.incomplete;
  if (error instanceof HiroApiError) {
    if (error.kind === "not_found" || error.kind === "locale_not_found") return EXIT.notFound;
    if (error.kind === "rate_limited") return EXIT.rateLimited;
    return EXIT.apiError;
  }
  return error instanceof HiroError ? EXIT.apiError : EXIT.network;
}
