/**
 * The second step of the one unit of work (prepare → exchange → judge): a prepared call sent, and its
 * answer as plain facts: status, headers, the body's text for every status, the attempts, and the rate
 * limit it announced (`Retry-After` among it), each read once, in the attempt loop. Two ways to the one
 * attempt loop (`transport/attempts.ts`):
 * - **direct**: with no middleware and no custom `fetch` (so nothing could observe the difference), the
 *   URL is built with openapi-fetch's own serializers and the loop runs, reading the body as text inside
 *   the attempt;
 * - **through openapi-fetch**: otherwise, so every middleware sees the call; the pipeline under it runs
 *   the same loop with this call's limits and deadline (a signal here, so it covers the middleware too).
 *   The answer's text is the transport's own when no middleware replaced the answer, never a parsed
 *   body written back as text.
 * What the answer means (data, or a typed error) is judge.ts's.
 */
import { createFinalURL, createQuerySerializer, defaultPathSerializer, mergeHeaders } from "openapi-fetch";
import { routeOf } from "../input/service-routes.js";
import type { RawPaths } from "../spec/types.js";
import { runAttempts, totalTimeout } from "../transport/attempts.js";
import { rateLimitOf } from "../transport/pacer/rate-limit-headers.js";
import type { LookupCall, SentAnswer } from "../transport/pipeline.js";
import { raceAbort, readBody } from "../transport/read-body.js";
import { callOptionsOf, type RequestOptions } from "./call-options.js";
import { type Exchange, exchanged, type LookupSettings } from "./exchanged.js";
import type { OperationPath, PreparedCall } from "./prepare.js";
import type { LookupRequest } from "./requests.js";

export type { Exchange, LookupSettings };

/** Options of one exchange: a lookup's request options, and the validator of a kept copy. */
export interface ExchangeOptions extends RequestOptions {
  /** Sent as `If-None-Match` (a cache revalidating its copy: the answer may be a 304). */
  ifNoneMatch?: string | undefined;
}

/** The parameters `raw`'s `GET` takes, as an init, for each path of the table ({@link RawPaths}: the spec's, big ids widened). */
type LookupWireInit = {
  [Path in OperationPath]: { params: RawPaths[Path]["get"]["parameters"] };
}[OperationPath];

/**
 * A call's checked request as the init `raw`'s own `GET` takes for the operation's path: the one
 * openapi-fetch client serves the lookups and `raw` alike, typed by {@link RawPaths}.
 */
function wireInit(request: LookupRequest): LookupWireInit {
  // The one cast of the lookups' call: `prepare` built `request` from the table's parameter names of this
  // operation, each value checked into its wire form (a widened id as its decimal string, a boolean as its
  // text, which openapi-fetch would send the same); the compiler cannot follow the table's names into the
  // spec's types.
  return { params: request } as LookupWireInit;
}

/** The query serializer openapi-fetch's client uses by default (form, explode; values percent-encoded). */
const querySerializer = createQuerySerializer();

/** The headers of a direct call: the client's, the call's over them, and the key for its own origin. */
const headersOf = (
  clientHeaders: Headers | undefined,
  callHeaders: Headers | undefined,
  key: string | undefined,
) =>
  callHeaders === undefined && key === undefined
    ? clientHeaders
    : mergeHeaders(clientHeaders, callHeaders, key === undefined ? undefined : { "x-api-key": key });

/**
 * Sends `call` and resolves with its final answer (any status). Per-call options are checked first (a bad
 * one rejects before anything is sent); the deadline covers middleware, pacing, attempts and waits. It
 * rejects when no answer came (network, timeout, abort, a body over `maxResponseBytes`).
 */
export async function exchange(
  settings: LookupSettings,
  call: PreparedCall,
  options?: ExchangeOptions,
): Promise<Exchange> {
  const { operationId } = call;
  const route = routeOf(settings.routes, call.service);
  const limits = callOptionsOf(settings, options);
  const caller = options?.signal;
  if (caller?.aborted) throw caller.reason;
  const etag = options?.ifNoneMatch;
  const headers =
    etag === undefined ? limits.headers : mergeHeaders(limits.headers, { "if-none-match": etag });
  // Built by openapi-fetch's own serializers, so the direct path sends exactly the URL it would.
  const href = createFinalURL(call.path, {
    baseUrl: route.base,
    params: call.request,
    pathSerializer: defaultPathSerializer,
    querySerializer,
  });
  const deadline = { at: settings.now() + limits.totalTimeoutMs, totalMs: limits.totalTimeoutMs };

  if (settings.direct()) {
    const sent = headersOf(settings.clientHeaders, headers, route.apiKey);
    const init: RequestInit = sent ? { redirect: "manual", headers: sent } : { redirect: "manual" };
    const { answer, body, attempts, rateLimit } = await runAttempts(settings, {
      operationId,
      url: new URL(href),
      limits,
      signal: caller,
      sharedSignal: true,
      nativeFetch: true,
      deadline,
      send: (signal) => fetch(href, { ...init, signal }),
      read: (answer, signal) => readBody(answer, "text", settings.maxResponseBytes, true, signal),
      request: () =>
        new Request(href, { headers: headersOf(settings.clientHeaders, headers, undefined) ?? {} }),
    });
    return exchanged(href, answer, body ?? "", attempts, rateLimit, route.apiKey);
  }

  // Through openapi-fetch: the deadline must also cover the middleware, so it is a signal here.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(totalTimeout(operationId, limits.totalTimeoutMs)),
    limits.totalTimeoutMs,
  );
  const signal = caller ? AbortSignal.any([caller, controller.signal]) : controller.signal;
  const lookupCall: LookupCall = { operationId, href, limits, deadline };
  /** What the pipeline returned for this call: openapi-fetch is handed its answer alone. */
  let sent: SentAnswer | undefined;
  let answer: { data?: string; error?: unknown; response: Response };
  try {
    answer = await raceAbort(
      settings.client.GET(call.path, {
        ...wireInit(call.request),
        baseUrl: route.base,
        parseAs: "text",
        signal,
        ...(headers ? { headers } : {}),
        fetch: async (request: Request) => {
          sent = await settings.send(request, lookupCall);
          return sent.response;
        },
      }),
      signal,
    );
  } finally {
    clearTimeout(timer);
  }
  const { data, error, response } = answer;
  // The transport's own answer (no middleware replaced it): its text as read. Else a middleware's: a
  // 2xx's text as openapi-fetch read it, a refusal's as it parsed it (JSON written back, or the text).
  const text = response.ok
    ? (data ?? "")
    : sent?.response === response
      ? sent.text()
      : typeof error === "string"
        ? error
        : (JSON.stringify(error) ?? "");
  // The service's announcement is the transport's reading, whatever a middleware made of the answer;
  // an answer a middleware made itself (nothing sent) is read as it is.
  const rateLimit = sent?.rateLimit ?? rateLimitOf(response, settings.now());
  return exchanged(href, response, text, sent?.attempts, rateLimit, route.apiKey);
}
