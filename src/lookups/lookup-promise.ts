/**
 * `.withResponse()` on a lookup's promise (issue 28, as openai-node's `APIPromise` has it): the data
 * with the final `Response` beside it and the rate limit it announced, read as the pacer reads it.
 * Awaiting the promise itself still gives the data alone.
 */

import type { Log } from "../observe/log.js";
import { type LookupTraceMessage, observeLookup } from "../observe/lookup-outcome.js";
import type { RateLimitInfo } from "../transport/pacer/rate-limit-headers.js";
import type { LookupResult } from "./lookup.js";

/** What an answer announced about the service's rate limit (`ratelimit-*` headers). */
export interface RateLimit {
  /** Requests allowed per window (`ratelimit-limit`), at most a billion. */
  limit: number | undefined;
  /** Requests left in the window (`ratelimit-remaining`), at most a billion. */
  remaining: number | undefined;
  /** When the window resets, in ms from the answer (`ratelimit-reset`, delta seconds or a Unix time), at most a day. */
  resetMs: number | undefined;
}

/** A lookup's data with its final answer. */
export interface WithResponse<T> {
  data: T;
  /** The final `Response` (status, headers); its body has been read already. */
  response: Response;
  /** The rate limit it announced, or undefined when it sent no `ratelimit-*` header. */
  rateLimit: RateLimit | undefined;
}

/** The promise of a single-request lookup: the data, and `.withResponse()` for the answer beside it. */
export interface LookupPromise<T> extends Promise<T> {
  /** The data with the final `Response` and its rate limit; rejects as the lookup does. */
  withResponse(): Promise<WithResponse<T>>;
}

/**
 * The rate limit an answer announced (as the attempt loop read it for the pacer, held to the same bounds:
 * counts to a billion, the reset to a day), or undefined when it announced none.
 */
function announced({ limit, remaining, resetMs }: RateLimitInfo): RateLimit | undefined {
  return limit === undefined && remaining === undefined && resetMs === undefined
    ? undefined
    : { limit, remaining, resetMs };
}

/**
 * Runs a lookup as a {@link LookupPromise}: traced, its outcome logged (lookup-outcome.ts). `run` returns
 * the lookup's record (its data, final answer and attempts); the promise gives the data, and
 * `.withResponse()` the data with the answer beside it.
 */
export function lookupPromise<T>(
  about: LookupTraceMessage,
  run: () => Promise<LookupResult<T>>,
  now: () => number,
  log: Log | undefined,
): LookupPromise<T> {
  const result = observeLookup(about, run, log, now);
  const data = result.then((answered) => answered.data);
  return Object.assign(data, {
    // After `data`: a caller who asks only for `.withResponse()` has then handled its rejection too.
    withResponse: () =>
      data.then(async () => {
        const { data, response, rateLimit } = await result;
        return { data, response, rateLimit: announced(rateLimit) };
      }),
  });
}
