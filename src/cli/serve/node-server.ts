/**
 * `serve`'s Node adapter: a `node:http` server that hands each request's method, target and two headers
 * to the gateway and writes its plain answer (no `Request` or `Response` built on the hit path). Limits
 * against callers: request target and headers bounded, no body accepted, slow clients cut off by the
 * server's timeouts, an optional per-IP limit; `/healthz` and `/metrics` beside the spec's routes.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { GATEWAY_DEFAULTS, type GatewayAnswer, type LookupGateway } from "../../server/index.js";
import type { IpLimit } from "./ip-limit.js";

/** Request limits of the server. */
const SERVER_LIMITS = {
  /** Longest request target (path and query), in characters: a search of 50 ids fits in 4 KiB. */
  maxTargetLength: 8 * 1024,
  /** Largest request head, in bytes (node's `maxHeaderSize`). */
  maxHeaderBytes: 16 * 1024,
  /** Time to receive the head, in ms. */
  headersTimeoutMs: 10_000,
  /** Time to receive a whole request, in ms (a slow client is cut off). */
  requestTimeoutMs: 15_000,
  /** Idle keep-alive connections are closed after this, in ms. */
  keepAliveTimeoutMs: 5_000,
  /**
   * A connection that sends nothing (before its first byte, or between requests), or that reads
   * nothing of its answer, is closed after this, in ms: Node's own timeouts start at the first byte.
   */
  idleTimeoutMs: 10_000,
  /** How often Node looks for heads and requests past their time, in ms (its default is 30 s). */
  checkIntervalMs: 1_000,
} as const;

/** What the server adds to the gateway: health, metrics, the per-IP limit, a clock. */
export interface NodeServerParts {
  gateway: LookupGateway;
  /** `/healthz`'s facts: the upstream's last state and the shared store's. */
  health(): Promise<{ ok: boolean; body: Record<string, unknown> }>;
  /** `/metrics`' text and its content type, or undefined when metrics are off. */
  metrics?: (() => Promise<{ text: string; contentType: string; status?: number }>) | undefined;
  ipLimit?: IpLimit | undefined;
  /** Connections open at once, at most: the excess is closed as soon as it is accepted. Default {@link defaultMaxConnections}. */
  maxConnections?: number | undefined;
  /** Called with each answer's route and status (the metrics). */
  onAnswer?: ((route: string, status: number) => void) | undefined;
  now?: () => number;
}

const json = (
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): GatewayAnswer => ({
  status,
  headers: {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...headers,
  },
  body: JSON.stringify(body),
});

const FAILED = json(500, { statusCode: 500, error: "Internal Server Error", message: "the gateway failed" });

/**
 * Writes `answer`. Node refuses a status or a header it cannot send (by throwing): then the caller gets
 * a bare 500, or, once the head is out, a closed connection; never a crash of the process.
 */
function write(response: ServerResponse, answer: GatewayAnswer): void {
  const empty = answer.status === 304 || answer.status === 204;
  // A caller that reads nothing of its answer is cut off like one that sends nothing.
  response.socket?.setTimeout(SERVER_LIMITS.idleTimeoutMs);
  try {
    const headers = empty
      ? answer.headers
      : { ...answer.headers, "content-length": String(Buffer.byteLength(answer.body)) };
    response.writeHead(answer.status, headers);
    response.end(empty ? undefined : answer.body);
  } catch {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(FAILED.status, { ...FAILED.headers, "content-length": String(FAILED.body.length) });
    response.end(FAILED.body);
  }
}

/** A request's body as text, or undefined past the gateway's `maxHookBytes` (the rest is not read). */
async function bodyOf(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > GATEWAY_DEFAULTS.maxHookBytes) {
      request.socket.setTimeout(SERVER_LIMITS.idleTimeoutMs);
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The answer for one request: the server's own routes, the limits, then the gateway. */
async function answerOf(parts: NodeServerParts, request: IncomingMessage): Promise<GatewayAnswer> {
  const target = request.url ?? "/";
  const method = request.method ?? "GET";
  if (target.length > SERVER_LIMITS.maxTargetLength)
    return json(414, { statusCode: 414, error: "URI Too Long", message: "the request target is too long" });
  // The one route with a body (Chainhooks' deliveries, with --chainhooks-secret): read, bounded.
  if (parts.gateway.takesBody(method, target)) {
    const authorization = request.headers.authorization;
    return parts.gateway.answer({ method, target, authorization, body: await bodyOf(request) });
  }
  // A lookup has no body: one announced is refused unread.
  if (request.headers["content-length"] && request.headers["content-length"] !== "0")
    return json(413, { statusCode: 413, error: "Payload Too Large", message: "requests have no body" });
  if (request.headers["transfer-encoding"])
    return json(413, { statusCode: 413, error: "Payload Too Large", message: "requests have no body" });
  if (method === "GET" && target === "/healthz") {
    const health = await parts.health();
    return json(health.ok ? 200 : 503, health.body);
  }
  if (method === "GET" && target === "/metrics" && parts.metrics) {
    const { text, contentType, status = 200 } = await parts.metrics();
    return {
      status,
      headers: {
        "content-type": contentType,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
      body: text,
    };
  }
  if (parts.ipLimit) {
    const verdict = parts.ipLimit(request.socket.remoteAddress ?? "", (parts.now ?? Date.now)());
    if (!verdict.ok) {
      const seconds = String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)));
      parts.onAnswer?.("ip_limited", 429);
      return json(
        429,
        {
          statusCode: 429,
          error: "Too Many Requests",
          message: "this caller's limit is spent: ask again after Retry-After",
        },
        { "retry-after": seconds },
      );
    }
  }
  const ifNoneMatch = request.headers["if-none-match"];
  const origin = request.headers.origin;
  return parts.gateway.answer({
    method,
    target,
    ifNoneMatch: Array.isArray(ifNoneMatch) ? ifNoneMatch.join(",") : ifNoneMatch,
    origin,
  });
}

/** A `node:http` server for the gateway, with the limits above (not yet listening). */
export function createGatewayServer(parts: NodeServerParts): Server {
  const server = createServer(
    {
      maxHeaderSize: SERVER_LIMITS.maxHeaderBytes,
      requestTimeout: SERVER_LIMITS.requestTimeoutMs,
      headersTimeout: SERVER_LIMITS.headersTimeoutMs,
      keepAliveTimeout: SERVER_LIMITS.keepAliveTimeoutMs,
      connectionsCheckingInterval: SERVER_LIMITS.checkIntervalMs,
    },
    (request, response) => {
      // Answering may wait on upstream for longer than an idle caller is given: no idle cut meanwhile.
      request.socket.setTimeout(0);
      answerOf(parts, request).then(
        (answer) => write(response, answer),
        () => write(response, FAILED),
      );
    },
  );
  server.maxConnections = parts.maxConnections ?? defaultMaxConnections();
  // Before its first byte a connection has no timeout of Node's: one that sends nothing is closed.
  server.on("connection", (socket) => socket.setTimeout(SERVER_LIMITS.idleTimeoutMs));
  return server;
}

/**
 * The default connection cap: the process's open-file limit (Linux's /proc/self/limits) less 128 kept for
 * upstream, Redis and the process itself, between 64 and 4,096; 1,024 where the limit cannot be read.
 */
export function defaultMaxConnections(): number {
  try {
    const limits = readFileSync("/proc/self/limits", "utf8");
    const soft = Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1]);
    if (Number.isInteger(soft) && soft > 0) return Math.min(4_096, Math.max(64, soft - 128));
  } catch {
    // Not Linux, or /proc unreadable.
  }
  return 1_024;
}
