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
import type {
  DataTag,
  InfiniteData,
  InfiniteQueryObserverOptions,
  QueryObserverOptions,
} from "@tanstack/query-core";
import type { HiroError, LookupClient, OperationId, Page } from "../index.js";
import {
  canonicalOf,
  clientFactsOf,
  identityOf,
  prepare,
  SPEC_FACTS,
  withinRepeatSlack,
} from "../internal.js";
import { operations } from "../spec-entry.js";
import { clientIdentity, hashLookupKey, type LookupQueryKey } from "./key.js";
import { type DefaultsReader, deferringRetry } from "./retry.js";

export { hashLookupKey, type LookupQueryKey };

/** The lookups of a client, each a function of its parameters. */
type Lookups = Omit<LookupClient, "raw">;
type Params<M> = M extends (params: infer P, ...rest: never[]) => unknown ? P : never;
type Data<M> = M extends (...args: never[]) => Promise<infer T> ? T : never;
type Item<M> = Data<M> extends Page<infer T> ? T : never;
/** The paged lookups: those whose answer is a page. */
type PagedName = { [K in keyof Lookups]: Data<Lookups[K]> extends Page<unknown> ? K : never }[keyof Lookups];

/** A lookup's key, tagged with its data, so `getQueryData(key)` and `setQueryData(key, …)` have its type. */
export type LookupDataKey<T> = DataTag<LookupQueryKey, T>;

/** The query options of one lookup call: TanStack infers the data and a {@link HiroError} error. */
export type LookupQueryOptions<T> = QueryObserverOptions<T, HiroError, T, T, LookupQueryKey> & {
  queryKey: LookupDataKey<T>;
  queryFn: (context: { signal: AbortSignal; client?: DefaultsReader }) => Promise<T>;
};

/** The infinite query options of a paged lookup: its pages by offset. */
export type LookupInfiniteQueryOptions<T> = InfiniteQueryObserverOptions<
  Page<T>,
  HiroError,
  InfiniteData<Page<T>, number>,
  LookupQueryKey,
  number
> & {
  queryKey: LookupDataKey<InfiniteData<Page<T>, number>>;
  queryFn: (context: { signal: AbortSignal; pageParam: number; client?: DefaultsReader }) => Promise<Page<T>>;
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
  /**
   * The call's key, for `invalidateQueries`, `setQueryData`, `getQueryData` (typed with the lookup's
   * data). Plain JSON, canonical.
   */
  queryKey(...args: ParamsArg<P>): LookupDataKey<T>;
}

/** What `createLookupQueries` gives for a paged lookup: the same, and its infinite query. */
export interface PagedLookupQuery<P, T> extends LookupQuery<P, Page<T>> {
  /**
   * Infinite query options: pages by offset from `params.offset` (default 0), `limit` a page; the next
   * page is where the last one ended, none past `total` or after an empty page. A page of repeats (tied
   * sort keys) does not end it; pages of repeats two more than the pages of progress do, as `paginate`'s
   * first pass (a server that repeats is never walked forever). Pages that end short of `total` hold
   * fewer items than it: compare the count with `total` where completeness matters.
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

export { retryLookup } from "./retry.js";

/** Options of {@link createLookupQueries}. */
export interface LookupQueriesOptions {
  /**
   * Names this client's answers in every key. Keys hold the client's base URLs; a client with its own
   * `headers`, `fetch` or middleware may answer differently from another on the same base URLs (a tenant's
   * header), so without a namespace its keys hold an id of the client object, which never matches another
   * client's, nor the same client's in another process. Give one per tenant when keys must match across
   * processes (server rendering with `dehydrate`/`hydrate`). A non-empty string of at most 200 characters.
   */
  namespace?: string | undefined;
}

/**
 * The query helpers of every lookup of `client`, by the lookup's name (`getSftMetadata`, `searchTokens`,
 * any lookup the spec gains): `queryOptions`, `queryKey`, and for paged lookups `infiniteQueryOptions`.
 * Parameters are checked when the options are built (a {@link HiroValidationError} at once, nothing
 * sent); the query's `signal` reaches the request, so a cancelled or unmounted query stops its fetch.
 */
export function createLookupQueries(client: LookupClient, options: LookupQueriesOptions = {}): LookupQueries {
  // Checked now; the identity itself is read per key (a middleware added later with raw.use counts).
  clientIdentity(client, options.namespace);
  // Prepared as the client prepares its calls (its maxLimit); by the spec's rules for an object
  // createLookupClient did not make.
  const facts = clientFactsOf(client) ?? SPEC_FACTS;
  const queries: Record<string, unknown> = {};
  // Every operation of the table is a lookup of that name (searchTokens, which batches, included).
  for (const name of Object.keys(operations) as OperationId[]) {
    // Called with the caller's params as given: the lookup checks them (LookupQueries types each call).
    const method: unknown = client[name];
    if (typeof method !== "function") continue;
    const lookup = (params: unknown, options: { signal: AbortSignal }): Promise<unknown> =>
      method(params, options);
    // The prepared call's query key, its client part this client's identity (a namespace, an object id).
    const queryKey = (params: unknown): LookupQueryKey => [
      "hiro-lookup",
      clientIdentity(client, options.namespace),
      name,
      canonicalOf(prepare(facts, name, params)),
    ];
    const helpers: Record<string, unknown> = {
      queryKey,
      queryOptions: (params: unknown, overrides?: object) => ({
        ...retried(queryKey(params), ({ signal }: QueryContext) => lookup(params, { signal })),
        ...overrides,
      }),
    };
    if (name !== "searchTokens" && operations[name].paged) {
      helpers.infiniteQueryOptions = (params: Record<string, unknown>, overrides?: object) => {
        const key = queryKey(params);
        const infiniteKey = [...key.slice(0, 3), { ...key[3], infinite: "offset" }];
        return {
          ...retried(infiniteKey, ({ signal, pageParam }: QueryContext & { pageParam: number }) =>
            lookup({ ...params, offset: pageParam }, { signal }),
          ),
          initialPageParam: typeof params?.offset === "number" ? params.offset : 0,
          getNextPageParam: nextOffset,
          ...overrides,
        };
      };
    }
    queries[name] = helpers;
  }
  return queries as LookupQueries;
}

/** What TanStack Query hands a query function, as far as the lookups read it. */
interface QueryContext {
  signal: AbortSignal;
  client?: DefaultsReader;
}

/**
 * A query's key, its function and TanStack's `retry`, deferring to the client's own retries (retry.ts):
 * the function reads the QueryClient's retry default before it fetches.
 */
function retried<C extends QueryContext>(
  queryKey: readonly unknown[],
  fetch: (context: C) => Promise<unknown>,
) {
  const retry = deferringRetry(queryKey);
  return {
    queryKey,
    queryFn: (context: C) => {
      retry.read(context.client);
      return fetch(context);
    },
    retry: retry.decide,
  };
}

/**
 * The offset of the page after `lastPage`, or undefined when there is none: past `total`, after an empty
 * page, or once pages of repeats outnumber the pages of progress by `paginate`'s slack (page-repeats.ts: tied
 * sort keys give a page of repeats, and the pages after it go on; a server serving the same items at
 * every offset is not walked forever).
 */
function nextOffset(
  lastPage: Page<unknown>,
  allPages: Page<unknown>[],
  lastPageParam: number,
): number | undefined {
  const next = lastPageParam + lastPage.results.length;
  if (lastPage.results.length === 0 || next >= lastPage.total) return undefined;
  const seen = new Set<unknown>();
  let progress = 0;
  let repeats = 0;
  for (const page of allPages) {
    const before = seen.size;
    for (const item of page.results) seen.add(identityOf(item));
    if (seen.size > before) progress++;
    else repeats++;
  }
  return withinRepeatSlack(progress, repeats) ? next : undefined;
}
