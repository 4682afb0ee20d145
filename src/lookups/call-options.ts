/**
 * A call's options over its client's: each limit and the headers checked only when the call gives them
 * (the client's own are checked once, at creation: src/input/client-options.ts).
 */
import { type Limits, withLimits } from "../input/limits.js";
import { checkHeaders } from "../input/option-checks.js";

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

/** The limits of one call, checked, the client's filling in what the call does not give. */
export interface CallOptions extends Limits {
  headers?: Headers | undefined;
}

/** A call's options over the client's `limits`: the client's own object when the call changes nothing. */
export function callOptionsOf(limits: CallOptions, options: RequestOptions | undefined): CallOptions {
  if (options === undefined) return limits;
  const call = withLimits(limits, options);
  if (options.headers === undefined) return call;
  return { ...call, headers: checkHeaders("headers", options.headers) };
}
