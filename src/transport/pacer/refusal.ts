/**
 * What the pacer refuses: a wait past its ceiling, or one that ends after the call's deadline, as a
 * `rate_limited` HiroApiError of the request's operation (a plain HiroError when the caller named none).
 */
import { HiroApiError, HiroError } from "../../errors/errors.js";
import { printable } from "../../errors/safe-text.js";
import type { OperationId } from "../../spec/types.js";
import { MAX_RETRY_AFTER_READ_MS } from "../retry.js";

/** The largest delay `setTimeout` keeps: Node fires a longer one after 1 ms (with a warning). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A wait the client will not make: the service's pause or reset is further off than `maxPauseMs`, or
 * (`deadlineLeftMs` given) the gate's wait ends after the call's deadline.
 */
export function tooLongError(
  url: URL,
  waitMs: number,
  maxPauseMs: number,
  headers: Headers,
  deadlineLeftMs?: number,
  operationId?: OperationId,
): HiroError {
  const over =
    deadlineLeftMs === undefined
      ? `over the ${maxPauseMs / 1000} s the client waits`
      : `the pacer's wait outlasts the call's remaining time (${Math.max(0, Math.ceil(deadlineLeftMs))} ms)`;
  const message = `GET ${printable(url.href, 160)}: the rate limit of ${url.origin} lets requests through again in ${Math.ceil(waitMs / 1000)} s, ${over}; not sent (rate_limited)`;
  if (operationId === undefined) return new HiroError(message);
  return new HiroApiError({
    kind: "rate_limited",
    status: 429,
    body: undefined,
    headers,
    operationId,
    url: url.href,
    // A `ratelimit-reset` centuries away is no real wait: read, like Retry-After, as at most a day.
    retryAfterMs: Math.min(MAX_RETRY_AFTER_READ_MS, Math.ceil(waitMs)),
    summary: message,
  });
}
