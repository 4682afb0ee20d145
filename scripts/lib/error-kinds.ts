/**
 * The `x-error-kind` extension of openapi.yaml, turned into `src/generated/error-kinds.ts`: for each
 * operation and documented status, which `error` string means which HiroApiError kind, and whether the
 * body must also carry a string `message`. The classifier reads this map; nothing restates it by hand.
 */

interface Schema {
  $ref?: string;
  oneOf?: Schema[];
  anyOf?: Schema[];
  "x-error-kind"?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  type?: string;
  const?: unknown;
  enum?: unknown[];
}

interface Response {
  $ref?: string;
  content?: Record<string, { schema?: Schema }>;
}

interface Spec {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, Response> }>>;
}

/** What one documented `error` string means. */
export interface ErrorKindRule {
  kind: string;
  requiresMessage: boolean;
}

/** operationId → status → `error` string → rule. */
export type ErrorKindMap = Record<string, Record<string, Record<string, ErrorKindRule>>>;

/** The object a local `$ref` (`#/components/…`) points to. */
export function resolve<T extends { $ref?: string }>(spec: unknown, value: T): T {
  if (value.$ref === undefined) return value;
  let target: unknown = spec;
  for (const key of value.$ref.replace(/^#\//, "").split("/")) {
    target = (target as Record<string, unknown>)[key.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  if (typeof target !== "object" || target === null) throw new Error(`unresolved $ref ${value.$ref}`);
  return resolve(spec, target as T);
}

/** The `error` strings a schema allows: its `const`, or its `enum`. */
function errorStrings(schema: Schema, where: string): string[] {
  const error = schema.properties?.error;
  const values = error?.const !== undefined ? [error.const] : (error?.enum ?? []);
  if (values.length === 0 || !values.every((v) => typeof v === "string")) {
    throw new Error(`${where}: x-error-kind needs a string const or enum on its \`error\` property`);
  }
  return values as string[];
}

/** Adds the rules of `schema` (and of its oneOf/anyOf branches) to `rules`. */
function collect(
  spec: unknown,
  schema: Schema,
  kind: string | undefined,
  rules: Record<string, ErrorKindRule>,
  where: string,
): void {
  const resolved = resolve(spec, schema);
  const own = resolved["x-error-kind"] ?? kind;
  const branches = resolved.oneOf ?? resolved.anyOf;
  if (branches) {
    for (const branch of branches) collect(spec, branch, own, rules, where);
    return;
  }
  if (own === undefined) return;
  const requiresMessage =
    (resolved.required ?? []).includes("message") && resolved.properties?.message?.type === "string";
  for (const error of errorStrings(resolved, where)) {
    const previous = rules[error];
    if (previous && previous.kind !== own) {
      throw new Error(`${where}: "${error}" is both ${previous.kind} and ${own}`);
    }
    rules[error] = { kind: own, requiresMessage };
  }
}

/** The map of every operation's documented error bodies that carry an `x-error-kind`. */
export function errorKindMap(spec: Spec): ErrorKindMap {
  const map: ErrorKindMap = {};
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.operationId || !operation.responses) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = resolve(spec, response).content?.["application/json"]?.schema;
        if (!schema) continue;
        const rules: Record<string, ErrorKindRule> = {};
        collect(spec, schema, undefined, rules, `${method.toUpperCase()} ${path} ${status}`);
        if (Object.keys(rules).length === 0) continue;
        map[operation.operationId] ??= {};
        (map[operation.operationId] as Record<string, Record<string, ErrorKindRule>>)[status] = rules;
      }
    }
  }
  return map;
}

/** The content of `src/generated/error-kinds.ts`. */
export function errorKindsSource(spec: Spec): string {
  return [
    "/**",
    " * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.",
    " * The documented error bodies (schemas with `x-error-kind`): operationId → status → `error` string →",
    " * the HiroApiError kind it means, and whether that body must also carry a string `message`.",
    " */",
    `export const errorKinds = ${JSON.stringify(errorKindMap(spec), null, 2)} as const;`,
    "",
  ].join("\n");
}
