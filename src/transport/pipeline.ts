/**
 * The `fetch` the one openapi-fetch client is built with: everything below the middleware, so the
 * lookups and `client.raw` get the same protection. Per attempt it forces `redirect: "manual"`, attaches
 * the API key for the origin it belongs to (middleware never sees it), starts the attempt's timer, waits
 * for the pacer, and reads the body under the size cap; around the attempts it retries what can succeed.
 * A decorator of `fetch`, as Octokit's `wrap-request` and ky's retry loop are.
 */
import {
  HiroApiError,
  HiroError,
  HiroNetworkError,
  HiroTimeoutError,
  HiroValidationError,
} from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import { SERVICES, serviceOf } from "../spec/services.js";
import { BodyTooLargeError, bufferResponse, raceAbort } from "./read-body.js";
import { type AttemptOutcome, parseRetryAfter, retryDelayMs, shouldRetry, sleep } from "./retry.js";
import { type Routes, routeOf } from "./routes.js";

/** What {@link LookupClientOptions.onRetry} is told before each retry. */
export interface RetryEvent {
  /** The request being retried (without the API key). */
  request: Request;
  /** Retries made so far, this one included (1 for the first retry). */
  retry: number;
  /** How long the client waits before sending it again, in ms. */
  delayMs: number;
  /** Why it is retried, e.g. `rate limited` or `server error 503`. */
  reason: string;
  /** The status that caused it, when there was an answer. */
  status?: number | undefined;
}

/**
 * Called when an attempt the pacer let through has ended: with the answer when one came (the pacer
 * learns its rate-limit headers), with nothing when none did. Calls after the first are ignored.
 */
export type PacerSettle = (answer?: Response) => void;

/** Holds requests back before a service refuses them (rate limits). A slot the pipeline calls per attempt. */
export interface Pacer {
  /**
   * Gives the settle function when a request to `url` may go (at once, or as a promise); rejects with the
   * signal's reason when it aborts, or with `rate_limited` when the service's pause is too long to wait.
   */
  wait(url: URL, signal: AbortSignal): PacerSettle | Promise<PacerSettle>;
}

/** Limits that a call may override. */
export interface AttemptLimits {
  timeoutMs: number;
  maxRetries: number;
}

/** What the pipeline is built with. */
export interface PipelineSettings extends AttemptLimits {
  /** The fetch underneath; looked up per attempt, so a replaced global fetch is used. */
  fetch: () => typeof fetch;
  maxResponseBytes: number;
  /** Each service's base URL and key: a key is attached only to requests for its service's own origin. */
  routes: Routes;
  onRetry?: ((event: RetryEvent) => void) | undefined;
  pacer?: Pacer | undefined;
  now: () => number;
  random: () => number;
}

/** What the pipeline knows of each response it returned: where it came from, and the bytes it read. */
const answers = new WeakMap<Response, { url: string; bytes: Uint8Array | ArrayBuffer | undefined }>();

/** The URL the pipeline sent `response`'s request to, for error reports (a buffered Response has no `url`). */
export function requestUrlOf(response: Response): string {
  return answers.get(response)?.url ?? response.url;
}

/**
 * The bytes the pipeline read for `response`, so a lookup parses them without reading a copy as a
 * stream; undefined when a middleware replaced the response, or it had no body.
 */
export function bytesOf(response: Response): Uint8Array | ArrayBuffer | undefined {
  return answers.get(response)?.bytes;
}

/** Node's error codes along the cause chain, for messages only (other runtimes have none). */
function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** Failures that no retry can fix: the answer itself was too large for the transport. */
const PERMANENT_CODES = new Set(["UND_ERR_HEADERS_OVERFLOW", "UND_ERR_RES_EXCEEDED_MAX_SIZE"]);

const IN_BROWSER = typeof (globalThis as { document?: unknown }).document !== "undefined";

/** The pipeline's fetch, for one set of limits. */
export function pipelineFetch(settings: PipelineSettings, limits: AttemptLimits = settings) {
  return async function send(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const service = serviceOf(url.pathname);
    if (service === undefined) {
      throw new HiroValidationError(
        "path",
        `is not a path of the Hiro lookups; got ${printable(url.pathname, 80)}`,
      );
    }
    const operationId = SERVICES[service].operationId;
    const where = () => `${operationId}: GET ${printable(request.url, 160)}`;
    const route = routeOf(settings.routes, service);
    const key = route.origin === url.origin ? route.apiKey : undefined;
    const call = request.signal;
    let timedOut = 0;
    for (let attempt = 1; ; attempt++) {
      if (call.aborted) throw call.reason;
      const settle = await settings.pacer?.wait(url, call);
      const controller = new AbortController();
      const onCallAbort = () => controller.abort(call.reason);
      call.addEventListener("abort", onCallAbort, { once: true });
      const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
      let outcome: AttemptOutcome;
      let answer: Response | undefined;
      let response: Response | undefined;
      let failure: unknown;
      try {
        const init: RequestInit = { signal: controller.signal, redirect: "manual" };
        if (key !== undefined) {
          const headers = new Headers(request.headers);
          headers.set("x-api-key", key);
          init.headers = headers;
        }
        // As openapi-fetch calls fetch: the Request it built, plus this attempt's init (no extra copy).
        answer = await raceAbort(settings.fetch()(request, init), controller.signal);
        settle?.(answer);
        const buffered = await bufferResponse(answer, settings.maxResponseBytes, controller.signal);
        response = buffered.response;
        answers.set(response, { url: request.url, bytes: buffered.bytes });
        // Retry-After matters only to a refusal: a success is not slowed by parsing it.
        const retryAfterMs = response.ok
          ? undefined
          : parseRetryAfter(response.headers.get("retry-after"), settings.now());
        outcome = { type: "status", status: response.status, retryAfterMs };
      } catch (error) {
        if (call.aborted) throw call.reason;
        if (error instanceof BodyTooLargeError) {
          throw new HiroApiError({
            kind: "invalid_response",
            status: answer?.status ?? 0,
            body: "",
            headers: answer?.headers ?? new Headers(),
            operationId,
            url: request.url,
            message: `${where()}: the body is larger than maxResponseBytes (${error.maxBytes} bytes); stopped reading (invalid_response)`,
          });
        }
        if (error instanceof RangeError || error instanceof HiroError) throw error;
        failure = error;
        if (controller.signal.aborted) {
          timedOut++;
          outcome = { type: "timeout" };
        } else if (PERMANENT_CODES.has(codeOf(error) ?? "")) {
          outcome = { type: "invalid_response" };
        } else {
          outcome = { type: "network" };
        }
      } finally {
        settle?.();
        clearTimeout(timer);
        call.removeEventListener("abort", onCallAbort);
      }
      if (response?.ok) return response;
      const decision = shouldRetry(outcome, attempt - 1, limits.maxRetries);
      if (!decision.retry) {
        if (response) return response;
        if (outcome.type === "timeout") {
          const tries =
            timedOut < attempt
              ? `${timedOut} of ${attempt} attempts`
              : attempt === 1
                ? "1 attempt"
                : `${attempt} attempts, each`;
          throw new HiroTimeoutError(limits.timeoutMs, {
            attempts: attempt,
            message: `${where()}: no answer within ${limits.timeoutMs} ms (${tries} timed out)`,
          });
        }
        const code = codeOf(failure);
        // "fetch failed" says nothing: its cause ("bad port", "connect ECONNREFUSED …") does.
        const cause =
          failure instanceof Error && failure.cause instanceof Error ? `: ${failure.cause.message}` : "";
        const detail = `${failure instanceof Error ? failure.message : String(failure)}${cause}${code && !cause.includes(code) ? ` (${code})` : ""}`;
        const hint = IN_BROWSER ? "; in a browser, a CORS refusal looks the same as an unreachable host" : "";
        const tries = attempt === 1 ? "1 attempt" : `${attempt} attempts`;
        throw new HiroNetworkError(`${where()} failed after ${tries}: ${printable(detail, 100)}${hint}`, {
          cause: failure,
          attempts: attempt,
        });
      }
      const retryAfterMs = outcome.type === "status" ? outcome.retryAfterMs : undefined;
      const delayMs = retryDelayMs(attempt - 1, retryAfterMs, settings.random);
      settings.onRetry?.({
        request,
        retry: attempt,
        delayMs,
        reason: decision.reason,
        status: response?.status,
      });
      await sleep(delayMs, call);
    }
  };
}
