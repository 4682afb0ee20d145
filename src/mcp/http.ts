/**
 * `hiro-lookup mcp --http <port>`: the same tools over Streamable HTTP, stateless, on 127.0.0.1 only,
 * through the SDK's `createMcpHandler`: each POST to `/mcp` is answered (in JSON) by a server of its own,
 * in the era it speaks (2025-11-25 clients statelessly, 2026-07-28 requests with their `Mcp-Method` and
 * `Mcp-Name` headers checked against the body: a mismatch is 400 with JSON-RPC -32020). In front of it:
 * the Host and Origin headers must name this port on loopback (a web page cannot reach it through a
 * hostile DNS name), a body is read under 1 MiB, and a batch (a JSON array, which no current protocol
 * version sends) is refused, so one POST runs at most one tool. GET (a server-sent event stream) is not served.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type LookupMcpServerOptions, lookupServerParts, stderrLine } from "./lookup-server.js";

/** The only address the HTTP server binds: an MCP server with no authentication is local. */
export const MCP_HTTP_HOST = "127.0.0.1";
/** The endpoint's path. */
export const MCP_HTTP_PATH = "/mcp";
/** The largest request body read, in bytes. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Options of {@link serveMcpHttp}. */
export interface ServeMcpHttpOptions extends LookupMcpServerOptions {
  /** The port on 127.0.0.1; 0 for a free one. */
  port: number;
  /** Called once the server listens, with the endpoint's URL. */
  onListening: (url: string) => void;
  /** Stops the server when it aborts (a signal); serveMcpHttp then resolves. */
  stop: AbortSignal;
}

class BodyTooLarge extends Error {}

/**
 * The request's body as text, refused past {@link MAX_BODY_BYTES}. A larger one is read to its end (and
 * dropped) so the client hears the 413, unless it goes on past 8 times that: then the socket is cut.
 */
async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > 8 * MAX_BODY_BYTES) {
      req.destroy();
      break;
    }
    if (size <= MAX_BODY_BYTES) chunks.push(buffer);
  }
  if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
  return Buffer.concat(chunks).toString("utf8");
}

/** A JSON-RPC error answer with no id (the request was not read as one). */
function refuse(res: ServerResponse, status: number, code: number, message: string, headers = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }));
}

/** `req` as a web `Request` for the SDK's handler (its body already read as `text`). */
function webRequest(req: IncomingMessage, url: string, text: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
  }
  return new Request(url, { method: "POST", headers, body: text });
}

/** Writes the SDK's `response` to `res`. */
async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Serves the tools over Streamable HTTP on 127.0.0.1:`port` until `stop` aborts. */
export async function serveMcpHttp(options: ServeMcpHttpOptions): Promise<void> {
  const { sdk, build } = await lookupServerParts(options);
  const log = options.log ?? stderrLine;
  const handler = sdk.createMcpHandler(build, {
    legacy: "stateless",
    responseMode: "json",
    maxRequestBodySize: MAX_BODY_BYTES,
    onerror: (error) => log(`mcp http: ${error.message}`),
  });
  let allowed: { hosts: string[]; origins: string[] } = { hosts: [], origins: [] };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? "/", "http://local").pathname !== MCP_HTTP_PATH)
      return refuse(res, 404, -32000, `not found: the MCP endpoint is ${MCP_HTTP_PATH}`);
    if (!allowed.hosts.includes(req.headers.host ?? ""))
      return refuse(res, 403, -32000, "forbidden: the Host header must name this server on loopback");
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.origins.includes(origin))
      return refuse(res, 403, -32000, "forbidden: the Origin must be this server on loopback");
    if (req.method !== "POST")
      return refuse(res, 405, -32000, "method not allowed: this stateless server takes POST", {
        allow: "POST",
      });
    let text: string;
    let body: unknown;
    try {
      text = await bodyOf(req);
      body = JSON.parse(text);
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuse(res, 413, -32600, `body past ${MAX_BODY_BYTES} bytes`);
      return refuse(res, 400, -32700, "parse error: the body is not JSON");
    }
    if (Array.isArray(body))
      return refuse(
        res,
        400,
        -32600,
        "invalid request: a batch is not served; send one JSON-RPC message per POST",
      );
    await send(res, await handler.fetch(webRequest(req, `http://${req.headers.host}${req.url}`, text)));
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`mcp http: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) refuse(res, 500, -32603, "internal error");
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, MCP_HTTP_HOST, () => {
      http.off("error", reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  allowed = {
    hosts: [`127.0.0.1:${port}`, `localhost:${port}`],
    origins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
  };
  options.onListening(`http://${MCP_HTTP_HOST}:${port}${MCP_HTTP_PATH}`);
  await new Promise<void>((resolve) => {
    if (options.stop.aborted) resolve();
    else options.stop.addEventListener("abort", () => resolve(), { once: true });
  });
  await handler.close();
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
}
