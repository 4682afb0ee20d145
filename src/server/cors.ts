/** CORS for the origins a gateway allows (none by default): the answer's headers and a preflight's. */
import type { GatewayAnswer } from "./answers.js";

/** The CORS headers for a caller from `origin`, or undefined when it is not allowed (or sent none). */
export function corsHeaders(
  allowed: ReadonlySet<string>,
  origin: string | null | undefined,
): Record<string, string> | undefined {
  if (!origin || allowed.size === 0) return undefined;
  if (!allowed.has(origin) && !allowed.has("*")) return undefined;
  return {
    "access-control-allow-origin": allowed.has("*") ? "*" : origin,
    "access-control-expose-headers": "etag, retry-after",
    vary: "origin",
  };
}

/** The answer to a preflight from an allowed origin: GET, with `If-None-Match`. */
export function preflight(cors: Record<string, string>): GatewayAnswer {
  return {
    status: 204,
    headers: {
      ...cors,
      "access-control-allow-methods": "GET",
      "access-control-allow-headers": "if-none-match",
      "access-control-max-age": "600",
    },
    body: "",
  };
}
