/** CORS for the origins a gateway allows (none by default): the answer's headers and a preflight's. */
import type { GatewayAnswer } from "./answers.js";

/**
 * The request headers a browser may send by default: `If-None-Match`, and the trace context
 * OpenTelemetry's fetch instrumentation adds (W3C `traceparent`, `tracestate`, `baggage`).
 */
export const DEFAULT_ALLOWED_HEADERS = ["if-none-match", "traceparent", "tracestate", "baggage"] as const;

/** The CORS headers for a caller from `origin`, or undefined when it is not allowed (or sent none). */
export function corsHeaders(
  allowed: ReadonlySet<string>,
  origin: string | null | undefined,
  allowHeaders: readonly string[] = [],
): Record<string, string> | undefined {
  if (!origin || allowed.size === 0) return undefined;
  if (!allowed.has(origin) && !allowed.has("*")) return undefined;
  return {
    "access-control-allow-origin": allowed.has("*") ? "*" : origin,
    "access-control-expose-headers": "etag, retry-after, cache-status, age",
    "access-control-allow-headers": [...new Set([...DEFAULT_ALLOWED_HEADERS, ...allowHeaders])].join(", "),
    vary: "origin",
  };
}

/** The answer to a preflight from an allowed origin: GET and HEAD, with the allowed headers. */
export function preflight(cors: Record<string, string>): GatewayAnswer {
  return {
    status: 204,
    headers: {
      ...cors,
      "access-control-allow-methods": "GET, HEAD",
      "access-control-max-age": "600",
    },
    body: "",
  };
}
