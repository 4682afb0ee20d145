/**
 * The retries of `hiro-lookup/query`'s options. TanStack lets a query's own options win over the
 * QueryClient's defaults, so options that set `retry` would silence `defaultOptions.queries.retry` (a test
 * setup's `retry: false`) and `setQueryDefaults`. The options' `retry` therefore defers to those
 * defaults when the QueryClient has one (read from the query function's context as each fetch starts),
 * and is {@link retryLookup} only when it has none. A call's own `retry` override still wins.
 */
import type { QueryKey } from "@tanstack/query-core";
import { HiroApiError, HiroError } from "../index.js";

/** The part of TanStack's QueryClient read here (`context.client` of the query function, current 5.x). */
export interface DefaultsReader {
  getDefaultOptions(): { queries?: { retry?: unknown } | undefined };
  getQueryDefaults(queryKey: QueryKey): { retry?: unknown };
}

/** A `retry` option as TanStack takes it: a boolean, a count, or a function of the failure. */
type RetryOption = boolean | number | ((failureCount: number, error: unknown) => boolean);

/**
 * Whether TanStack should try again: only for a token whose metadata is still being fetched (it may be
 * there a moment later), up to 3 times. Everything else the client has retried already (network
 * errors, timeouts, 408, 429, 5xx, each up to its `maxRetries`) or cannot succeed on a retry (bad input,
 * not found, a retired service, an invalid answer): TanStack's default of 3 more tries would turn one
 * 500 into 12 requests and one 404 into 4.
 */
export function retryLookup(failureCount: number, error: unknown): boolean {
  if (!(error instanceof HiroError)) return failureCount < 3;
  return error instanceof HiroApiError && error.kind === "metadata_pending" && failureCount < 3;
}

/** A `retry` that TanStack can take as given, or undefined for anything else. */
const asRetry = (value: unknown): RetryOption | undefined =>
  typeof value === "boolean" || typeof value === "number" || typeof value === "function"
    ? (value as RetryOption)
    : undefined;

/**
 * The `retry` of one query's options (`decide`) and what feeds it (`read`, called by the query function
 * with its context's QueryClient): the QueryClient's default for this key when it has one, else
 * {@link retryLookup}.
 */
export function deferringRetry(queryKey: QueryKey) {
  let own: RetryOption | undefined;
  return {
    read(queryClient: DefaultsReader | undefined) {
      if (typeof queryClient?.getQueryDefaults !== "function") return;
      own =
        asRetry(queryClient.getQueryDefaults(queryKey).retry) ??
        asRetry(queryClient.getDefaultOptions().queries?.retry);
    },
    decide(failureCount: number, error: unknown): boolean {
      if (own === undefined) return retryLookup(failureCount, error);
      if (typeof own === "function") return own(failureCount, error);
      return typeof own === "number" ? failureCount < own : own;
    },
  };
}
