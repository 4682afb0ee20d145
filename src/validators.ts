/**
 * `hiro-lookup/validators`: the spec's 200-body schemas as validators generated ahead of time
 * (Ajv standalone code), for `createLookupClient({ validateResponses, responseValidators })`.
 * @packageDocumentation
 */

import type { ResponseValidator, ResponseValidators } from "./features/response-validation.js";
import * as generated from "./generated/validators.js";

function wrap(validate: generated.GeneratedValidateFunction): ResponseValidator {
  return (body) =>
    validate(body)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message ?? "is invalid"}`);
}

/** One validator per operation, checking its 200 body against openapi.yaml. */
export const responseValidators = Object.fromEntries(
  Object.entries(generated).map(([id, validate]) => [id, wrap(validate)]),
) as ResponseValidators;

/**
 * What each operation answers, by operationId: the schema names of its 200 body and of its 400 bodies, and
 * the error kinds its documented error bodies mean (tools such as `hiro-lookup verify` read it).
 */
export { operationAnswers } from "./generated/operations.js";

export type { ResponseValidator, ResponseValidators };
