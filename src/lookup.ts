/**
 * One typed lookup on the shared openapi-fetch client: per-call options checked, the call's deadline
 * signal made before any middleware runs, and the answer turned into data or a typed error.
 */
import { apiErrorFor, invalidResponseError } from "./classify-response.js";
import { HiroApiError, HiroTimeoutError } from "./errors.js";
import { checkHeaders, checkRetries, checkTimeout } from "./options.js";
import { type PipelineSettings, pipelineFetch, requestUrlOf } from "./pipeline.js";
import { bufferedBytes, raceAbort } from "./read-body.js";

const UTF8 = new TextDecoder();

import { parseRetryAfter } from "./retry.js";
import { routeOf } from "./routes.js";
import { printable } from "./safe-text.js";
import { SERVICES, type ServiceName } from "./services.js";
import type { OperationId } from "./types.js";

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
export interface TextAnswer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** A 3xx (or a browser's opaque redirect, status 0): the client never follows one. */
function redirectError(operationId: OperationId, response: Response): HiroApiError {
  const location = response.headers.get("location");
  const to = location ? ` to ${printable(location, 100)}` : "";
  return new HiroApiError({
    kind: "unexpected_status",
    status: response.status,
    body: undefined,
    headers: response.headers,
    operationId,
    url: requestUrlOf(response),
    message: `${operationId}: HTTP ${response.status} redirect${to}; the client never follows redirects (unexpected_status)`,
  });
}

/** What is wrong with a parsed 2xx body given the question, or undefined (answer-checks.ts). */
export type AnswerCheck = (body: unknown) => string | undefined;

/** The parsed 2xx body, or the typed error of any other answer. */
function resultOf<T>(
  operationId: OperationId,
  answer: TextAnswer,
  text: string,
  now: number,
  check?: AnswerCheck,
): T {
  const { response } = answer;
  const url = requestUrlOf(response);
  if (response.status === 0 || (response.status >= 300 && response.status < 400 && response.status !== 304)) {
    throw redirectError(operationId, response);
  }
  const info = { operationId, status: response.status, headers: response.headers, url };
  if (!response.ok) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), now);
    throw apiErrorFor({ ...info, body: answer.error, retryAfterMs });
  }
  if (text.trim() === "")
    throw invalidResponseError({ ...info, retryAfterMs: undefined }, text, "an empty body");
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    const type = printable(response.headers.get("content-type") ?? "no content-type", 60);
    const problem = `a body that is not valid JSON (${type}, ${text.length} characters)`;
    throw invalidResponseError({ ...info, retryAfterMs: undefined }, text, problem);
  }
  const problem = check?.(body);
  if (problem) throw invalidResponseError({ ...info, retryAfterMs: undefined }, text, problem);
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
  send: (init: CallInit) => Promise<TextAnswer>,
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
    const answer = await raceAbort(send(init), init.signal);
    const { response } = answer;
    // The pipeline kept the bytes it read: decode them rather than read a copy of them as a stream.
    const bytes = response.ok ? bufferedBytes(response) : undefined;
    const text = !response.ok
      ? ""
      : bytes
        ? UTF8.decode(bytes)
        : await raceAbort(response.text(), init.signal);
    return resultOf<T>(operationId, answer, text, settings.now(), check);
  } finally {
    clearTimeout(timer);
  }
}
