/**
 * The operation table of openapi.yaml, turned into `src/generated/operations.ts`: for each operation, its
 * path, service, path and query parameters (with the rules the client checks), whether it is paged, the
 * schemas of its 200 and 400 bodies and the error kinds its documented bodies map to. The client, the
 * routing, the validators and the CLI read this table; none of them restates an operation by hand.
 */
import { errorKindMap, resolve } from "./error-kinds.js";

interface ParameterObject {
  $ref?: string;
  name: string;
  in: string;
}

interface Operation {
  operationId?: string;
  parameters?: ParameterObject[];
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
}

interface Spec {
  paths: Record<string, Record<string, Operation>>;
}

/** One row of the table, as written (parameter rules are referenced from `parameters.ts`). */
export interface OperationRow {
  operationId: string;
  method: string;
  path: string;
  service: string;
  pathParams: string[];
  queryParams: string[];
  paged: boolean;
  responseSchema: string;
  invalidRequestSchemas: string[];
  errorKinds: string[];
}

/** The schema names a response's JSON body may be (a `$ref`, or the `$ref`s of its `oneOf`). */
function schemaNames(spec: Spec, response: Parameters<typeof resolve>[1] | undefined): string[] {
  if (response === undefined) return [];
  const content = resolve(spec, response as { $ref?: string; content?: Operation["responses"] }) as {
    content?: Record<string, { schema?: { $ref?: string; oneOf?: { $ref?: string }[] } }>;
  };
  const schema = content.content?.["application/json"]?.schema;
  const refs = schema?.oneOf ?? (schema ? [schema] : []);
  return refs.flatMap((ref) => (ref.$ref ? [ref.$ref.replace("#/components/schemas/", "")] : []));
}

/** The rows of the table, in the spec's order. Throws on an operation the client could not route. */
export function operationRows(spec: Spec): OperationRow[] {
  const kinds = errorKindMap(spec as Parameters<typeof errorKindMap>[0]);
  const rows: OperationRow[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (method !== "get" || !operation.operationId) continue;
      const id = operation.operationId;
      const service = /^\/([a-z]+)\/v1\//.exec(path)?.[1];
      if (service === undefined) throw new Error(`${id}: ${path} does not start with /<service>/v1/`);
      const params = (operation.parameters ?? []).map((p) => resolve(spec, p));
      const named = (where: string) => params.filter((p) => p.in === where).map((p) => p.name);
      const queryParams = named("query");
      const responseSchema = schemaNames(spec, operation.responses?.["200"])[0];
      if (responseSchema === undefined) throw new Error(`${id}: its 200 body has no schema $ref`);
      const errorKinds = Object.values(kinds[id] ?? {}).flatMap((rules) =>
        Object.values(rules).map((rule) => rule.kind),
      );
      rows.push({
        operationId: id,
        method,
        path,
        service,
        pathParams: named("path"),
        queryParams,
        paged: queryParams.includes("offset") && queryParams.includes("limit"),
        responseSchema,
        invalidRequestSchemas: schemaNames(spec, operation.responses?.["400"]),
        errorKinds: [...new Set(errorKinds)],
      });
    }
  }
  return rows;
}

/** The content of `src/generated/operations.ts`. */
export function operationsSource(spec: Spec): string {
  const list = (names: string[]) => `[${names.map((n) => JSON.stringify(n)).join(", ")}]`;
  const rows = operationRows(spec);
  const table = (fields: (row: OperationRow) => string[]) =>
    rows.flatMap((row) => [`  ${row.operationId}: {`, ...fields(row).map((f) => `    ${f},`), "  },"]);
  return [
    "/**",
    " * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.",
    " * One row per operation: its path, service, path and query parameters (their rules are in",
    " * `parameters.ts`, by name), and whether it is paged (offset and limit).",
    " */",
    "export const operations = {",
    ...table((row) => [
      `method: "${row.method}"`,
      `path: ${JSON.stringify(row.path)}`,
      `service: "${row.service}"`,
      `pathParams: ${list(row.pathParams)}`,
      `queryParams: ${list(row.queryParams)}`,
      `paged: ${row.paged}`,
    ]),
    "} as const;",
    "",
    "/**",
    " * What each operation answers, for tools (verify, docs): the schema of its 200 body, those of its 400",
    " * bodies, and the error kinds of its documented error bodies (`x-error-kind`). Not needed at run time,",
    " * so a separate export: a bundler leaves it out of an app that does not read it.",
    " */",
    "export const operationAnswers = {",
    ...table((row) => [
      `responseSchema: "${row.responseSchema}"`,
      `invalidRequestSchemas: ${list(row.invalidRequestSchemas)}`,
      `errorKinds: ${list(row.errorKinds)}`,
    ]),
    "} as const;",
    "",
  ].join("\n");
}
