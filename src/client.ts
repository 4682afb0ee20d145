/**
 * `createLookupClient`: the three lookups over openapi-fetch. Parameters are checked and made
 * canonical before anything is sent; answers come back as typed data or a typed error.
 */
import createClient, { type Client } from "openapi-fetch";
import { HiroValidationError } from "./errors.js";
import { createMemoryEtagStore, type EtagStore, withEtagCache } from "./etag-cache.js";
import {
  type AttemptInit,
  checkHeaders,
  checkRetries,
  checkTimeout,
  type RequestOptions,
  type RequestSettings,
  runLookup,
} from "./request.js";
import { bodyCheck, type ResponseValidators, type ValidateResponsesMode } from "./response-validation.js";
import { RETRY_DEFAULTS } from "./retry.js";
import { AttemptRequest, serializePath, serializeQuery, type Transport } from "./transport.js";
import type {
  PaginatedInscriptions,
  PaginatedRuneActivity,
  paths,
  SatoshiInscriptionsParams,
  SftMetadataParams,
  SftMetadataResponse,
  TransactionActivityParams,
} from "./types.js";
import {
  checkLimit,
  checkLocale,
  checkOffset,
  checkOrdinal,
  checkPrincipal,
  checkTokenId,
  checkTxId,
} from "./validate-input.js";

/** Hiro's hosted API. */
export const DEFAULT_BASE_URL = "https://api.hiro.so";

/** Options of {@link createLookupClient}. */
export interface LookupClientOptions {
  /** Base URL of the service, e.g. a self-hosted bitcoin-indexer. Default `https://api.hiro.so`; a trailing slash is fine. */
  baseUrl?: string | undefined;
  /** Hiro API key, sent as the `x-api-key` header. Never part of a URL, an error or a message. */
  apiKey?: string | undefined;
  /**
   * The `fetch` to use (tests, proxies, instrumentation). Default: the global `fetch`. The lookups call
   * it as `fetch(url, { headers, signal })`; `raw` calls it with a `Request`.
   */
  fetch?: typeof fetch | undefined;
  /** Headers sent with every request. */
  headers?: HeadersInit | undefined;
  /** Time limit of each attempt, in ms. Default 30 000. */
  timeoutMs?: number | undefined;
  /** Retries after a failed attempt (network error, timeout, 408, 429, 5xx). Default 2. */
  maxRetries?: number | undefined;
  /**
   * Conditional requests: `true` keeps the `ETag` and body of each 200 in memory (500 URLs) and sends
   * `If-None-Match`; a 304 then resolves with the kept body. Or pass your own {@link EtagStore}. Default off.
   */
  cache?: boolean | EtagStore | undefined;
  /** Check 200 bodies against the spec: `"off"` (default), `"warn"` or `"throw"` (kind `invalid_response`). */
  validateResponses?: ValidateResponsesMode | undefined;
  /** The validators for `validateResponses`: `import { responseValidators } from "hiro-lookup/validators"`. */
  responseValidators?: ResponseValidators | undefined;
  /** Where `validateResponses: "warn"` reports. Default `console.warn`. */
  onWarning?: ((message: string) => void) | undefined;
}

/** The lookups. Each method is a standalone function, so it can be passed to `paginate` as is. */
export interface LookupClient {
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
  /** The underlying openapi-fetch client, typed with the spec's `paths`, with the same base URL and headers. */
  readonly raw: Client<paths>;
}

function checkBaseUrl(value: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof value === "string" ? new URL(value) : undefined;
  } catch {}
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash) {
    throw new HiroValidationError(
      "baseUrl",
      `must be an http(s) URL without query or fragment; got ${JSON.stringify(value)}`,
    );
  }
  return url.href.replace(/\/+$/, "");
}

function checkApiKey(value: unknown): string | undefined {
  // An empty key is what an unset environment variable gives: treat it as no key.
  if (value === undefined || value === "") return undefined;
  // The key itself is never echoed, not even in this message.
  if (typeof value !== "string" || !/^[\x21-\x7e]+$/.test(value)) {
    throw new HiroValidationError(
      "apiKey",
      "must be a string of printable ASCII characters (no spaces or line breaks)",
    );
  }
  return value;
}

/** Drops undefined entries, so the service applies its own defaults. */
function query<Q extends object>(entries: Q): { [K in keyof Q]?: Exclude<Q[K], undefined> } {
  const defined: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) defined[key] = value;
  return defined as { [K in keyof Q]?: Exclude<Q[K], undefined> };
}

/** Creates a client for the three lookups. Throws {@link HiroValidationError} on a bad option. */
export function createLookupClient(options: LookupClientOptions = {}): LookupClient {
  const baseUrl = checkBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
  const apiKey = checkApiKey(options.apiKey);
  const headers = checkHeaders("headers", options.headers) ?? new Headers();
  if (apiKey !== undefined) headers.set("x-api-key", apiKey);
  const settings: RequestSettings = {
    timeoutMs: options.timeoutMs === undefined ? 30_000 : checkTimeout("timeoutMs", options.timeoutMs),
    maxRetries:
      options.maxRetries === undefined
        ? RETRY_DEFAULTS.maxRetries
        : checkRetries("maxRetries", options.maxRetries),
    now: Date.now,
    random: Math.random,
    bodyCheck: bodyCheck(options.validateResponses, options.responseValidators, options.onWarning),
  };
  // The global fetch is looked up on each call, so it can be replaced after the client is made.
  const fetchImpl = options.fetch;
  const fetchNow = (): typeof fetch => fetchImpl ?? fetch;
  const send: Transport = (url, init) => fetchNow()(url, init);
  const store = options.cache === true ? createMemoryEtagStore() : options.cache || undefined;
  const transport = store ? withEtagCache(send, store) : send;
  const raw = createClient<paths>({ baseUrl, headers, fetch: (request: Request) => fetchNow()(request) });
  // The lookups' own openapi-fetch client: same base URL and headers, but attempts leave it as a URL
  // and an init (transport.ts), and its serializers skip the generic work our checked parameters need not.
  const lookups = createClient<paths>({
    baseUrl,
    headers,
    Request: AttemptRequest as unknown as typeof Request,
    querySerializer: serializeQuery,
    pathSerializer: serializePath,
  });

  /** openapi-fetch options of one attempt: raw text (parsed by us), its signal, and a fetch that reports the URL. */
  const attemptInit = ({ signal, headers, onUrl }: AttemptInit) => ({
    parseAs: "text" as const,
    signal,
    ...(headers === undefined ? {} : { headers }),
    fetch: ((request: AttemptRequest) => {
      onUrl(request.url);
      return transport(request.url, request);
    }) as unknown as typeof fetch,
  });

  return {
    raw,
    async getSftMetadata(params, callOptions) {
      const path = { principal: checkPrincipal(params?.principal), token_id: checkTokenId(params?.token_id) };
      const locale = checkLocale(params?.locale);
      return runLookup<SftMetadataResponse>(
        "getSftMetadata",
        (attempt) =>
          lookups.GET("/metadata/v1/sft/{principal}/{token_id}", {
            // token_id goes out as its decimal string: exact for u128, which a number is not.
            params: {
              path: path as unknown as { principal: string; token_id: number },
              query: query({ locale }),
            },
            ...attemptInit(attempt),
          }),
        settings,
        callOptions,
      );
    },
    async getSatoshiInscriptions(params, callOptions) {
      const ordinal = checkOrdinal(params?.ordinal);
      const q = query({ offset: checkOffset(params?.offset), limit: checkLimit(params?.limit) });
      return runLookup<PaginatedInscriptions>(
        "getSatoshiInscriptions",
        (attempt) =>
          lookups.GET("/ordinals/v1/sats/{ordinal}/inscriptions", {
            params: { path: { ordinal }, query: q },
            ...attemptInit(attempt),
          }),
        settings,
        callOptions,
      );
    },
    async getTransactionActivity(params, callOptions) {
      const tx_id = checkTxId(params?.tx_id);
      const q = query({ offset: checkOffset(params?.offset), limit: checkLimit(params?.limit) });
      return runLookup<PaginatedRuneActivity>(
        "getTransactionActivity",
        (attempt) =>
          lookups.GET("/runes/v1/transactions/{tx_id}/activity", {
            params: { path: { tx_id }, query: q },
            ...attemptInit(attempt),
          }),
        settings,
        callOptions,
      );
    },
  };
}
