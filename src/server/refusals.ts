/**
 * The gateway's refusals of a request before it is routed: a head too large (431, where the host shows
 * it), a target too long (414), a body on a route that takes none (413, never read), and the per-caller
 * limit (429 with `Retry-After`). Each asks nothing upstream.
 */
import { errorBody, type GatewayAnswer, ownAnswer } from "./answers.js";
import type { CallerLimit } from "./caller-limit.js";
import type { GatewayRequest } from "./gateway-request.js";

/** The bounds the refusals keep. */
export interface RequestBounds {
  maxTargetLength: number;
  maxHeaderBytes: number;
}

/** The refusal of a request's head (431, 414), or undefined when it is within bounds. */
export function headRefusal(request: GatewayRequest, bounds: RequestBounds): GatewayAnswer | undefined {
  if (request.headerBytes !== undefined && request.headerBytes > bounds.maxHeaderBytes)
    return ownAnswer(
      431,
      errorBody(431, "Request Header Fields Too Large", "the request's headers are too large"),
    );
  if (request.target.length > bounds.maxTargetLength)
    return ownAnswer(414, errorBody(414, "URI Too Long", "the request target is too long"));
  return undefined;
}

/** The refusal of a body on a route that takes none. */
export const bodyRefused = (): GatewayAnswer =>
  ownAnswer(413, errorBody(413, "Payload Too Large", "requests have no body"));

/** The refusal of a caller past its limit, or undefined when it may go. */
export function callerRefusal(limit: CallerLimit, caller: string, now: number): GatewayAnswer | undefined {
  const verdict = limit(caller, now);
  if (verdict.ok) return undefined;
  return ownAnswer(
    429,
    errorBody(429, "Too Many Requests", "this caller's limit is spent: ask again after Retry-After"),
    { "retry-after": String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))) },
  );
}
