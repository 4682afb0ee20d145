/**
 * `hiro-lookup mcp --http <port>`: the same tools over Streamable HTTP, stateless (each POST to `/mcp` is
 * answered by a server of its own, in JSON), on 127.0.0.1 only. The SDK's DNS-rebinding protection
 * admits only this port's loopback Host and Origin headers, so a web page cannot reach it through a
 * hostile DNS name; a body is read under 1 MiB; GET (a server-sent event stream) is not served.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpServer } from "./mcp-server.js";
import { loadMcpHttpTransport, loadMcpSdk } from "./sdk.js";
import type { ServeMcpOptions } from "./server.js";
import { createToolBox } from "./tool-calls.js";

/** The only address the HTTP server binds: an MCP server with no authentication is local. */
export const MCP_HTTP_HOST = "127.0.0.1";
/** The endpoint's path. */
export const MCP_HTTP_PATH = "/mcp";
/** The largest request body read, in bytes. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Options of {@link serveMcpHttp}. */
export interface ServeMcpHttpOptions extends Omit<ServeMcpOptions, "stdin" | "stdout"> {
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

/** Serves the tools over Streamable HTTP on 127.0.0.1:`port` until `stop` aborts. */
export async function serveMcpHttp(options: ServeMcpHttpOptions): Promise<void> {
  const sdk = options.sdk ?? (await loadMcpSdk());
  const Transport = await loadMcpHttpTransport();
  const box = createToolBox(options.client, options.times, options);
  let allowed: { hosts: string[]; origins: string[] } = { hosts: [], origins: [] };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? "/", "http://local").pathname !== MCP_HTTP_PATH)
      return refuse(res, 404, -32000, `not found: the MCP endpoint is ${MCP_HTTP_PATH}`);
    if (req.method !== "POST")
      return refuse(res, 405, -32000, "method not allowed: this stateless server takes POST", {
        allow: "POST",
      });
    let body: unknown;
    try {
      body = JSON.parse(await bodyOf(req));
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuse(res, 413, -32600, `body past ${MAX_BODY_BYTES} bytes`);
      return refuse(res, 400, -32700, "parse error: the body is not JSON");
    }
    const server = createMcpServer({ ...options, sdk, box });
    const transport = new Transport({
      enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedHosts: allowed.hosts,
      allowedOrigins: allowed.origins,
    });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log(`mcp http: ${error instanceof Error ? error.message : String(error)}`);
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
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
}
