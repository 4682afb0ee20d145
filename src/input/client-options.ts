/**
 * Every option of `createLookupClient` that takes a value to check, checked once, in one place, into one
 * typed value the client builds its layers from: where each service lives, the headers, the limits over
 * their defaults, the page maxima and the rate ceiling. Each refusal is a {@link HiroValidationError}
 * naming the option, thrown before anything is made. (The log's level and logger are checked by the log.)
 */

import {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TOTAL_TIMEOUT_MS,
} from "../shared/defaults.js";
import type { BaseUrlOption } from "../spec/service-hosts.js";
import type { ServiceName } from "../spec/services.js";
import { type Limits, withLimits } from "./limits.js";
import {
  checkByteCount,
  checkHeaders,
  checkMaxLimit,
  checkRate,
  type MaxLimitOption,
} from "./option-checks.js";
import { type Routes, routesOf } from "./service-routes.js";

/** The options checked here, as `createLookupClient` takes them. */
export interface ClientOptionValues {
  baseUrl?: BaseUrlOption | undefined;
  apiKey?: string | undefined;
  apiKeyServices?: readonly ServiceName[] | undefined;
  headers?: HeadersInit | undefined;
  timeoutMs?: number | undefined;
  totalTimeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  maxResponseBytes?: number | undefined;
  maxLimit?: MaxLimitOption | undefined;
  maxRequestsPerSecond?: number | undefined;
}

/** The client's options, checked, each default filled in. */
export interface CheckedClientOptions {
  /** Each service's base URL, origin and key, or none (service-routes.ts). */
  routes: Routes;
  headers: Headers | undefined;
  limits: Limits & { maxResponseBytes: number };
  /** The deployment's page maximum per paged service; `{}` when none is given. */
  maxLimit: MaxLimitOption;
  maxRequestsPerSecond: number | undefined;
}

/** Checks `options` in the order a reader meets them: where the services are, then what each call may do. */
export function checkClientOptions(options: ClientOptionValues): CheckedClientOptions {
  const routes = routesOf(options.baseUrl, options.apiKey, options.apiKeyServices);
  const headers = checkHeaders("headers", options.headers);
  const timing = withLimits(
    {
      timeoutMs: DEFAULT_TIMEOUT_MS,
      totalTimeoutMs: DEFAULT_TOTAL_TIMEOUT_MS,
      maxRetries: DEFAULT_MAX_RETRIES,
    },
    options,
  );
  const maxResponseBytes =
    options.maxResponseBytes === undefined
      ? DEFAULT_MAX_RESPONSE_BYTES
      : checkByteCount("maxResponseBytes", options.maxResponseBytes);
  const limits = { ...timing, maxResponseBytes };
  const maxLimit = checkMaxLimit("maxLimit", options.maxLimit);
  const maxRequestsPerSecond =
    options.maxRequestsPerSecond === undefined
      ? undefined
      : checkRate("maxRequestsPerSecond", options.maxRequestsPerSecond);
  return { routes, headers, limits, maxLimit, maxRequestsPerSecond };
}
