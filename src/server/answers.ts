/**
 * The gateway's answers as plain data (status, headers, body), so the web handler and the Node adapter
 * share them: the Node adapter writes them without building a `Request` or a `Response`.
 */
import { HiroApiError, type HiroError, HiroTimeoutError } from "../index.js";
import { GATEWAY_DEFAULTS } from "../shared/defaults.js";
import { type CachedAnswer, cacheControlOf } from "./cache-policy.js";

/** An answer of the gateway. */
export interface GatewayAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /**
   * `body` as UTF-8, when the gateway prepared it (a memory hit's, encoded once): a writer may send
   * these bytes instead of encoding `body`. A copy of the answer with another body leaves them out.
   */
  bytes?: Uint8Array | undefined;
}

/** The content type of every answer the gateway keeps or writes: each passed the JSON check first. */
export const JSON_TYPE = "application/json; charset=utf-8";
/** Headers on every answer: no browser reads one as anything but its content type says. */
export const ALWAYS = { "x-content-type-options": "nosniff" } as const;

/** A JSON answer the gateway writes itself (a refusal, an error), never kept. */
export function ownAnswer(
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): GatewayAnswer {
  return {
    status,
    headers: {
      "content-type": JSON_TYPE,
      "cache-control": "no-store",
      "cache-status": `${CACHE_NAME}; detail="the gateway's own answer"`,
      ...ALWAYS,
      ...headers,
    },
    body: JSON.stringify(body),
  };
}

/**
 * How a kept answer was had, as `Cache-Status` (RFC 9211) says it: from this cache (`hit`), or asked
 * upstream (`fwd`: `miss` when nothing was kept, `stale` when a kept answer was revalidated or refetched,
 * with upstream's status), served stale while upstream failed, and `collapsed` for a caller that waited
 * on another's request.
 */
export interface EntryHow {
  how: "hit" | "shared_hit" | "miss" | "revalidated" | "refetched" | "stale";
  /** Upstream's status, when it was asked and answered. */
  upstreamStatus?: number | undefined;
  collapsed?: boolean | undefined;
}

/** The name the gateway's `Cache-Status` entries carry. */
const CACHE_NAME = "hiro-lookup";

/** The `Cache-Status` of a kept answer at `now`. */
function cacheStatusOf(
  entry: CachedAnswer,
  now: number,
  { how, upstreamStatus, collapsed }: EntryHow,
): string {
  const parts = [CACHE_NAME];
  if (how === "hit" || how === "shared_hit") parts.push("hit");
  else parts.push(how === "miss" ? "fwd=miss" : "fwd=stale");
  if (upstreamStatus !== undefined && how !== "hit" && how !== "shared_hit")
    parts.push(`fwd-status=${upstreamStatus}`);
  if (how === "miss" || how === "revalidated" || how === "refetched") parts.push("stored");
  if (collapsed) parts.push("collapsed");
  parts.push(`ttl=${Math.floor((entry.storedAt + entry.freshMs - now) / 1000)}`);
  if (how === "shared_hit") parts.push('detail="shared"');
  if (how === "stale") parts.push('detail="served stale: upstream failed or the budget is spent"');
  return parts.join("; ");
}

/** The `Cache-Status` of an answer passed on from upstream, not kept. */
export const passedOnStatus = (status: number, collapsed: boolean): string =>
  `${CACHE_NAME}; fwd=miss; fwd-status=${status}${collapsed ? "; collapsed" : ""}`;

/** A kept (or just fetched) answer as a caller gets it at `now`: `304` when the caller's tag matches. */
export function entryAnswer(
  entry: CachedAnswer,
  now: number,
  notModified: boolean,
  how: EntryHow = { how: "hit" },
): GatewayAnswer {
  // JSON, whatever upstream labelled it: only a body that passed the JSON check is kept.
  const headers: Record<string, string> = {
    "content-type": JSON_TYPE,
    "cache-control": cacheControlOf(entry, now),
    "cache-status": cacheStatusOf(entry, now, how),
    age: String(Math.max(0, Math.floor((now - entry.storedAt) / 1000))),
    ...ALWAYS,
  };
  if (entry.etag !== undefined) headers.etag = entry.etag;
  return notModified
    ? { status: 304, headers, body: "" }
    : { status: entry.status, headers, body: entry.body };
}

/** Fastify's shape for the gateway's own errors (a 429, a 502…), as the services write theirs. */
export const errorBody = (statusCode: number, error: string, message: string) => ({
  statusCode,
  error,
  message,
});

/** A 429 the gateway answers itself when the upstream budget is spent for longer than it waits. */
export const spent = (ms: number): GatewayAnswer =>
  ownAnswer(
    429,
    errorBody(429, "Too Many Requests", "the upstream rate limit is spent: ask again after Retry-After"),
    { "retry-after": String(Math.max(1, Math.ceil(ms / 1000))) },
  );

/** The answer a caller gets when upstream could not be asked, as a 502 or 504 in the service's words. */
export function unreachable(error: HiroError): GatewayAnswer {
  if (error instanceof HiroApiError && error.status === 429)
    return spent(error.retryAfterMs ?? GATEWAY_DEFAULTS.refusedFallbackMs);
  const timeout = error instanceof HiroTimeoutError;
  return ownAnswer(
    timeout ? 504 : 502,
    errorBody(
      timeout ? 504 : 502,
      timeout ? "Gateway Timeout" : "Bad Gateway",
      timeout ? "the service did not answer in time" : "the service could not be reached",
    ),
  );
}
