/**
 * The operation table leaves no gap: every path and query parameter of every operation in the spec has
 * its check (a new one without a check fails here after `npm run generate`), so nothing is ever sent as
 * `"undefined"` or silently dropped; every operation is a method of the client, by its operationId.
 */
import { describe, expect, it } from "vitest";
import { operations } from "../../src/generated/operations.js";
import { parameterRules } from "../../src/generated/parameters.js";
import { PARAMETER_CHECKS } from "../../src/input/parameter-checks.js";
import { emptyPage } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const parameters = Object.entries(operations).flatMap(([operationId, op]) =>
  [...op.pathParams, ...op.queryParams].map((name) => ({ operationId, name })),
);

describe("the operation table", () => {
  it.each(parameters)("$operationId's parameter $name has a check", ({ name }) => {
    expect(typeof PARAMETER_CHECKS[name]).toBe("function");
  });

  it("has a check for no parameter the spec does not have (a rename leaves no stale entry)", () => {
    expect(Object.keys(PARAMETER_CHECKS).sort()).toEqual(Object.keys(parameterRules).sort());
  });

  it("makes every operation a method of the client, by its operationId", () => {
    const { client } = createTestClient(emptyPage);
    for (const operationId of Object.keys(operations))
      expect(typeof (client as unknown as Record<string, unknown>)[operationId], operationId).toBe(
        "function",
      );
  });

  it("every enum parameter's check takes exactly the spec's values", () => {
    for (const [name, rule] of Object.entries(parameterRules)) {
      if (!("enum" in rule)) continue;
      const check = PARAMETER_CHECKS[name] as (value: unknown) => unknown;
      for (const value of rule.enum) expect(check(value)).toBe(value);
      expect(() => check(`${rule.enum[0]}x`)).toThrow(name);
    }
  });
});
