/**
 * The gateway: the spec's GET routes, served from a cache in front of a lookup client. One core that
 * answers plain data (`answer`), and the web-standard handler over it (`fetch`), so it mounts wherever
 * fetch handlers run; Node's `serve` writes the plain answers itself. It routes by path alone (never by
 * `Host`, never an absolute URL), checks parameters with the client's own checks before anything is
 * sent, and coalesces identical requests in flight into one.
 */

import { HiroValidationError } from "../index.js";
import { buildLookupClient, isWholeNumber, logOf, pageMaximumOf, printable } from "../internal.js";
import { DEFAULT_MAX_RESPONSE_BYTES, GATEWAY_DEFAULTS } from "../shared/defaults.js";
import { matchesEtag } from "../shared/etag-match.js";
import { matchOperation, SERVICE_NAMES, type ServiceName } from "../spec-entry.js";
import { entryAnswer, errorBody, type GatewayAnswer, ownAnswer } from "./answers.js";
import { boundedText, CHAINHOOKS_PATH, createChainhooksRoute } from "./chainhooks-route.js";
import { corsHeaders, preflight } from "./cors.js";
import { upstreamIdentity } from "./identity.js";
import { createMemoryTier } from "./memory-tier.js";
import { answerMiss, type MissContext, type MissResult } from "./miss.js";
import { checkOptionNames, type LookupHandlerOptions } from "./options.js";
import { createOriginSlots } from "./origin-slots.js";
import { createMemoryPace, type Pace } from "./pace.js";
import { createPurges } from "./purges.js";
import { notFound } from "./request-params.js";
import { createRouter, type RoutedCall } from "./router.js";
import { type GatewayTraceMessage, gatewayTraced, traceRequest } from "./trace.js";

/** A caller's request, as the gateway reads it: nothing else of it counts. */
export interface GatewayRequest {
  method: string;
  /** The request target: path and query, starting with `/` (an absolute URL is refused). */
  target: string;
  /** The caller's `If-None-Match`. */
  ifNoneMatch?: string | null | undefined;
  /** The caller's `Origin` (CORS). */
  origin?: string | null | undefined;
  /** The caller's `Authorization` (read by the Chainhooks route only). */
  authorization?: string | null | undefined;
  /** The body's text, for a route that takes one ({@link LookupGateway.takesBody}); undefined when too large. */
  body?: string | undefined;
}

/** The gateway: its web handler, its plain core, its health and its shutdown. */
export interface LookupGateway {
  /** The web-standard handler: `(request: Request) => Promise<Response>`. */
  fetch(request: Request): Promise<Response>;
  /** The same, on plain data (the Node adapter's path). */
  answer(request: GatewayRequest): Promise<GatewayAnswer>;
  /** Whether a request of `method` to `target` has a body to read (the Chainhooks route's POST), at most `GATEWAY_DEFAULTS.maxHookBytes`. */
  takesBody(method: string, target: string): boolean;
  /** Whether the shared store answers (undefined: none is configured). */
  sharedHealthy(): Promise<boolean | undefined>;
  /** Closes the shared store's connection. */
  close(): Promise<void>;
}

/** A non-negative integer option, or its default. */
function checkMs(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!isWholeNumber(value, 0, 2 ** 31 - 1))
    throw new HiroValidationError(
      name,
      `must be an integer from 0 to 2^31-1; got ${printable(String(value)).slice(0, 60)}`,
    );
  return value;
}

/**
 * `target` with the status route's slash: upstream answers `/metadata/v1` as `/metadata/v1/`, and Next.js
 * redirects the path with the slash to the one without (308), which the client refuses to follow.
 */
function withStatusSlash(target: string, basePath: string): string {
  const at = target.indexOf("?");
  const path = at < 0 ? target : target.slice(0, at);
  return path === `${basePath}/metadata/v1` ? `${path}/${at < 0 ? "" : target.slice(at)}` : target;
}

/** Header names a browser may send cross-origin, checked (token characters only), lower-cased. */
function checkHeaderNames(name: string, value: readonly string[] | undefined): string[] {
  for (const header of value ?? [])
    if (typeof header !== "string" || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/.test(header))
      throw new HiroValidationError(
        name,
        `must be header names; got ${printable(String(header)).slice(0, 60)}`,
      );
  return (value ?? []).map((header) => header.toLowerCase());
}

/**
 * `pace`, with every refusal it learns cut to {@link GATEWAY_DEFAULTS}.maxRefusalMs: after it, one
 * request probes (a day's Retry-After does not shut the origin for a day on every instance).
 */
function withRefusalCap(pace: Pace): Pace {
  return {
    take: (origin, now, maxWaitMs, intervalMs) => pace.take(origin, now, maxWaitMs, intervalMs),
    learn: (origin, lesson, now) =>
      pace.learn(
        origin,
        lesson.refusedForMs === undefined
          ? lesson
          : { ...lesson, refusedForMs: Math.min(lesson.refusedForMs, GATEWAY_DEFAULTS.maxRefusalMs) },
        now,
      ),
  };
}

/**
 * Creates the gateway. Throws {@link HiroValidationError} on a bad option (the client's included).
 */
export function createLookupGateway(options: LookupHandlerOptions = {}): LookupGateway {
  checkOptionNames(options);
  const upstream = options.upstream ?? {};
  // Not paced by the client: the gateway's pace (below) is the one pace of the key, for every instance.
  // Its calls are prepared by the client's own checks (its maxLimit included: a caller is refused exactly
  // what it would be, and its deployment is part of every cache key) and exchanged on its settings.
  const { facts, settings } = buildLookupClient(
    { maxRetries: GATEWAY_DEFAULTS.maxRetries, ...upstream },
    // Nor does it wait out a Retry-After: the gateway's pace learns it, and waits within maxPaceWaitMs.
    { paced: false, maxRetryAfterMs: 0 },
  );
  // Each service's origin, the pace's key: worked out once.
  const origins = new Map(
    SERVICE_NAMES.map((service) => {
      const base = facts.bases[service];
      return [service, base === null ? "" : new URL(base).origin];
    }),
  );
  const fresh = checkMs("fresh", options.fresh, GATEWAY_DEFAULTS.fresh);
  const memoryBytes = checkMs("memoryBytes", options.memoryBytes, GATEWAY_DEFAULTS.memoryBytes);
  const maxPaceWaitMs = checkMs("maxPaceWaitMs", options.maxPaceWaitMs, GATEWAY_DEFAULTS.maxPaceWaitMs);
  const basePath = (options.basePath ?? "").replace(/\/+$/, "");
  if (basePath !== "" && !basePath.startsWith("/"))
    throw new HiroValidationError("basePath", `must start with /; got ${basePath.slice(0, 60)}`);
  const corsOrigins = new Set(options.corsOrigins ?? []);
  const corsAllowHeaders = checkHeaderNames("corsAllowHeaders", options.corsAllowHeaders);
  // The services whose page maximum the client was told (a self-hosted bitcoin-indexer's, not the spec's 60).
  const ownMaxLimit = (service: ServiceName) => pageMaximumOf(facts.maxLimit, service) !== undefined;
  const now = options.now ?? Date.now;
  const observer = options.observer;
  const memory = createMemoryTier(memoryBytes);
  const rate = upstream.maxRequestsPerSecond;
  const localPace = createMemoryPace();
  let storeDown = false;
  let entryRefusedSaid = false;
  let lastTroubleAt = 0;
  // The gateway's own lines (the shared store down, then back) go through the client's log, at warn
  // unless the client's logLevel says otherwise: a server says when it loses its shared store.
  const log = logOf(upstream.logLevel ?? "warn", upstream.logger);
  // Who the gateway is upstream (its key and headers, hashed): part of every cache and pace key.
  let identity: string | undefined;
  const identityReady = upstreamIdentity(upstream.apiKey, upstream.headers).then((id) => {
    identity = id;
    return id;
  });
  // SIP-019 purges: which kept answers a notice made stale (shared through the store's feed).
  const purges = createPurges(options.shared?.purges, now);
  const context: MissContext = {
    isFresh: purges.isFresh,
    settings,
    // The pace's key: the origin, and who asks it (two keys on one origin have two budgets).
    originOf: (call) => {
      const origin = origins.get(call.service) ?? "";
      return identity ? `${origin}#${identity}` : origin;
    },
    shared: options.shared,
    pace: withRefusalCap(options.shared?.pace ?? localPace),
    // The client's maxRequestsPerSecond, kept by the gateway's pace (its client does not pace itself).
    intervalMs: rate ? 1000 / rate : 0,
    fresh,
    maxPaceWaitMs,
    observer,
    now,
    keep: (key, entry) => memory.set(key, entry),
    storeTrouble: (error) => {
      lastTroubleAt = now();
      if (storeDown) return;
      storeDown = true;
      const why = error instanceof Error ? error.message : String(error);
      log?.warn?.("the shared store failed: serving from upstream and memory until it is back", {
        reason: printable(why, 200),
      });
    },
    storeOk: () => {
      if (!storeDown || now() - lastTroubleAt < GATEWAY_DEFAULTS.storeCalmMs) return;
      storeDown = false;
      log?.warn?.("the shared store answers again: sharing answers, misses and the pace again", {});
    },
    entryRefused: (reason) => {
      if (entryRefusedSaid) return;
      entryRefusedSaid = true;
      log?.warn?.(
        "an entry of the shared store failed its check: dropped and asked upstream (said once; is the store written by others?)",
        { reason },
      );
    },
    maxBodyChars: upstream.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    slots: createOriginSlots(
      checkMs("maxUpstreamInFlight", options.maxUpstreamInFlight, GATEWAY_DEFAULTS.maxUpstreamInFlight) || 1,
      now,
    ),
  };
  const inFlight = new Map<string, Promise<MissResult>>();

  const route = createRouter({ facts, basePath, ownMaxLimit });
  // Chainhooks' route for the purges: only with a consumer secret.
  const hooks =
    options.chainhooksSecret === undefined
      ? undefined
      : createChainhooksRoute(options.chainhooksSecret, purges);
  const hookPath = `${basePath}${CHAINHOOKS_PATH}`;
  const takesBody = (method: string, target: string) =>
    hooks !== undefined && method.toUpperCase() === "POST" && target.split("?")[0] === hookPath;

  /** One miss per key at a time: every caller of a key waits for the same one (`collapsed`). */
  function missOf(
    routed: RoutedCall,
    stale: Parameters<typeof answerMiss>[2],
  ): { result: Promise<MissResult>; collapsed: boolean } {
    const { key } = routed;
    const running = inFlight.get(key);
    if (running) {
      observer?.coalesced?.("local");
      return { result: running, collapsed: true };
    }
    const started = answerMiss(context, routed, stale).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return { result: started, collapsed: false };
  }

  async function serveSpecRoute(request: GatewayRequest, routed: RoutedCall): Promise<GatewayAnswer> {
    const id = identity ?? (await identityReady);
    const known = id === "" ? routed : { ...routed, key: `${id}.${routed.key}` };
    await purges.catchUp();
    const held = memory.get(known.key);
    const at = now();
    if (held && purges.isFresh(known, held, at)) {
      observer?.cache?.("hit");
      return entryAnswer(held, at, matchesEtag(request.ifNoneMatch, held.etag));
    }
    const { result: pending, collapsed } = missOf(known, held);
    const result = await pending;
    if ("answer" in result) {
      if (!collapsed || result.answer.headers["cache-status"] === undefined) return result.answer;
      // Each caller gets its own headers: the answer is shared by the callers that waited for it.
      return {
        ...result.answer,
        headers: {
          ...result.answer.headers,
          "cache-status": `${result.answer.headers["cache-status"]}; collapsed`,
        },
      };
    }
    observer?.cache?.(result.how);
    return entryAnswer(result.entry, now(), matchesEtag(request.ifNoneMatch, result.entry.etag), {
      how: result.how,
      upstreamStatus: result.upstreamStatus,
      collapsed,
    });
  }

  /** One caller request, traced on `hiro-lookup:gateway` when someone subscribes (trace.ts). */
  function answer(request: GatewayRequest): Promise<GatewayAnswer> {
    if (!gatewayTraced()) return answerOf(request);
    const message: GatewayTraceMessage = {
      method: request.method.slice(0, 20),
      path: (request.target.split("?")[0] ?? "").slice(0, 200),
    };
    return traceRequest(message, async () => {
      const result = await answerOf(request, message);
      const cacheStatus = result.headers["cache-status"] ?? "";
      message.coalesced = cacheStatus.includes("collapsed");
      return result;
    });
  }

  async function answerOf(given: GatewayRequest, traced?: GatewayTraceMessage): Promise<GatewayAnswer> {
    const request = { ...given, target: withStatusSlash(given.target, basePath) };
    const cors = corsHeaders(corsOrigins, request.origin, corsAllowHeaders);
    const method = request.method.toUpperCase();
    let result: GatewayAnswer;
    let routeName: string;
    // HEAD is GET without the body (load balancers and uptime checks send it).
    if (method === "GET" || method === "HEAD") {
      const routed = route(request.target);
      if ("status" in routed) {
        result = routed;
        routeName = routed.status === 404 ? "not_found" : "bad_request";
      } else {
        routeName = routed.call.operationId;
        try {
          result = await serveSpecRoute(request, routed);
        } catch {
          // Never a stack or a message of ours to a caller: a bare 500.
          result = ownAnswer(500, errorBody(500, "Internal Server Error", "the gateway failed"));
        }
      }
    } else if (hooks && takesBody(method, request.target)) {
      result = await hooks(request);
      routeName = "chainhooks";
    } else {
      const pathname = request.target.split("?")[0] ?? "";
      const isRoute = pathname.startsWith("/") && matchOperation(pathname, basePath) !== undefined;
      if (method === "OPTIONS" && isRoute && cors) {
        result = preflight(cors);
        routeName = "preflight";
      } else if (isRoute) {
        result = ownAnswer(
          405,
          errorBody(405, "Method Not Allowed", `${method.slice(0, 20)} is not allowed: GET and HEAD only`),
          { allow: "GET, HEAD" },
        );
        routeName = "method_not_allowed";
      } else {
        const refusal = notFound(method.slice(0, 20), pathname);
        result = ownAnswer(refusal.status, refusal.body);
        routeName = "not_found";
      }
    }
    observer?.request?.(routeName, result.status);
    if (traced) traced.route = routeName;
    // A copy: an answer may be shared by the callers of one miss, each with its own origin. Vary:
    // Origin whenever CORS is on, so a cache never gives one origin's answer to another.
    if (corsOrigins.size > 0) result = { ...result, headers: { ...result.headers, vary: "origin", ...cors } };
    if (method === "HEAD") result = { ...result, body: "" };
    return result;
  }

  return {
    answer,
    takesBody,
    async fetch(request) {
      const url = new URL(request.url);
      const target = url.pathname + url.search;
      const result = await answer({
        method: request.method,
        target,
        ifNoneMatch: request.headers.get("if-none-match"),
        origin: request.headers.get("origin"),
        ...(takesBody(request.method, target)
          ? {
              authorization: request.headers.get("authorization"),
              body: await boundedText(request, GATEWAY_DEFAULTS.maxHookBytes),
            }
          : {}),
      });
      const empty = result.status === 304 || result.status === 204 || request.method === "HEAD";
      try {
        return new Response(empty ? null : result.body, { status: result.status, headers: result.headers });
      } catch {
        // A status or header the runtime cannot send: a bare 500, never a throw to the host.
        const failed = ownAnswer(500, errorBody(500, "Internal Server Error", "the gateway failed"));
        return new Response(failed.body, { status: 500, headers: failed.headers });
      }
    },
    async sharedHealthy() {
      if (!options.shared) return undefined;
      return (await options.shared.healthy?.()) ?? true;
    },
    async close() {
      await options.shared?.close?.();
    },
  };
}

/**
 * The web-standard handler of the spec's GET routes: `(request: Request) => Promise<Response>`, for a
 * Next.js route handler, `Bun.serve`, `Deno.serve` or a Cloudflare Worker. See {@link LookupHandlerOptions}.
 */
export function createLookupHandler(
  options: LookupHandlerOptions = {},
): (request: Request) => Promise<Response> {
  const gateway = createLookupGateway(options);
  return (request) => gateway.fetch(request);
}
