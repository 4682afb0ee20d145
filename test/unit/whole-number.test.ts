/**
 * The one whole-number test every count, size and limit option uses (src/input/whole-number.ts): a safe
 * integer within its bounds, both included; anything else (a fraction, a non-number, NaN, an unsafe
 * integer) is not one.
 */
import { describe, expect, it } from "vitest";
import { isWholeNumber } from "../../src/input/whole-number.js";

describe("isWholeNumber", () => {
  it("accepts integers from min to max, both included", () => {
    expect(isWholeNumber(1, 1, 10)).toBe(true);
    expect(isWholeNumber(10, 1, 10)).toBe(true);
    expect(isWholeNumber(0, 0)).toBe(true);
    expect(isWholeNumber(Number.MAX_SAFE_INTEGER, 0)).toBe(true);
  });

  it("refuses values outside the bounds", () => {
    expect(isWholeNumber(0, 1, 10)).toBe(false);
    expect(isWholeNumber(11, 1, 10)).toBe(false);
    expect(isWholeNumber(-1, 0)).toBe(false);
  });

  it("refuses what is not a whole number", () => {
    for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY, "3", 3n, null, undefined, {}]) {
      expect(isWholeNumber(value, 0)).toBe(false);
    }
    // Above 2^53-1 a number is no longer exact: not a count the client can trust.
    expect(isWholeNumber(2 ** 53, 0)).toBe(false);
  });
});
