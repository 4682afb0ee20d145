/**
 * The limits a lookup runs with: the client's options over its defaults, checked once at creation, and
 * each call's options over the client's, checked only when the call gives them.
 */
import { checkByteCount, checkHeaders, checkRetries, checkTimeout } from "../input/option-checks.js";
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TOTAL_TIMEOUT_MS,
} from "../shared/defaults.js";

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
export interface CallOptions {
  timeoutMs: number;
  totalTimeoutMs: number;
  maxRetries: number;
  headers?: Headers | undefined;
}

/** The limits of a client or a call; each is checked by its own rule. */
type Limits = Omit<CallOptions, "headers">;
const LIMIT_CHECKS: Readonly<Record<keyof Limits, (name: string, value: unknown) => number>> = {
  timeoutMs: checkTimeout,
  totalTimeoutMs: checkTimeout,
  maxRetries: checkRetries,
};

/** `base` with the limits `given` sets (checked); `base` itself when `given` sets none. */
function withLimits<T extends Limits>(base: T, given: { [K in keyof Limits]?: number | undefined }): T {
  let out = base;
  for (const name of Object.keys(LIMIT_CHECKS) as (keyof Limits)[]) {
    const value = given[name];
    if (value === undefined) continue;
    if (out === base) out = { ...base };
    out[name] = LIMIT_CHECKS[name](name, value);
  }
  return out;
}

/** The client's limits: its options over its defaults (shared/defaults.ts), checked once, at creation. */
export function limitsOf(given: RequestOptions & { maxResponseBytes?: number | undefined }) {
  const limits: Limits & { maxResponseBytes: number } = withLimits(
    {
      timeoutMs: DEFAULT_TIMEOUT_MS,
      totalTimeoutMs: DEFAULT_TOTAL_TIMEOUT_MS,
      maxRetries: DEFAULT_MAX_RETRIES,
      maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
    },
    given,
  );
  if (given.maxResponseBytes !== undefined) {
    limits.maxResponseBytes = checkByteCount("maxResponseBytes", given.maxResponseBytes);
  }
  return limits;
}

/** A call's options over the client's `limits`: the client's own object when the call changes nothing. */
export function callOptionsOf(limits: CallOptions, options: RequestOptions | undefined): CallOptions {
  if (options === undefined) return limits;
  const call = withLimits(limits, options);
  if (options.headers === undefined) return call;
  return { ...call, headers: checkHeaders("headers", options.headers) };
}
