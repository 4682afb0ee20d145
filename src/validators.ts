/**
 * `hiro-lookup/validators`: the spec's 200-body schemas as validators generated ahead of time
 * (Ajv standalone code), for `createLookupClient({ validateResponses, responseValidators })`.
 * @packageDocumentation
 */

import type { ResponseValidator, ResponseValidators } from "./features/response-validation.js";
import { operations } from "./generated/operations.js";
import * as generated from "./generated/validators.js";

function wrap(validate: generated.GeneratedValidateFunction): ResponseValidator {
  return (body) =>
    validate(body)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message ?? "is invalid"}`);
}

/** One validator per operation of the operation table, checking its 200 body against openapi.yaml. */
export const responseValidators = Object.fromEntries(
  Object.keys(operations).map((id) => [
    id,
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: every generated validator is used
    wrap(generated[id as keyof typeof operations]),
  ]),
) as ResponseValidators;

export type { ResponseValidator, ResponseValidators };
