/**
 * The limits a client or a call may set (each attempt's timeout, the whole call's, the retries), each
 * checked by its own rule: the client's over the defaults once at creation (client-options.ts), a call's
 * over the client's only when the call gives them (src/lookups/call-options.ts).
 */
import { checkRetries, checkTimeout } from "./option-checks.js";

/** The limits of a client or a call. */
export interface Limits {
  timeoutMs: number;
  totalTimeoutMs: number;
  maxRetries: number;
}

const LIMIT_CHECKS: Readonly<Record<keyof Limits, (name: string, value: unknown) => number>> = {
  timeoutMs: checkTimeout,
  totalTimeoutMs: checkTimeout,
  maxRetries: checkRetries,
};

/** `base` with the limits `given` sets (checked); `base` itself when `given` sets none. */
export function withLimits<T extends Limits>(
  base: T,
  given: { [K in keyof Limits]?: number | undefined },
): T {
  let out = base;
  for (const name of Object.keys(LIMIT_CHECKS) as (keyof Limits)[]) {
    const value = given[name];
    if (value === undefined) continue;
    if (out === base) out = { ...base };
    out[name] = LIMIT_CHECKS[name](name, value);
  }
  return out;
}
