/**
 * The gateway's caching rules, each a small pure function: what is kept and for how long, when a kept
 * answer is revalidated with `If-None-Match`, and the `Cache-Control` a caller is told. Upstream marks
 * its 200s `public, no-cache, must-revalidate` with an ETag, and every request, a 304 included, spends
 * the key's quota: so the gateway serves a kept answer for `fresh` ms without asking, then revalidates.
 */
import type { OperationId } from "../index.js";
import { GATEWAY_DEFAULTS } from "../shared/defaults.js";

/** An answer as the gateway keeps it (JSON in a store): the service's status, body and validators. */
export interface CachedAnswer {
  status: number;
  body: string;
  contentType: string;
  etag?: string | undefined;
  /** When it was answered or last revalidated, in ms since the epoch. */
  storedAt: number;
  /** How long it is served without asking, in ms from `storedAt`. */
  freshMs: number;
}

/** How long a token still being fetched (422 `metadata_pending`) is served without asking, at most, in ms. */
export const PENDING_FRESH_MS = GATEWAY_DEFAULTS.pendingFreshMs;

/**
 * How long an answer of `status` is kept without asking, in ms, or undefined when it is not kept: a 200
 * and a 404 (a token or contract unknown: it stays unknown until it is deployed) for `fresh`; a 422 for
 * at most {@link PENDING_FRESH_MS} (pending metadata, or a token error that a refresh can clear); never
 * a 400 from upstream, a 429, a 5xx or anything else (they say nothing lasting about the token).
 */
export function freshMsFor(status: number, fresh: number): number | undefined {
  if (status === 200 || status === 404) return fresh;
  if (status === 422) return Math.min(fresh, PENDING_FRESH_MS);
  return undefined;
}

/** Whether `entry` may be served at `now` without asking upstream. */
export const isFresh = (entry: CachedAnswer, now: number): boolean => now - entry.storedAt < entry.freshMs;

/**
 * Whether a kept answer of `operationId` may be revalidated by its ETag (`If-None-Match`), or must be
 * asked again whole. Not the fungible-token list: its ETag is the chain tip, and a token processed
 * without a new block keeps it (a 304 would keep the list stale until the next block). Not a request
 * with `locale`: upstream computes its ETag from another token (the URL's last segment holds the query).
 */
export function revalidatesByEtag(
  operationId: OperationId,
  canonical: Readonly<Record<string, unknown>>,
): boolean {
  return operationId !== "getFungibleTokens" && canonical.locale === undefined;
}

/** The `Cache-Control` a caller gets with `entry` at `now`: the freshness left, in whole seconds. */
export function cacheControlOf(entry: CachedAnswer | undefined, now: number): string {
  if (entry === undefined) return "no-store";
  const left = Math.floor((entry.storedAt + entry.freshMs - now) / 1000);
  return left > 0 ? `public, max-age=${left}` : "no-cache";
}
