/**
 * `waitForMetadata`: the token metadata lookup, repeated while the service says the metadata is still
 * being fetched for the first time (422 "Token metadata fetch in progress"), until data or a deadline.
 * Each try gets only the time left before the deadline. Built on the public client only.
 */

import { HiroApiError, type HiroApiErrorOf, HiroTimeoutError } from "../errors/errors.js";
import { HiroWaitTimeoutError } from "../errors/wait-errors.js";
import { checkTimeout, type RequestOptions } from "../input/options.js";
import type { LookupClient } from "../lookups/client.js";
import type { SftMetadataParams, SftMetadataResponse } from "../spec/types.js";

/** Options of {@link waitForMetadata}. */
export interface WaitForMetadataOptions extends RequestOptions {
  /** Give up after this long, in ms; each try gets only what is left of it. Default 60 000. */
  deadlineMs?: number | undefined;
  /** First wait between tries, in ms; doubles each time. Default 1 000. */
  initialDelayMs?: number | undefined;
  /** Longest wait between tries, in ms. Default 15 000. */
  maxDelayMs?: number | undefined;
}

type Pending = HiroApiErrorOf<"metadata_pending">;
const isPending = (error: unknown): error is Pending =>
  error instanceof HiroApiError && error.is("metadata_pending");

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. Leaves no timer behind. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Looks up a token's metadata, asking again with backoff while it answers `metadata_pending`.
 * With `locale`, the service answers `locale_not_found` for a token still being fetched (it checks the
 * locale first): the wait then asks once without `locale`, and goes on waiting only if that answer is
 * `metadata_pending` (a token that has its metadata but not in that locale rejects at once).
 * Any other error is thrown at once. Past `deadlineMs` it rejects with a {@link HiroWaitTimeoutError}
 * whose `lastError` (and `cause`) is the last `metadata_pending` error (a try cut short by the deadline
 * before any such answer rejects with its {@link HiroTimeoutError}); `signal` aborts at any time.
 */
export async function waitForMetadata(
  client: Pick<LookupClient, "getSftMetadata">,
  params: SftMetadataParams,
  options: WaitForMetadataOptions = {},
): Promise<SftMetadataResponse> {
  const { deadlineMs = 60_000, initialDelayMs = 1_000, maxDelayMs = 15_000, ...request } = options;
  for (const [name, value] of Object.entries({ deadlineMs, initialDelayMs, maxDelayMs })) {
    checkTimeout(name, value);
  }
  const deadline = Date.now() + deadlineMs;
  let last: Pending | undefined;
  // Each try ends by the deadline: the caller's totalTimeoutMs, if shorter, still holds.
  const within = (): RequestOptions => {
    const left = Math.max(1, deadline - Date.now());
    const total = request.totalTimeoutMs;
    return { ...request, totalTimeoutMs: total === undefined ? left : Math.min(total, left) };
  };
  for (let delay = initialDelayMs; ; delay = Math.min(delay * 2, maxDelayMs)) {
    try {
      return await client.getSftMetadata(params, within());
    } catch (error) {
      if (last && error instanceof HiroTimeoutError && Date.now() >= deadline) {
        throw new HiroWaitTimeoutError(deadlineMs, last);
      }
      if (isPending(error)) last = error;
      else if (params.locale && error instanceof HiroApiError && error.is("locale_not_found")) {
        // Pending, or really no such locale? The answer without a locale tells.
        const { locale: _, ...bare } = params;
        const pending = await client.getSftMetadata(bare, within()).then(
          () => undefined,
          (other: unknown) => (isPending(other) ? other : undefined),
        );
        if (!pending) throw error;
        last = pending;
      } else throw error;
      const left = deadline - Date.now();
      if (left <= 0) throw new HiroWaitTimeoutError(deadlineMs, last);
      await pause(Math.min(delay, left), request.signal);
    }
  }
}
