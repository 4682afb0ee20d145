/**
 * `waitForMetadata`: the token metadata lookup, repeated while the service says the metadata is still
 * being fetched for the first time (422 "Token metadata fetch in progress"), until data or a deadline;
 * with `complete: true`, also while the token is being refreshed (refreshing-token.ts).
 */

import { HiroApiError, type HiroApiErrorOf, HiroTimeoutError } from "../errors/errors.js";
import { HiroWaitTimeoutError } from "../errors/wait-errors.js";
import { checkTimeout } from "../input/option-checks.js";
import type { RequestOptions } from "../lookups/call-options.js";
import type { LookupClient } from "../lookups/client.js";
import { WAIT_FOR_METADATA_DEFAULTS } from "../shared/defaults.js";
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
   * returned as it is (check it with `isRefreshingToken`), also when a try was still running then. Default
   * false: the first 200 is returned.
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
 * or a {@link HiroTimeoutError} when no answer came at all. A wait between tries never runs into the
 * deadline: the next try must still have as long as the last one took, else the wait ends there. With
 * `complete`, a wait whose last answer was a 200 (a token still being refreshed) resolves with that answer
 * at its deadline, never with a timeout.
 */
export async function waitForMetadata(
  client: Pick<LookupClient, "getSftMetadata">,
  params: SftMetadataParams,
  options: WaitForMetadataOptions = {},
): Promise<SftMetadataResponse> {
  const {
    deadlineMs = WAIT_FOR_METADATA_DEFAULTS.deadlineMs,
    initialDelayMs = WAIT_FOR_METADATA_DEFAULTS.initialDelayMs,
    maxDelayMs = WAIT_FOR_METADATA_DEFAULTS.maxDelayMs,
    complete = false,
    ...request
  } = options;
  for (const [name, value] of Object.entries({ deadlineMs, initialDelayMs, maxDelayMs })) {
    checkTimeout(name, value);
  }
  const deadline = Date.now() + deadlineMs;
  let lastError: HiroApiErrorOf<"metadata_pending"> | undefined;
  /** A `complete` wait's last 200 (a token being refreshed): what the wait returns at its deadline. */
  let lastToken: SftMetadataResponse | undefined;
  const overdue = () =>
    lastError
      ? new HiroWaitTimeoutError(deadlineMs, lastError)
      : new HiroTimeoutError(deadlineMs, {
          operationId: "getSftMetadata",
          summary: `no answer within ${deadlineMs} ms (waitForMetadata deadlineMs)`,
        });
  /**
   * How long to wait before the next try, or undefined when no try fits any more: the next one must
   * still have as long as the last one took (a try that starts at the deadline has no time to answer).
   */
  const pauseBefore = (delay: number, started: number): number | undefined => {
    const now = Date.now();
    const room = deadline - now - (now - started);
    return room > 0 ? Math.min(delay, room) : undefined;
  };
  for (let delay = initialDelayMs; ; delay = Math.min(delay * 2, maxDelayMs)) {
    const late = new AbortController();
    const timer = setTimeout(() => late.abort(overdue()), Math.max(0, deadline - Date.now()));
    const signal = request.signal ? AbortSignal.any([request.signal, late.signal]) : late.signal;
    const started = Date.now();
    try {
      const token = await client.getSftMetadata(params, { ...request, signal });
      if (!complete || !isRefreshingToken(token)) return token;
      [lastToken, lastError] = [token, undefined];
      const wait = pauseBefore(delay, started);
      if (wait === undefined) return token;
      await pause(wait, request.signal);
    } catch (thrown) {
      if (late.signal.aborted && !request.signal?.aborted) {
        // The deadline came during a try: the last answer stands (a 200 is returned as it is).
        if (lastToken) return lastToken;
        throw late.signal.reason;
      }
      const error = await pendingBehindLocale(client, params, thrown, { ...request, signal }).catch(
        (probeError: unknown) => {
          throw late.signal.aborted && !request.signal?.aborted ? late.signal.reason : probeError;
        },
      );
      if (!(error instanceof HiroApiError && error.is("metadata_pending"))) throw error;
      [lastToken, lastError] = [undefined, error];
      const wait = pauseBefore(delay, started);
      if (wait === undefined) throw new HiroWaitTimeoutError(deadlineMs, error);
      await pause(wait, request.signal);
    } finally {
      clearTimeout(timer);
    }
  }
}
