/**
 * The gateway's web-standard face: a `Request` read into the gateway's plain request (its head only,
 * the body never read but on the one route that takes one), the caller told by what the host passes,
 * and the plain answer made a `Response`.
 *
 * Hosts call a fetch handler in their own ways, and the second argument is read for who is calling:
 * `Deno.serve` calls `handler(request, info)` (`info.remoteAddr.hostname`), `Bun.serve` calls
 * `fetch(request, server)` (`server.requestIP(request).address`), and anyone may pass `{ callerKey }`.
 * A Worker calls `fetch(request, env, ctx)`: its `env` is the Worker's bindings, never read; a Worker
 * (or Next.js, behind its proxy) names the caller through the `callerKey` option instead.
 */
import { GATEWAY_DEFAULTS } from "../shared/defaults.js";
import { errorBody, type GatewayAnswer, ownAnswer } from "./answers.js";
import { boundedText } from "./chainhooks-route.js";
import type { GatewayRequest } from "./gateway-request.js";
import type { CallerKeyOf } from "./options.js";

/** What the host may pass beside the request: `{ callerKey }`, or its own info (Deno's, Bun's server). */
export interface CallerInfo {
  /** Who is calling (an IP address): the per-caller limit's key. */
  callerKey?: string | undefined;
}

/**
 * The web-standard handler: `(request, info?) => Promise<Response>`. `info` is what the host passes beside
 * the request; a Worker's `(request, env, ctx)` is told by its `ctx`, and its `env` never read.
 */
export type LookupFetchHandler = (
  request: Request,
  info?: CallerInfo | object,
  ctx?: unknown,
) => Promise<Response>;

/** The longest caller key kept (a longer one is cut): a key is a bucket of the per-caller limit. */
const MAX_CALLER_KEY = 200;

/** The caller's key from what the host passed beside the request, or undefined. Never throws. */
function hostCallerKey(request: Request, info: unknown, third: unknown): string | undefined {
  if (typeof info !== "object" || info === null) return undefined;
  // A Worker's fetch(request, env, ctx): env holds the Worker's bindings, not the caller.
  if (typeof third === "object" && third !== null && "waitUntil" in third) return undefined;
  try {
    const given = info as {
      callerKey?: unknown;
      remoteAddr?: { hostname?: unknown } | null;
      requestIP?: unknown;
    };
    if (typeof given.callerKey === "string") return given.callerKey;
    // Deno.serve's ServeHandlerInfo.
    const hostname = given.remoteAddr?.hostname;
    if (typeof hostname === "string") return hostname;
    // Bun.serve's Server: requestIP(request) is { address, family, port }, or null.
    if (typeof given.requestIP === "function") {
      const address = (given.requestIP(request) as { address?: unknown } | null | undefined)?.address;
      if (typeof address === "string") return address;
    }
  } catch {
    // A getter that throws is no key.
  }
  return undefined;
}

/** The bytes of a request's header names and values (as the host shows them: joined, lower-cased). */
function headerBytesOf(headers: Headers): number {
  let bytes = 0;
  for (const [name, value] of headers) bytes += name.length + value.length;
  return bytes;
}

/** What the web face needs of the gateway. */
export interface WebFaceParts {
  answer(request: GatewayRequest): Promise<GatewayAnswer>;
  takesBody(method: string, target: string): boolean;
  /** Whether the per-caller limit is on (the caller's key is read only then). */
  limitsCallers: boolean;
  callerKey?: CallerKeyOf | undefined;
}

/** The gateway's web-standard handler. */
export function webHandler(parts: WebFaceParts): LookupFetchHandler {
  const keyOf = (request: Request, info: unknown, third: unknown): string | undefined => {
    let key: string | null | undefined;
    try {
      key = parts.callerKey?.(request, info);
    } catch {
      key = undefined;
    }
    if (typeof key !== "string" || key === "") key = hostCallerKey(request, info, third);
    return key?.slice(0, MAX_CALLER_KEY);
  };
  return async (request, info, third) => {
    const url = new URL(request.url);
    const target = url.pathname + url.search;
    const { headers } = request;
    const takesBody = parts.takesBody(request.method, target);
    const length = headers.get("content-length");
    const result = await parts.answer({
      method: request.method,
      target,
      ifNoneMatch: headers.get("if-none-match"),
      origin: headers.get("origin"),
      headerBytes: headerBytesOf(headers),
      // Read from the head, and from whether the host gave a body at all: never by reading it.
      bodyAnnounced:
        !takesBody &&
        ((length !== null && length !== "0") || headers.has("transfer-encoding") || request.body !== null),
      ...(parts.limitsCallers ? { callerKey: keyOf(request, info, third) } : {}),
      ...(takesBody
        ? {
            authorization: headers.get("authorization"),
            body: await boundedText(request, GATEWAY_DEFAULTS.maxHookBytes),
          }
        : {}),
    });
    const empty = result.status === 304 || result.status === 204 || request.method === "HEAD";
    try {
      return new Response(empty ? null : result.body, { status: result.status, headers: result.headers });
    } catch {
      // A status or header the runtime cannot send: a bare 500, never a throw to the host.
      const failed = ownAnswer(500, errorBody(500, "Internal Server Error", "the gateway failed"));
      return new Response(failed.body, { status: 500, headers: failed.headers });
    }
  };
}
