import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { parse } from "yaml";

/** Absolute path of the project root. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const SPEC_PATH = `${ROOT}openapi.yaml`;

export interface OpenApiSpec {
  // Path items: operations by method, plus `servers` and other non-operation keys (see operationStatuses).
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, object>;
    examples: Record<string, { value: unknown }>;
    responses: Record<string, ResponseObject>;
    parameters: Record<string, ParameterObject>;
  };
  [key: string]: unknown;
}
export interface OperationObject {
  operationId: string;
  parameters?: Array<{ $ref: string }>;
  responses: Record<string, ResponseObject | { $ref: string }>;
  [key: string]: unknown;
}
export interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: { $ref: string }; examples?: Record<string, { $ref: string }> }>;
}
export interface ParameterObject {
  name: string;
  in: string;
  schema: object;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}

export function loadSpec(path: string = SPEC_PATH): OpenApiSpec {
  return parse(readFileSync(path, "utf8")) as OpenApiSpec;
}

/** The spec's one story: the parameter examples of a token, a sat and a transaction, as strings. */
export function specSamples(spec: OpenApiSpec = loadSpec()) {
  const sampleOf = (name: string) => String(spec.components.parameters[name]?.example);
  return {
    principal: sampleOf("Principal"),
    tokenId: sampleOf("TokenId"),
    ordinal: sampleOf("Ordinal"),
    txId: sampleOf("TxId"),
  };
}

const SPEC_ID = "https://hiro-lookup.invalid/openapi.json";

/** An Ajv (JSON Schema 2020-12) that resolves `#/components/...` refs of the spec. */
export function specAjv(spec: OpenApiSpec = loadSpec()): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  // OpenAPI keywords and our vendor extension (`x-error-kind`): annotations, not validation keywords.
  ajv.addVocabulary(["example", "components", "discriminator", "xml", "externalDocs", "x-error-kind"]);
  ajv.addSchema({ $id: SPEC_ID, components: { schemas: spec.components.schemas } });
  return ajv;
}

/** The validator of a named component schema, e.g. `validatorFor(ajv, "Inscription")`. */
export function validatorFor(ajv: Ajv2020, schemaName: string): ValidateFunction {
  const validate = ajv.getSchema(`${SPEC_ID}#/components/schemas/${schemaName}`);
  if (!validate) throw new Error(`no schema named ${schemaName} in openapi.yaml`);
  return validate;
}

/** The local name of a `#/components/<kind>/<name>` ref. */
export function refName(ref: string): string {
  const name = ref.split("/").at(-1);
  if (!name) throw new Error(`bad $ref ${ref}`);
  return name;
}

/** Follows a `#/components/responses/X` ref, if the response is one. */
export function resolveResponse(
  spec: OpenApiSpec,
  response: ResponseObject | { $ref: string },
): ResponseObject {
  if ("$ref" in response) {
    const resolved = spec.components.responses[refName(response.$ref)];
    if (!resolved) throw new Error(`unresolved ${response.$ref}`);
    return resolved;
  }
  return response;
}

export interface OperationStatus {
  operationId: string;
  path: string;
  method: string;
  status: number;
  response: ResponseObject;
}

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** Every (operation, status) pair the spec documents, in spec order. */
export function operationStatuses(spec: OpenApiSpec = loadSpec()): OperationStatus[] {
  const pairs: OperationStatus[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    // A path item also holds `servers`, `parameters`, `summary`…: only the HTTP methods are operations.
    for (const [method, op] of Object.entries(item).filter(([key]) => HTTP_METHODS.has(key))) {
      for (const [status, response] of Object.entries(op.responses)) {
        pairs.push({
          operationId: op.operationId,
          path,
          method,
          status: Number(status),
          response: resolveResponse(spec, response),
        });
      }
    }
  }
  return pairs;
}
