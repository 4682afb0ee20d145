/**
 * `verify --token-id` follows the lookups' token-number rule (issue 29 item 3). The CLI uses the library
 * through its public entry only, so it keeps its own copy of the rule (sample-checks.ts); this test fails
 * when the two drift: the same ids pass, with the same canonical digits, and the same ones are refused.
 */
import { describe, expect, it } from "vitest";
import { sampleTokenId } from "../../src/cli/verify/sample-checks.js";
import { checkTokenId } from "../../src/input/validate-input.js";

const ids = [
  "0",
  "007",
  "35",
  String(2 ** 53 - 1),
  String(2n ** 53n),
  String(2n ** 53n + 1n),
  String(2n ** 53n + 2n),
  String(2n ** 60n),
  String(10n ** 18n),
  String(2n ** 63n - 1n),
  String(2n ** 63n),
  String(10n ** 19n),
  String(2n ** 64n),
  String(2n ** 128n - 1n),
  String(2n ** 128n),
  "1".repeat(60),
];

/** What a rule does with `id`: its canonical digits, or "refused". */
const outcome = (rule: (id: string) => string, id: string) => {
  try {
    return rule(id);
  } catch {
    return "refused";
  }
};

describe("verify's --token-id and the lookups' token_id: one rule", () => {
  it.each(ids)("%s: the same outcome", (id) => {
    expect(outcome(sampleTokenId, id)).toBe(outcome(checkTokenId, id));
  });

  it("a refusal names the flag and says the lookup's reason", () => {
    expect(() => sampleTokenId(String(10n ** 19n))).toThrow(
      /^--token-id: is above 2\^63-1, the largest token number the service stores/,
    );
  });
});
