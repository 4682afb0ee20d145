/**
 * The one attempt loop: every retry of the client happens here, for the lookups' direct path and for
 * the fetch under openapi-fetch (`pipeline.ts`) alike. Per attempt: one controller and one timer (the
 * attempt's `timeoutMs`, or less when the call's deadline comes first), the pacer, the fetch, and the
 * body read under the size cap; around the attempts, the retry policy (`retry.ts`) and its waits. Each
 * answer's rate-limit facts (`ratelimit-*`, `Retry-After`) are read once, here, and handed to the pacer,
 * the retry policy, the log and the caller. What a call that got no answer throws is attempt-errors.ts's.
 */
import { invalidResponseError } from "../errors/classify-response.js";
import { HiroError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import { type Log, shownUrl } from "../observe/log.js";
import { sleep } from "../shared/sleep.js";
import type { OperationId } from "../spec/types.js";
import { failureOutcome, noAnswer, totalTimeout } from "./attempt-errors.js";
import { NO_RATE_LIMIT, type RateLimitInfo, rateLimitOf } from "./pacer/rate-limit-headers.js";
import { BodyTooLargeError, raceAbort } from "./read-body.js";
import { type AttemptOutcome, retryDelayMs, shouldRetry } from "./retry.js";
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

/** The final answer of a call: its body as `read` gave it, and the rate-limit facts it announced. */
export interface Answered<T> {
  answer: Response;
  body: T | undefined;
  /** What the answer said of the rate limit, `Retry-After` included (read once: rate-limit-headers.ts). */
  rateLimit: RateLimitInfo;
  /** Attempts made, this one included. */
  attempts: number;
}

export { totalTimeout };

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
    let rateLimit = NO_RATE_LIMIT;
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
      rateLimit = rateLimitOf(answer, settings.now());
      settle?.(answer, rateLimit);
      body = await call.read(answer, signal);
      outcome = { type: "status", status: answer.status };
      if (log?.debug) {
        const ms = settings.now() - sentAt;
        const bytes = (body as { length?: number; byteLength?: number } | undefined)?.byteLength;
        // The rate limit the answer announces, as the pacer reads it (finite, at most 16 digits), when it does.
        const { limit, remaining } = rateLimit;
        const announced =
          limit === undefined && remaining === undefined ? {} : { rateLimit: { limit, remaining } };
        log.debug(
          "answer",
          about(call, { status: answer.status, ms, bytes: bytes ?? (body as string)?.length, ...announced }),
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
      outcome = failureOutcome(error, controller.signal.aborted);
      if (outcome.type === "timeout") timedOut++;
    } finally {
      settle?.();
      clearTimeout(timer);
      caller?.removeEventListener("abort", onCallerAbort);
    }
    if (answer && outcome.type === "status") {
      if (answer.ok) return { answer, body, rateLimit, attempts: attempt };
      // Retry-After matters only to a refusal (a success is not slowed by it).
      outcome.retryAfterMs = rateLimit.retryAfterMs;
    }
    const decision = shouldRetry(outcome, attempt - 1, limits.maxRetries, settings.maxRetryAfterMs);
    if (!decision.retry) {
      if (answer && outcome.type === "status") return { answer, body, rateLimit, attempts: attempt };
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
