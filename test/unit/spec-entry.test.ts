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
  answerProblem,
  checkBaseUrl,
  checkParameter,
  operations,
  parameterRules,
  SERVICE_NAMES,
} from "../../src/spec-entry.js";
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

  it("answerProblem runs the lookups' own answer checks (verify holds a deployment to them)", () => {
    const token = (principal: string, asset = `${principal}::t`) => ({
      contract_principal: principal,
      asset_identifier: asset,
    });
    const a = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex";
    const page = (results: unknown[], limit = 5) => ({ limit, offset: 0, total: results.length, results });
    expect(answerProblem("getFungibleTokens", { limit: 5 }, page([token(a)]))).toBeUndefined();
    expect(answerProblem("getFungibleTokens", { limit: 5 }, page([token(a), token(a)]))).toMatch(/twice/);
    expect(answerProblem("getFungibleTokens", { limit: 5 }, page([token(a, "SP1.x::y")]))).toMatch(
      /not of its contract/,
    );
    expect(answerProblem("getFungibleTokens", { limit: 5 }, page([token(a), token(`${a}2`)], 1))).toMatch(
      /limit says 1/,
    );
    expect(answerProblem("getFtMetadata", { principal: a }, { asset_identifier: "SP1.x::y" })).toMatch(
      /not the contract asked/,
    );
    expect(() => answerProblem("getFtMetadata", { principal: "nope" }, {})).toThrow(HiroValidationError);
  });

  it("checkBaseUrl is the client's own", () => {
    expect(checkBaseUrl("baseUrl", "http://127.0.0.1:3000///")).toBe("http://127.0.0.1:3000");
    expect(() => checkBaseUrl("baseUrl", "http://u:p@h")).toThrow(/credentials/);
  });
});
