/**
 * Runs one lookup: per-attempt timeout composed with the caller's signal, JSON parsing that never
 * leaks a raw SyntaxError, typed errors, and retries by the policy in retry.ts.
 */
import { apiErrorFor, invalidResponseError } from "./classify-response.js";
import {
  HiroApiError,
  HiroError,
  HiroNetworkError,
  HiroTimeoutError,
  HiroValidationError,
} from "./errors.js";
import type { BodyCheck } from "./response-validation.js";
import { type AttemptOutcome, parseRetryAfter, retryDelayMs, shouldRetry, sleep } from "./retry.js";
import type { OperationId } from "./types.js";

/** Per-call options of every lookup. */
export interface RequestOptions {
  /** Aborts the call, including any wait between retries; it rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Time limit of each attempt, in ms (default: the client's, 30 000). */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt (default: the client's, 2). */
  maxRetries?: number | undefined;
  /** Extra request headers for this call. */
  headers?: HeadersInit | undefined;
}

/** What the client fixes for every call. */
export interface RequestSettings {
  timeoutMs: number;
  maxRetries: number;
  now: () => number;
  random: () => number;
  /** Opt-in schema check of 200 bodies. */
  bodyCheck?: BodyCheck | undefined;
}

/** One attempt's raw answer, as openapi-fetch returns it with `parseAs: "text"` (`data` is the text). */
export interface RawAnswer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** What one attempt is sent with. `onUrl` receives the final request URL (for error reports). */
export interface AttemptInit {
  signal: AbortSignal;
  headers: Headers | undefined;
  onUrl: (url: string) => void;
}

/** Sends one attempt. */
export type SendAttempt = (init: AttemptInit) => Promise<RawAnswer>;

/**
 * Checks a duration option in ms; `name` is the option's name in messages. The ceiling is setTimeout's:
 * Node fires a longer timer after 1 ms.
 */
export function checkTimeout(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 2_147_483_647) {
    throw new HiroValidationError(
      name,
      `must be a number of milliseconds > 0, at most 2147483647 (about 24.8 days); got ${String(value)}`,
    );
  }
  return value;
}
/** Checks a retry count option; `name` is the option's name in messages. */
export function checkRetries(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 10) {
    throw new HiroValidationError(name, `must be an integer from 0 to 10; got ${String(value)}`);
  }
  return value;
}
/** Checks headers up front, so a bad one is a validation error and not a failed "network" call. */
export function checkHeaders(name: string, value: HeadersInit | undefined): Headers | undefined {
  if (value === undefined) return undefined;
  try {
    return new Headers(value);
  } catch {
    throw new HiroValidationError(
      name,
      "must be valid HTTP headers (names are tokens; values have no CR, LF or NUL)",
    );
  }
}

function outcomeOf(error: HiroError): AttemptOutcome {
  if (error instanceof HiroTimeoutError) return { type: "timeout" };
  if (error instanceof HiroApiError) {
    return error.kind === "invalid_response"
      ? { type: "invalid_response" }
      : { type: "status", status: error.status };
  }
  // Anything else (a request that could not be built) will not change on retry.
  return error instanceof HiroNetworkError ? { type: "network" } : { type: "invalid_response" };
}

async function attempt<T>(
  operationId: OperationId,
  send: SendAttempt,
  timeoutMs: number,
  headers: Headers | undefined,
  caller: AbortSignal | undefined,
  settings: RequestSettings,
): Promise<T> {
  if (caller?.aborted) throw caller.reason;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new HiroTimeoutError(timeoutMs)), timeoutMs);
  const onCallerAbort = () => controller.abort(caller?.reason);
  caller?.addEventListener("abort", onCallerAbort, { once: true });
  let url = "";
  try {
    let answer: RawAnswer;
    try {
      answer = await send({ signal: controller.signal, headers, onUrl: (u) => (url = u) });
    } catch (cause) {
      if (caller?.aborted) throw caller.reason;
      if (controller.signal.reason instanceof HiroTimeoutError) throw controller.signal.reason;
      const reason = cause instanceof Error ? cause.message : String(cause);
      // No URL yet: the request could not even be built, so nothing was sent and a retry cannot help.
      if (url === "")
        throw new HiroError(`${operationId}: could not build the request: ${reason}`, { cause });
      throw new HiroNetworkError(`${operationId}: the request failed: ${reason}`, { cause });
    }
    const { response } = answer;
    const info = { operationId, status: response.status, headers: response.headers, url };
    if (!response.ok) {
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), settings.now());
      throw apiErrorFor({ ...info, body: answer.error, retryAfterMs });
    }
    const text = typeof answer.data === "string" ? answer.data : "";
    if (text.trim() === "")
      throw invalidResponseError({ ...info, retryAfterMs: undefined }, text, "an empty body");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      const problem = `a body that is not valid JSON (${response.headers.get("content-type") ?? "no content-type"}, ${text.length} characters)`;
      throw invalidResponseError({ ...info, retryAfterMs: undefined }, text, problem);
    }
    const check = settings.bodyCheck;
    const problem = check?.problemOf(operationId, body);
    if (check && problem) {
      const error = invalidResponseError({ ...info, retryAfterMs: undefined }, text, problem);
      if (check.mode === "throw") throw error;
      check.warn(`hiro-lookup: ${error.message}`);
    }
    return body as T;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener("abort", onCallerAbort);
  }
}

/** Runs `send` until it succeeds, fails for good, or the caller aborts. */
export async function runLookup<T>(
  operationId: OperationId,
  send: SendAttempt,
  settings: RequestSettings,
  options: RequestOptions = {},
): Promise<T> {
  const timeoutMs =
    options.timeoutMs === undefined ? settings.timeoutMs : checkTimeout("timeoutMs", options.timeoutMs);
  const maxRetries =
    options.maxRetries === undefined ? settings.maxRetries : checkRetries("maxRetries", options.maxRetries);
  const headers = checkHeaders("headers", options.headers);
  for (let retries = 0; ; retries++) {
    try {
      return await attempt<T>(operationId, send, timeoutMs, headers, options.signal, settings);
    } catch (error) {
      if (!(error instanceof HiroError)) throw error; // the caller's abort reason, as fetch does
      if (!shouldRetry(outcomeOf(error), retries, maxRetries).retry) throw error;
      const retryAfterMs = error instanceof HiroApiError ? error.retryAfterMs : undefined;
      await sleep(retryDelayMs(retries, retryAfterMs, settings.random), options.signal);
    }
  }
}
