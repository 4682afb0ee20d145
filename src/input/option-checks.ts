/**
 * The checks of the client's and the calls' option values (durations, retries, rate, page maxima, byte
 * counts, headers). Each throws a {@link HiroValidationError} naming the option and what is allowed, before
 * anything is sent. Their defaults are in src/shared/defaults.ts; the base URL and the key are checked in
 * url-and-key-checks.ts.
 */
import { HiroValidationError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import type { ServiceName } from "../spec/services.js";
import { isWholeNumber } from "./whole-number.js";

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
  if (!isWholeNumber(value, 0, 10)) {
    throw new HiroValidationError(name, `must be an integer from 0 to 10; got ${String(value)}`);
  }
  return value;
}

/** Checks a rate in requests per second: a finite number > 0, at most 1 000 000. */
export function checkRate(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 1_000_000) {
    throw new HiroValidationError(
      name,
      `must be a number of requests per second > 0, at most 1000000; got ${String(value)}`,
    );
  }
  return value;
}

/** The deployment's largest accepted `limit`, per paged service (see `LookupClientOptions.maxLimit`). */
export interface MaxLimitOption {
  ordinals?: number | undefined;
  runes?: number | undefined;
}

/**
 * The page maximum `maxLimit` sets for `service`; undefined where it sets none (the spec's 60 holds; the
 * Token Metadata API's is fixed at 60).
 */
export const pageMaximumOf = (maxLimit: MaxLimitOption, service: ServiceName): number | undefined =>
  service === "metadata" ? undefined : maxLimit[service];

/** The largest page maximum a client takes in `maxLimit` for a service. */
export const MAX_LIMIT_CEILING = 1_000_000;

/** Checks `maxLimit`: an object whose `ordinals`/`runes`, when given, are integers from 1 to 1 000 000. */
export function checkMaxLimit(name: string, value: unknown): MaxLimitOption {
  if (value === undefined) return {};
  const allowed = "an object { ordinals?, runes? } of integers from 1 to 1000000";
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HiroValidationError(name, `must be ${allowed}; got ${printable(String(value), 40)}`);
  }
  const out: MaxLimitOption = {};
  for (const [key, max] of Object.entries(value)) {
    if (key !== "ordinals" && key !== "runes") {
      throw new HiroValidationError(name, `must be ${allowed}; got the key ${printable(key, 40)}`);
    }
    if (max === undefined) continue;
    if (!isWholeNumber(max, 1, MAX_LIMIT_CEILING)) {
      throw new HiroValidationError(name, `must be ${allowed}; got ${key}: ${printable(String(max), 40)}`);
    }
    out[key] = max;
  }
  return out;
}

/** Checks a byte count: a positive safe integer. */
export function checkByteCount(name: string, value: unknown): number {
  if (!isWholeNumber(value, 1)) {
    throw new HiroValidationError(name, `must be a whole number of bytes >= 1; got ${String(value)}`);
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
