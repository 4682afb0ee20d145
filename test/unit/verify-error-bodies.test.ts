/**
 * Drift gate for the 400 bodies `hiro-lookup verify` checks without Ajv: the hand-kept schemas must be
 * openapi.yaml's (annotations aside), the 400 mapping must be the spec's, and the small checker must
 * agree with Ajv on valid and broken bodies.
 */
import { describe, expect, it } from "vitest";
import {
  BAD_REQUEST_BODY,
  bodyProblems,
  ERROR_BODY_SCHEMAS,
} from "../../src/cli/verify/verify-error-bodies.js";
import { loadSpec, refName, specAjv, validatorFor } from "../helpers/spec.js";

const spec = loadSpec();

/** A schema without its annotations (`description`, `example`), which validate nothing. */
function withoutAnnotations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAnnotations);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "description" && key !== "example")
      .map(([key, v]) => [key, withoutAnnotations(v)]),
  );
}

describe("verify's documented 400 bodies", () => {
  it.each(Object.keys(ERROR_BODY_SCHEMAS))("%s is the spec's schema", (name) => {
    expect(ERROR_BODY_SCHEMAS[name as keyof typeof ERROR_BODY_SCHEMAS]).toEqual(
      withoutAnnotations(spec.components.schemas[name]),
    );
  });

  it("maps each operation to the schema of its documented 400", () => {
    const fromSpec: Record<string, string> = {};
    for (const item of Object.values(spec.paths)) {
      // A path item also holds `servers` (ordinals and runes are self-hosted): only its operations count.
      for (const op of Object.values(item).filter(
        (value) => typeof value === "object" && "responses" in value,
      )) {
        const response = op.responses["400"] as
          | { content: Record<string, { schema: { $ref: string } }> }
          | undefined;
        if (response === undefined) continue; // getApiStatus has no parameter to refuse
        fromSpec[op.operationId] = refName(response.content["application/json"]?.schema.$ref ?? "");
      }
    }
    expect(BAD_REQUEST_BODY).toEqual(fromSpec);
  });

  const ajv = specAjv(spec);
  const bodies: unknown[] = [
    ...Object.values(spec.components.examples).map((example) => example.value),
    { statusCode: 400, error: "Bad Request", message: "querystring/limit must be <= 60" },
    { statusCode: "400", error: "Bad Request", message: "x" },
    { statusCode: 400.5, error: "Bad Request", message: "x" },
    { statusCode: 401, error: "Bad Request", message: "x" },
    { statusCode: 400, error: "Bad Request" },
    { statusCode: 400, error: "Bad Request", message: "x", code: 7 },
    { error: "Invalid satoshi ordinal number", extra: true },
    { error: "Invalid satoshi ordinal" },
    { error: null },
    {},
    [],
    null,
    "Bad Request",
  ];
  it.each(Object.keys(ERROR_BODY_SCHEMAS))("the checker agrees with Ajv on %s", (name) => {
    const validate = validatorFor(ajv, name);
    const schema = ERROR_BODY_SCHEMAS[name as keyof typeof ERROR_BODY_SCHEMAS];
    for (const body of bodies) {
      expect({ body, valid: bodyProblems(schema, body).length === 0 }).toEqual({
        body,
        valid: validate(body),
      });
    }
  });

  it("names the problem with a path", () => {
    expect(bodyProblems(ERROR_BODY_SCHEMAS.ValidationError, { statusCode: 400, error: 1 })).toEqual([
      "(body) must have required property 'message'",
      "/error must be string",
    ]);
  });
});
