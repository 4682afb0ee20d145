/**
 * `hiro-lookup/query`: the lookups as TanStack Query v5 options, for React, Vue, Solid and Svelte apps.
 * No runtime dependency on TanStack (its types come from `@tanstack/query-core`, an optional peer).
 *
 * ```ts
 * const q = createLookupQueries(client);
 * const token = useQuery(q.getSftMetadata.queryOptions({ principal, token_id: 35n }));
 * const sat = useInfiniteQuery(q.getSatoshiInscriptions.infiniteQueryOptions({ ordinal }));
 * queryClient.invalidateQueries({ queryKey: q.getSftMetadata.queryKey({ principal, token_id: 35 }) });
 * ```
 * @packageDocumentation
 */
import type { InfiniteData, InfiniteQueryObserverOptions, QueryObserverOptions } from "@tanstack/query-core";
import { HiroApiError, HiroError } from "../errors/errors.js";
import type { LookupClient } from "../lookups/client.js";
import { clientFactsOf } from "../lookups/client-facts.js";
import { identityOf } from "../lookups/item-identity.js";
import { operations } from "../spec/services.js";
import type { OperationId, Page } from "../spec/types.js";
import { canonicalParams, hashLookupKey, type LookupQueryKey } from "./key.js";

export { hashLookupKey, type LookupQueryKey };

/** The lookups of a client, each a function of its parameters. */
type Lookups = Omit<LookupClient, "raw">;
type Params<M> = M extends (params: infer P, ...rest: never[]) => unknown ? P : never;
type Data<M> = M extends (...args: never[]) => Promise<infer T> ? T : never;
type Item<M> = Data<M> extends Page<infer T> ? T : never;
/** The paged lookups: those whose answer is a page. */
type PagedName = { [K in keyof Lookups]: Data<Lookups[K]> extends Page<unknown> ? K : never }[keyof Lookups];

/** The query options of one lookup call: TanStack infers the data and a {@link HiroError} error. */
export type LookupQueryOptions<T> = QueryObserverOptions<T, HiroError, T, T, LookupQueryKey> & {
  queryKey: LookupQueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
};

/** The infinite query options of a paged lookup: its pages by offset. */
export type LookupInfiniteQueryOptions<T> = InfiniteQueryObserverOptions<
  Page<T>,
  HiroError,
  InfiniteData<Page<T>, number>,
  LookupQueryKey,
  number
> & {
  queryKey: LookupQueryKey;
  queryFn: (context: { signal: AbortSignal; pageParam: number }) => Promise<Page<T>>;
  initialPageParam: number;
  getNextPageParam: (lastPage: Page<T>, allPages: Page<T>[], lastPageParam: number) => number | undefined;
};

/** What `createLookupQueries` gives for one lookup. */
/** A lookup's parameters as arguments: optional when the lookup's are (`getApiStatus()`, `getFungibleTokens()`). */
type ParamsArg<P, Rest extends unknown[] = []> = undefined extends P
  ? [params?: P, ...rest: Partial<Rest>]
  : [params: P, ...rest: Partial<Rest>];

export interface LookupQuery<P, T> {
  /** TanStack Query options for one call: `useQuery(q.getSftMetadata.queryOptions(params))`. */
  queryOptions(
    ...args: ParamsArg<P, [overrides: Partial<QueryObserverOptions<T, HiroError, T, T, LookupQueryKey>>]>
  ): LookupQueryOptions<T>;
  /** The call's key, for `invalidateQueries`, `setQueryData`, `getQueryData`. Plain JSON, canonical. */
  queryKey(...args: ParamsArg<P>): LookupQueryKey;
}

/** What `createLookupQueries` gives for a paged lookup: the same, and its infinite query. */
export interface PagedLookupQuery<P, T> extends LookupQuery<P, Page<T>> {
  /**
   * Infinite query options: pages by offset from `params.offset` (default 0), `limit` a page; the next
   * page is where the last one ended, none past `total`, after an empty page, or after a page that
   * brought nothing new (a server that repeats is never walked forever).
   */
  infiniteQueryOptions(
    ...args: ParamsArg<P, [overrides: Partial<LookupInfiniteQueryOptions<T>>]>
  ): LookupInfiniteQueryOptions<T>;
}

/** The query helpers of every lookup of a client, by the lookup's name. */
export type LookupQueries = {
  [K in keyof Lookups]: K extends PagedName
    ? PagedLookupQuery<Params<Lookups[K]>, Item<Lookups[K]>>
    : LookupQuery<Params<Lookups[K]>, Data<Lookups[K]>>;
};

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

/**
 * The query helpers of every lookup of `client`, by the lookup's name (`getSftMetadata`, `searchTokens`,
 * any lookup the spec gains): `queryOptions`, `queryKey`, and for paged lookups `infiniteQueryOptions`.
 * Parameters are checked when the options are built (a {@link HiroValidationError} at once, nothing
 * sent); the query's `signal` reaches the request, so a cancelled or unmounted query stops its fetch.
 */
export function createLookupQueries(client: LookupClient): LookupQueries {
  // The client's deployment and own checks (its maxLimit); for an object it did not make, none and the spec's.
  const facts = clientFactsOf(client);
  const deployment = facts?.deployment ?? "";
  const check = facts?.checkParameters;
  const queries: Record<string, unknown> = {};
  const lookups = client as unknown as Record<
    string,
    (params: unknown, options?: object) => Promise<unknown>
  >;
  // Every operation of the table is a lookup of that name (searchTokens, which batches, included).
  for (const name of Object.keys(operations) as OperationId[]) {
    const lookup = lookups[name];
    if (typeof lookup !== "function") continue;
    const queryKey = (params: unknown): LookupQueryKey => [
      "hiro-lookup",
      deployment,
      name,
      canonicalParams(name, params, check),
    ];
    const helpers: Record<string, unknown> = {
      queryKey,
      queryOptions: (params: unknown, overrides?: object) => ({
        queryKey: queryKey(params),
        queryFn: ({ signal }: { signal: AbortSignal }) => lookup(params, { signal }),
        retry: retryLookup,
        ...overrides,
      }),
    };
    if (name !== "searchTokens" && operations[name].paged) {
      helpers.infiniteQueryOptions = (params: Record<string, unknown>, overrides?: object) => ({
        queryKey: [...queryKey(params).slice(0, 3), { ...queryKey(params)[3], infinite: "offset" }],
        queryFn: ({ signal, pageParam }: { signal: AbortSignal; pageParam: number }) =>
          lookup({ ...params, offset: pageParam }, { signal }),
        initialPageParam: typeof params?.offset === "number" ? params.offset : 0,
        getNextPageParam: nextOffset,
        retry: retryLookup,
        ...overrides,
      });
    }
    queries[name] = helpers;
  }
  return queries as LookupQueries;
}

/** The offset of the page after `lastPage`, or undefined when there is none (or no progress was made). */
function nextOffset(
  lastPage: Page<unknown>,
  allPages: Page<unknown>[],
  lastPageParam: number,
): number | undefined {
  const next = lastPageParam + lastPage.results.length;
  if (lastPage.results.length === 0 || next >= lastPage.total) return undefined;
  // A page that brought nothing new (a server serving the same items, in any order) ends the list.
  const earlier = new Set(allPages.slice(0, -1).flatMap((page) => page.results.map(identityOf)));
  return lastPage.results.every((item) => earlier.has(identityOf(item))) ? undefined : next;
}
