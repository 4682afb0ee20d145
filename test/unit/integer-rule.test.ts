/**
 * An integer parameter's refusal carries its rule as fields (`error.rule`), and the command line retells
 * it from them, in its own words: never by rewriting the library's reason.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inCliWords } from "../../src/cli/option-names.js";
import { createLookupClient, HiroValidationError } from "../../src/index.js";
import { checkLimit, checkOrdinal, checkTokenId } from "../../src/input/validate-input.js";

const refusal = (run: () => unknown): HiroValidationError => {
  try {
    run();
  } catch (error) {
    if (error instanceof HiroValidationError) return error;
    throw error;
  }
  throw new Error("not refused");
};

describe("an integer rule, as fields of the refusal", () => {
  it("a limit past the spec's maximum: the range, no maximum option, the value given", () => {
    const error = refusal(() => checkLimit(61));
    expect(error.rule).toEqual({ allowed: "an integer from 1 to 60", jsForms: false, given: "61" });
    expect(error.reason).toBe("must be an integer from 1 to 60; got 61");
  });

  it("a limit past a deployment's maximum names the client option that set it", () => {
    const error = refusal(() => checkLimit(301, 300, "runes"));
    expect(error.rule).toMatchObject({ allowed: "an integer from 1 to 300", maximumFrom: "maxLimit.runes" });
    expect(error.reason).toBe("must be an integer from 1 to 300 (the client's maxLimit.runes); got 301");
  });

  it("an ordinal and a token id tell a JS caller the forms it may pass", () => {
    const ordinal = refusal(() => checkOrdinal(-1));
    expect(ordinal.rule).toMatchObject({ jsForms: true, given: "-1" });
    expect(ordinal.reason).toMatch(/\(a safe integer, a bigint or a decimal string\); got -1$/);
    const id = refusal(() => checkTokenId("x"));
    expect(id.rule).toMatchObject({ jsForms: true, given: '"x"' });
  });

  it("a refusal that is no integer rule has none", () => {
    expect(refusal(() => createLookupClient({ baseUrl: "ftp://x" })).rule).toBeUndefined();
  });
});

describe("the command line retells the rule in its own words", () => {
  it("decimal digits for the forms, the flag for the maximum", () => {
    const ordinal = inCliWords(refusal(() => checkOrdinal(-1)));
    expect(ordinal).toBeInstanceOf(HiroValidationError);
    expect((ordinal as HiroValidationError).message).toBe(
      "<ordinal>: must be an integer from 0 to 2099999997689999 (decimal digits); got -1",
    );
    const limit = inCliWords(refusal(() => checkLimit(301, 300, "runes")));
    expect((limit as HiroValidationError).message).toBe(
      "--limit: must be an integer from 1 to 300 (--runes-max-limit); got 301",
    );
  });

  it("option-names.ts never rewrites a reason's text", () => {
    const source = readFileSync(new URL("../../src/cli/option-names.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/reason\s*\.\s*replace/);
    expect(source).not.toMatch(/\.replaceAll\(/);
  });
});
