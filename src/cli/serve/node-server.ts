/**
 * `serve`'s Node adapter: a `node:http` server that hands each request's method, target, a few headers,
 * whether it announces a body and the socket's address (the per-caller key) to the gateway, and writes
 * its plain answer (no `Request` or `Response` built on the hit path). The gateway refuses what it
 * refuses on every host (a long target, a body, a spent caller) and answers `/healthz`; here are the
 * socket's own limits: the head's size (Node's `maxHeaderSize`), slow and idle clients cut off, a
 * connection cap. `/metrics` is served here too, unless it has a listener of its own (metrics-server.ts).
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { GATEWAY_DEFAULTS, type GatewayAnswer, type LookupGateway } from "../../server/index.js";

/** Request limits of the server's sockets (the gateway keeps the rest). */
export const SERVER_LIMITS = {
  /** Largest request head, in bytes (node's `maxHeaderSize`): the gateway's `maxHeaderBytes`. */
  maxHeaderBytes: GATEWAY_DEFAULTS.maxHeaderBytes,
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

/** `/metrics`' text, its content type and status. */
export type MetricsText = () => Promise<{ text: string; contentType: string; status?: number }>;

/** What the server adds to the gateway: metrics on its port, a connection cap. */
export interface NodeServerParts {
  gateway: LookupGateway;
  /** `/metrics` on this server (undefined: not here). */
  metrics?: MetricsText | undefined;
  /** Connections open at once, at most: the excess is closed as soon as it is accepted. Default {@link defaultMaxConnections}. */
  maxConnections?: number | undefined;
}

const FAILED: GatewayAnswer = {
  status: 500,
  headers: {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  },
  body: JSON.stringify({ statusCode: 500, error: "Internal Server Error", message: "the gateway failed" }),
};

/**
 * `headers` as Node's flat list of names and values, with `content-length` when `length` is given: a
 * new list (an answer may be shared by the callers of one miss, never changed), without an object
 * spread (on V8, `{ ...headers, "content-length": n }` of an answer's headers took about 10 µs a
 * request, more than the rest of a memory hit; this list, under half a microsecond).
 */
function headOf(headers: Record<string, string>, length: number | undefined): string[] {
  const head: string[] = [];
  for (const name in headers) head.push(name, headers[name] as string);
  if (length !== undefined) head.push("content-length", String(length));
  return head;
}

/** The heads of prepared answers (prepared-hits.ts), kept while the answer is. */
const heads = new WeakMap<GatewayAnswer, string[]>();

/**
 * Writes `answer`. Node refuses a status or a header it cannot send (by throwing): then the caller gets
 * a bare 500, or, once the head is out, a closed connection; never a crash of the process.
 */
export function write(response: ServerResponse, answer: GatewayAnswer): void {
  const empty = answer.status === 304 || answer.status === 204;
  // A caller that reads nothing of its answer is cut off like one that sends nothing.
  response.socket?.setTimeout(SERVER_LIMITS.idleTimeoutMs);
  try {
    if (empty) {
      response.writeHead(answer.status, headOf(answer.headers, undefined));
      response.end();
      return;
    }
    // A memory hit's body is prepared as bytes, its answer frozen and the same for a second: its head
    // is built once too.
    const { bytes } = answer;
    let head = bytes && heads.get(answer);
    if (head === undefined) {
      // A HEAD's answer says its GET's length itself (gateway.ts).
      const length =
        "content-length" in answer.headers
          ? undefined
          : (bytes?.byteLength ?? Buffer.byteLength(answer.body));
      head = headOf(answer.headers, length);
      if (bytes && Object.isFrozen(answer)) heads.set(answer, head);
    }
    response.writeHead(answer.status, head);
    response.end(bytes ?? answer.body);
  } catch {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(FAILED.status, headOf(FAILED.headers, FAILED.body.length));
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

/** Whether a request's head announces a body (a length other than 0, or a transfer coding). */
export function announcesBody(request: IncomingMessage): boolean {
  const length = request.headers["content-length"];
  return (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
}

/** `/metrics`' answer. */
export async function metricsAnswer(metrics: MetricsText): Promise<GatewayAnswer> {
  const { text, contentType, status = 200 } = await metrics();
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

/** Whether `request` asks for `/metrics` (GET or HEAD, no body). */
export const asksMetrics = (request: IncomingMessage): boolean =>
  (request.method === "GET" || request.method === "HEAD") &&
  request.url === "/metrics" &&
  !announcesBody(request);

/** The answer for one request: `/metrics` when it is served here, else the gateway's. */
async function answerOf(parts: NodeServerParts, request: IncomingMessage): Promise<GatewayAnswer> {
  const target = request.url ?? "/";
  const method = request.method ?? "GET";
  // Outside the per-caller limit, as /healthz: a scraper is not a caller.
  if (parts.metrics && asksMetrics(request)) return metricsAnswer(parts.metrics);
  // The one route with a body (Chainhooks' deliveries, with --chainhooks-secret): read, bounded.
  if (parts.gateway.takesBody(method, target)) {
    const authorization = request.headers.authorization;
    return parts.gateway.answer({ method, target, authorization, body: await bodyOf(request) });
  }
  const ifNoneMatch = request.headers["if-none-match"];
  return parts.gateway.answer({
    method,
    target,
    ifNoneMatch: Array.isArray(ifNoneMatch) ? ifNoneMatch.join(",") : ifNoneMatch,
    origin: request.headers.origin,
    bodyAnnounced: announcesBody(request),
    callerKey: request.socket.remoteAddress ?? "",
  });
}

/** `node:http`'s options of each of serve's listeners: the limits above. */
export const SERVER_OPTIONS = {
  maxHeaderSize: SERVER_LIMITS.maxHeaderBytes,
  requestTimeout: SERVER_LIMITS.requestTimeoutMs,
  headersTimeout: SERVER_LIMITS.headersTimeoutMs,
  keepAliveTimeout: SERVER_LIMITS.keepAliveTimeoutMs,
  connectionsCheckingInterval: SERVER_LIMITS.checkIntervalMs,
} as const;

/** A `node:http` server for the gateway, with the limits above (not yet listening). */
export function createGatewayServer(parts: NodeServerParts): Server {
  const server = createServer(SERVER_OPTIONS, (request, response) => {
    // Answering may wait on upstream for longer than an idle caller is given: no idle cut meanwhile.
    request.socket.setTimeout(0);
    answerOf(parts, request).then(
      (answer) => write(response, answer),
      () => write(response, FAILED),
    );
  });
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
