/**
 * The operations of openapi.yaml as JSON Schema for tool servers (the `hiro-lookup mcp` server), turned
 * into `src/generated/tool-schemas.ts`: per operation, its summary, the first paragraph of its
 * description, each path and query parameter's schema with its description, which are required, and
 * the schema of its 200 body. Every `$ref` is inlined (a tool's schema is one self-contained document),
 * and examples and `x-` extensions are left out: they do not describe a value, they only weigh.
 */
import { dereference } from "./dereference.js";

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: ParameterObject[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface Spec {
  paths: Record<string, Record<string, Operation>>;
}

const DROPPED = new Set(["example", "examples"]);

/** A description as one line per paragraph: the YAML's line breaks inside a paragraph are spaces. */
const unwrapped = (text: string) => text.trim().replace(/(?<!\n)\n(?!\n)/g, " ");

/** `value` without examples and `x-` extensions, descriptions unwrapped. */
function lean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lean);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !DROPPED.has(key) && !key.startsWith("x-"))
      .map(([key, inner]) => [
        key,
        key === "description" && typeof inner === "string" ? unwrapped(inner) : lean(inner),
      ]),
  );
}

/** A description's first paragraph, on one line (the rest of an operation's is the service's quirks). */
const firstParagraph = (text = "") => (text.trim().split(/\n\s*\n/)[0] ?? "").replace(/\s*\n\s*/g, " ");

/** The content of `src/generated/tool-schemas.ts` for the spec `spec` (as parsed from YAML). */
export function toolSchemasSource(spec: unknown): string {
  const inlined = dereference(spec) as Spec;
  const entries: string[] = [];
  for (const item of Object.values(inlined.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (method !== "get" || !operation.operationId) continue;
      const params = (operation.parameters ?? []).filter((p) => p.in === "path" || p.in === "query");
      const schema = operation.responses?.["200"]?.content?.["application/json"]?.schema;
      if (schema === undefined) throw new Error(`${operation.operationId}: its 200 body has no JSON schema`);
      const entry = {
        summary: operation.summary ?? operation.operationId,
        description: firstParagraph(operation.description),
        parameters: Object.fromEntries(
          params.map((p) => [
            p.name,
            lean({ ...p.schema, ...(p.description === undefined ? {} : { description: p.description }) }),
          ]),
        ),
        required: params.filter((p) => p.in === "path" || p.required === true).map((p) => p.name),
        response: lean(schema),
      };
      entries.push(`  ${operation.operationId}: ${JSON.stringify(entry)},`);
    }
  }
  return [
    "/**",
    " * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.",
    " * Each operation as JSON Schema, for tool servers (`hiro-lookup mcp`): its summary, the first paragraph",
    " * of its description, its path and query parameters (schema and description), the required ones, and",
    " * the schema of its 200 body; every `$ref` inlined, examples and `x-` extensions left out. Only the",
    " * tool servers import it: an app's bundle never holds it.",
    " */",
    'import type { operations } from "./operations.js";',
    "",
    "/** A JSON Schema, as plain data. */",
    "export type JsonSchemaObject = { readonly [keyword: string]: unknown };",
    "",
    "/** One operation, as a tool server describes it. */",
    "export interface OperationSchemas {",
    "  readonly summary: string;",
    "  readonly description: string;",
    "  readonly parameters: { readonly [name: string]: JsonSchemaObject };",
    "  readonly required: readonly string[];",
    "  readonly response: JsonSchemaObject;",
    "}",
    "",
    "export const operationSchemas: { readonly [K in keyof typeof operations]: OperationSchemas } = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}
