/**
 * The gateway: the spec's GET routes, served from a cache in front of a lookup client. One core that
 * answers plain data (`answer`), and the web-standard handler over it (`fetch`), so it mounts wherever
 * fetch handlers run; Node's `serve` writes the plain answers itself. It routes by path alone (never by
 * `Host`, never an absolute URL), checks parameters with the client's own checks before anything is
 * sent, and coalesces identical requests in flight into one.
 */

import { HiroValidationError } from "../index.js";
import { buildLookupClient, logOf, pageMaximumOf } from "../internal.js";
import { DEFAULT_MAX_RESPONSE_BYTES, GATEWAY_DEFAULTS } from "../shared/defaults.js";
import { createMemoryPace } from "../shared/pace-store.js";
import { SERVICE_NAMES, type ServiceName } from "../spec-entry.js";
import { errorBody, type GatewayAnswer, ownAnswer } from "./answers.js";
import { createCallerLimit } from "./caller-limit.js";
import { CHAINHOOKS_PATH, createChainhooksRoute } from "./chainhooks-route.js";
import { corsHeaders } from "./cors.js";
import { createDoor } from "./door.js";
import type { GatewayRequest } from "./gateway-request.js";
import { storeLog, withHealth, withStatusSlash } from "./gateway-wrappers.js";
import { createHealth } from "./health.js";
import { upstreamIdentity } from "./identity.js";
import { createMemoryTier } from "./memory-tier.js";
import type { MissContext } from "./miss.js";
import { checkHeaderNames, checkMs, checkRefusalOptions } from "./option-checks.js";
import { checkOptionNames, type LookupHandlerOptions } from "./options.js";
import { createOriginSlots } from "./origin-slots.js";
import { otherMethodAnswer } from "./other-methods.js";
import { gatewayPaceRules } from "./pace-wait.js";
import { createPurges } from "./purges.js";
import { createRouter } from "./router.js";
import { createSpecRoute } from "./spec-route.js";
import { type GatewayTraceMessage, gatewayTraced, traceRequest } from "./trace.js";
import { type LookupFetchHandler, webHandler } from "./web-handler.js";

export type { GatewayRequest } from "./gateway-request.js";

/** The gateway: its web handler, its plain core, its health and its shutdown. */
export interface LookupGateway {
  /**
   * The web-standard handler: `(request, info?) => Promise<Response>`. `info` says who is calling, for
   * the per-caller limit: `{ callerKey }`, `Deno.serve`'s info or `Bun.serve`'s server (see web-handler.ts).
   */
  fetch: LookupFetchHandler;
  /** The same, on plain data (the Node adapter's path). */
  answer(request: GatewayRequest): Promise<GatewayAnswer>;
  /** Whether a request of `method` to `target` has a body to read (the Chainhooks route's POST), at most `GATEWAY_DEFAULTS.maxHookBytes`. */
  takesBody(method: string, target: string): boolean;
  /** Whether the shared store answers (undefined: none is configured). */
  sharedHealthy(): Promise<boolean | undefined>;
  /** Closes the shared store's connection. */
  close(): Promise<void>;
}

/**
 * `answer` to a HEAD: no body, and the `Content-Length` its GET would have (RFC 9110 §8.6: a HEAD that
 * says one must say the GET's), but where there is no body to count (a 304 or a 204).
 */
function headAnswer(answer: GatewayAnswer): GatewayAnswer {
  const empty = answer.status === 304 || answer.status === 204;
  const length = answer.bytes?.byteLength ?? new TextEncoder().encode(answer.body).byteLength;
  const headers = empty ? answer.headers : { ...answer.headers, "content-length": String(length) };
  return { ...answer, headers, body: "", bytes: undefined };
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
  const bounds = checkRefusalOptions(options);
  const callerLimit = bounds.perCallerPerSecond ? createCallerLimit(bounds.perCallerPerSecond) : undefined;
  const healthTarget = bounds.healthPath === undefined ? undefined : `${basePath}${bounds.healthPath}`;
  // The services whose page maximum the client was told (a self-hosted bitcoin-indexer's, not the spec's 60).
  const ownMaxLimit = (service: ServiceName) => pageMaximumOf(facts.maxLimit, service) !== undefined;
  const now = options.now ?? Date.now;
  const observer = options.observer;
  const health = createHealth(options.shared);
  const memory = createMemoryTier(memoryBytes);
  const localPace = createMemoryPace();
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
    pace: options.shared?.pace ?? localPace,
    // The one pacing rule, with the client's maxRequestsPerSecond (its client does not pace itself) and
    // a pause held to maxRefusalMs (a day's Retry-After does not shut the origin for a day).
    rules: gatewayPaceRules(upstream.maxRequestsPerSecond),
    fresh,
    maxPaceWaitMs,
    observer: withHealth(observer, health.saw),
    now,
    keep: (key, entry) => memory.set(key, entry),
    ...storeLog(log, now),
    maxBodyChars: upstream.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    slots: createOriginSlots(
      checkMs("maxUpstreamInFlight", options.maxUpstreamInFlight, GATEWAY_DEFAULTS.maxUpstreamInFlight) || 1,
      now,
    ),
  };
  const route = createRouter({ facts, basePath, ownMaxLimit });
  // Chainhooks' route for the purges: only with a consumer secret.
  const hooks =
    options.chainhooksSecret === undefined
      ? undefined
      : createChainhooksRoute(options.chainhooksSecret, purges);
  const hookPath = `${basePath}${CHAINHOOKS_PATH}`;
  const takesBody = (method: string, target: string) =>
    hooks !== undefined &&
    method.toUpperCase() === "POST" &&
    target.length <= bounds.maxTargetLength &&
    target.split("?")[0] === hookPath;

  const serveSpecRoute = createSpecRoute({
    context,
    memory,
    purges,
    observer,
    identity: () => identity,
    identityReady,
    now,
  });
  const doorOf = createDoor({ bounds, hooks, takesBody, healthTarget, health, callerLimit, log, now });

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
    const method = given.method.toUpperCase();
    const request = { ...given, target: withStatusSlash(given.target, basePath) };
    const cors = corsHeaders(corsOrigins, request.origin, corsAllowHeaders);
    let { result, routeName } = (await doorOf(given, method)) ?? { result: undefined, routeName: "" };
    if (result) {
      // Answered at the door.
    } else if (method === "GET" || method === "HEAD") {
      // HEAD is GET without the body (load balancers and uptime checks send it).
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
    } else {
      ({ result, routeName } = otherMethodAnswer(method, request.target, basePath, cors));
    }
    observer?.request?.(routeName, result.status);
    if (traced) traced.route = routeName;
    // A copy: an answer may be shared by the callers of one miss, each with its own origin. Vary:
    // Origin whenever CORS is on, so a cache never gives one origin's answer to another.
    if (corsOrigins.size > 0) result = { ...result, headers: { ...result.headers, vary: "origin", ...cors } };
    if (method === "HEAD") result = headAnswer(result);
    return result;
  }

  return {
    answer,
    takesBody,
    fetch: webHandler({
      answer,
      takesBody,
      limitsCallers: callerLimit !== undefined,
      callerKey: bounds.callerKey,
    }),
    sharedHealthy: health.sharedHealthy,
    async close() {
      await options.shared?.close?.();
    },
  };
}

/**
 * The web-standard handler of the spec's GET routes, `(request, info?) => Promise<Response>`, for a
 * Next.js route handler, `Bun.serve`, `Deno.serve` or a Cloudflare Worker, with the refusals `serve`
 * has (a long target, a body, a large head, the per-caller limit) and `/healthz` when asked for. The
 * host's second argument tells the caller: `{ callerKey }`, Deno's info or Bun's server (a Worker's
 * `env` is never read). See {@link LookupHandlerOptions}.
 */
export function createLookupHandler(options: LookupHandlerOptions = {}): LookupFetchHandler {
  const gateway = createLookupGateway(options);
  return (request, info, ctx) => gateway.fetch(request, info, ctx);
}
