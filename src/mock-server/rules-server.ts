/**
 * The mock an app developer runs (`hiro-lookup mock`, `--mock`): an HTTP server in the CLI's own process
 * that answers every lookup from the mock's rules (`answerFor`: the spec's named examples for the ids
 * they name, the service's 400/404/422 otherwise), with no Prism. The contract tier proves the rules
 * against Prism serving the same spec.
 *
 * Besides the rules it answers as Hiro's front does: CORS for a browser app (`access-control-allow-origin:
 * *`, preflights), `HEAD`, Fastify's 404 for a route that is not a lookup, a rate limit with its headers
 * (`ratelimit-limit`, `-remaining`, `-reset`; a spent budget is a 429 with `retry-after`; 3,000 a minute
 * unless told another), and each
 * answer's documented headers by the spec's examples: a 200's `etag`, answered `304` when it comes back
 * in `If-None-Match`. A `Prefer: code=<status>, example=<name>` header picks any documented answer,
 * whatever the id, as with Prism (`code=429` carries the spec's `retry-after`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  type AnswerFor,
  answerFor,
  createRateLimiter,
  MOCK_BUDGET,
  type MockAnswer,
  preferenceOf,
  preferredExample,
  type RateLimitBudget,
  routeOf,
} from "../mock/index.js";
import { matchesEtag } from "../shared/etag-match.js";
import { bodyOfRequest, checkedUrl, listenOn, refuse } from "./request-guards.js";

export interface RulesMockOptions {
  /** The port; `0`: a free one (the bound one is in the result). A taken port rejects with a `MockPortError`. */
  port: number;
  /** Default `127.0.0.1`. */
  host?: string | undefined;
  /** The variable (or flag) that sets `port`, named when it is taken. Default `HIRO_MOCK_PORT`. */
  portVariable?: string | undefined;
  /** The rules; default {@link answerFor}, from the generated examples of the package's spec. */
  rules?: AnswerFor | undefined;
  /** The rate limit; `false`: none (no headers, never a 429). Default {@link MOCK_BUDGET}, 3,000 a minute. */
  rateLimit?: RateLimitBudget | false | undefined;
  /** The clock of the rate limit, in ms. Default `Date.now`. */
  now?: (() => number) | undefined;
}

/** A running mock. */
export interface RulesMock {
  /** e.g. `http://127.0.0.1:4010`: the one to give clients. */
  url: string;
  port: number;
  /** Stops listening and drops open connections. Idempotent. */
  close(): Promise<void>;
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ratelimit-limit, ratelimit-remaining, ratelimit-reset, retry-after, etag",
};

/** What the server sends: a status, headers and a body (JSON unless undefined). */
interface Reply {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

/** The answer a `Prefer` header picks, or a 500 that says the operation documents no such answer. */
function preferred(rules: AnswerFor, operationId: Parameters<AnswerFor>[0], prefer: string): MockAnswer {
  const preference = preferenceOf(prefer);
  const examples = rules.examples(operationId);
  const example = preference && preferredExample(examples, preference);
  if (example === undefined)
    return {
      status: 500,
      body: {
        statusCode: 500,
        error: "Mock Error",
        message: `the mock has no answer of ${operationId} for Prefer: ${prefer}; its examples: ${examples
          .map((e) => `${e.name} (${e.status})`)
          .join(", ")}`,
      },
      headers: {},
    };
  return { status: example.status, body: structuredClone(example.value), example: example.name };
}

/** Starts the mock on `options.port`. */
export async function startRulesMock(options: RulesMockOptions): Promise<RulesMock> {
  const host = options.host ?? "127.0.0.1";
  const rules = options.rules ?? answerFor;
  const budget = options.rateLimit ?? MOCK_BUDGET;
  const limiter = budget === false ? undefined : createRateLimiter(budget, options.now ?? Date.now);

  function replyTo(req: IncomingMessage, url: URL): Reply {
    const method = req.method ?? "GET";
    if (method === "OPTIONS")
      return {
        status: 204,
        headers: {
          "access-control-allow-methods": "GET, HEAD, OPTIONS",
          "access-control-allow-headers": String(req.headers["access-control-request-headers"] ?? "*"),
          "access-control-max-age": "600",
        },
      };
    const route = method === "GET" || method === "HEAD" ? routeOf(url.pathname) : undefined;
    if (route === undefined)
      return {
        status: 404,
        headers: {},
        body: { message: `Route ${method}:${url.pathname} not found`, error: "Not Found", statusCode: 404 },
      };
    const limit = limiter?.();
    if (limit && !limit.allowed) {
      const rateLimited = preferredExample(rules.examples(route.operationId), { code: 429 });
      return {
        status: 429,
        headers: limit.headers,
        body: rateLimited?.value ?? { message: "API rate limit exceeded" },
      };
    }
    const prefer = req.headers.prefer;
    const answer =
      typeof prefer === "string"
        ? preferred(rules, route.operationId, prefer)
        : rules(route.operationId, { path: route.path, query: url.searchParams });
    // The rules' own headers, else the documented ones of the status (over the budget's, for a 429 asked for).
    const headers = {
      ...limit?.headers,
      ...(answer.headers ?? rules.headers(route.operationId, answer.status)),
    };
    if (
      answer.status === 200 &&
      prefer === undefined &&
      matchesEtag(req.headers["if-none-match"], headers.etag)
    )
      return { status: 304, headers };
    return { status: answer.status, headers, body: answer.body };
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = checkedUrl(req);
    await bodyOfRequest(req);
    const reply = replyTo(req, url);
    const text = reply.status === 304 || reply.body === undefined ? "" : JSON.stringify(reply.body);
    const headers: Record<string, string> = { ...CORS, ...reply.headers };
    if (text !== "") {
      headers["content-type"] = "application/json; charset=utf-8";
      headers["content-length"] = String(Buffer.byteLength(text));
    }
    res.writeHead(reply.status, headers);
    res.end(req.method === "HEAD" ? undefined : text);
  }

  // Whatever a request does (a target that does not parse, a hang-up mid-body), the mock answers or
  // drops that one request and goes on serving: nothing it sends can end the process.
  const server = createServer((req, res) => {
    req.on("error", () => res.destroy());
    serve(req, res).catch((error: unknown) => refuse(res, error));
  });
  const port = await listenOn(server, options.port, host, options.portVariable);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
