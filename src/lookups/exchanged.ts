/**
 * An exchange's answer as facts (exchange.ts and exchange-through.ts build it, judge.ts and the gateway
 * read it), and the client's settings every exchange runs on.
 */
import type { Client } from "openapi-fetch";
import { withoutSecret } from "../errors/without-secret.js";
import type { Routes } from "../input/service-routes.js";
import type { RawPaths } from "../spec/types.js";
import type { LoopSettings } from "../transport/attempts.js";
import type { RateLimitInfo } from "../transport/pacer/rate-limit-headers.js";
import type { AttemptLimits, pipelineFetch } from "../transport/pipeline.js";

/**
 * What the client fixes for every call, built once, complete (client.ts): the attempt loop's settings
 * and the client's limits, the routes, and the one openapi-fetch client with the pipeline under it.
 */
export interface LookupSettings extends LoopSettings, AttemptLimits {
  totalTimeoutMs: number;
  /** Each service's base URL and key (input/service-routes.ts). */
  routes: Routes;
  /** The client's `headers` option. */
  clientHeaders: Headers | undefined;
  /**
   * The client's one openapi-fetch instance, `raw` itself (its middleware, its path guard): calls go
   * through it when middleware or a custom fetch could see them. The pipeline is under it.
   */
  client: Client<RawPaths>;
  /** The pipeline under `client` (pipeline.ts), given this call's limits and deadline. */
  send: ReturnType<typeof pipelineFetch>;
  /** Whether the direct path may be taken now: no middleware, no custom fetch. */
  direct(): boolean;
}

/** One call's final answer, as facts. */
export interface Exchange {
  /** The URL the call was built for (without a key: the key is a header). */
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  /** The body's text, for every status (`""` when there is none); a 2xx's in full, a refusal's within 16 KiB past the JSON budget. */
  readonly text: string;
  /** The final Response (its body read already). */
  readonly response: Response;
  /** Attempts made; none when a middleware answered the call itself. */
  readonly attempts: number | undefined;
  /** A refusal's `Retry-After`, in ms (none for a 2xx). */
  readonly retryAfterMs: number | undefined;
  /** What the answer announced of the rate limit (`ratelimit-*` and `Retry-After`), as the pacer reads it. */
  readonly rateLimit: RateLimitInfo;
  /** `value` (server text, or a parsed body) with the service's own API key blanked, should it echo it. */
  withoutKey<T>(value: T): T;
}

/** The exchange's facts of a final answer. */
export function exchanged(
  url: string,
  response: Response,
  text: string,
  attempts: number | undefined,
  rateLimit: RateLimitInfo,
  key: string | undefined,
): Exchange {
  return {
    url,
    status: response.status,
    headers: response.headers,
    text,
    response,
    attempts,
    retryAfterMs: response.ok ? undefined : rateLimit.retryAfterMs,
    rateLimit,
    withoutKey: (value) => withoutSecret(value, key),
  };
}
