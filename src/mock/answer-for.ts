/**
 * The mock's answer to a request, as the real service would give it, from the spec's named examples
 * alone: the example that names the request (`x-request`); else, for a paged lookup, the page cut from
 * the id's examples (an id no example names has no results: `total: 0`); for a token, the example of
 * that token on any token route (as upstream, which does not check the standard), else `404 Contract not
 * found` or `Token not found`, or `422 Locale not found` for a known token in a locale it lacks. The
 * envelope of a page echoes the `offset` and `limit` asked; an invalid parameter gets the service's 400.
 * Pure: no I/O, no Node API, so the same rules serve Prism's front and a browser's test kit.
 */
import { mockExamples, mockHeaders } from "../generated/mock-examples.js";
import { operations } from "../generated/operations.js";
import { canonicalJson } from "../shared/canonical-json.js";
import { checkRequest } from "../spec/service-rules.js";
import { searchAnswer } from "./search-answer.js";
import { knownContracts, tiedExamples } from "./token-routes.js";
import type {
  MockAnswer,
  MockExample,
  MockExampleTable,
  MockHeaderTable,
  MockRequest,
  NormalRequest,
} from "./types.js";

/** The operations the mock answers. */
export type MockOperationId = keyof typeof operations;

/** Answers a request to `operationId`; see {@link answerFor}. */
export interface AnswerFor {
  (operationId: MockOperationId, request: MockRequest): MockAnswer;
  /** The status of `operationId`'s named example `name`, or undefined when it has none of that name. */
  exampleStatus(operationId: MockOperationId, name: string): number | undefined;
  /** Every named example of `operationId` (what `Prefer: example=<name>` or `code=<status>` picks from). */
  examples(operationId: MockOperationId): readonly MockExample[];
  /** The documented headers of `operationId`'s `status` answer, by their examples (an `etag`, a 429's `retry-after`). */
  headers(operationId: MockOperationId, status: number): Readonly<Record<string, string>>;
}

interface Page {
  offset: number;
  limit: number;
  total: number;
  results: unknown[];
}

const same = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => a[key] === b[key]);

/** The answer `body`, named after the example it is (up to a page's echoed offset and limit), if any. */
function named(status: number, body: unknown, examples: readonly MockExample[], paged: boolean): MockAnswer {
  const text = canonicalJson(body);
  const match = examples.find((example) => {
    if (example.status !== status) return false;
    if (!paged) return canonicalJson(example.value) === text;
    const { offset, limit } = body as Page;
    return canonicalJson({ ...(example.value as Page), offset, limit }) === text;
  });
  return { status, body, ...(match ? { example: match.name } : {}) };
}

/** The question a page answers: its query without `offset` and `limit` (a list's filters and order). */
function filtersOf(query: Readonly<Record<string, string>>): Record<string, string> {
  const { offset: _offset, limit: _limit, ...filters } = query;
  return filters;
}

/**
 * The page at `offset`/`limit` of the question of `request` (its path, and its filters for a list): the
 * results of that question's examples, in order, cut to the page. A question no example answers has none.
 */
function page(request: NormalRequest, examples: readonly MockExample[]): MockAnswer {
  const offset = Number(request.query.offset);
  const limit = Number(request.query.limit);
  const filters = filtersOf(request.query);
  const pages = examples.filter(
    (e) =>
      e.request &&
      e.status === 200 &&
      same(e.request.path, request.path) &&
      same(filtersOf(e.request.query), filters),
  );
  const exact = pages.find((e) => e.request && same(e.request.query, request.query));
  if (exact) return { status: 200, body: structuredClone(exact.value), example: exact.name };
  const items: unknown[] = [];
  let total = 0;
  for (const example of pages) {
    const value = example.value as Page;
    total = value.total;
    value.results.forEach((item, i) => {
      items[value.offset + i] = item;
    });
  }
  // Past the end, the service counts nothing: `total` is 0 there, even when earlier pages had results.
  const results = structuredClone(items.slice(offset, offset + limit));
  const body: Page = { limit, offset, total: offset < total ? total : 0, results };
  return named(200, body, examples, true);
}

const TOKEN_NOT_FOUND = { error: "Token not found" };
const CONTRACT_NOT_FOUND = { error: "Contract not found" };
const LOCALE_NOT_FOUND = { error: "Locale not found" };

/**
 * A lookup that is not paged: the example of the request (`tied`: the operation's own, then those it
 * shares the answer of, see token-routes.ts); else, with the first path parameter as the container (a
 * token's contract), 404 for an unknown container or item, and 422 for a known item in a query (a locale)
 * no example has. `examples` are the operation's own, which name the answer.
 */
function single(
  request: NormalRequest,
  examples: readonly MockExample[],
  tied: readonly MockExample[],
  contracts: ReadonlySet<string>,
): MockAnswer {
  const exact = tied.find(
    (e) => e.request && same(e.request.path, request.path) && same(e.request.query, request.query),
  );
  if (exact && examples.includes(exact))
    return { status: exact.status, body: structuredClone(exact.value), example: exact.name };
  if (exact) return named(exact.status, structuredClone(exact.value), examples, false);
  if (tied.some((e) => e.request && same(e.request.path, request.path)))
    return named(422, { ...LOCALE_NOT_FOUND }, examples, false);
  const [container] = Object.keys(request.path);
  const asked = container === undefined ? undefined : request.path[container];
  const known =
    asked !== undefined &&
    (contracts.has(asked) || tied.some((e) => container && e.request?.path[container] === asked));
  return named(404, { ...(known ? TOKEN_NOT_FOUND : CONTRACT_NOT_FOUND) }, examples, false);
}

/**
 * The rules over a table of examples (and of documented headers): the generated ones ({@link answerFor}),
 * or ones built from a spec being edited.
 */
export function createAnswerFor(table: MockExampleTable, headerTable: MockHeaderTable = {}): AnswerFor {
  // What a lookup that is not paged reads, per operation, worked out once.
  const singles = new Map<string, { tied: MockExample[]; contracts: ReadonlySet<string> }>();
  const singleOf = (operationId: string) => {
    let found = singles.get(operationId);
    if (found === undefined) {
      found = { tied: tiedExamples(table, operationId), contracts: knownContracts(table, operationId) };
      singles.set(operationId, found);
    }
    return found;
  };
  const rules = (operationId: MockOperationId, request: MockRequest): MockAnswer => {
    const operation = operations[operationId];
    if (operation === undefined) throw new Error(`the mock has no operation ${String(operationId)}`);
    const examples = table[operationId] ?? [];
    if (operationId === "searchTokens") {
      const { query } = request;
      return searchAnswer(examples, query.getAll("contract"), query.get("locale") || undefined);
    }
    const checked = checkRequest(operation, request, examples);
    if ("status" in checked) return checked;
    if (operation.paged) return page(checked, examples);
    const { tied, contracts } = singleOf(operationId);
    return single(checked, examples, tied, contracts);
  };
  const exampleStatus = (operationId: MockOperationId, name: string) =>
    table[operationId]?.find((example) => example.name === name)?.status;
  const examples = (operationId: MockOperationId) => table[operationId] ?? [];
  const headers = (operationId: MockOperationId, status: number) => headerTable[operationId]?.[status] ?? {};
  return Object.assign(rules, { exampleStatus, examples, headers });
}

/**
 * The mock's answer to `request` for `operationId`, from the named examples of openapi.yaml.
 *
 * @example
 * answerFor("getSatoshiInscriptions", { path: { ordinal: "5000000000" }, query: new URLSearchParams("offset=20") });
 * // → { status: 200, body: { limit: 20, offset: 20, total: 0, results: [] }, example: "emptyPage" }
 */
export const answerFor: AnswerFor = createAnswerFor(mockExamples, mockHeaders);
