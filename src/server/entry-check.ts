/**
 * A kept answer read back from a shared store, checked as the untrusted input it is: anyone who can
 * write to the store can put anything under a key. An entry is served only in a shape this gateway
 * would have written itself: a status it keeps (200, 404, 422), a JSON body that passes the answer
 * check (a 200's, the lookup's own), a JSON content type, an ETag of the entity-tag syntax, a time that
 * is not in the future, and no longer a freshness than this gateway gives. Anything else is refused,
 * with the reason, never thrown.
 */
import { type CachedAnswer, freshMsFor } from "./cache-policy.js";

/** How far an entry's `storedAt` may be ahead of this instance's clock (instances' clocks differ a little). */
const CLOCK_SKEW_MS = 5_000;
/** Longest ETag kept or served, in characters. */
const MAX_ETAG_LENGTH = 256;
/** An entity tag (RFC 9110 §8.8.3), printable ASCII only: `"…"` or `W/"…"`. */
const ETAG = /^(?:W\/)?"[\x21\x23-\x7e]*"$/;
/** A JSON media type, as the services label their answers, printable ASCII only. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json(?:\s*;[\x20-\x7e]*)?$/i;

/** What an entry is checked against. */
export interface EntryRules {
  /** This gateway's `fresh`: no entry is served fresh for longer than it would keep it. */
  fresh: number;
  /** Longest body, in characters. */
  maxBodyChars: number;
  now: number;
  /** Whether the lookup would accept `body` as a 200 of the question asked (the answer check). */
  accepts(body: string): boolean;
}

/** Whether a body of `status` may be kept: a 200 the lookup accepts, a 404 or 422 that is a JSON object. */
export function keepableBody(status: number, body: string, accepts: (body: string) => boolean): boolean {
  if (status === 200) return accepts(body);
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** Whether `value` is an entity tag the gateway may send. */
export const isEntityTag = (value: string): boolean => value.length <= MAX_ETAG_LENGTH && ETAG.test(value);

/** The entry `text` holds, checked; or why it is refused. */
export function checkedEntry(text: string, rules: EntryRules): CachedAnswer | { refused: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { refused: "not JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { refused: "not an object" };
  const entry = value as Record<string, unknown>;
  const { status, body, contentType, etag, storedAt, freshMs } = entry;
  if (typeof status !== "number") return { refused: "a status that is not a number" };
  const ownFreshMs = freshMsFor(status, rules.fresh);
  if (ownFreshMs === undefined) return { refused: `a status the gateway does not keep (${status})` };
  if (typeof body !== "string" || body.length > rules.maxBodyChars)
    return { refused: "a body too large or not text" };
  if (typeof contentType !== "string" || !JSON_MEDIA_TYPE.test(contentType))
    return { refused: "a content type that is not JSON" };
  if (etag !== undefined && (status !== 200 || typeof etag !== "string" || !isEntityTag(etag)))
    return { refused: "an ETag that is not an entity tag" };
  if (typeof storedAt !== "number" || !Number.isSafeInteger(storedAt) || storedAt < 0)
    return { refused: "a time that is not one" };
  if (storedAt > rules.now + CLOCK_SKEW_MS) return { refused: "a time in the future" };
  if (typeof freshMs !== "number" || !Number.isSafeInteger(freshMs) || freshMs < 0)
    return { refused: "a freshness that is not a whole number of ms" };
  if (!keepableBody(status, body, rules.accepts)) return { refused: "a body the answer check refuses" };
  return {
    status,
    body,
    contentType,
    etag,
    storedAt,
    // Never fresher than this gateway would keep it (a max-age of 999999999988 s is not served).
    freshMs: Math.min(freshMs, ownFreshMs),
  };
}
