/**
 * The `name` filter of `getFungibleTokens` (and `ft-list --name`): the service matches it as
 * `LOWER(name) LIKE '%' || LOWER(filter) || '%'` (`%` any text, `_` one character, `\` escapes the next
 * one), and the client checks every item of the answer the same way. That check must work for every
 * value the input check accepts, and take time linear in the name for a given pattern, however hostile
 * the pattern (a backtracking RegExp took seconds for `"%_"` × 28, and forever for × 30).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { HiroValidationError } from "../../src/index.js";
import { compileLike, matchLike, nameFilterMatcher } from "../../src/lookups/like-pattern.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { emptyPageFor, json } from "../helpers/fake-fetch.js";
import { likeWitness } from "../helpers/input-model.js";
import { createTestClient } from "../helpers/test-client.js";

const WRAPPED = "SP3DX3H4FEYZJZ586MFBS25ZW3HZDMEW92260R2PR.Wrapped-Bitcoin";
const itemNamed = (name: string) => ({
  name,
  symbol: "XBTC",
  tx_id: `0x${"ab".repeat(32)}`,
  sender_address: WRAPPED.split(".")[0],
  asset_identifier: `${WRAPPED}::wrapped-bitcoin`,
  contract_principal: WRAPPED,
});
const pageOf = (request: Request, results: unknown[]) =>
  json({ ...emptyPageFor(request), total: results.length, results });

/**
 * The reference: the pattern as an anchored RegExp over lowered text (fine for short inputs of an
 * alphabet whose lowering is one code point each; a RegExp is what the matcher replaces).
 */
function referenceLike(pattern: string, text: string): boolean {
  const chars = Array.from(pattern.toLowerCase());
  let source = "";
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    const literal = (c: string) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`;
    if (char === "\\" && i + 1 < chars.length) source += literal(chars[++i] as string);
    else if (char === "%") source += "[^]*";
    else if (char === "_") source += "[^]";
    else source += literal(char);
  }
  return new RegExp(`^${source}$`, "u").test(text.toLowerCase());
}

describe("the LIKE matcher", () => {
  const ALPHABET = ["a", "A", "b", "%", "_", "\\", "-", "é", "É", "😀", "."];
  const short = fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 10 });

  it("agrees with a RegExp reference on short patterns and texts, within its step bound", () => {
    fc.assert(
      fc.property(short, short, (pattern, text) => {
        const { matched, steps } = matchLike(compileLike(pattern), text);
        expect(matched, `${JSON.stringify(pattern)} ~ ${JSON.stringify(text)}`).toBe(
          referenceLike(pattern, text),
        );
        expect(steps).toBeLessThanOrEqual((Array.from(text).length + 2) * (Array.from(pattern).length + 2));
      }),
      { numRuns: 3000 },
    );
  });

  it("the service's substring form: case-blind, _ one code point, \\ escaping, a trailing \\ escaping the closing %", () => {
    expect(nameFilterMatcher("LEX t")("ALEX Token")).toBe(true);
    expect(nameFilterMatcher("a_ex")("alex")).toBe(true);
    expect(nameFilterMatcher("a_b")("a😀b")).toBe(true);
    expect(nameFilterMatcher("a\\_b")("a_b")).toBe(true);
    expect(nameFilterMatcher("a\\_b")("axb")).toBe(false);
    expect(nameFilterMatcher("100\\%")("100% real")).toBe(true);
    expect(nameFilterMatcher("100\\%")("1000 real")).toBe(false);
    expect(nameFilterMatcher("coin\\")("coin%")).toBe(true);
    expect(nameFilterMatcher("coin\\")("coin% x")).toBe(false);
    expect(nameFilterMatcher("wrapped-bitcoin")("Wrapped-Bitcoin (xBTC)")).toBe(true);
  });

  it("a 10 kB adversarial pattern against a long name ends within (name + 2) × (pattern + 2) steps", () => {
    const cases: Array<[string, string]> = [
      ["%_".repeat(5000), "x".repeat(20_000)],
      ["%_".repeat(5000), "x".repeat(9_999)],
      [`%${"a".repeat(5000)}b%`, "a".repeat(8_000)],
      [`${"%a".repeat(5000)}b`, "a".repeat(8_000)],
      [`%${"_a".repeat(2500)}%b`, "xa".repeat(4_000)],
    ];
    for (const [pattern, text] of cases) {
      const { matched, steps } = matchLike(compileLike(pattern), text);
      expect(typeof matched).toBe("boolean");
      expect(steps, pattern.slice(0, 12)).toBeLessThanOrEqual((text.length + 2) * (pattern.length + 2));
    }
    // The wildcard-only pattern is linear: a few steps per character, not a product.
    expect(matchLike(compileLike("%_".repeat(5000)), "x".repeat(20_000)).steps).toBeLessThan(60_000);
  });
});

describe("the name filter, through the client", () => {
  it("a name with a - (or any RegExp syntax) is matched, not a raw SyntaxError after the request", async () => {
    for (const name of ["wrapped-bitcoin", "a/b", "x{2}", "(", "[", "^$", "a|b", "\\-", "\\"]) {
      const { client } = createTestClient((request) =>
        pageOf(request, [itemNamed(`Wrapped ${likeWitness(name)}`)]),
      );
      expect((await client.getFungibleTokens({ name })).results, name).toHaveLength(1);
    }
  });

  it('"%_" × 28 against a 40-character name (seconds of backtracking for a RegExp) is checked at once', async () => {
    const name = "%_".repeat(28);
    const { client } = createTestClient((request) => pageOf(request, [itemNamed("x".repeat(40))]));
    const started = performance.now();
    expect((await client.getFungibleTokens({ name })).results).toHaveLength(1);
    // Generous: a linear matcher takes microseconds here, the RegExp took 5 s to forever.
    expect(performance.now() - started).toBeLessThan(4000);
  });

  it("every value the input check accepts is sent and its answer checked: a matching item passes", async () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.string({
        unit: fc.constantFrom("%", "_", "\\", "-", "a", "A", "é", "/", "(", "*", "?", "\u0130"),
        maxLength: 40,
      }),
    );
    await fc.assert(
      fc.asyncProperty(text, async (name) => {
        const { client, requests } = createTestClient(
          (request) => pageOf(request, [itemNamed(likeWitness(name))]),
          { maxRetries: 0 },
        );
        const outcome = await client.getFungibleTokens({ name }).then(
          (page) => page,
          (error: unknown) => error,
        );
        if (outcome instanceof HiroValidationError) {
          expect(outcome.parameter).toBe("name");
          expect(requests).toHaveLength(0);
          return;
        }
        expect(outcome, JSON.stringify(name)).toMatchObject({ results: [{ name: likeWitness(name) }] });
      }),
      { numRuns: 200 },
    );
  });
});

describe("ft-list --name", () => {
  it("wrapped-bitcoin prints the token and exits 0 (it exited 6, the network code)", async () => {
    const { code, stdout, stderr } = await runCliInProcess(
      ["--base-url", "http://127.0.0.1:9", "ft-list", "--name", "wrapped-bitcoin"],
      {},
      {
        fetch: async (input: RequestInfo | URL) => pageOf(new Request(input), [itemNamed("Wrapped-Bitcoin")]),
      },
    );
    expect({ code, stderr }).toEqual({ code: EXIT.ok, stderr: "" });
    expect(stdout).toContain("Wrapped-Bitcoin");
  });
});
