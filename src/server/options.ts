/** The options of the gateway and the hooks it reports through; their defaults are in src/shared/defaults.ts. */
import { HiroValidationError, type LookupClientOptions } from "../index.js";
import type { PaceStore } from "../shared/pace-store.js";
import type { PurgeFeed } from "./purges.js";

/**
 * A shared store, in the contract Keyv's storage adapters keep (`get`, `set` with a TTL in ms,
 * `delete`): a Redis through `createRedisShared`, or your own. Values are JSON text.
 */
export interface LookupStore {
  get(key: string): Promise<string | undefined | null> | string | undefined | null;
  set(key: string, value: string, ttlMs?: number): unknown;
  delete(key: string): unknown;
}

/** A short lock per key, shared by the instances: one of them asks upstream for an answer all miss. */
export interface MissLock {
  /** Takes the lock on `key` for `ttlMs`; its token, or undefined when another instance holds it. */
  acquire(key: string, ttlMs: number): Promise<string | undefined>;
  /** Gives it back, if `token` still holds it. */
  release(key: string, token: string): Promise<void>;
  /** Whether some instance holds it now (a waiter stops waiting once it is given back). */
  held?(key: string): Promise<boolean>;
}

/** What instances share: the answers, the lock on a miss, the upstream budget (see `createRedisShared`). */
export interface GatewayShared {
  store: LookupStore;
  lock?: MissLock | undefined;
  pace?: PaceStore | undefined;
  /** The SIP-019 purges' feed, so a notice one instance took marks the tokens stale in every one. */
  purges?: PurgeFeed | undefined;
  /** Whether the shared part answers (for `/healthz`); undefined: not known. */
  healthy?: (() => Promise<boolean>) | undefined;
  /** Closes the connection (graceful shutdown). */
  close?: (() => Promise<void>) | undefined;
}

/** How a cache lookup ended. */
export type CacheOutcome = "hit" | "shared_hit" | "miss" | "revalidated" | "refetched" | "stale";

/** Hooks the gateway reports through (the `serve` command's Prometheus metrics, or your own). */
export interface GatewayObserver {
  /** Every answer: its route (an operationId, or `not_found`, `method_not_allowed`, `preflight`) and status. */
  request?(route: string, status: number): void;
  /** A spec route's cache outcome. */
  cache?(outcome: CacheOutcome): void;
  /** Each upstream request's status, or `error` when none came back. */
  upstream?(operationId: string, status: number | "error"): void;
  /** A caller served by another caller's upstream request: in this instance, or another's (`shared`). */
  coalesced?(scope: "local" | "shared"): void;
  /** A wait for the upstream budget, in ms, or a refusal (`refused`). */
  paceWait?(ms: number, refused: boolean): void;
}

/**
 * Who is calling, read from a request (and what the host passed beside it): the per-caller limit's key.
 * On Cloudflare Workers, `(request) => request.headers.get("cf-connecting-ip")`; behind a proxy you run,
 * the header it sets. Undefined or null: the key the host gives (Deno's, Bun's), if any.
 */
export type CallerKeyOf = (request: Request, info: unknown) => string | null | undefined;

/** Options of `createLookupHandler` and `createLookupGateway`. */
export interface LookupHandlerOptions {
  /**
   * The lookup client's options: where the services are (`baseUrl`), the key (`apiKey`, sent upstream
   * only, by the client's key policy), `maxRequestsPerSecond` (the shared pace spaces requests by it),
   * timeouts, retries (default 1 here: a caller is waiting), logging.
   */
  upstream?: LookupClientOptions | undefined;
  /**
   * How long an answer is served without asking upstream, in ms; then it is revalidated with
   * `If-None-Match` (or asked again whole where an ETag cannot be trusted). 0: ask every time.
   * Default 10 000.
   */
  fresh?: number | undefined;
  /** Bytes of answers kept in this instance's memory (least recently used out first). Default 64 MiB. */
  memoryBytes?: number | undefined;
  /** What instances share (a Redis: `createRedisShared`). Default: nothing, one instance's memory only. */
  shared?: GatewayShared | undefined;
  /** The longest a caller waits for the upstream budget, in ms, before a 429 with `Retry-After`. Default 5 000. */
  maxPaceWaitMs?: number | undefined;
  /** Origins allowed to call from a browser (CORS): exact origins, or `"*"`. Default: none. */
  corsOrigins?: readonly string[] | undefined;
  /**
   * Request headers those origins may send, besides `If-None-Match` and the trace context
   * (`traceparent`, `tracestate`, `baggage`), always allowed: the headers your browser client adds.
   */
  corsAllowHeaders?: readonly string[] | undefined;
  /** A path prefix the routes sit under (`/api/hiro` for a Next.js route at `app/api/hiro/[...path]`). Default none. */
  basePath?: string | undefined;
  /**
   * Upstream requests in flight at once per origin, in this instance; past it a miss waits its turn
   * (within `maxPaceWaitMs`, then a 429). It bounds an upstream that announces no rate limit. Default 16.
   */
  maxUpstreamInFlight?: number | undefined;
  /** Hooks for metrics. */
  observer?: GatewayObserver | undefined;
  /** The longest request target (path and query), in characters; a longer one is refused with 414. Default 8 KiB. */
  maxTargetLength?: number | undefined;
  /**
   * The most bytes of request header names and values, where the host shows them (the web handler);
   * past it a 431. Node's `serve` bounds the whole head itself (its `maxHeaderSize`, the same 16 KiB). Default 16 KiB.
   */
  maxHeaderBytes?: number | undefined;
  /**
   * Requests a second per caller (bursts of as many); past it a 429 with `Retry-After`. The caller is
   * the key the host gives: the socket's address in `serve`, `Deno.serve`'s `info.remoteAddr`,
   * `Bun.serve`'s `server.requestIP(request)`, `{ callerKey }` passed beside the request, or
   * {@link LookupHandlerOptions.callerKey}. Callers with no key share one bucket. Default: no limit.
   */
  perCallerPerSecond?: number | undefined;
  /** Who is calling, read from the request (see {@link CallerKeyOf}); tried before the host's key. */
  callerKey?: CallerKeyOf | undefined;
  /**
   * A path (under `basePath`) that answers the gateway's health: `{ status, upstream, redis }`, 200, or
   * 503 when the upstream's last request failed or the shared store is down; outside the per-caller
   * limit. `serve` gives `/healthz`. Default none.
   */
  healthPath?: string | undefined;
  /**
   * Chainhooks' consumer secret: with it, `POST /hooks/chainhooks` takes Chainhooks' deliveries, and a
   * SIP-019 `token-metadata-update` notice marks its tokens' kept answers stale in every instance (then
   * asks again every 5 s for 2 min). Without it the route does not exist. Default none.
   */
  chainhooksSecret?: string | undefined;
  /** The clock, in ms since the epoch. Default `Date.now`. */
  now?: (() => number) | undefined;
}

/** Every option of {@link LookupHandlerOptions}, by name (a new option that is not here fails to compile). */
const OPTION_NAMES: Readonly<Record<keyof LookupHandlerOptions, true>> = {
  upstream: true,
  fresh: true,
  memoryBytes: true,
  shared: true,
  maxPaceWaitMs: true,
  maxUpstreamInFlight: true,
  corsOrigins: true,
  corsAllowHeaders: true,
  basePath: true,
  observer: true,
  maxTargetLength: true,
  maxHeaderBytes: true,
  perCallerPerSecond: true,
  callerKey: true,
  healthPath: true,
  chainhooksSecret: true,
  now: true,
};

/**
 * Refuses an option the gateway does not take, by name: plain JavaScript has no type check, and a
 * client's option at the top level (`{ baseUrl }`) would be ignored, every lookup sent to the default host.
 */
export function checkOptionNames(options: object): void {
  const unknown = Object.keys(options).find((name) => !Object.hasOwn(OPTION_NAMES, name));
  if (unknown === undefined) return;
  const name = unknown.replace(/[^\w$-]/g, "?").slice(0, 40);
  throw new HiroValidationError(
    name,
    `is not an option of createLookupHandler (its options: ${Object.keys(OPTION_NAMES).join(", ")}); ` +
      "the lookup client's options (baseUrl, apiKey, timeoutMs, …) go under upstream",
  );
}
