/**
 * MSW request handlers that answer the three lookups as the mock does (`npm start`, `hiro-lookup mock`,
 * the CLI's `--mock`): the same rules ({@link answerFor}) over the same named examples of openapi.yaml.
 */
import { type HttpHandler, HttpResponse, http } from "msw";
import { mockExamples } from "../generated/mock-examples.js";
import { answerFor } from "../mock/answer-for.js";
import { type OperationSpec, operations } from "../spec/services.js";
import type { OperationId } from "../spec/types.js";
import { routesOf } from "../transport/routes.js";
import type { CreateHandlersOptions, LookupAnswer, LookupOverride, LookupRequest } from "./types.js";

/** Any lookup's answer, once its operation no longer matters. */
interface Answer {
  status: number;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
}

/**
 * The documented 400 for a parameter the spec refuses: the operation's first 400 example, as Prism
 * answers a request that fails its validation.
 */
function invalidRequest(operationId: OperationId): Answer {
  const example = mockExamples[operationId]?.find((e) => e.status === 400);
  return { status: 400, body: example?.value ?? { error: "Bad Request" } };
}

/** What the mock answers to this request. */
function mockAnswer(operationId: OperationId, path: Record<string, string>, query: URLSearchParams): Answer {
  return answerFor(operationId, { path, query }) ?? invalidRequest(operationId);
}

function respond(answer: Answer): Response {
  const init = { status: answer.status, ...(answer.headers ? { headers: { ...answer.headers } } : {}) };
  return answer.body === undefined ? new HttpResponse(null, init) : HttpResponse.json(answer.body, init);
}

/** The override's answer to this request, or undefined to leave it to the mock. */
async function overrideAnswer<Op extends OperationId>(
  override: LookupOverride<Op> | undefined,
  request: LookupRequest<Op>,
): Promise<LookupAnswer<Op> | undefined> {
  return typeof override === "function" ? override(request) : override;
}

/** MSW's pattern for a path of the spec: `{name}` becomes `:name`. */
const pattern = (base: string, operation: OperationSpec) =>
  base + operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => `:${name}`);

/**
 * MSW request handlers for the lookups of `hiro-lookup`, answering as the mock does: the spec's named
 * examples for the ids they name (e.g. token 35 of `SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1`,
 * sat 1252201400444387, its pages sliced by `offset` and `limit`), an empty page for any other sat or
 * transaction, `404 Token not found` / `Contract not found` for any other token, and the documented 400 for a
 * parameter the spec refuses. One handler per lookup whose service has a base URL (as the client routes it).
 *
 * @example
 * const server = setupServer(...createHandlers({ baseUrl: "https://indexer.test" }));
 * // In one test: the token is still being fetched.
 * server.use(...createHandlers({ baseUrl: "https://indexer.test", overrides: {
 *   getSftMetadata: { status: 422, body: { error: "Token metadata fetch in progress" } },
 * } }));
 */
export function createHandlers(options: CreateHandlersOptions = {}): HttpHandler[] {
  const routes = routesOf(options.baseUrl, undefined, undefined);
  const handlers: HttpHandler[] = [];
  for (const [id, operation] of Object.entries(operations)) {
    const operationId = id as OperationId;
    const route = routes[operation.service];
    if (route === undefined) continue;
    const override = options.overrides?.[operationId] as LookupOverride<OperationId> | undefined;
    handlers.push(
      http.get(pattern(route.base, operation), async ({ request, params }) => {
        const path: Record<string, string> = {};
        for (const name of operation.pathParams) path[name] = String(params[name] ?? "");
        const query = new URL(request.url).searchParams;
        const lookup = { operationId, path, query, request } as LookupRequest<OperationId>;
        const answer: Answer =
          (await overrideAnswer(override, lookup)) ?? mockAnswer(operationId, path, query);
        return respond(answer);
      }),
    );
  }
  return handlers;
}
