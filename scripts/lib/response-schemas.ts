/**
 * The 200-body schemas of openapi.yaml as JSON Schema documents (2020-12), turned into
 * `src/generated/response-schemas.ts`: what each validator of `hiro-lookup/validators` checks, reachable
 * as its Standard JSON Schema (`~standard.jsonSchema`). Each document is its root schema with the
 * component schemas it reaches under `$defs` (`$ref: "#/components/schemas/X"` becomes `"#/$defs/X"`);
 * annotations are left out, as for the validators (they do not validate, only weigh). In the generated
 * module each component is one constant, so documents that share a record share it in a bundle too.
 */

const COMPONENT_REF = /^#\/components\/schemas\/([A-Za-z0-9_]+)$/;

/** `value` with every `$ref` to a component rewritten to `$defs`, calling `found` with each name. */
function rewritten(value: unknown, found: (name: string) => void): unknown {
  if (Array.isArray(value)) return value.map((inner) => rewritten(inner, found));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const name = key === "$ref" && typeof inner === "string" ? COMPONENT_REF.exec(inner)?.[1] : undefined;
      if (name === undefined) return [key, rewritten(inner, found)];
      found(name);
      return [key, `#/$defs/${name}`];
    }),
  );
}

/** The names of the components `root` reaches, itself first, each once. */
function reached(schemas: Record<string, unknown>, root: string): string[] {
  const names = [root];
  for (let i = 0; i < names.length; i++) {
    rewritten(schemas[names[i] as string], (name) => {
      if (!names.includes(name)) names.push(name);
    });
  }
  return names;
}

/** A JS identifier for a component's constant. */
const constant = (name: string) => `schema_${name}`;

/**
 * The content of `src/generated/response-schemas.ts`: `schemas` are the spec's component schemas
 * without annotations, `responseSchemas` the 200 body's component name by operationId.
 */
export function responseSchemasSource(
  schemas: Record<string, unknown>,
  responseSchemas: Record<string, string>,
): string {
  const used = new Set(Object.values(responseSchemas).flatMap((root) => reached(schemas, root)));
  const constants = [...used].map(
    (name) => `const ${constant(name)}: JsonSchema = ${JSON.stringify(rewritten(schemas[name], () => {}))};`,
  );
  const documents = Object.entries(responseSchemas).map(([operationId, root]) => {
    const defs = reached(schemas, root).slice(1);
    const $defs =
      defs.length === 0 ? "" : `, $defs: { ${defs.map((n) => `${n}: ${constant(n)}`).join(", ")} }`;
    return `  ${operationId}: { ...${constant(root)}${$defs} },`;
  });
  return [
    "/**",
    " * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.",
    " * The 200 body of each operation as a JSON Schema (2020-12) document: the schema each response",
    " * validator checks, its records under `$defs`, without annotations.",
    " */",
    "",
    "/** A JSON Schema, as plain data. */",
    "export type JsonSchema = { readonly [keyword: string]: unknown };",
    "",
    ...constants,
    "",
    "/** The 200 body's schema, by operationId. */",
    "export const responseSchemas = {",
    ...documents,
    "} as const satisfies Record<string, JsonSchema>;",
    "",
  ].join("\n");
}
