/**
 * One upstream request, through the lookup client's `raw` openapi-fetch client: the client's pipeline
 * adds the key for its own origin only, retries, times out, caps the body and never follows a redirect.
 * What comes back is what a caller may see: status, body (with the key blanked, should a service echo
 * it), content type, ETag, and the rate-limit facts for the pace. Never a cookie or another header.
 */
import { withoutSecret } from "../errors/without-secret.js";
import type { LookupClient, OperationId } from "../index.js";
import type { LookupRequest } from "../lookups/lookup.js";
import { operations } from "../spec/index.js";
import { readRateLimit } from "../transport/pacer/rate-limit-headers.js";
import { parseRetryAfter } from "../transport/retry.js";
import type { PaceLesson } from "./pace.js";

/** An upstream answer, reduced to what the gateway passes on and learns from. */
export interface UpstreamAnswer {
  status: number;
  body: string;
  contentType: string;
  etag: string | undefined;
  /** Upstream's `Retry-After` on a 429 or 503, in ms. */
  retryAfterMs: number | undefined;
  lesson: PaceLesson;
}

/** What openapi-fetch answers with `parseAs: "text"`: the text of a 2xx, the parsed body of another. */
interface RawAnswer {
  data?: string;
  error?: unknown;
  response: Response;
}

/** Asks upstream for `request` of `operationId`, with `If-None-Match: etag` when given. */
export async function askUpstream(
  client: LookupClient,
  apiKey: string | undefined,
  operationId: OperationId,
  request: LookupRequest,
  etag: string | undefined,
  now: () => number,
  signal?: AbortSignal,
): Promise<UpstreamAnswer> {
  // openapi-fetch types GET per path; the gateway calls it with a path of the operation table, as text.
  const path = operations[operationId].path as Parameters<LookupClient["raw"]["GET"]>[0];
  const init = {
    params: request,
    parseAs: "text",
    ...(etag === undefined ? {} : { headers: { "if-none-match": etag } }),
    ...(signal === undefined ? {} : { signal }),
  } as const;
  const { data, error, response }: RawAnswer = await client.raw.GET(path, init as never);
  const text = data ?? (error === undefined ? "" : typeof error === "string" ? error : JSON.stringify(error));
  const at = now();
  const limit = readRateLimit(response.headers, at);
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), at);
  const lesson: PaceLesson =
    response.status === 429
      ? { refusedForMs: retryAfterMs ?? limit.resetMs ?? 1_000 }
      : { remaining: limit.remaining, resetMs: limit.resetMs };
  return {
    status: response.status,
    body: withoutSecret(text, apiKey),
    contentType: response.headers.get("content-type") ?? "application/json; charset=utf-8",
    etag: response.headers.get("etag") ?? undefined,
    retryAfterMs,
    lesson,
  };
}
