/**
 * `hiro-lookup/spec`: the contract as data and checks, for tools beside the client (the CLI reads it).
 * It is the spec's own table and the lookups' own checks, not a copy.
 */
import { describe, expect, it } from "vitest";
import { operations as generatedOperations } from "../../src/generated/operations.js";
import { parameterRules as generatedRules } from "../../src/generated/parameters.js";
import { HiroValidationError } from "../../src/index.js";
import { PARAMETER_CHECKS } from "../../src/input/parameter-checks.js";
import {
  checkBaseUrl,
  checkParameter,
  operations,
  parameterRules,
  SERVICE_NAMES,
} from "../../src/spec/index.js";
import { loadSpec } from "../helpers/spec.js";

describe("hiro-lookup/spec", () => {
  it("exports the generated operation table and parameter rules themselves", () => {
    expect(operations).toBe(generatedOperations);
    expect(parameterRules).toBe(generatedRules);
    expect(parameterRules.limit.maximum).toBe(60);
    expect(SERVICE_NAMES).toEqual(["metadata", "ordinals", "runes"]);
    const ids = Object.values(loadSpec().paths).map((item) => item.get?.operationId);
    expect(Object.keys(operations).sort()).toEqual(ids.sort());
  });

  it("checkParameter runs the lookups' check of each parameter, and refuses a name the spec lacks", () => {
    expect(Object.keys(PARAMETER_CHECKS).sort()).toEqual(Object.keys(parameterRules).sort());
    expect(checkParameter("tx_id", `0x${"AB".repeat(32)}`)).toBe("ab".repeat(32));
    expect(checkParameter("token_id", "035")).toBe("35");
    expect(() => checkParameter("token_id", "9007199254740993")).toThrow(/another token/);
    expect(() => checkParameter("nope", 1)).toThrow(HiroValidationError);
    expect(() => checkParameter("toString", 1)).toThrow(/not a parameter of the spec/);
  });

  it("checkBaseUrl is the client's own", () => {
    expect(checkBaseUrl("baseUrl", "http://127.0.0.1:3000///")).toBe("http://127.0.0.1:3000");
    expect(() => checkBaseUrl("baseUrl", "http://u:p@h")).toThrow(/credentials/);
  });
});
