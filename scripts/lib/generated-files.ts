/**
 * The runtime pieces of `src/generated/` that openapi-typescript does not write (`npm run generate`,
 * scripts/generate.ts, writes them; the watch and `check:generated` compare them): the parameter rules
 * (patterns, ranges, defaults) the client checks before sending, the operation table (`operations.ts`),
 * the response validators and their JSON Schema documents (`response-schemas.ts`), the operations as JSON Schema for tool servers (`tool-schemas.ts`), and the map of documented error bodies to error kinds (`x-error-kind`, see
 * `error-kinds.ts`). The types themselves come from `openapi-typescript` (see package.json).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import standalone from "ajv/dist/standalone/index.js";
import { parse } from "yaml";
import { errorKindsSource } from "./error-kinds.js";
import { mockExamplesSource } from "./mock-examples.js";
import { operationRows, operationsSource } from "./operations.js";
import { responseSchemasSource } from "./response-schemas.js";
import { toolSchemasSource } from "./tool-schemas.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const RULE_KEYS = [
  "type",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMaximum",
  "enum",
  "default",
  "minItems",
  "maxItems",
  "maxLength",
  "items",
] as const;
const ANNOTATIONS = new Set(["description", "example", "examples"]);

/** The schema without its annotations (descriptions, examples, `x-` extensions): they do not validate, only weigh. */
function stripAnnotations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripAnnotations);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !ANNOTATIONS.has(key) && !key.startsWith("x-"))
      .map(([key, inner]) => [key, stripAnnotations(inner)]),
  );
}

// CJS interop: under NodeNext the default import is the module object; its `default` is the function.
const standaloneCode = (standalone as unknown as { default: typeof standalone.default }).default;

/** Ajv standalone validators (JSON Schema 2020-12) of the 200 bodies: no Ajv needed at run time. */
function validatorsSource(schemas: Record<string, unknown>, responseSchemas: Record<string, string>): string {
  const ajv = new Ajv2020({ strict: true, allErrors: false, code: { source: true, esm: true, lines: true } });
  ajv.addVocabulary(["components"]);
  ajv.addSchema({ $id: "openapi.yaml", components: { schemas: stripAnnotations(schemas) } });
  const refs = Object.fromEntries(
    Object.entries(responseSchemas).map(([op, schema]) => [op, `openapi.yaml#/components/schemas/${schema}`]),
  );
  return [
    "// Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.",
    "// @ts-nocheck",
    standaloneCode(ajv, refs),
    "",
  ].join("\n");
}

const validatorsDts = (
  operationIds: string[],
) => `/** Generated from openapi.yaml by scripts/generate.ts. Do not edit by hand. */
export interface GeneratedValidateFunction {
  (data: unknown): boolean;
  errors?: Array<{ instancePath: string; message?: string }> | null;
}
${operationIds.map((op) => `export declare const ${op}: GeneratedValidateFunction;`).join("\n")}
`;

interface ParameterObject {
  name: string;
  in: string;
  schema: Record<string, unknown>;
}

/** The generated files, path → content, for the spec at `specPath`. */
export function generatedFiles(specPath = `${root}openapi.yaml`): Map<string, string> {
  const spec = parse(readFileSync(specPath, "utf8")) as Parameters<typeof errorKindsSource>[0] &
    Parameters<typeof operationsSource>[0] & {
      components: { parameters: Record<string, ParameterObject>; schemas: Record<string, unknown> };
    };
  const rules: Record<string, Record<string, unknown>> = {};
  for (const param of Object.values(spec.components.parameters)) {
    if (param.in !== "path" && param.in !== "query") continue;
    rules[param.name] = Object.fromEntries(
      RULE_KEYS.filter((k) => k in param.schema).map((k) => [k, param.schema[k]]),
    );
  }
  const parameters = [
    "/**",
    " * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.",
    " * The path and query parameter rules of the spec, checked by the client before it sends a request.",
    " */",
    "",
    // One constant per parameter, so an app's bundler keeps only the rules it reads.
    ...Object.entries(rules).map(
      ([name, rule]) => `export const ${name}Rule = ${JSON.stringify(rule, null, 2)} as const;\n`,
    ),
    "/** Every rule, by parameter name. */",
    `export const parameterRules = { ${Object.keys(rules)
      .map((name) => `${name}: ${name}Rule`)
      .join(", ")} } as const;`,
    "",
  ].join("\n");
  // The 200 body schema of each operation: what `hiro-lookup/validators` checks.
  const responseSchemas = Object.fromEntries(
    operationRows(spec).map((r) => [r.operationId, r.responseSchema]),
  );
  return new Map([
    ["src/generated/parameters.ts", parameters],
    ["src/generated/operations.ts", operationsSource(spec)],
    ["src/generated/validators.js", validatorsSource(spec.components.schemas, responseSchemas)],
    ["src/generated/validators.d.ts", validatorsDts(Object.keys(responseSchemas))],
    [
      "src/generated/response-schemas.ts",
      responseSchemasSource(
        stripAnnotations(spec.components.schemas) as Record<string, unknown>,
        responseSchemas,
      ),
    ],
    ["src/generated/error-kinds.ts", errorKindsSource(spec)],
    ["src/generated/mock-examples.ts", mockExamplesSource(spec)],
    ["src/generated/tool-schemas.ts", toolSchemasSource(spec)],
  ]);
}

/** The generated files that differ from what the spec at `specPath` gives (missing ones included). */
export function staleFiles(specPath = `${root}openapi.yaml`): string[] {
  const stale: string[] = [];
  for (const [file, content] of generatedFiles(specPath)) {
    let current = "";
    try {
      current = readFileSync(`${root}${file}`, "utf8");
    } catch {}
    if (current !== content) stale.push(file);
  }
  return stale;
}

/** Writes the generated files for the spec at `specPath`; returns their paths. */
export function writeGeneratedFiles(specPath = `${root}openapi.yaml`): string[] {
  const files = generatedFiles(specPath);
  for (const [file, content] of files) writeFileSync(`${root}${file}`, content);
  return [...files.keys()];
}
