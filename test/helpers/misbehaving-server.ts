/**
 * A real `node:http` server on 127.0.0.1 (a free port) that misbehaves on purpose, for fault tests.
 * Each request is answered by the next behaviour of a script (the last one repeats), and recorded
 * (method, url, headers). `close()` destroys every socket and clears every timer, so nothing is left
 * open when a test file ends.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** What the server does with one request. Build them with {@link behave}. */
export type Behaviour =
  /** A JSON answer: `body` is serialised (or sent as is when it is already a string). */
  | { type: "json"; status: number; body: unknown; headers?: Record<string, string> }
  /** Any status with a raw body (HTML error pages, invalid JSON, JSON labelled text/html…). */
  | { type: "raw"; status: number; body: string; headers: Record<string, string> }
  /** 429, with `Retry-After` as delay-seconds, as an HTTP date `inMs` from now, or without it. */
  | { type: "rate-limited"; retryAfter: { seconds: number } | { inMs: number } | undefined }
  /** Headers and the first half of the body (content-length announces all of it), then `socket.destroy()`. */
  | { type: "reset-mid-body"; body: string }
  /** Reads the request and never answers (the socket stays open until the client gives up). */
  | { type: "never-answer" }
  /** 200, chunked, half of a JSON body, then a clean end of the chunked stream. */
  | { type: "truncated-json"; body: string }
  /** 200 with no body: `content-length: 0`, or chunked with no data chunk. */
  | { type: "empty"; framing: "content-length" | "chunked" }
  /** 200, `body` sent `bytesPerTick` bytes every `intervalMs` ms (content-length set, chunks flushed). */
  | { type: "trickle"; body: string; bytesPerTick: number; intervalMs: number };

/** Behaviour builders, named after the faults they stage. */
export const behave = {
  json: (status: number, body: unknown, headers: Record<string, string> = {}): Behaviour => ({
    type: "json",
    status,
    body,
    headers,
  }),
  raw: (status: number, body: string, headers: Record<string, string> = {}): Behaviour => ({
    type: "raw",
    status,
    body,
    headers,
  }),
  rateLimitedSeconds: (seconds: number): Behaviour => ({ type: "rate-limited", retryAfter: { seconds } }),
  rateLimitedHttpDate: (inMs: number): Behaviour => ({ type: "rate-limited", retryAfter: { inMs } }),
  rateLimitedNoRetryAfter: (): Behaviour => ({ type: "rate-limited", retryAfter: undefined }),
  internalServerError: (): Behaviour => behave.json(500, { error: "Internal Server Error", statusCode: 500 }),
  badGatewayHtml: (html = BAD_GATEWAY_HTML): Behaviour =>
    behave.raw(502, html, { "content-type": "text/html; charset=utf-8" }),
  serviceUnavailable: (): Behaviour => behave.json(503, { error: "Service Unavailable", statusCode: 503 }),
  gatewayTimeout: (): Behaviour => behave.json(504, { error: "Gateway Timeout", statusCode: 504 }),
  resetMidBody: (body: unknown): Behaviour => ({ type: "reset-mid-body", body: serialise(body) }),
  neverAnswer: (): Behaviour => ({ type: "never-answer" }),
  truncatedJson: (body: unknown): Behaviour => ({ type: "truncated-json", body: serialise(body) }),
  invalidJson: (text = '{"limit": 20, "results": [,]'): Behaviour =>
    behave.raw(200, text, { "content-type": "application/json; charset=utf-8" }),
  /** A valid JSON body labelled `text/html`. */
  jsonAsHtml: (body: unknown): Behaviour =>
    behave.raw(200, serialise(body), { "content-type": "text/html; charset=utf-8" }),
  /** An HTML page with status 200 (a captive portal, a proxy's "maintenance" page…). */
  htmlPage200: (html = MAINTENANCE_HTML): Behaviour =>
    behave.raw(200, html, { "content-type": "text/html; charset=utf-8" }),
  empty: (framing: "content-length" | "chunked"): Behaviour => ({ type: "empty", framing }),
  trickle: (body: unknown, bytesPerTick: number, intervalMs: number): Behaviour => ({
    type: "trickle",
    body: serialise(body),
    bytesPerTick,
    intervalMs,
  }),
} as const;

export const BAD_GATEWAY_HTML =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
export const MAINTENANCE_HTML =
  "<!doctype html><html><head><title>Maintenance</title></head><body><h1>Back soon</h1></body></html>";

function serialise(body: unknown): string {
  return typeof body === "string" ? body : JSON.stringify(body);
}

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** `performance.now()` when the request arrived. */
  at: number;
}

export interface MisbehavingServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Number of requests received (attempts made by the client). */
  readonly attempts: number;
  /** Destroys every socket, clears every timer and closes the server. Safe to call twice. */
  close(): Promise<void>;
}

/** Starts a server that answers request n with `script[n]`, the last behaviour repeating. */
export async function startMisbehavingServer(script: readonly Behaviour[]): Promise<MisbehavingServer> {
  if (script.length === 0) throw new Error("startMisbehavingServer: the script needs at least one behaviour");
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;

  /** A timer that `close()` clears; `repeat` makes it an interval. */
  const schedule = (fn: () => void, ms: number, repeat = false) => {
    const timer = repeat
      ? setInterval(fn, ms)
      : setTimeout(() => {
          timers.delete(timer);
          fn();
        }, ms);
    timers.add(timer);
    return () => {
      clearTimeout(timer);
      clearInterval(timer);
      timers.delete(timer);
    };
  };

  const server = createServer((req, res) => {
    const index = requests.length;
    requests.push({
      method: req.method ?? "",
      url: req.url ?? "",
      headers: { ...req.headers },
      at: performance.now(),
    });
    req.resume(); // a GET has no body, but drain whatever comes
    const behaviour = script[Math.min(index, script.length - 1)] as Behaviour;
    run(behaviour, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // A client that gives up mid-answer resets the socket: not an error of the test.
  server.on("clientError", (_error, socket) => socket.destroy());

  function run(behaviour: Behaviour, res: ServerResponse): void {
    switch (behaviour.type) {
      case "json": {
        const body = serialise(behaviour.body);
        res.writeHead(behaviour.status, {
          "content-type": "application/json; charset=utf-8",
          "content-length": Buffer.byteLength(body),
          ...behaviour.headers,
        });
        res.end(body);
        return;
      }
      case "raw":
        res.writeHead(behaviour.status, {
          "content-length": Buffer.byteLength(behaviour.body),
          ...behaviour.headers,
        });
        res.end(behaviour.body);
        return;
      case "rate-limited": {
        const headers: Record<string, string> = {};
        const { retryAfter } = behaviour;
        if (retryAfter && "seconds" in retryAfter) headers["retry-after"] = String(retryAfter.seconds);
        if (retryAfter && "inMs" in retryAfter)
          headers["retry-after"] = new Date(Date.now() + retryAfter.inMs).toUTCString();
        run(behave.json(429, { error: "Too Many Requests", statusCode: 429 }, headers), res);
        return;
      }
      case "reset-mid-body": {
        const bytes = Buffer.from(behaviour.body);
        res.writeHead(200, {
          "content-type": "application/json; charset=utf-8",
          "content-length": bytes.length,
        });
        // Let the headers and the first half reach the client before the connection dies.
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () =>
          schedule(() => res.socket?.destroy(), 20),
        );
        return;
      }
      case "never-answer":
        return;
      case "truncated-json": {
        const bytes = Buffer.from(behaviour.body);
        res.writeHead(200, {
          "content-type": "application/json; charset=utf-8",
          "transfer-encoding": "chunked",
        });
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
        res.end(); // the terminating zero-length chunk: a clean, complete HTTP message
        return;
      }
      case "empty":
        if (behaviour.framing === "content-length") {
          res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": 0 });
        } else {
          res.writeHead(200, {
            "content-type": "application/json; charset=utf-8",
            "transfer-encoding": "chunked",
          });
        }
        res.end();
        return;
      case "trickle": {
        const bytes = Buffer.from(behaviour.body);
        res.writeHead(200, {
          "content-type": "application/json; charset=utf-8",
          "content-length": bytes.length,
        });
        res.flushHeaders();
        let sent = 0;
        const stop = schedule(
          () => {
            if (res.destroyed || closed) return stop();
            const next = Math.min(sent + behaviour.bytesPerTick, bytes.length);
            res.write(bytes.subarray(sent, next));
            sent = next;
            if (sent >= bytes.length) {
              stop();
              res.end();
            }
          },
          behaviour.intervalMs,
          true,
        );
        res.on("close", stop);
        return;
      }
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get attempts() {
      return requests.length;
    },
    close() {
      closed = true;
      for (const timer of timers) {
        clearTimeout(timer);
        clearInterval(timer);
      }
      timers.clear();
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server.listening) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
