/**
 * The spec's named response examples, turned into `src/generated/mock-examples.ts` for the mock's rules
 * (`src/mock/`): per operation, every named example with its status and, when it carries the
 * `x-request` extension, the request it answers (`{ path: { name: value }, query: { name: value } }`).
 * The mock front and `hiro-lookup/msw` pick answers from this one table, so neither restates an example.
 */
import { resolve } from "./error-kinds.js";

interface ExampleObject {
  $ref?: string;
  value?: unknown;
  "x-request"?: { path?: Record<string, string>; query?: Record<string, string> };
}

interface Response {
  $ref?: string;
  content?: Record<string, { examples?: Record<string, ExampleObject> }>;
}

interface Spec {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, Response> }>>;
}

/** One named example as the mock reads it. */
export interface MockExampleRow {
  name: string;
  status: number;
  request?: { path: Record<string, string>; query: Record<string, string> };
  value: unknown;
}

/** operationId → its named examples, in the spec's order (status by status). */
export function mockExampleRows(spec: Spec): Record<string, MockExampleRow[]> {
  const rows: Record<string, MockExampleRow[]> = {};
  for (const item of Object.values(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (method !== "get" || !operation.operationId) continue;
      const list: MockExampleRow[] = [];
      for (const [status, raw] of Object.entries(operation.responses ?? {})) {
        const examples = resolve(spec, raw).content?.["application/json"]?.examples ?? {};
        for (const [name, ref] of Object.entries(examples)) {
          const example = resolve(spec, ref);
          const request = example["x-request"];
          list.push({
            name,
            status: Number(status),
            ...(request ? { request: { path: request.path ?? {}, query: request.query ?? {} } } : {}),
            value: example.value,
          });
        }
      }
      rows[operation.operationId] = list;
    }
  }
  return rows;
}

/** The content of `src/generated/mock-examples.ts`. */
export function mockExamplesSource(spec: Spec): string {
  return [
    "/**",
    " * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.",
    " * Every named response example per operation, with its status and, from `x-request`, the request",
    " * it answers. Read by the mock's rules (src/mock/), never by the client.",
    " */",
    "export interface MockExample {",
    "  readonly name: string;",
    "  readonly status: number;",
    "  readonly request?: { readonly path: Readonly<Record<string, string>>; readonly query: Readonly<Record<string, string>> };",
    "  readonly value: unknown;",
    "}",
    "",
    `export const mockExamples: Readonly<Record<string, readonly MockExample[]>> = ${JSON.stringify(mockExampleRows(spec), null, 2)};`,
    "",
  ].join("\n");
}
