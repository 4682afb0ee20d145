/**
 * The mock's front door (Node): a small HTTP server before Prism, used by `npm start`, `npm run mock`,
 * the CLI's `--mock` and `hiro-lookup mock`. For each lookup it asks the mock's rules
 * ({@link answerFor}) what the service would answer: a named example is served by Prism, chosen with
 * `Prefer: example=` (a paged one with the `limit` asked echoed); any other answer (a slice of an id's
 * pages, an empty page, a 404) is written here. A request that carries its own `Prefer`, or that the
 * spec refuses, goes to Prism as it is. While Prism reloads (it closes its port), requests are held and
 * retried rather than refused.
 */
import {
  Agent,
  createServer,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from "node:http";
import { operations } from "../generated/operations.js";
import { answerFor, type MockAnswer } from "./answer-for.js";

const RETRYABLE = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE"]);
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "content-length"];

/** Each operation's path as a pattern, its path parameters in order. */
const ROUTES = Object.entries(operations).map(([operationId, op]) => ({
  operationId,
  paged: op.paged,
  names: op.pathParams as readonly string[],
  pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "([^/]+)")}$`),
}));

/** What the front does with a request: answer it itself, or send it to Prism (with a `Prefer` header). */
export type FrontDecision =
  | { type: "answer"; answer: MockAnswer }
  | { type: "forward"; prefer?: string; limit?: number };

/** Decides one request (pure): see the module's comment. */
export function decide(method: string, url: string, prefer: string | undefined): FrontDecision {
  if (method !== "GET" || prefer !== undefined) return { type: "forward" };
  const parsed = new URL(url, "http://mock");
  for (const route of ROUTES) {
    const match = route.pattern.exec(parsed.pathname);
    if (!match) continue;
    let path: Record<string, string>;
    try {
      path = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]));
    } catch {
      return { type: "forward" };
    }
    const answer = answerFor(route.operationId, { path, query: parsed.searchParams });
    if (answer === undefined) return { type: "forward" };
    if (answer.example === undefined) return { type: "answer", answer };
    const limit = route.paged ? (answer.body as { limit: number }).limit : undefined;
    return {
      type: "forward",
      prefer: `code=${answer.status}, example=${answer.example}`,
      ...(limit === undefined ? {} : { limit }),
    };
  }
  return { type: "forward" };
}

export interface MockFrontOptions {
  host: string;
  /** The port Prism listens on now (it may change, or be closed for a moment while Prism reloads). */
  backendPort: () => number;
  /** How long a request is held while Prism does not answer. Default 10 s. */
  holdForMs?: number;
}

function send(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "access-control-allow-origin": "*",
  });
  res.end(text);
}

/** The front's request handler; `server.listen` it on the mock's public port. */
export function createMockFront(options: MockFrontOptions): Server {
  const agent = new Agent({ keepAlive: true });
  const holdForMs = options.holdForMs ?? 10_000;
  const server = createServer((req, res) => void handle(req, res));
  server.on("close", () => agent.destroy());

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const preferHeader = req.headers.prefer;
    const decision = decide(
      req.method ?? "GET",
      req.url ?? "/",
      Array.isArray(preferHeader) ? preferHeader[0] : preferHeader,
    );
    if (decision.type === "answer") {
      return send(res, decision.answer.status, decision.answer.body, decision.answer.headers);
    }
    const headers = { ...req.headers, ...(decision.prefer ? { prefer: decision.prefer } : {}) };
    const deadline = Date.now() + holdForMs;
    const attempt = (): void => {
      const upstream = request(
        {
          host: options.host,
          port: options.backendPort(),
          method: req.method,
          path: req.url,
          headers,
          agent,
        },
        (answer) => {
          const out = { ...answer.headers };
          for (const name of HOP_BY_HOP) delete out[name];
          if (decision.limit === undefined || answer.statusCode !== 200) {
            res.writeHead(answer.statusCode ?? 502, out);
            return void answer.pipe(res);
          }
          // A named page: echo the limit asked (the example's own page size may differ).
          const parts: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => parts.push(chunk));
          answer.on("end", () => {
            let text = Buffer.concat(parts).toString("utf8");
            try {
              text = JSON.stringify({ ...(JSON.parse(text) as object), limit: decision.limit });
            } catch {} // not JSON: passed on as it is
            res.writeHead(200, { ...out, "content-length": Buffer.byteLength(text) });
            res.end(text);
          });
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (res.headersSent) return void res.destroy();
        const retry = RETRYABLE.has(error.code ?? "") || error.message === "socket hang up";
        if (retry && Date.now() < deadline) return void setTimeout(attempt, 25);
        res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
        res.end(`mock unavailable: ${error.message}\n`);
      });
      upstream.end(body);
    };
    attempt();
  }
  return server;
}
