/**
 * `hiro-lookup/msw`: MSW request handlers that answer the lookups as the project's mock does, for tests
 * of apps built on the client, in Node (`setupServer`) and in the browser (`setupWorker`).
 *
 * The answers come from the spec's named examples by the mock's rules (`src/mock/`): token 35 of
 * `SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1`, sat 257418248345364 over two pages, …;
 * an empty page for any other sat or transaction; `404 Token not found` for any other token; the
 * documented 400 for a parameter the spec refuses. `overrides` replaces one operation's answer with any
 * documented one, typed by the spec: an undocumented status, or a misspelt field of a body the spec
 * closes, does not compile (the 429 body, a gateway's, is open; headers are any strings). An answer the
 * spec does not document (a proxy's `503`, a `502` page) is given as a plain `Response` (msw's
 * `HttpResponse`), which the kit sends as it is: the explicit way out of the spec's types.
 *
 * `msw` (^2.10 or ^3; msw 3 needs Node 22.12 or newer) is an optional peer dependency: only this entry
 * imports it.
 * @packageDocumentation
 */
import { HttpResponse, http, type RequestHandler } from "msw";
import type { BaseUrlOption } from "../index.js";
import {
  answerFor,
  badUrlBody,
  type MockOperationId,
  type SpecOperations as operations,
  serviceBaseUrls,
  operationTable as table,
} from "../internal.js";

type OperationId = keyof operations;
type Responses<Op extends OperationId> = operations[Op]["responses"];
type BodyOf<R> = R extends { content: { "application/json": infer B } } ? B : undefined;

/**
 * One documented answer of `Op`: its status, its body as the spec types it (none for a 304), and
 * optional headers (e.g. `retry-after` on a 429).
 */
export type MockResponse<Op extends OperationId> = {
  [S in keyof Responses<Op>]: {
    status: S;
    headers?: Record<string, string>;
  } & (BodyOf<Responses<Op>[S]> extends undefined
    ? { body?: undefined }
    : { body: BodyOf<Responses<Op>[S]> });
}[keyof Responses<Op>];

/**
 * What a request to `Op` asked: its path parameters by the operation's own names (as the URL carries
 * them: strings), its query string, and the request itself.
 */
export interface MockRequestParts<Op extends OperationId = OperationId> {
  path: { readonly [Name in keyof operations[Op]["parameters"]["path"]]: string };
  query: URLSearchParams;
  request: Request;
}

/**
 * What an override answers: a documented answer, typed by the spec, or a plain `Response` (e.g.
 * `new HttpResponse(null, { status: 503 })`), sent as it is, for a status or body the spec does not
 * document (a proxy's 503, a gateway's HTML page). The `Response` is not checked against the spec.
 */
export type MockAnswer<Op extends OperationId> = MockResponse<Op> | Response | UndocumentedStatus<Op>;

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
/** Every HTTP status, 100 to 599, as a number literal. */
type HttpStatus = `${1 | 2 | 3 | 4 | 5}${Digit}${Digit}` extends `${infer N extends number}` ? N : never;

/**
 * A plain answer with a status the spec does not document for `Op`: never accepted (its required key
 * cannot be given). It is here for the compiler's message, which then names the way out (a `Response`)
 * instead of listing `Response`'s fields ("missing properties from ReadableStream").
 */
export interface UndocumentedStatus<Op extends OperationId> {
  status: Exclude<HttpStatus, keyof Responses<Op>>;
  body?: unknown;
  headers?: Record<string, string>;
  "an undocumented status is answered with a Response: new HttpResponse(body, { status })": never;
}

/**
 * An override: a fixed answer, or a function of the request that returns one (or a promise of one), or
 * `undefined` to leave that request to the mock's answer. A fixed `Response` is sent as a fresh copy each
 * time; a function may return a new one per request (e.g. a `503` first, then `undefined`).
 */
export type MockOverride<Op extends OperationId> =
  | MockAnswer<Op>
  | ((request: MockRequestParts<Op>) => MockAnswer<Op> | undefined | Promise<MockAnswer<Op> | undefined>);

/** Options of {@link createHandlers}. */
export interface CreateHandlersOptions {
  /**
   * Where the services are, exactly as `createLookupClient` takes it (and checked the same way): one URL
   * for all three, or `{ metadata, ordinals, runes }`. Default: `https://api.hiro.so` for metadata;
   * ordinals and runes get handlers only when given a URL that is not Hiro's (they have no hosted default).
   */
  baseUrl?: BaseUrlOption | undefined;
  /** Answers that replace the mock's for one operation (a pending token, a 429, a 500, an empty page…). */
  overrides?: { [Op in OperationId]?: MockOverride<Op> } | undefined;
}

function respond(status: number, body: unknown, headers?: Record<string, string>): Response {
  if (status === 304 || body === undefined) return new HttpResponse(null, { status, headers: headers ?? {} });
  return HttpResponse.json(body as object, { status, headers: headers ?? {} });
}

/**
 * MSW handlers for the lookups, one per operation and service URL: pass them to `setupServer(...)` or
 * `setupWorker(...)`, or to `server.use(...)` for one test.
 */
export function createHandlers(options: CreateHandlersOptions = {}): RequestHandler[] {
  const bases = serviceBaseUrls(options.baseUrl);
  const handlers: RequestHandler[] = [];
  // First, by a RegExp (which msw does not decode): a path with a broken %-escape gets the service's 400,
  // not the 500 with a stack trace msw gives when it fails to decode a path parameter.
  for (const base of new Set(Object.values(bases).flatMap((base) => (base ? [base] : [])))) {
    const under = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/`);
    handlers.push(
      http.get(under, ({ request }) => {
        const { pathname } = new URL(request.url);
        try {
          decodeURIComponent(pathname);
          return undefined; // a path that decodes: to the lookups' handlers
        } catch {
          return respond(400, badUrlBody(pathname));
        }
      }),
    );
  }
  for (const [operationId, operation] of Object.entries(table)) {
    const base = bases[operation.service];
    if (base === undefined) continue;
    const override = options.overrides?.[operationId as OperationId] as MockOverride<OperationId> | undefined;
    const pattern = base + operation.path.replace(/\{([^}]+)\}/g, ":$1");
    handlers.push(
      http.get(pattern, async ({ request, params }) => {
        const path = Object.fromEntries(
          Object.entries(params).map(([name, value]) => [
            name,
            String(Array.isArray(value) ? value[0] : value),
          ]),
        );
        const query = new URL(request.url).searchParams;
        const chosen = typeof override === "function" ? await override({ path, query, request }) : override;
        // A Response is the undocumented way out: sent as given (a copy, so a fixed one serves every request).
        if (chosen instanceof Response) return chosen.clone();
        if (chosen) return respond(Number(chosen.status), chosen.body, chosen.headers);
        // A parameter the spec refuses gets the service's 400 from the rules too.
        const answer = answerFor(operationId as MockOperationId, { path, query });
        return respond(answer.status, answer.body, answer.headers);
      }),
    );
  }
  return handlers;
}
