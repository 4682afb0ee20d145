/**
 * The map from documented error bodies to kinds comes from the spec's `x-error-kind`: every named
 * example of an error response is classified as its schema says, and a spec edit shows up as drift.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorKindMap } from "../../scripts/lib/error-kinds.js";
import { staleFiles } from "../../scripts/lib/generated-files.js";
import { apiErrorFor } from "../../src/errors/classify-response.js";
import type { OperationId } from "../../src/spec/types.js";
import { loadSpec, operationStatuses, ROOT, refName, specAjv, validatorFor } from "../helpers/spec.js";

const spec = loadSpec();
const ajv = specAjv(spec);
const TYPED_KINDS = ["not_found", "metadata_pending", "locale_not_found", "token_error"];

type Schema = { "x-error-kind"?: string; oneOf?: Array<{ $ref: string }> };
const schemaNamed = (name: string) => spec.components.schemas[name] as Schema;

/** The kind the spec gives a body of schema `name`: the `x-error-kind` of the oneOf branch it matches. */
function specKind(name: string, body: unknown): string | undefined {
  const schema = schemaNamed(name);
  const branch = schema.oneOf?.map((b) => refName(b.$ref)).find((b) => validatorFor(ajv, b)(body));
  return (branch === undefined ? undefined : schemaNamed(branch)["x-error-kind"]) ?? schema["x-error-kind"];
}

const cases = operationStatuses(spec)
  .filter(({ status }) => status >= 400)
  .flatMap(({ operationId, status, response }) => {
    const media = response.content?.["application/json"];
    if (!media) return [];
    return Object.values(media.examples ?? {}).map((ref) => {
      const body = spec.components.examples[refName(ref.$ref)]?.value;
      return {
        label: `${operationId} ${status} ${refName(ref.$ref)}`,
        operationId,
        status,
        body,
        schema: refName(media.schema.$ref),
      };
    });
  });

describe("every documented error example is classified as its schema's x-error-kind says", () => {
  it("covers the four typed kinds", () => {
    const kinds = new Set(cases.map((c) => specKind(c.schema, c.body)));
    for (const kind of TYPED_KINDS) expect(kinds).toContain(kind);
  });

  it.each(cases)("$label", ({ operationId, status, body, schema }) => {
    const error = apiErrorFor({
      operationId: operationId as OperationId,
      status,
      body,
      headers: new Headers(),
      url: "https://api.hiro.so/x",
      retryAfterMs: undefined,
    });
    const expected = specKind(schema, body);
    if (expected === undefined) expect(TYPED_KINDS).not.toContain(error.kind);
    else expect(error.kind).toBe(expected);
  });
});

describe("generated/error-kinds.ts", () => {
  // That it is in sync with openapi.yaml is npm test's check:generated (test/tooling/static-checks.test.ts).
  it("goes stale on an x-error-kind edit", () => {
    const dir = mkdtempSync(join(tmpdir(), "hiro-error-kinds-"));
    const edited = readFileSync(join(ROOT, "openapi.yaml"), "utf8").replace(
      "x-error-kind: locale_not_found",
      "x-error-kind: not_found",
    );
    writeFileSync(join(dir, "openapi.yaml"), edited);
    // The operation table lists each operation's error kinds too.
    expect(staleFiles(join(dir, "openapi.yaml"))).toEqual([
      "src/generated/operations.ts",
      "src/generated/error-kinds.ts",
    ]);
  });

  it("the operation table goes stale when an operation's path or parameters change", () => {
    const dir = mkdtempSync(join(tmpdir(), "hiro-operations-"));
    const edited = readFileSync(join(ROOT, "openapi.yaml"), "utf8").replace(
      "/runes/v1/transactions/{tx_id}/activity:",
      "/runes/v1/transactions/{tx_id}/activities:",
    );
    writeFileSync(join(dir, "openapi.yaml"), edited);
    expect(staleFiles(join(dir, "openapi.yaml"))).toEqual(["src/generated/operations.ts"]);
  });

  it("marks token_error as requiring a string message, and only it", () => {
    const rules = Object.values(errorKindMap(spec)).flatMap((byStatus) =>
      Object.values(byStatus).flatMap((byError) => Object.values(byError)),
    );
    expect([...new Set(rules.filter((r) => r.requiresMessage).map((r) => r.kind))]).toEqual(["token_error"]);
  });

  it("refuses an x-error-kind on a schema whose error is not a const or enum", () => {
    const broken = structuredClone(spec);
    const schema = broken.components.schemas.LocaleNotFoundError as { properties: { error: object } };
    schema.properties.error = { type: "string" };
    expect(() => errorKindMap(broken)).toThrow(/x-error-kind needs a string const or enum/);
  });

  it("refuses one error string mapped to two kinds", () => {
    const broken = structuredClone(spec);
    const schema = broken.components.schemas.LocaleNotFoundError as { properties: { error: object } };
    schema.properties.error = { type: "string", const: "Token error" };
    expect(() => errorKindMap(broken)).toThrow(/"Token error" is both locale_not_found and token_error/);
  });
});
