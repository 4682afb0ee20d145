/**
 * `createLookupClient`: one openapi-fetch client carries everything. The lookups are read from the
 * generated operation table; each runs the one attempt loop, directly or through openapi-fetch when
 * middleware or a custom fetch could observe the request (`lookup.ts`). `raw` *is* the openapi-fetch
 * client: the same middleware, and the same loop under it (retries, timeouts, no redirects, the size
 * cap, the API key for its own origin only).
 */

import createClient, { type Client, type Middleware } from "openapi-fetch";
import {
  checkHeaders,
  checkMaxLimit,
  checkRate,
  DEFAULTS,
  limitsOf,
  type MaxLimitOption,
} from "../input/options.js";
import { type Logger, type LogLevel, logOf } from "../observe/log.js";
import { type LookupPromise, lookupPromise } from "../observe/with-response.js";
import { operations, SERVICE_NAMES, type ServiceName } from "../spec/services.js";
import type {
  ApiStatusResponse,
  FtMetadataParams,
  FtMetadataResponse,
  FungibleTokensParams,
  NftMetadataParams,
  NftMetadataResponse,
  OperationId,
  PaginatedFtBasicMetadata,
  PaginatedInscriptions,
  PaginatedRuneActivity,
  paths,
  SatoshiInscriptionsParams,
  SftMetadataParams,
  SftMetadataResponse,
  TransactionActivityParams,
} from "../spec/types.js";
import { createPacer } from "../transport/pacer/pacer.js";
import { pipelineFetch, type RetryEvent } from "../transport/pipeline.js";
import { guardRawPaths } from "../transport/raw-paths.js";
import { type BaseUrlOption, routeOf, routesOf, routing } from "../transport/routes.js";
import { type ParameterCheck, recordClientFacts } from "./client-facts.js";
import { type LookupSettings, type RequestOptions, runLookup } from "./lookup.js";
import { answerCheck, requestOf } from "./requests.js";
import {
  type SearchTokensOptions,
  type SearchTokensParams,
  type SearchTokensResult,
  searchTokens,
} from "./search-tokens.js";

/** Default of {@link LookupClientOptions.maxResponseBytes}: 16 MiB (the largest real page is about 5 MB). */
export const DEFAULT_MAX_RESPONSE_BYTES = DEFAULTS.maxResponseBytes;

/** Options of {@link createLookupClient}. */
export interface LookupClientOptions {
  /**
   * Where the services live. A string serves all three (a proxy in front of them); or one per service:
   * `{ metadata, ordinals, runes }`, e.g. `{ ordinals: "http://127.0.0.1:3000", runes: "http://127.0.0.1:3001" }`
   * for bitcoin-indexer's two servers. `metadata` defaults to `https://api.hiro.so`; `ordinals` and `runes`
   * have no default (Hiro retired its hosted Ordinals and Runes APIs on 2026-03-09): a call to one without
   * a base URL rejects with a {@link HiroValidationError} and sends nothing. A trailing slash is fine.
   */
  baseUrl?: BaseUrlOption | undefined;
  /**
   * API key, sent as `x-api-key` only to the origin of the services it is for: all three with a string
   * `baseUrl`, else those in `apiKeyServices`. Never in a URL, an error, a message or middleware.
   */
  apiKey?: string | undefined;
  /**
   * The services the key goes to. Default: all three with a string `baseUrl`, `["metadata"]` with an
   * object (a Hiro key means nothing to your indexer).
   */
  apiKeyServices?: readonly ServiceName[] | undefined;
  /**
   * The `fetch` under the pipeline (tests, proxies, instrumentation). Default: the global `fetch`, looked
   * up on each attempt. Called per attempt as `fetch(request, init)`: the Request openapi-fetch built and
   * an init with the attempt's `signal`, `redirect: "manual"` and, for the key's origin, `x-api-key`.
   */
  fetch?: typeof fetch | undefined;
  /** Headers sent with every request. */
  headers?: HeadersInit | undefined;
  /** openapi-fetch middleware, run in order for the lookups and `raw` alike (logging, tracing, {@link etagCache}…). */
  middleware?: readonly Middleware[] | undefined;
  /** Time limit of each attempt (answer and body), in ms. Default 30 000. */
  timeoutMs?: number | undefined;
  /** Time limit of a whole lookup, middleware, retries and waits included, in ms. Default 120 000. */
  totalTimeoutMs?: number | undefined;
  /** Retries after a failed attempt (network error, timeout, 408, 429, 500, 502, 503, 504). Default 2. */
  maxRetries?: number | undefined;
  /** Largest body read, in decoded bytes; a larger one is `invalid_response`, not retried. Default 16 MiB. */
  maxResponseBytes?: number | undefined;
  /** Called before each retry, with why and how long the client waits. */
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /**
   * Client-side ceiling per origin, in requests per second, evenly spaced (for services that send no
   * rate-limit headers; the pacer follows the headers of those that do). Default: none.
   */
  maxRequestsPerSecond?: number | undefined;
  /**
   * The deployment's largest accepted `limit` per paged service, when it is not the spec's 60 (a
   * self-hosted bitcoin-indexer sets it with `API_RESULTS_MAX_LIMIT`): e.g. `{ runes: 20 }` or
   * `{ ordinals: 100 }`. A `limit` above it is refused before sending, one up to it is sent (even above
   * 60), and {@link paginate} pages by it by default. Integers from 1 to 1 000 000.
   */
  maxLimit?: MaxLimitOption | undefined;
  /**
   * How much the client logs to `logger`: `"off"` (default); `"error"` a lookup that failed after its
   * attempts; `"warn"` also each retry and a pacer hold over a second; `"info"` also one line per lookup
   * outcome; `"debug"` also each attempt, answer, shorter hold and cache revalidation. In Node, `HIRO_LOG`
   * sets it when this option is not given. Records never hold the API key or a URL's password.
   */
  logLevel?: LogLevel | undefined;
  /** Where records go: any object with `debug`, `info`, `warn` and `error`. Default `console`. */
  logger?: Logger | undefined;
}

/**
 * The lookups: each method is a standalone function, so it can be passed to `paginate` as is. Every
 * single-request lookup of the operation table returns a {@link LookupPromise} (`.withResponse()`);
 * `searchTokens` sends many requests, so it has no one response.
 */
export type LookupClient = {
  [K in keyof LookupMethods]: K extends Exclude<OperationId, "searchTokens">
    ? LookupMethods[K] extends (...args: infer A) => Promise<infer R>
      ? (...args: A) => LookupPromise<R>
      : never
    : LookupMethods[K];
};

/** The lookups as declared; {@link LookupClient} gives the single-request ones `.withResponse()`. */
interface LookupMethods {
  /** Metadata of one SIP-013 semi-fungible token (`GET /metadata/v1/sft/{principal}/{token_id}`). */
  getSftMetadata(params: SftMetadataParams, options?: RequestOptions): Promise<SftMetadataResponse>;
  /** One page of the inscriptions on a satoshi (`GET /ordinals/v1/sats/{ordinal}/inscriptions`). */
  getSatoshiInscriptions(
    params: SatoshiInscriptionsParams,
    options?: RequestOptions,
  ): Promise<PaginatedInscriptions>;
  /** One page of the rune activity of a transaction (`GET /runes/v1/transactions/{tx_id}/activity`). */
  getTransactionActivity(
    params: TransactionActivityParams,
    options?: RequestOptions,
  ): Promise<PaginatedRuneActivity>;
  /**
   * Metadata of one SIP-010 fungible token (`GET /metadata/v1/ft/{principal}`): name, symbol, decimals,
   * supply, images, `asset_identifier` and the SIP-016 metadata. An answer about another contract is
   * `invalid_response`.
   */
  getFtMetadata(params: FtMetadataParams, options?: RequestOptions): Promise<FtMetadataResponse>;
  /** Metadata of one SIP-009 non-fungible token (`GET /metadata/v1/nft/{principal}/{token_id}`). */
  getNftMetadata(params: NftMetadataParams, options?: RequestOptions): Promise<NftMetadataResponse>;
  /**
   * One page of the fungible tokens the service has indexed (`GET /metadata/v1/ft`), filtered by
   * `name` (substring), `symbol` (whole) or `address` (principal prefix), all case-insensitive. A page
   * with an item the filters exclude is `invalid_response`. Walk them all with `paginate`.
   */
  getFungibleTokens(
    params?: FungibleTokensParams,
    options?: RequestOptions,
  ): Promise<PaginatedFtBasicMetadata>;
  /**
   * The Token Metadata API's version and its indexer's chain tip (`GET /metadata/v1/`): how far the
   * deployment has read the Stacks chain (`chain_tip` is `null` before its first block).
   */
  getApiStatus(params?: Record<string, never>, options?: RequestOptions): Promise<ApiStatusResponse>;
  /**
   * A summary of many tokens at once (`GET /metadata/v1/search`, the bulk form of `getSftMetadata`):
   * any number of ids (`PRINCIPAL` or `PRINCIPAL:TOKEN_NUMBER`), checked before anything is sent, asked
   * once each in requests of 50 (`concurrency` at a time) through the same pipeline as every lookup.
   * `results` are in the order asked, `missing` names the ids not found, as written; a failed request
   * rejects the call. Items are `SearchResultItem` summaries, not `getSftMetadata`'s full record.
   */
  searchTokens(params: SearchTokensParams, options?: SearchTokensOptions): Promise<SearchTokensResult>;
  /**
   * The openapi-fetch client under the lookups, typed with the spec's `paths`: same base URLs, headers,
   * middleware and attempt loop (retries, per-attempt timeout, pacer, size cap, no redirects, key policy).
   * `raw.use(middleware)` adds middleware for the lookups too (they then go through openapi-fetch, so it
   * sees them; with none, they take a direct path to the same loop). A raw call must be on a path of the
   * spec under its service's base URL, each path value a string or a number: else it rejects with a
   * {@link HiroValidationError} and sends nothing (the values go as given, so a service's 400 can be seen). It has no whole-call
   * deadline unless you pass a `signal`; raw answers are not checked against the question.
   */
  readonly raw: Client<paths>;
}

/** Creates a client for the lookups. Throws {@link HiroValidationError} on a bad option. */
export function createLookupClient(options: LookupClientOptions = {}): LookupClient {
  const routes = routesOf(options.baseUrl, options.apiKey, options.apiKeyServices);
  // Every service is routed; the metadata service, always set, is openapi-fetch's own base URL.
  const baseUrl = routeOf(routes, "metadata").base;
  const userFetch = options.fetch;
  const clientHeaders = checkHeaders("headers", options.headers);
  const limits = limitsOf(options);
  const maxLimit = checkMaxLimit("maxLimit", options.maxLimit);
  const maxRequestsPerSecond =
    options.maxRequestsPerSecond === undefined
      ? undefined
      : checkRate("maxRequestsPerSecond", options.maxRequestsPerSecond);
  // The middleware the user registered (options and raw.use): any at all sends the lookups through openapi-fetch.
  const registered = new Set<Middleware>();
  const settings = {
    ...limits,
    fetch: () => userFetch ?? fetch,
    nativeFetch: userFetch === undefined,
    routes,
    onRetry: options.onRetry,
    // One gate per origin, shared by every call of this client (src/transport/pacer/).
    pacer: createPacer({ maxRequestsPerSecond }),
    now: Date.now,
    random: () => Math.random(),
    log: logOf(options.logLevel, options.logger),
    clientHeaders,
    direct: () => registered.size === 0 && userFetch === undefined,
  } as LookupSettings;
  settings.send = pipelineFetch(settings);
  const client = createClient<paths>({
    baseUrl,
    ...(clientHeaders ? { headers: clientHeaders } : {}),
    fetch: ((request: Request) => settings.send(request)) as typeof fetch,
  });
  guardRawPaths(client);
  client.use(routing(routes, baseUrl));
  const { use, eject } = client;
  client.use = (...middleware) => {
    use(...middleware);
    for (const m of middleware) if (m) registered.add(m);
  };
  client.eject = (...middleware) => {
    eject(...middleware);
    for (const m of middleware) registered.delete(m);
  };
  client.use(...(options.middleware ?? []));
  settings.client = client;

  const checked: ParameterCheck = (operationId, params) => {
    const { service } = operations[operationId];
    return requestOf(operationId, params, service === "metadata" ? undefined : maxLimit[service]);
  };
  const lookup = (operationId: OperationId) => {
    const { service, paged } = operations[operationId];
    const max = service === "metadata" ? undefined : maxLimit[service];
    const method = (params: object, callOptions?: RequestOptions) =>
      lookupPromise(
        { operationId, service },
        async (seen) => {
          const request = checked(operationId, params as Record<string, unknown> | undefined);
          const check = answerCheck(operationId, request);
          return runLookup<never>(settings, operationId, request, callOptions, check, seen);
        },
        settings.now,
        settings.log,
      );
    // paginate's default page size: the deployment's maximum (features/paginate.ts reads it).
    return paged && max !== undefined ? Object.assign(method, { maxLimit: max }) : method;
  };
  // Every operation of the table is a method of that name; searchTokens batches, so it has its own.
  const lookups: Record<string, unknown> = { raw: client };
  for (const operationId of Object.keys(operations) as OperationId[])
    lookups[operationId] = lookup(operationId);
  lookups.searchTokens = (params: SearchTokensParams, callOptions?: SearchTokensOptions) =>
    searchTokens(settings, params, callOptions);
  // Where it goes and how it checks, for tools built on the client (client-facts.ts): not on the client.
  const bases = Object.fromEntries(SERVICE_NAMES.map((name) => [name, routes[name]?.base ?? null]));
  recordClientFacts(lookups, {
    deployment: JSON.stringify(bases),
    ownAnswers: () => userFetch !== undefined || clientHeaders !== undefined || registered.size > 0,
    checkParameters: checked,
  });
  return lookups as unknown as LookupClient;
}
