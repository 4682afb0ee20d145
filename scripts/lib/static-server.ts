import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { extname, resolve, sep } from "node:path";
import { listen } from "./lifecycle.js";

/** A running static file server. */
export interface StaticServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Stops accepting connections and closes the open ones. */
  close(): Promise<void>;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".yaml": "application/yaml; charset=utf-8",
  ".yml": "application/yaml; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
};

/** Content type for a file name, `application/octet-stream` when unknown. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Maps a request path to a file under `root`. Returns `null` for a traversal attempt (any `..`
 * segment, also percent-encoded), a NUL byte or a malformed escape.
 */
export function resolveRequestPath(root: string, rawUrl: string): string | null {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  // Refuse rather than normalise: `new URL` would silently collapse `/a/../b`.
  if (decoded.includes("\0") || /(^|[\\/])\.\.([\\/]|$)/.test(decoded)) return null;
  const pathname = decoded.endsWith("/") ? `${decoded}index.html` : decoded;
  const file = resolve(root, `.${pathname.startsWith("/") ? "" : "/"}${pathname}`);
  return file === root || file.startsWith(root + sep) ? file : null;
}

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

async function handle(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("allow", "GET, HEAD");
    return send(res, 405, "method not allowed\n");
  }
  const requested = resolveRequestPath(root, req.url ?? "/");
  if (requested === null) return send(res, 403, "forbidden\n");
  // SPA fallback for client-side routes (no extension); a missing asset (favicon.ico, x.js) is a 404.
  const route = extname(requested) === "" || requested.endsWith(`${sep}index.html`);
  const file = (await isFile(requested)) || !route ? requested : resolve(root, "index.html");
  if (!(await isFile(file))) return send(res, 404, "not found\n");
  const { size } = await stat(file);
  res.writeHead(200, {
    "content-type": contentTypeOf(file),
    "content-length": size,
    "cache-control": "no-store",
  });
  if (req.method === "HEAD") return void res.end();
  createReadStream(file)
    .on("error", () => res.destroy())
    .pipe(res);
}

/**
 * Serves the files of `dir` on `127.0.0.1` at `port` (default: a free one; a taken fixed port rejects
 * with a message naming `HIRO_DOCS_PORT`). Unknown extension-less paths get
 * `index.html` (SPA fallback), other unknown files `404`, and paths containing `..` get `403`.
 */
export async function startStaticServer(dir: string, port = 0): Promise<StaticServer> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    handle(root, req, res).catch(() => {
      if (!res.headersSent) send(res, 500, "internal error\n");
      else res.destroy();
    });
  });
  const bound = await listen(server, port, "127.0.0.1", "API docs", "HIRO_DOCS_PORT");
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((ok, fail) => {
        server.close((err) => (err ? fail(err) : ok()));
        server.closeAllConnections();
      }),
  };
}
