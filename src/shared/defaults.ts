/**
 * Every default of the library, stated once: one object per component, each a separate export so that an
 * app's bundler keeps only the ones the app reaches (the browser core carries the client's values, never
 * the gateway's or the MCP server's). The client's values are also constants of their own, which the core
 * reads. The checks of the values a caller gives instead live beside the component that reads them; the
 * bounds they are checked against are not defaults and stay with them.
 *
 * Values are number literals (`16_777_216`, its unit in the comment), never arithmetic: esbuild keeps an
 * unused object holding `16 * 1024 * 1024`, so every bundle would carry every component's numbers.
 */

/** Default of the client's `timeoutMs`: time limit of each attempt (answer and body), in ms. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Default of the client's `totalTimeoutMs`: time limit of a whole lookup, retries and waits included, in ms. */
export const DEFAULT_TOTAL_TIMEOUT_MS = 120_000;
/** Default of the client's `maxRetries`: retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;
/** Default of the client's `maxResponseBytes`: 16 MiB, in decoded bytes (the largest real page is about 5 MB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 16_777_216;
/** First backoff delay, in ms; doubles with each retry. Also the shortest wait, whatever `Retry-After` says. */
export const INITIAL_DELAY_MS = 500;
/** Longest backoff delay, in ms. */
export const MAX_DELAY_MS = 8_000;
/** Longest wait the client accepts, in ms: a longer `Retry-After` fails at once as `rate_limited`. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Defaults of the client (`createLookupClient`) and of its retry policy (src/transport/retry.ts), the
 * constants above in one object. The core reads the constants: a minifier inlines a constant, not an
 * object's property, and reading this object would cost the core's bundle 35 B (gzip).
 */
export const CLIENT_DEFAULTS = {
  timeoutMs: DEFAULT_TIMEOUT_MS,
  totalTimeoutMs: DEFAULT_TOTAL_TIMEOUT_MS,
  maxRetries: DEFAULT_MAX_RETRIES,
  maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
  initialDelayMs: INITIAL_DELAY_MS,
  maxDelayMs: MAX_DELAY_MS,
  maxRetryAfterMs: MAX_RETRY_AFTER_MS,
} as const;

/** Defaults of `etagCache()` and of its in-memory store (`createMemoryEtagStore`); sizes in characters. */
export const ETAG_CACHE_DEFAULTS = {
  /** URLs the memory store keeps at most (`maxEntries`). */
  maxEntries: 500,
  /** Characters of all bodies the memory store keeps together (`maxBytes`): 16 MiB. */
  maxBytes: 16_777_216,
  /** Characters of one body the memory store keeps (`maxEntryBytes`): 1 MiB. */
  maxEntryBytes: 1_048_576,
  /** How long a call waits for the store's `get` or `set`, in ms (`storeTimeoutMs`). */
  storeTimeoutMs: 5_000,
} as const;

/** Defaults of `waitForMetadata()`. */
export const WAIT_FOR_METADATA_DEFAULTS = {
  /** Give up after this long, in ms (`deadlineMs`). */
  deadlineMs: 60_000,
  /** First wait between tries, in ms; doubles each time (`initialDelayMs`). */
  initialDelayMs: 1_000,
  /** Longest wait between tries, in ms (`maxDelayMs`). */
  maxDelayMs: 15_000,
} as const;

/** Defaults of the token doctor (`diagnoseToken`). */
export const DOCTOR_DEFAULTS = {
  /** Time limit of each fetch to a token's host, in ms (`timeoutMs`). */
  timeoutMs: 30_000,
  /** Redirects followed per fetch (`maxRedirects`). */
  maxRedirects: 5,
  /** Largest metadata JSON read, in bytes (`maxMetadataBytes`): upstream's `METADATA_MAX_PAYLOAD_BYTE_SIZE`. */
  maxMetadataBytes: 1_000_000,
  /** Largest image accepted, in bytes (`maxImageBytes`): 10 MiB. */
  maxImageBytes: 10_485_760,
} as const;

/** Defaults of the token doctor's `gateways`: where it fetches the URIs a browser cannot. */
export const DOCTOR_GATEWAY_DEFAULTS = {
  /** Base URL for `ipfs://` and `ipns://` (upstream's is `PUBLIC_GATEWAY_IPFS`, default `https://cloudflare-ipfs.com`). */
  ipfs: "https://ipfs.io",
  /** Base URL for `ar://`: upstream's default. */
  arweave: "https://arweave.net",
} as const;

/** Defaults of the gateway (`createLookupGateway`, `hiro-lookup serve`). */
export const GATEWAY_DEFAULTS = {
  /**
   * How long an answer is served without asking upstream, in ms (`fresh`). 10 s: a burst of callers is
   * one upstream request, a team of apps asking 50 tokens stays far under Hiro's 500 requests a minute
   * (50 × 6 = 300 at most, a 304 counted), and a change is seen within seconds, sooner than Hiro's own
   * indexer reads a new block. 0 revalidates every time.
   */
  fresh: 10_000,
  /** Bytes of answers kept in an instance's memory (`memoryBytes`): 64 MiB. */
  memoryBytes: 67_108_864,
  /** The longest a caller waits for the upstream budget, in ms, before a 429 (`maxPaceWaitMs`). */
  maxPaceWaitMs: 5_000,
  /** Retries of the gateway's own client upstream. */
  maxRetries: 1,
  /** How long a kept answer outlives its freshness in a shared store, to be revalidated rather than asked whole. */
  staleKeepMs: 600_000,
  /** How long an instance holds the lock on a miss, at most, in ms. */
  lockMs: 5_000,
  /** How often an instance that found the lock taken looks for the answer, in ms. */
  lockPollMs: 20,
  /**
   * How long the shared store must go without a failure, in ms, before the gateway says it answers
   * again: a Redis Cluster with one master down fails for that master's slots only, and a store that
   * fails every other command is not back.
   */
  storeCalmMs: 1_000,
  /** Upstream requests in flight at once per origin, in one instance (`maxUpstreamInFlight`). */
  maxUpstreamInFlight: 16,
  /**
   * The longest an upstream 429 shuts an origin, in ms, whatever its `Retry-After` says (10 min): then
   * one request probes. One 429 with a day's `Retry-After` shut the origin for a day on every instance.
   */
  maxRefusalMs: 600_000,
  /** How long after a SIP-019 notice a purged token is asked again often, in ms (the indexer's refresh comes in it). */
  purgeWindowMs: 120_000,
  /** How often a purged token is asked again in that window, in ms. */
  purgeRefreshMs: 5_000,
  /** How often an instance reads the other instances' notices from the shared store, at most, in ms. */
  purgePollMs: 1_000,
  /**
   * Longest request target (path and query), in characters, before a 414 (`maxTargetLength`): a search
   * of 50 ids fits in 4 KiB.
   */
  maxTargetLength: 8_192,
  /**
   * Most bytes of request header names and values before a 431 (`maxHeaderBytes`), where the host shows
   * them; Node's `serve` bounds its whole head by the same (`maxHeaderSize`).
   */
  maxHeaderBytes: 16_384,
  /** Largest Chainhooks delivery read, in bytes (a larger one is refused with 400, unread past it). */
  maxHookBytes: 1_048_576,
  /** How long the budget is taken as spent after a 429 that says neither `Retry-After` nor a reset, in ms. */
  refusedFallbackMs: 1_000,
  /**
   * How long a token still being fetched (422 `metadata_pending`) is served without asking, at most, in
   * ms: a burst of callers is one upstream request, and the token shows soon after upstream has it.
   */
  pendingFreshMs: 2_000,
} as const;

/** Defaults of the gateway's shared store over Redis (`createRedisShared`). */
export const REDIS_SHARED_DEFAULTS = {
  /** Prefix of every key (`prefix`). */
  prefix: "hiro-lookup:",
  /** How long one Redis command may take, in ms, before the gateway goes on without the store (`commandTimeoutMs`). */
  commandTimeoutMs: 500,
} as const;

/**
 * Defaults of the MCP server (`hiro-lookup mcp`), when its flags give none: an agent waits on each call
 * (60 s is the usual client timeout), so a call ends by `deadlineMs` whatever the service does. 3 attempts
 * of 15 s each, with the backoff between them, fit in it; a rate limit's wait that would end past it is not
 * waited for (the call answers `rate_limited` at once).
 */
export const MCP_DEFAULTS = {
  /** Time limit of each attempt, in ms (`--timeout`). */
  attemptTimeoutMs: 15_000,
  /** Retries after a failed attempt (`--retries`). */
  maxRetries: 2,
  /** Each tool call's deadline, retries and waits included, in ms (`--tool-timeout`). */
  deadlineMs: 50_000,
  /** The doctor's time limit of each fetch to a token's host, in ms. */
  hostTimeoutMs: 10_000,
  /** The page size of a paged tool when the caller gives no `limit`: small, as an agent's context is. */
  toolPageSize: 10,
  /** How long a client or a shared cache may keep the tool list and the spec (2026-07-28 `ttlMs`): a day, in ms. */
  listTtlMs: 86_400_000,
} as const;
