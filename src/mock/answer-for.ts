/**
 * The mock's rules: what the services would answer to a request, from the spec's named examples
 * (`src/generated/mock-examples.ts`, emitted from `x-request` on the examples of openapi.yaml). One
 * place for the Prism front of `npm start` / `hiro-lookup mock` and for `hiro-lookup/msw`, so every mock
 * answers alike. Pure and browser-safe: no Node API.
 *
 * - An example whose `x-request` names the request answers it (the most specific one wins).
 * - A paged id's examples are its pages: together they are the id's whole list, so any `offset` and
 *   `limit` get their slice, with `offset` and `limit` echoed and `total` kept (0 past the end, as upstream).
 * - An id no example names answers as the service does: an empty page (`total: 0`) for a sat or a
 *   transaction; `404 Token not found` for a token of a known contract, `404 Contract not found` else.
 * - A token asked in a `locale` no example has answers `422 Locale not found` (upstream does the same,
 *   also while the token is still being fetched).
 */
import { type MockExample, mockExamples } from "../generated/mock-examples.js";
import { operations } from "../generated/operations.js";
import { parameterRules } from "../generated/parameters.js";
import { searchAnswer } from "./search-answer.js";

/** The request, as path values and query string. */
export interface MockRequest {
  path: Readonly<Record<string, string>>;
  query?: URLSearchParams | Readonly<Record<string, string | undefined>>;
}

/** What the mock answers: a status and a JSON body; `example` names the spec's example when it is one verbatim. */
export interface MockAnswer {
  status: number;
  body: unknown;
  /** Headers the service would send with it (an `ETag`); none for most answers. */
  headers?: Record<string, string>;
  /** The named example answered, as Prism's `Prefer: example=` takes it; absent for a computed answer. */
  example?: string;
}

type Rule = {
  type?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
};
type OperationId = keyof typeof operations;

/** The value in canonical form (integers without leading zeros), or undefined when the spec refuses it. */
function canonical(name: string, value: string): string | undefined {
  const rule = (parameterRules as Record<string, Rule>)[name];
  if (rule === undefined) return value;
  if (rule.type === "integer") {
    if (!/^[0-9]{1,40}$/.test(value)) return undefined;
    const n = BigInt(value);
    if (rule.minimum !== undefined && n < BigInt(rule.minimum)) return undefined;
    if (rule.maximum !== undefined && n > BigInt(rule.maximum)) return undefined;
    if (rule.exclusiveMaximum !== undefined && n >= BigInt(rule.exclusiveMaximum)) return undefined;
    return n.toString();
  }
  return rule.pattern === undefined || new RegExp(rule.pattern).test(value) ? value : undefined;
}

function queryOf(query: MockRequest["query"]): Record<string, string> {
  const out: Record<string, string> = {};
  if (query instanceof URLSearchParams) for (const [k, v] of query) out[k] = v;
  else for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) out[k] = v;
  return out;
}

const example = (operationId: string, name: string): MockExample | undefined =>
  mockExamples[operationId]?.find((e) => e.name === name);

const answer = (e: MockExample): MockAnswer => ({ status: e.status, body: e.value, example: e.name });

/**
 * What the mock answers to `operationId` with these parameters; undefined for an unknown operation or a
 * parameter the spec refuses (the mock then answers the documented 400, as Prism does).
 */
export function answerFor(operationId: string, request: MockRequest): MockAnswer | undefined {
  const operation = operations[operationId as OperationId];
  if (operation === undefined) return undefined;
  if (operationId === "searchTokens") {
    const query =
      request.query instanceof URLSearchParams ? request.query : new URLSearchParams(queryOf(request.query));
    return searchAnswer(
      mockExamples[operationId] ?? [],
      query.getAll("contract"),
      query.get("locale") || undefined,
    );
  }
  const path: Record<string, string> = {};
  for (const name of operation.pathParams) {
    const value = request.path[name];
    const ok = value === undefined ? undefined : canonical(name, value);
    if (ok === undefined) return undefined;
    path[name] = ok;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(queryOf(request.query))) {
    if (!(operation.queryParams as readonly string[]).includes(name)) continue;
    const ok = canonical(name, value);
    if (ok === undefined) return undefined;
    query[name] = ok;
  }
  const named = (mockExamples[operationId] ?? []).filter(
    (e) => e.request && Object.entries(e.request.path).every(([k, v]) => path[k] === v),
  );
  return operation.paged ? pageAnswer(named, query) : recordAnswer(operationId, named, path, query);
}

/** A paged lookup: the id's examples are its pages; any offset and limit get their slice. */
function pageAnswer(pages: readonly MockExample[], query: Record<string, string>): MockAnswer {
  const offset = Number(query.offset ?? parameterRules.offset.default);
  const limit = Number(query.limit ?? parameterRules.limit.default);
  const offsetOf = (e: MockExample) => Number(e.request?.query.offset ?? 0);
  const sorted = [...pages].sort((a, b) => offsetOf(a) - offsetOf(b));
  const bodies = sorted.map((e) => e.value as { total: number; results: unknown[] });
  const all = bodies.flatMap((b) => b.results);
  const total = Math.max(0, ...bodies.map((b) => b.total));
  const results = all.slice(offset, offset + limit);
  const body = { limit, offset, total: results.length === 0 ? 0 : total, results };
  const same = sorted.find((e, i) => offsetOf(e) === offset && bodies[i]?.results.length === results.length);
  return same ? { status: 200, body, example: same.name } : { status: 200, body };
}

/** A single record: the most specific example whose query matches; else the service's 404 or 422. */
function recordAnswer(
  operationId: string,
  named: readonly MockExample[],
  path: Record<string, string>,
  query: Record<string, string>,
): MockAnswer {
  const fits = named.filter((e) => {
    const wanted = e.request?.query ?? {};
    const keys = new Set([...Object.keys(wanted), ...Object.keys(query)]);
    return [...keys].every((k) => wanted[k] === query[k]);
  });
  const chosen = fits[0];
  if (chosen) return answer(chosen);
  const fallback =
    named.length > 0
      ? "localeNotFound"
      : (mockExamples[operationId] ?? []).some((e) =>
            Object.entries(e.request?.path ?? {}).some(([k, v]) => k !== "token_id" && path[k] === v),
          )
        ? "tokenNotFound"
        : "contractNotFound";
  const found = example(operationId, fallback);
  return found ? answer(found) : { status: 404, body: { error: "Not found" } };
}
