/**
 * `hiro-lookup/validators`: the spec's 200-body schemas as validators generated ahead of time
 * (Ajv standalone code), for `createLookupClient({ validateResponses, responseValidators })`. Each is
 * also a Standard Schema v1 (`~standard`, https://standardschema.dev) whose JSON Schema is reachable as
 * Standard JSON Schema (`~standard.jsonSchema`), so it plugs into what takes one: the MCP SDK's tool
 * output schemas, tRPC, form libraries, AI-SDK tool helpers.
 * @packageDocumentation
 */

import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import type { ResponseValidator, ResponseValidators } from "./features/response-validation.js";
import { responseSchemas } from "./generated/response-schemas.js";
import * as generated from "./generated/validators.js";
import type { LookupData, OperationId } from "./spec/types.js";

/** The JSON Schema targets a validator's `~standard.jsonSchema` converts to. */
const TARGETS = ["draft-2020-12"];

/**
 * The validator of one operation's 200 body: called, the problems found (none: it fits); as a Standard
 * Schema, `~standard.validate` gives the body typed, or its issues with their paths; its JSON Schema
 * (2020-12, records under `$defs`) is `~standard.jsonSchema.output({ target: "draft-2020-12" })`.
 */
export interface ResponseSchema<Output = unknown> extends ResponseValidator {
  readonly "~standard": StandardSchemaV1.Props<unknown, Output> & StandardJSONSchemaV1.Props<unknown, Output>;
}

/** One {@link ResponseSchema} per operation, typed by its 200 body. */
export type ResponseSchemas = { readonly [Op in OperationId]: ResponseSchema<LookupData<Op>> };

/** An Ajv instance path (`/results/0/id`) as Standard Schema path keys (`["results", 0, "id"]`). */
function pathOf(instancePath: string): PropertyKey[] {
  if (instancePath === "") return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part) => (/^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : part));
}

function schemaOf(operationId: OperationId, validate: generated.GeneratedValidateFunction): ResponseSchema {
  const issues = (): StandardSchemaV1.Issue[] =>
    (validate.errors ?? []).map((e) => ({
      message: e.message ?? "is invalid",
      path: pathOf(e.instancePath),
    }));
  const convert = ({ target }: StandardJSONSchemaV1.Options) => {
    if (!TARGETS.includes(target))
      throw new Error(`hiro-lookup/validators: no JSON Schema for target ${target}; it gives draft-2020-12`);
    return { $schema: "https://json-schema.org/draft/2020-12/schema", ...responseSchemas[operationId] };
  };
  const check = (body: unknown) =>
    validate(body)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message ?? "is invalid"}`);
  return Object.assign(check, {
    "~standard": {
      version: 1 as const,
      vendor: "hiro-lookup",
      validate: (value: unknown) => (validate(value) ? { value } : { issues: issues() }),
      jsonSchema: { input: convert, output: convert },
    },
  });
}

/** One validator per operation, checking its 200 body against openapi.yaml. */
export const responseValidators = Object.fromEntries(
  Object.entries(generated).map(([id, validate]) => [id, schemaOf(id as OperationId, validate)]),
) as ResponseSchemas & ResponseValidators;

/**
 * What each operation answers, by operationId: the schema names of its 200 body and of its 400 bodies, and
 * the error kinds its documented error bodies mean (tools such as `hiro-lookup verify` read it).
 */
export { operationAnswers } from "./generated/operations.js";

export type { ResponseValidator, ResponseValidators };
