/**
 * The documented `400` bodies, for `hiro-lookup verify`. The generated validators cover 200 bodies only,
 * and the CLI ships without Ajv, so the two error schemas are kept here as data, with a checker for the
 * few keywords they use (`type`, `required`, `properties`, `const`). test/unit/verify-error-bodies.test.ts
 * fails when openapi.yaml's schemas (annotations aside) drift from these.
 */
import type { OperationId } from "../../index.js";
import { operationAnswers } from "../../validators.js";

/** The subset of JSON Schema the error bodies use. */
export interface BodySchema {
  type: "object" | "string" | "integer";
  required?: readonly string[];
  properties?: Readonly<Record<string, BodySchema>>;
  const?: string | number;
}

/** `components.schemas` of openapi.yaml, minus `description` and `example`. */
export const ERROR_BODY_SCHEMAS = {
  ValidationError: {
    type: "object",
    required: ["statusCode", "error", "message"],
    properties: {
      statusCode: { type: "integer", const: 400 },
      error: { type: "string" },
      message: { type: "string" },
      code: { type: "string" },
    },
  },
  InvalidSatoshiOrdinalError: {
    type: "object",
    required: ["error"],
    properties: { error: { type: "string", const: "Invalid satoshi ordinal number" } },
  },
} as const satisfies Record<string, BodySchema>;

/** A documented error schema's name. */
export type ErrorBodyName = keyof typeof ERROR_BODY_SCHEMAS;

/** The schema of each operation's `400` body in openapi.yaml (from the generated table; none for getApiStatus). */
export const BAD_REQUEST_BODY = Object.fromEntries(
  Object.entries(operationAnswers).flatMap(([operationId, answers]) =>
    answers.invalidRequestSchemas.map((schema) => [operationId, schema as ErrorBodyName]),
  ),
) as Readonly<Partial<Record<OperationId, ErrorBodyName>>>;

function typeProblem(schema: BodySchema, value: unknown): string | undefined {
  switch (schema.type) {
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value)
        ? undefined
        : "must be object";
    case "string":
      return typeof value === "string" ? undefined : "must be string";
    case "integer":
      return Number.isInteger(value) ? undefined : "must be integer";
  }
}

/** The problems of `value` against `schema`, as `<path> <problem>` (empty when it fits). */
export function bodyProblems(schema: BodySchema, value: unknown, path = ""): string[] {
  const where = path || "(body)";
  const wrongType = typeProblem(schema, value);
  if (wrongType) return [`${where} ${wrongType}`];
  if (schema.const !== undefined && value !== schema.const) {
    return [`${where} must be equal to constant ${JSON.stringify(schema.const)}`];
  }
  if (schema.type !== "object") return [];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const name of schema.required ?? []) {
    if (!(name in record)) problems.push(`${where} must have required property '${name}'`);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (name in record) problems.push(...bodyProblems(property, record[name], `${path}/${name}`));
  }
  return problems;
}
