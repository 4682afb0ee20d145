/**
 * The small HTTP front before Prism, on the mock's public port. For a lookup it asks the mock's rules
 * (`answerFor`) what the service would answer, and has Prism serve it: the named example with
 * `Prefer: code=<status>, example=<name>` (a page's `offset` and `limit` then echo the request), or,
 * when no example is the answer (an empty page, a page cut from an id's examples), Prism's answer for
 * that status with the rules' body. So Prism still validates the request and sets the headers (CORS,
 * without credentials: `readableByAnyPage`; `sl-violations`). A request the rules refuse (400) goes to Prism as it is, for its `sl-violations`
 * header, and is answered `400` with the rules' body (the service's own words): Prism itself answers an
 * invalid request with the operation's `422` when it has one. A request that brings its own `Prefer`,
 * and anything that is not a lookup, go to Prism as they are, but for one thing: `Prefer: example=<name>`
 * without a `code=` gets the example's own status added (Prism looks for the name among the 200's only).
 * While Prism reloads its spec, requests are held (the connection is retried for up to 10 s), so the
 * mock never refuses a connection.
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import { operations } from "../generated/operations.js";
import { type AnswerFor, type MockAnswer, routeOf } from "../mock/index.js";
import { bodyOfRequest, checkedUrl, listenOn, refuse } from "./request-guards.js";

export { MockPortError } from "./request-guards.js";

const RETRY_FOR_MS = 10_000;
const RETRYABLE = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE"]);
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding"];

export interface FrontOptions {
  port: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** The environment variable that sets `port`, named when it is taken. Default `HIRO_MOCK_PORT`. */
  portVariable?: string;
  /** Prism's port; read for each request. */
  backend: () => number;
  /** The rules in force; read for each request (`npm start` replaces them when the spec changes). */
  rules: () => AnswerFor;
}

export interface MockFront {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Prism's CORS headers made safe: it reflects any `Origin` with `Access-Control-Allow-Credentials: true`,
 * so any web page could read the mock with the visitor's cookies. No page needs credentials to read a
 * mock: any origin may read it (`*`), never with credentials.
 */
function readableByAnyPage(headers: Record<string, string | string[] | undefined>): void {
  delete headers["access-control-allow-credentials"];
  if (headers["access-control-allow-origin"] !== undefined) headers["access-control-allow-origin"] = "*";
}

/** What the rules answer to `req`, when it is a lookup they should answer; else undefined (to Prism as is). */
function ruled(req: IncomingMessage, url: URL, rules: AnswerFor) {
  if (req.method !== "GET" || req.headers.prefer !== undefined) return undefined;
  const route = routeOf(url.pathname);
  if (route === undefined) return undefined;
  const answer = rules(route.operationId, { path: route.path, query: url.searchParams });
  return { answer, paged: operations[route.operationId].paged };
}

/** `prefer` with `code=<the example's status>` added when it names an example of the lookup and no code. */
function withExampleCode(prefer: string, url: URL, rules: AnswerFor): string {
  const name = /(?:^|,)\s*example=([^,\s]+)/.exec(prefer)?.[1];
  if (name === undefined || /(?:^|,)\s*code=/.test(prefer)) return prefer;
  const route = routeOf(url.pathname);
  const status = route && rules.exampleStatus(route.operationId, name);
  return status ? `code=${status}, ${prefer}` : prefer;
}

/** The body to send instead of Prism's: the rules' own, or Prism's example page with offset and limit echoed. */
function bodyOf(prism: Buffer, answer: MockAnswer, paged: boolean): string | undefined {
  if (answer.example === undefined) return JSON.stringify(answer.body);
  if (!paged) return undefined;
  try {
    const { offset, limit } = answer.body as { offset: number; limit: number };
    return JSON.stringify({ ...(JSON.parse(prism.toString("utf8")) as object), offset, limit });
  } catch {
    return undefined; // not JSON: Prism's answer as it is
  }
}

/** Starts the front on `options.port`; a taken port rejects with a {@link MockPortError}. */
export async function startFront(options: FrontOptions): Promise<MockFront> {
  const host = options.host ?? "127.0.0.1";
  const agent = new Agent({ keepAlive: true });
  // Whatever a request does (a target that does not parse, a hang-up mid-body), the front answers or
  // drops that one request and goes on serving: nothing it sends can end the process.
  const server = createServer((req, res) => {
    req.on("error", () => res.destroy());
    forward(req, res).catch((error: unknown) => refuse(res, error));
  });

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = checkedUrl(req);
    const body = await bodyOfRequest(req);
    const answerFor = options.rules();
    const rules = ruled(req, url, answerFor);
    const headers = { ...req.headers };
    const refused = rules?.answer.status === 400;
    if (typeof headers.prefer === "string") headers.prefer = withExampleCode(headers.prefer, url, answerFor);
    if (rules) {
      const { answer } = rules;
      if (!refused)
        headers.prefer = `code=${answer.status}${answer.example ? `, example=${answer.example}` : ""}`;
      delete headers["accept-encoding"]; // the body may be rewritten: plain text only
    }
    const deadline = Date.now() + RETRY_FOR_MS;
    const attempt = (): void => {
      const upstream = request(
        { host, port: options.backend(), method: req.method, path: req.url, headers, agent },
        (answer) => {
          const out = { ...answer.headers };
          for (const name of HOP_BY_HOP) delete out[name];
          readableByAnyPage(out);
          if (!rules || (!refused && answer.statusCode !== rules.answer.status)) {
            res.writeHead(answer.statusCode ?? 502, out);
            return void answer.pipe(res);
          }
          const parts: Buffer[] = [];
          answer.on("data", (part: Buffer) => parts.push(part));
          answer.on("end", () => {
            const text = refused
              ? JSON.stringify(rules.answer.body)
              : bodyOf(Buffer.concat(parts), rules.answer, rules.paged);
            const sent = text === undefined ? Buffer.concat(parts) : Buffer.from(text);
            if (text !== undefined) out["content-type"] = "application/json; charset=utf-8";
            const status = refused ? 400 : (answer.statusCode ?? 502);
            res.writeHead(status, { ...out, "content-length": String(sent.length) });
            res.end(sent);
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

  const port = await listenOn(server, options.port, host, options.portVariable);
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
