/**
 * The named examples of openapi.yaml as the mock's data, turned into `src/generated/mock-examples.ts`:
 * per operation, each named example of a JSON response with its status, its value and, when the
 * example carries the `x-request` extension, the request it answers (path values, and the query with
 * the spec's defaults filled in). `src/mock/` answers from this table; `npm start` builds it from the
 * spec it serves. The examples are checked for what the table needs to be one source of truth: one
 * example per request, pages whose envelope is the request's, and the pages of an id that agree.
 */
import { resolve } from "./error-kinds.js";

interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  schema?: { type?: string; default?: unknown };
}

interface ExampleObject {
  $ref?: string;
  value?: unknown;
  "x-request"?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
}

interface HeaderObject {
  $ref?: string;
  example?: unknown;
}

interface Spec {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        parameters?: Parameter[];
        responses?: Record<
          string,
          {
            $ref?: string;
            headers?: Record<string, HeaderObject>;
            content?: Record<string, { examples?: Record<string, ExampleObject> }>;
          }
        >;
      }
    >
  >;
}

/** One named example: what `MockExample` is in the generated file. */
export interface MockExampleRow {
  name: string;
  status: number;
  request?: { path: Record<string, string>; query: Record<string, string> };
  value: unknown;
}

/** operationId → its named examples, in the spec's order. */
export type MockExampleTable = Record<string, MockExampleRow[]>;

/** A parameter value as the mock compares it: integers in canonical decimal form, the rest as text. */
export function canonical(value: unknown, type: string | undefined): string {
  const text = String(value);
  return type === "integer" && /^\d+$/.test(text) ? BigInt(text).toString() : text;
}

/** The `x-request` of an example, checked against the operation's parameters. */
function requestOf(
  where: string,
  extension: NonNullable<ExampleObject["x-request"]>,
  params: Parameter[],
): NonNullable<MockExampleRow["request"]> {
  const request = { path: {} as Record<string, string>, query: {} as Record<string, string> };
  for (const [place, key] of [
    ["path", "path"],
    ["query", "query"],
  ] as const) {
    const given = extension[key] ?? {};
    const known = params.filter((p) => p.in === place);
    const unknown = Object.keys(given).filter((name) => !known.some((p) => p.name === name));
    if (unknown.length > 0) throw new Error(`${where}: x-request.${key} names no parameter: ${unknown}`);
    for (const param of known) {
      const value = given[param.name] ?? param.schema?.default;
      if (value === undefined && place === "path")
        throw new Error(`${where}: x-request.path lacks ${param.name}`);
      if (value !== undefined) request[key][param.name] = canonical(value, param.schema?.type);
    }
  }
  return request;
}

/**
 * The table of every operation's named examples in a parsed openapi.yaml. Throws on an `x-request` the
 * checks refuse.
 */
export function mockExampleTable(document: object): MockExampleTable {
  const spec = document as Spec;
  const table: MockExampleTable = {};
  for (const item of Object.values(spec.paths)) {
    const operation = item.get;
    if (operation?.operationId === undefined) continue;
    const id = operation.operationId;
    const params = (operation.parameters ?? []).map((p) => resolve(spec, p));
    const rows: MockExampleRow[] = [];
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const examples = resolve(spec, response).content?.["application/json"]?.examples ?? {};
      for (const [name, reference] of Object.entries(examples)) {
        const example = resolve(spec, reference);
        const extension = example["x-request"];
        rows.push({
          name,
          status: Number(status),
          ...(extension ? { request: requestOf(`${id} example ${name}`, extension, params) } : {}),
          value: example.value,
        });
      }
    }
    checkRows(id, rows, params);
    table[id] = rows;
  }
  return table;
}

interface PageValue {
  offset?: unknown;
  limit?: unknown;
  total?: unknown;
  results?: unknown[];
}

/** The question a page answers: its path and its query without `offset` and `limit` (a list's filters). */
const questionOf = (request: MockExampleRow["request"]) => {
  const { offset: _offset, limit: _limit, ...filters } = request?.query ?? {};
  return JSON.stringify({ path: request?.path, filters });
};

/** One example per request; a page's envelope echoes its request; the pages of one question agree and leave no gap. */
function checkRows(id: string, rows: MockExampleRow[], params: Parameter[]): void {
  const tied = rows.filter((row) => row.request !== undefined);
  const seen = new Set<string>();
  for (const row of tied) {
    const key = JSON.stringify(row.request);
    if (seen.has(key)) throw new Error(`${id}: two examples answer the same request (${row.name})`);
    seen.add(key);
  }
  const paged = params.some((p) => p.name === "offset") && params.some((p) => p.name === "limit");
  if (!paged) return;
  const byId = new Map<string, { covered: number[]; total: number }>();
  for (const row of tied) {
    const page = row.value as PageValue;
    const query = row.request?.query ?? {};
    const results = page.results ?? [];
    if (row.status !== 200 || String(page.offset) !== query.offset || String(page.limit) !== query.limit)
      throw new Error(`${id} example ${row.name}: a 200 page whose offset and limit are its request's`);
    if (results.length > Number(page.limit))
      throw new Error(`${id} example ${row.name}: more results than limit`);
    const key = questionOf(row.request);
    const entry = byId.get(key) ?? { covered: [], total: Number(page.total) };
    if (entry.total !== Number(page.total))
      throw new Error(`${id} example ${row.name}: its total differs from another page of the same question`);
    for (let i = 0; i < results.length; i++) entry.covered[Number(page.offset) + i] = 1;
    byId.set(key, entry);
  }
  for (const [key, { covered, total }] of byId) {
    const gaps = Array.from({ length: total }, (_, i) => i).filter((i) => covered[i] !== 1);
    if (gaps.length > 0 || covered.length > total)
      throw new Error(
        `${id} ${key}: its example pages must cover results 0 to ${total - 1} (missing ${gaps})`,
      );
  }
}

/** operationId → status → the documented headers that have an example, by lower-case name. */
export type MockHeaderTable = Record<string, Record<string, Record<string, string>>>;

/** The example value of every documented response header that has one, in a parsed openapi.yaml. */
export function mockHeaderTable(document: object): MockHeaderTable {
  const spec = document as Spec;
  const table: MockHeaderTable = {};
  for (const item of Object.values(spec.paths)) {
    const operation = item.get;
    if (operation?.operationId === undefined) continue;
    const byStatus: Record<string, Record<string, string>> = {};
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const headers: Record<string, string> = {};
      for (const [name, header] of Object.entries(resolve(spec, response).headers ?? {})) {
        const { example } = resolve(spec, header);
        if (example !== undefined) headers[name.toLowerCase()] = String(example);
      }
      if (Object.keys(headers).length > 0) byStatus[status] = headers;
    }
    table[operation.operationId] = byStatus;
  }
  return table;
}

/** The content of `src/generated/mock-examples.ts`. */
export function mockExamplesSource(document: object): string {
  const table = mockExampleTable(document);
  const rows = Object.entries(table).flatMap(([id, examples]) => [
    `  ${id}: [`,
    ...examples.map((row) => `    ${JSON.stringify(row)},`),
    "  ],",
  ]);
  return [
    "/**",
    " * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.",
    " * Each operation's named examples: the name Prism's `Prefer: example=<name>` picks, the status, the",
    " * request it answers (`x-request`, the query's defaults filled in) when it names one, and the value.",
    " */",
    "",
    "/** One named example of an operation. */",
    "export interface MockExample {",
    "  readonly name: string;",
    "  readonly status: number;",
    "  readonly request?: {",
    "    readonly path: Readonly<Record<string, string>>;",
    "    readonly query: Readonly<Record<string, string>>;",
    "  };",
    "  readonly value: unknown;",
    "}",
    "",
    "export const mockExamples = {",
    ...rows,
    "} as const satisfies Readonly<Record<string, readonly MockExample[]>>;",
    "",
    "/** Each operation's documented response headers that have an example, by status: what a mock sends with an answer. */",
    "export const mockHeaders: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>> = {",
    ...Object.entries(mockHeaderTable(document)).map(
      ([id, byStatus]) => `  ${id}: ${JSON.stringify(byStatus)},`,
    ),
    "};",
    "",
  ].join("\n");
}
