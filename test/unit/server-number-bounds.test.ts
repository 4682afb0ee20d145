/**
 * Server numbers without bounds (issue 29): a `total_supply` of 16M digits made `formatUnits` block for
 * 14.7 s (BigInt of the digits is quadratic), and a `Retry-After` of ~1e15 s put ~1e18 in
 * `HiroApiError.retryAfterMs` (an app's `setTimeout` of it fires after 1 ms, and loops). Both are bounded
 * by the real maxima: an amount has at most 78 digits (2^256; a Clarity uint and a rune amount are u128),
 * and a wait of more than a day is read as a day (the spec's `Retry-After` maximum).
 */
import { describe, expect, it } from "vitest";
import { formatUnits, HiroApiError, HiroValidationError, parseUnits } from "../../src/index.js";
import { parseRetryAfter } from "../../src/transport/retry.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

describe("amounts past any real one", () => {
  it("formatUnits refuses 16M digits at once, naming the amount; a u128 works", () => {
    const huge = "9".repeat(16_000_000);
    expect(() => formatUnits(huge, 6)).toThrow(HiroValidationError);
    expect(() => formatUnits(huge, 6)).toThrow(/amount.*at most 78 digits/);
    expect(() => parseUnits(`${huge}.5`, 6)).toThrow(/amount.*at most 78 digits/);
    expect(formatUnits((2n ** 128n - 1n).toString(), 6)).toBe("340282366920938463463374607431768.211455");
  });
});

describe("a Retry-After past any real one", () => {
  it("is read as at most a day", () => {
    expect(parseRetryAfter("1000000000000000", 0)).toBe(86_400_000);
    expect(parseRetryAfter("12", 0)).toBe(12_000);
  });

  it("reaches HiroApiError.retryAfterMs bounded, so an app's setTimeout of it is a real wait", async () => {
    const { client } = createTestClient(
      () => json({ message: "API rate limit exceeded" }, 429, { "retry-after": "1000000000000000" }),
      { maxRetries: 0 },
    );
    const error = await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect((error as HiroApiError).retryAfterMs).toBe(86_400_000);
    expect((error as HiroApiError).retryAfterMs).toBeLessThan(2 ** 31);
  });
});
