/**
 * One typed lookup on the shared openapi-fetch client: per-call options checked, the call's deadline
 * signal made before any middleware runs, and the answer turned into data or a typed error.
 */
import { apiErrorFor, invalidResponseError } from "../errors/classify-response.js";
import { HiroTimeoutError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import { checkHeaders, checkRetries, checkTimeout } from "../input/options.js";
import { SERVICES, type ServiceName } from "../spec/services.js";
import type { OperationId } from "../spec/types.js";
import { bytesOf, type PipelineSettings, pipelineFetch, requestUrlOf } from "../transport/pipeline.js";
import { raceAbort } from "../transport/read-body.js";
import { parseRetryAfter } from "../transport/retry.js";
import { routeOf } from "../transport/routes.js";

const UTF8 = new TextDecoder();

/** Per-call options of every lookup; each overrides the client's option of the same name. */
export interface RequestOptions {
  /** Aborts the call, including any wait between retries; it rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Time limit of each attempt, in ms (default: the client's, 30 000). */
  timeoutMs?: number | undefined;
  /** Time limit of the whole call, middleware, retries and waits included, in ms (default: the client's). */
  totalTimeoutMs?: number | undefined;
  /** Retries after the first attempt (default: the client's, 2). */
  maxRetries?: number | undefined;
  /** Extra request headers for this call. */
  headers?: HeadersInit | undefined;
}

/** What the client fixes for every lookup. */
export interface LookupSettings extends PipelineSettings {
  totalTimeoutMs: number;
}

/** The openapi-fetch options a lookup passes on. */
export interface CallInit {
  baseUrl: string;
  parseAs: "stream";
  signal: AbortSignal;
  headers?: Headers;
  fetch?: (request: Request) => Promise<Response>;
}

/** What openapi-fetch answers with `parseAs: "stream"` (the body is read here, from the pipeline's bytes). */
export interface StreamAnswer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** What is wrong with a parsed 2xx body given the question, or undefined (answer-checks.ts). */
export type AnswerCheck = (body: unknown) => string | undefined;

/** The parsed body of a 2xx answer, or the `invalid_response` error that says why there is none. */
function bodyOf<T>(operationId: OperationId, response: Response, text: string, check?: AnswerCheck): T {
  const info = {
    operationId,
    status: response.status,
    headers: response.headers,
    url: requestUrlOf(response),
    retryAfterMs: undefined,
  };
  if (text.trim() === "") throw invalidResponseError(info, text, "an empty body");
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    const type = printable(response.headers.get("content-type") ?? "no content-type", 60);
    throw invalidResponseError(
      info,
      text,
      `a body that is not valid JSON (${type}, ${text.length} characters)`,
    );
  }
  const problem = check?.(body);
  if (problem) throw invalidResponseError(info, text, problem);
  return body;
}

/**
 * Runs one lookup: `send` makes the openapi-fetch call with the init given. Options are checked first
 * (a bad one rejects before anything is sent); the deadline covers middleware, pacing, attempts and waits.
 */
export async function runLookup<T>(
  service: ServiceName,
  settings: LookupSettings,
  options: RequestOptions | undefined,
  send: (init: CallInit) => Promise<StreamAnswer>,
  check?: AnswerCheck,
): Promise<T> {
  const { signal: caller, timeoutMs, totalTimeoutMs, maxRetries, headers } = options ?? {};
  const { operationId } = SERVICES[service];
  const { base } = routeOf(settings.routes, service);
  const init: CallInit = { baseUrl: base, parseAs: "stream", signal: caller as AbortSignal };
  const total =
    totalTimeoutMs === undefined ? settings.totalTimeoutMs : checkTimeout("totalTimeoutMs", totalTimeoutMs);
  if (timeoutMs !== undefined || maxRetries !== undefined) {
    init.fetch = pipelineFetch(settings, {
      timeoutMs: timeoutMs === undefined ? settings.timeoutMs : checkTimeout("timeoutMs", timeoutMs),
      maxRetries: maxRetries === undefined ? settings.maxRetries : checkRetries("maxRetries", maxRetries),
    });
  }
  const extra = checkHeaders("headers", headers);
  if (extra) init.headers = extra;
  if (caller?.aborted) throw caller.reason;

  const deadline = new AbortController();
  const timer = setTimeout(() => {
    const message = `${operationId}: the call took longer than totalTimeoutMs (${total} ms)`;
    deadline.abort(new HiroTimeoutError(total, { message }));
  }, total);
  // AbortSignal.any: no listener is added to the caller's signal, however many calls share it.
  init.signal = caller ? AbortSignal.any([caller, deadline.signal]) : deadline.signal;
  try {
    const { response, error } = await raceAbort(send(init), init.signal);
    if (!response.ok) {
      throw apiErrorFor({
        operationId,
        status: response.status,
        headers: response.headers,
        url: requestUrlOf(response),
        body: error,
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), settings.now()),
      });
    }
    // The pipeline kept the bytes it read: decode them rather than read a copy of them as a stream.
    const bytes = bytesOf(response);
    const text = bytes ? UTF8.decode(bytes) : await raceAbort(response.text(), init.signal);
    return bodyOf<T>(operationId, response, text, check);
  } finally {
    clearTimeout(timer);
  }
}
