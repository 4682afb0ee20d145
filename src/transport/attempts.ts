/**
 * The one attempt loop: every retry of the client happens here, for the lookups' direct path and for
 * the fetch under openapi-fetch (`pipeline.ts`) alike. Per attempt: one controller and one timer (the
 * attempt's `timeoutMs`, or less when the call's deadline comes first), the pacer, the fetch, and the
 * body read under the size cap; around the attempts, the retry policy (`retry.ts`) and its waits.
 */
import { invalidResponseError } from "../errors/classify-response.js";
import { HiroError, HiroNetworkError, HiroTimeoutError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import { type Log, shownUrl } from "../observe/log.js";
import { sleep } from "../shared/sleep.js";
import type { OperationId } from "../spec/types.js";
import { readRateLimit } from "./pacer/rate-limit-headers.js";
import { BodyTooLargeError, raceAbort } from "./read-body.js";
import { type AttemptOutcome, parseRetryAfter, retryDelayMs, shouldRetry } from "./retry.js";
import type { AttemptLimits, Deadline, Pacer, PacerSettle, RetryEvent } from "./settings.js";

/** What the loop is run with: the client's settings that every call shares. */
export interface LoopSettings {
  maxResponseBytes: number;
  onRetry?: ((event: RetryEvent) => void) | undefined;
  pacer?: Pacer | undefined;
  now: () => number;
  random: () => number;
  /** The client's log; undefined when off (observe/log.ts). */
  log?: Log | undefined;
  /**
   * The longest `Retry-After` waited for before a retry, in ms (default 60 s). The gateway's client
   * waits for none: its own pace waits, bounded by `maxPaceWaitMs`, for every instance.
   */
  maxRetryAfterMs?: number | undefined;
}

/** One call, as the loop runs it. `read` is called inside the attempt, under its signal. */
export interface Call<T> {
  /** The lookup's operation; none for a raw request a middleware moved off the spec's paths (messages then name none). */
  operationId: OperationId | undefined;
  /** Where the request goes: the pacer's key, and the URL in messages. */
  url: URL;
  limits: AttemptLimits;
  /** The caller's signal (or the Request's); an abort rejects with its reason. */
  signal: AbortSignal | undefined;
  /**
   * Whether `signal` is the caller's own, which many calls may share: then it is linked with
   * `AbortSignal.any` (no listener left on it); a Request's own signal gets a listener per attempt.
   */
  sharedSignal: boolean;
  /** Whether `send` is the runtime's own fetch, which settles on abort by itself (no race needed). */
  nativeFetch: boolean;
  /** When the whole call must end (on the `now()` clock) and its `totalTimeoutMs`; none for raw calls. */
  deadline?: Deadline | undefined;
  send(signal: AbortSignal): Promise<Response>;
  read(answer: Response, signal: AbortSignal): Promise<T>;
  /** The request as sent, without the key: for {@link RetryEvent}. */
  request(): Request;
}

/** The final answer of a call: its body as `read` gave it, and its `Retry-After` in ms when it was refused. */
export interface Answered<T> {
  answer: Response;
  body: T | undefined;
  retryAfterMs: number | undefined;
  /** Attempts made, this one included. */
  attempts: number;
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
/**
 * Refusals of the runtime itself that no retry can change: undici's "bad port" (a port the fetch
 * standard blocks, such as 6000) and a URL it cannot parse (`ERR_INVALID_URL`).
 */
const isRefusal = (error: unknown) =>
  codeOf(error) === "ERR_INVALID_URL" ||
  (error instanceof Error && error.cause instanceof Error && error.cause.message === "bad port");
const IN_BROWSER = typeof (globalThis as { document?: unknown }).document !== "undefined";

/** The error when a call of `operationId` passed its `totalTimeoutMs`. */
export const totalTimeout = (operationId: OperationId | undefined, totalMs: number) =>
  new HiroTimeoutError(totalMs, {
    operationId,
    summary: `the call took longer than totalTimeoutMs (${totalMs} ms)`,
  });

/** The error when no answer came and no retry is left. */
function noAnswer(
  call: Call<unknown>,
  outcome: AttemptOutcome,
  attempt: number,
  timedOut: number,
  failure: unknown,
) {
  const { operationId } = call;
  const where = `GET ${printable(call.url.href, 160)}`;
  if (outcome.type === "timeout") {
    const { timeoutMs } = call.limits;
    const tries =
      timedOut < attempt
        ? `${timedOut} of ${attempt} attempts`
        : attempt === 1
          ? "1 attempt"
          : `${attempt} attempts, each`;
    return new HiroTimeoutError(timeoutMs, {
      attempts: attempt,
      operationId,
      summary: `${where}: no answer within ${timeoutMs} ms (${tries} timed out)`,
    });
  }
  const code = codeOf(failure);
  // "fetch failed" says nothing: its cause ("bad port", "connect ECONNREFUSED …") does.
  const cause =
    failure instanceof Error && failure.cause instanceof Error ? `: ${failure.cause.message}` : "";
  const detail = `${failure instanceof Error ? failure.message : String(failure)}${cause}${code && !cause.includes(code) ? ` (${code})` : ""}`;
  const hint = IN_BROWSER ? "; in a browser, a CORS refusal looks the same as an unreachable host" : "";
  const tries = attempt === 1 ? "1 attempt" : `${attempt} attempts`;
  return new HiroNetworkError(`${where} failed after ${tries}: ${printable(detail, 100)}${hint}`, {
    cause: failure,
    attempts: attempt,
    operationId,
    detail,
  });
}

/** Pacer holds longer than this (ms) are logged at `warn`; shorter ones at `debug`. */
const HOLD_WARNING_MS = 1000;

/** A debug record about `call`: its operation and URL (without a user or password), and `fields`. */
const about = (call: Call<unknown>, fields: object) => ({
  operationId: call.operationId,
  url: shownUrl(call.url),
  ...fields,
});

/**
 * Runs `call` until an attempt gives an answer that is final (a 2xx, or a status no retry can change),
 * or no retry is left. Resolves with the answer and its body as `read` gave it.
 */
export async function runAttempts<T>(settings: LoopSettings, call: Call<T>): Promise<Answered<T>> {
  const { signal: caller, deadline, limits } = call;
  const { log } = settings;
  let timedOut = 0;
  for (let attempt = 1; ; attempt++) {
    if (caller?.aborted) throw caller.reason;
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort(caller?.reason);
    let signal = controller.signal;
    if (caller && call.sharedSignal) signal = AbortSignal.any([caller, signal]);
    else caller?.addEventListener("abort", onCallerAbort, { once: true });
    let pastDeadline = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (ms: number, isDeadline: boolean) => {
      timer = setTimeout(() => {
        pastDeadline = isDeadline;
        controller.abort();
      }, ms);
    };
    let settle: PacerSettle | undefined;
    let outcome: AttemptOutcome;
    let answer: Response | undefined;
    let body: T | undefined;
    let failure: unknown;
    try {
      const pending = settings.pacer?.wait(call.url, signal, deadline?.at, call.operationId);
      if (pending instanceof Promise) {
        // Only the call's deadline bounds a wait in the pacer; the attempt's timer starts after it.
        if (deadline) arm(deadline.at - settings.now(), true);
        const heldAt = settings.now();
        const release = await pending;
        settle = release.settle;
        clearTimeout(timer);
        if (log?.warn) {
          const heldMs = settings.now() - heldAt;
          // A hold a person would notice (over a second) is a warning; a shorter one is detail.
          const sink = heldMs > HOLD_WARNING_MS ? log.warn : log.debug;
          sink?.("pacer hold", { origin: call.url.origin, heldMs, why: release.heldFor });
        }
      } else settle = pending;
      const sentAt = log?.debug ? settings.now() : 0;
      log?.debug?.("attempt", about(call, { method: "GET", attempt, of: limits.maxRetries + 1 }));
      const left = deadline ? deadline.at - settings.now() : Number.POSITIVE_INFINITY;
      arm(Math.min(limits.timeoutMs, left), left <= limits.timeoutMs);
      answer = await (call.nativeFetch ? call.send(signal) : raceAbort(call.send(signal), signal));
      settle?.(answer);
      body = await call.read(answer, signal);
      outcome = { type: "status", status: answer.status };
      if (log?.debug) {
        const ms = settings.now() - sentAt;
        const bytes = (body as { length?: number; byteLength?: number } | undefined)?.byteLength;
        // The rate limit the answer announces, as the pacer reads it (finite, at most 16 digits), when it does.
        const { limit, remaining } = readRateLimit(answer.headers, settings.now());
        const rateLimit =
          limit === undefined && remaining === undefined ? {} : { rateLimit: { limit, remaining } };
        log.debug(
          "answer",
          about(call, { status: answer.status, ms, bytes: bytes ?? (body as string)?.length, ...rateLimit }),
        );
        // A request with If-None-Match (an ETag cache's) was a revalidation: 304 means the copy holds.
        if (call.request().headers.has("if-none-match"))
          log.debug("cache revalidation", about(call, { notModified: answer.status === 304 }));
      }
    } catch (error) {
      if (caller?.aborted) throw caller.reason;
      if (pastDeadline && deadline) throw totalTimeout(call.operationId, deadline.totalMs);
      if (error instanceof BodyTooLargeError) {
        const problem = `a body larger than maxResponseBytes (${error.maxBytes} bytes); stopped reading`;
        // A request of no operation (moved off the spec's paths) has no API error to be: the plain refusal.
        if (call.operationId === undefined) {
          throw new HiroError(`GET ${printable(call.url.href, 160)}: ${problem} (invalid_response)`);
        }
        throw invalidResponseError(
          {
            operationId: call.operationId,
            status: answer?.status ?? 0,
            headers: answer?.headers ?? new Headers(),
            url: call.url.href,
          },
          "",
          problem,
        );
      }
      if (error instanceof RangeError || error instanceof HiroError) throw error;
      failure = error;
      if (controller.signal.aborted) {
        timedOut++;
        outcome = { type: "timeout" };
      } else
        outcome = PERMANENT_CODES.has(codeOf(error) ?? "")
          ? { type: "invalid_response" }
          : isRefusal(error)
            ? { type: "refused" }
            : { type: "network" };
    } finally {
      settle?.();
      clearTimeout(timer);
      caller?.removeEventListener("abort", onCallerAbort);
    }
    if (answer && outcome.type === "status") {
      if (answer.ok) return { answer, body, retryAfterMs: undefined, attempts: attempt };
      // Retry-After matters only to a refusal (a success is not slowed by it): parsed here, once.
      outcome.retryAfterMs = parseRetryAfter(answer.headers.get("retry-after"), settings.now());
    }
    const decision = shouldRetry(outcome, attempt - 1, limits.maxRetries, settings.maxRetryAfterMs);
    if (!decision.retry) {
      if (answer && outcome.type === "status")
        return { answer, body, retryAfterMs: outcome.retryAfterMs, attempts: attempt };
      throw noAnswer(call, outcome, attempt, timedOut, failure);
    }
    const retryAfterMs = outcome.type === "status" ? outcome.retryAfterMs : undefined;
    const delayMs = retryDelayMs(attempt - 1, retryAfterMs, settings.random);
    settings.onRetry?.({
      request: call.request(),
      retry: attempt,
      delayMs,
      reason: decision.reason,
      status: answer?.status,
    });
    log?.warn?.(
      "retry",
      about(call, { retry: attempt, reason: decision.reason, delayMs, status: answer?.status }),
    );
    if (deadline && settings.now() + delayMs >= deadline.at) {
      await sleep(Math.max(0, deadline.at - settings.now()), caller);
      throw totalTimeout(call.operationId, deadline.totalMs);
    }
    await sleep(delayMs, caller);
  }
}
