/**
 * `createLookupClient`: one openapi-fetch client carries everything. The lookups are read from the
 * generated operation table; each runs the one attempt loop, directly or through openapi-fetch when
 * middleware or a custom fetch could observe the request (`lookup.ts`). `raw` *is* the openapi-fetch
 * client: the same middleware, and the same loop under it (retries, timeouts, no redirects, the size
 * cap, the API key for its own origin only).
 */

import createClient, { type Middleware } from "openapi-fetch";
import { checkClientOptions } from "../input/client-options.js";
import type { MaxLimitOption } from "../input/option-checks.js";
import type { BaseUrlOption } from "../input/service-routes.js";
import { type Logger, type LogLevel, logOf } from "../observe/log.js";
import { operations, type ServiceName } from "../spec/services.js";
import type { LookupParams, RawPaths } from "../spec/types.js";
import type { LoopSettings } from "../transport/attempts.js";
import { createPacer } from "../transport/pacer/pacer.js";
import { pipelineFetch, type RetryEvent } from "../transport/pipeline.js";
import { guardRawPaths } from "../transport/raw-paths.js";
import { routing } from "../transport/routing.js";
import type { RequestOptions } from "./call-options.js";
import { type ClientFacts, recordClientFacts } from "./client-facts.js";
import type { DerivedLookupClient, LookupClient, LookupMethod, SingleLookupId } from "./client-type.js";
import { type LookupSettings, runLookup } from "./lookup.js";
import { lookupMethods } from "./lookup-methods.js";
import { lookupPromise } from "./lookup-promise.js";
import { type CallFacts, prepare } from "./prepare.js";
import { searchTokens } from "./search-tokens.js";

export type { LookupClient };

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
   * 60), and `paginateLookup` pages by it by default ({@link paginate} reads nothing off a method: give
   * it `pageSize`). Integers from 1 to 1 000 000.
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

/** Creates a client for the lookups. Throws {@link HiroValidationError} on a bad option. */
export function createLookupClient(options: LookupClientOptions = {}): LookupClient {
  return buildLookupClient(options, { paced: true }).client;
}

/** What a tool built on the client decides that no caller does. */
export interface ClientBuild {
  /**
   * Whether the client paces its own requests (one gate per origin, src/transport/pacer/). The gateway's
   * client does not: the gateway paces upstream itself, for every instance (src/server/pace-wait.ts), and a
   * second pacer under it would spread the same budget again.
   */
  paced: boolean;
  /** The longest `Retry-After` the client waits for before a retry, in ms (default 60 s; the gateway's: 0). */
  maxRetryAfterMs?: number | undefined;
}

/** A client as {@link buildLookupClient} makes it: the client, its facts, and the settings its calls run on. */
export interface BuiltClient {
  client: LookupClient;
  facts: ClientFacts;
  /** What `exchange` runs a prepared call of this client on (lookups/exchange.ts). */
  settings: LookupSettings;
}

/**
 * {@link createLookupClient}, with what `build` decides, and the facts it records of the client (not part
 * of the package's API).
 */
export function buildLookupClient(options: LookupClientOptions, build: ClientBuild): BuiltClient {
  // Every option checked first, in one place: nothing is made from a bad one.
  const {
    routes,
    headers: clientHeaders,
    limits,
    maxLimit,
    maxRequestsPerSecond,
  } = checkClientOptions(options);
  // Every service is routed; the metadata service, always set, is openapi-fetch's own base URL.
  const baseUrl = routes.metadata.base;
  const userFetch = options.fetch;
  // The middleware the user registered (options and raw.use): any at all sends the lookups through openapi-fetch.
  const registered = new Set<Middleware>();
  // Built in the order the layers need them, each complete when made: the attempt loop's settings, the
  // pipeline on them, the openapi-fetch client on the pipeline, then the lookups' settings on all three.
  const loop: LoopSettings = {
    maxResponseBytes: limits.maxResponseBytes,
    onRetry: options.onRetry,
    // One gate per origin, shared by every call of this client (src/transport/pacer/).
    pacer: build.paced ? createPacer({ maxRequestsPerSecond }) : undefined,
    now: Date.now,
    random: () => Math.random(),
    log: logOf(options.logLevel, options.logger),
    maxRetryAfterMs: build.maxRetryAfterMs,
  };
  const send = pipelineFetch({
    ...loop,
    timeoutMs: limits.timeoutMs,
    maxRetries: limits.maxRetries,
    fetch: () => userFetch ?? fetch,
    nativeFetch: userFetch === undefined,
    routes,
  });
  // The one openapi-fetch instance of this client: `raw` is it, and the lookups go through it when
  // middleware or a custom fetch could see them (lookup.ts), so what `raw.use` adds sees them too.
  const client = createClient<RawPaths>({
    baseUrl,
    ...(clientHeaders ? { headers: clientHeaders } : {}),
    // openapi-fetch is handed the answer; the attempts it took are a lookup's to read (lookup.ts).
    fetch: async (request) => (await send(request)).response,
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
  const settings: LookupSettings = {
    ...loop,
    ...limits,
    routes,
    clientHeaders,
    client,
    send,
    direct: () => registered.size === 0 && userFetch === undefined,
  };

  // Where it goes and its page maximum: what every call of this client is prepared with (prepare.ts).
  const bases = {
    metadata: routes.metadata.base,
    ordinals: routes.ordinals?.base ?? null,
    runes: routes.runes?.base ?? null,
  };
  const callFacts: CallFacts = { deployment: JSON.stringify(bases), maxLimit };
  const lookup =
    <Op extends SingleLookupId>(operationId: Op): LookupMethod<Op> =>
    (params?: LookupParams<Op>, callOptions?: RequestOptions) =>
      lookupPromise(
        { operationId, service: operations[operationId].service },
        async () => runLookup(settings, prepare(callFacts, operationId, params), callOptions),
        settings.now,
        settings.log,
      );
  // Every single-request operation of the table is a method of that name (lookup-methods.ts); searchTokens batches.
  const methods = lookupMethods(lookup);
  const lookups: DerivedLookupClient = {
    ...methods,
    searchTokens: (params, callOptions) => searchTokens(settings, params, callOptions),
    raw: client,
  };
  // Where it goes and how it checks, for tools built on the client (client-facts.ts): not on the client.
  const facts: ClientFacts = {
    ...callFacts,
    bases,
    ownAnswers: () => userFetch !== undefined || clientHeaders !== undefined || registered.size > 0,
    lookups: methods,
  };
  recordClientFacts(lookups, facts);
  return { client: lookups, facts, settings };
}
