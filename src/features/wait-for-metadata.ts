/**
 * `waitForMetadata`: the token metadata lookup, repeated while the service says the metadata is still
 * being fetched for the first time (422 "Token metadata fetch in progress"), until data or a deadline;
 * with `complete: true`, also while the token is being refreshed (refreshing-token.ts).
 */

import { HiroApiError, type HiroApiErrorOf, HiroTimeoutError } from "../errors/errors.js";
import { HiroWaitTimeoutError } from "../errors/wait-errors.js";
import { checkTimeout, type RequestOptions } from "../input/options.js";
import type { LookupClient } from "../lookups/client.js";
import { sleep as pause } from "../shared/sleep.js";
import type { SftMetadataParams, SftMetadataResponse } from "../spec/types.js";
import { isRefreshingToken } from "./refreshing-token.js";

/** Options of {@link waitForMetadata}. */
export interface WaitForMetadataOptions extends RequestOptions {
  /** Give up after this long, in ms. Default 60 000. */
  deadlineMs?: number | undefined;
  /** First wait between tries, in ms; doubles each time. Default 1 000. */
  initialDelayMs?: number | undefined;
  /** Longest wait between tries, in ms. Default 15 000. */
  maxDelayMs?: number | undefined;
  /**
   * Also wait while the token is being refreshed ({@link isRefreshingToken}: `metadata` without
   * `token_uri`, after a second mint), until its record is complete; at the deadline, the last answer is
   * returned as it is (check it with `isRefreshingToken`). Default false: the first 200 is returned.
   */
  complete?: boolean | undefined;
}

/**
 * While a token's metadata is first being fetched, a request with `locale` answers 422 "Locale not
 * found" (no locale exists yet). Such an answer is asked again without the locale: a `metadata_pending`
 * there is what it really means; any other answer keeps the locale error (the locale does not exist).
 */
async function pendingBehindLocale(
  client: Pick<LookupClient, "getSftMetadata">,
  params: SftMetadataParams,
  error: unknown,
  options: RequestOptions,
): Promise<unknown> {
  if (!(error instanceof HiroApiError && error.is("locale_not_found")) || !params.locale) return error;
  try {
    const { locale: _, ...withoutLocale } = params;
    await client.getSftMetadata(withoutLocale, options);
  } catch (probeError) {
    if (probeError instanceof HiroApiError && probeError.is("metadata_pending")) return probeError;
    if (probeError instanceof HiroApiError) return error;
    throw probeError;
  }
  return error;
}

/**
 * Looks up a token's metadata, asking again with backoff while it answers `metadata_pending`.
 * Any other error is thrown at once; a 422 "Locale not found" counts as pending while the token
 * itself is pending (asked once more without the locale to tell). Past `deadlineMs` it rejects with a
 * {@link HiroWaitTimeoutError} whose `lastError` (and `cause`) is the last `metadata_pending` error; `signal` aborts at any time.
 * Each try gets only the time left (a try still running at `deadlineMs` is aborted): the same error,
 * or a {@link HiroTimeoutError} when no answer came at all.
 */
export async function waitForMetadata(
  client: Pick<LookupClient, "getSftMetadata">,
  params: SftMetadataParams,
  options: WaitForMetadataOptions = {},
): Promise<SftMetadataResponse> {
  const {
    deadlineMs = 60_000,
    initialDelayMs = 1_000,
    maxDelayMs = 15_000,
    complete = false,
    ...request
  } = options;
  for (const [name, value] of Object.entries({ deadlineMs, initialDelayMs, maxDelayMs })) {
    checkTimeout(name, value);
  }
  const deadline = Date.now() + deadlineMs;
  let lastError: HiroApiErrorOf<"metadata_pending"> | undefined;
  const overdue = () =>
    lastError
      ? new HiroWaitTimeoutError(deadlineMs, lastError)
      : new HiroTimeoutError(deadlineMs, {
          message: `getSftMetadata: no answer within ${deadlineMs} ms (waitForMetadata deadlineMs)`,
        });
  for (let delay = initialDelayMs; ; delay = Math.min(delay * 2, maxDelayMs)) {
    const late = new AbortController();
    const timer = setTimeout(() => late.abort(overdue()), Math.max(0, deadline - Date.now()));
    const signal = request.signal ? AbortSignal.any([request.signal, late.signal]) : late.signal;
    try {
      const token = await client.getSftMetadata(params, { ...request, signal });
      const left = deadline - Date.now();
      if (!complete || !isRefreshingToken(token) || left <= 0) return token;
      await pause(Math.min(delay, left), request.signal);
    } catch (thrown) {
      if (late.signal.aborted && !request.signal?.aborted) throw late.signal.reason;
      const error = await pendingBehindLocale(client, params, thrown, { ...request, signal }).catch(
        (probeError: unknown) => {
          throw late.signal.aborted && !request.signal?.aborted ? late.signal.reason : probeError;
        },
      );
      if (!(error instanceof HiroApiError && error.is("metadata_pending"))) throw error;
      lastError = error;
      const left = deadline - Date.now();
      if (left <= 0) throw new HiroWaitTimeoutError(deadlineMs, error);
      await pause(Math.min(delay, left), request.signal);
    } finally {
      clearTimeout(timer);
    }
  }
}
