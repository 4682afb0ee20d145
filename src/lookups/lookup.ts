/**
 * One typed lookup, by the operation table. Two ways to the one attempt loop (`transport/attempts.ts`):
 * - **direct**: with no middleware and no custom `fetch` (so nothing could observe the difference), the
 *   lookup builds the URL with openapi-fetch's own serializers and runs the loop, reading the body as
 *   text inside the attempt;
 * - **through openapi-fetch**: otherwise, so every middleware sees the lookup; the pipeline under it runs
 *   the same loop with this call's limits and deadline.
 * Either way the answer becomes data or a typed error here, in one place.
 */
import {
  type Client,
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  mergeHeaders,
} from "openapi-fetch";
import { apiErrorFor, invalidResponseError } from "../errors/classify-response.js";
import { printable } from "../errors/safe-text.js";
import { withoutSecret } from "../errors/without-secret.js";
import { type Routes, routeOf } from "../input/service-routes.js";
import { MAX_JSON_CONTAINERS, overJsonBudget } from "../shared/json-budget.js";
import { operations } from "../spec/services.js";
import type { LookupData, OperationId, RawPaths } from "../spec/types.js";
import { type LoopSettings, runAttempts, totalTimeout } from "../transport/attempts.js";
import type { AttemptLimits, CallAnswer, LookupCall, pipelineFetch } from "../transport/pipeline.js";
import { raceAbort, readBody } from "../transport/read-body.js";
import { parseRetryAfter } from "../transport/retry.js";
import { type CallOptions, callOptionsOf, type RequestOptions } from "./call-options.js";

/** The path of an operation of the table. */
type OperationPath = (typeof operations)[OperationId]["path"];

/** The parameters `raw`'s `GET` takes, as an init, for each path of the table ({@link RawPaths}: the spec's, big ids widened). */
type LookupWireInit = {
  [Path in OperationPath]: { params: RawPaths[Path]["get"]["parameters"] };
}[OperationPath];

/**
 * A lookup's checked request as the init `raw`'s own `GET` takes for the operation's path: the one
 * openapi-fetch client serves the lookups and `raw` alike, typed by {@link RawPaths}.
 */
function wireInit(request: LookupRequest): LookupWireInit {
  // The one cast of the lookups' call: `requestOf` built `request` from the table's parameter names of this
  // operation, each value checked into its wire form (a widened id as its decimal string, a boolean as its
  // text, which openapi-fetch would send the same); the compiler cannot follow the table's names into the
  // spec's types.
  return { params: request } as LookupWireInit;
}

/**
 * What the client fixes for every lookup, built once, complete (client.ts): the attempt loop's settings
 * and the client's limits, the routes, and the one openapi-fetch client with the pipeline under it.
 */
export interface LookupSettings extends LoopSettings, AttemptLimits {
  totalTimeoutMs: number;
  /** Each service's base URL and key (input/service-routes.ts). */
  routes: Routes;
  /** The client's `headers` option. */
  clientHeaders: Headers | undefined;
  /**
   * The client's one openapi-fetch instance, `raw` itself (its middleware, its path guard): the lookups go
   * through it when middleware or a custom fetch could see them. The pipeline is under it.
   */
  client: Client<RawPaths>;
  /** The pipeline under `client` (pipeline.ts), given this call's limits and deadline. */
  send: ReturnType<typeof pipelineFetch>;
  /** Whether the direct path may be taken now: no middleware, no custom fetch. */
  direct(): boolean;
}

/** What is wrong with a parsed 2xx body given the question, or undefined (answer-checks.ts). */
export type AnswerCheck = (body: unknown) => string | undefined;

/** The parameters of one lookup, checked and in their wire form. */
export interface LookupRequest {
  path: Record<string, string>;
  /** An array is sent as a repeated key (`contract=A&contract=B`), as openapi-fetch does (form, explode). */
  query: Record<string, string | number | readonly string[]>;
}

/**
 * What a lookup returns up: its data with the final answer and the attempts it took (a record per call,
 * read by `.withResponse()`, the trace and the log; lookup-promise.ts).
 */
export interface LookupResult<T> extends CallAnswer {
  readonly data: T;
}

/** The parsed body of a 2xx answer, or the `invalid_response` error that says why there is none. */
function bodyOf<T>(
  info: { operationId: OperationId; status: number; headers: Headers; url: string },
  text: string,
  check?: AnswerCheck,
  apiKey?: string,
): T {
  // The text an invalid_response keeps, without the client's own key (the data itself is left as it is).
  const shown = () => withoutSecret(text, apiKey);
  if (text.trim() === "") throw invalidResponseError(info, shown(), "an empty body");
  if (overJsonBudget(text)) {
    throw invalidResponseError(
      info,
      shown(),
      `a body of more objects and arrays than any real answer (over ${MAX_JSON_CONTAINERS}), not parsed`,
    );
  }
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    const type = printable(info.headers.get("content-type") ?? "no content-type", 60);
    throw invalidResponseError(
      info,
      shown(),
      `a body that is not valid JSON (${type}, ${text.length} characters)`,
    );
  }
  const problem = check?.(body);
  if (problem) throw invalidResponseError(info, shown(), withoutSecret(problem, apiKey));
  return body;
}

/** JSON when the text is JSON, else the text: the body an error keeps (never parsed past the JSON budget). */
function errorBody(text: string | undefined): unknown {
  if (!text || overJsonBudget(text)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The query serializer openapi-fetch's client uses by default (form, explode; values percent-encoded). */
const querySerializer = createQuerySerializer();

/** The headers of a direct call: the client's, the call's over them, and the key for its own origin. */
const headersOf = (
  settings: Pick<LookupSettings, "clientHeaders">,
  call: CallOptions,
  key: string | undefined,
) =>
  call.headers === undefined && key === undefined
    ? settings.clientHeaders
    : mergeHeaders(
        settings.clientHeaders,
        call.headers,
        key === undefined ? undefined : { "x-api-key": key },
      );

/**
 * Runs one lookup of `operationId` with checked parameters. Per-call options are checked first (a bad
 * one rejects before anything is sent); the deadline covers middleware, pacing, attempts and waits.
 */
export async function runLookup<Op extends OperationId>(
  settings: LookupSettings,
  operationId: Op,
  request: LookupRequest,
  options: RequestOptions | undefined,
  check?: AnswerCheck,
): Promise<LookupResult<LookupData<Op>>> {
  const operation = operations[operationId];
  // One of the table's paths, whichever lookup asks: what `raw`'s `GET` takes.
  const path: OperationPath = operation.path;
  const route = routeOf(settings.routes, operation.service);
  const call = callOptionsOf(settings, options);
  const caller = options?.signal;
  if (caller?.aborted) throw caller.reason;
  // Built by openapi-fetch's own serializers, so the direct path sends exactly the URL it would.
  const href = createFinalURL(path, {
    baseUrl: route.base,
    params: request,
    pathSerializer: defaultPathSerializer,
    querySerializer,
  });
  const deadline = { at: settings.now() + call.totalTimeoutMs, totalMs: call.totalTimeoutMs };
  const direct = settings.direct();
  let answer: Response;
  /** The body's text: a 2xx's always; a refusal's on the direct path (openapi-fetch parses it itself). */
  let text: string | undefined;
  /** A refusal's body, as openapi-fetch parsed it (JSON when it is JSON, else the text). */
  let error: unknown;
  let retryAfterMs: number | undefined;
  let attempts: number | undefined;

  if (direct) {
    const headers = headersOf(settings, call, route.apiKey);
    const init: RequestInit = headers ? { redirect: "manual", headers } : { redirect: "manual" };
    ({
      answer,
      body: text,
      retryAfterMs,
      attempts,
    } = await runAttempts(settings, {
      operationId,
      url: new URL(href),
      limits: call,
      signal: caller,
      sharedSignal: true,
      nativeFetch: true,
      deadline,
      send: (signal) => fetch(href, { ...init, signal }),
      read: (answer, signal) => readBody(answer, "text", settings.maxResponseBytes, true, signal),
      request: () => new Request(href, { headers: headersOf(settings, call, undefined) ?? {} }),
    }));
  } else {
    // Through openapi-fetch: the deadline must also cover the middleware, so it is a signal here.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(totalTimeout(operationId, call.totalTimeoutMs)),
      call.totalTimeoutMs,
    );
    const signal = caller ? AbortSignal.any([caller, controller.signal]) : controller.signal;
    const lookupCall: LookupCall = { operationId, limits: call, deadline };
    /** What the pipeline returned for this call: openapi-fetch is handed its answer alone. */
    let sent: CallAnswer | undefined;
    try {
      ({
        data: text,
        error,
        response: answer,
      } = await raceAbort(
        settings.client.GET(path, {
          ...wireInit(request),
          baseUrl: route.base,
          parseAs: "text",
          signal,
          ...(call.headers ? { headers: call.headers } : {}),
          fetch: async (request: Request) => {
            sent = await settings.send(request, lookupCall);
            return sent.response;
          },
        }),
        signal,
      ));
    } finally {
      clearTimeout(timer);
    }
    // None when a middleware answered the request itself.
    attempts = sent?.attempts;
    if (!answer.ok) retryAfterMs = parseRetryAfter(answer.headers.get("retry-after"), settings.now());
  }

  // Either way, the answer becomes data or a typed error here.
  const answered = { operationId, url: href, status: answer.status, headers: answer.headers };
  if (!answer.ok) {
    // Server text goes into the error: never with the client's own key in it (a gateway may echo it).
    const shown = withoutSecret(text, route.apiKey);
    const body = withoutSecret(direct ? errorBody(text) : error, route.apiKey);
    throw apiErrorFor({ ...answered, body, text: shown, retryAfterMs, attempts });
  }
  const data = bodyOf<LookupData<Op>>(answered, text ?? "", check, route.apiKey);
  return { data, response: answer, attempts };
}
