import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUnits, HiroValidationError, parseUnits, toBigInt } from "../../src/index.js";

const U128_MAX = (1n << 128n) - 1n;
const u128 = fc.bigInt({ min: 0n, max: U128_MAX });
const decimals = fc.integer({ min: 0, max: 38 });

describe("toBigInt", () => {
  it("reads decimal strings, safe integers and bigints exactly (u128 included)", () => {
    expect(toBigInt("340282366920938463463374607431768211455")).toBe(U128_MAX);
    expect(toBigInt(42)).toBe(42n);
    expect(toBigInt(7n)).toBe(7n);
    fc.assert(fc.property(u128, (n) => toBigInt(n.toString()) === n));
  });

  it.each([["-1"], ["1.5"], ["1e3"], [""], [-1], [1.5], [2 ** 53], [-1n]] as const)("rejects %s", (value) => {
    expect(() => toBigInt(value)).toThrow(HiroValidationError);
  });
});

describe("formatUnits / parseUnits", () => {
  it("formats with the given decimal places, without trailing zeros", () => {
    expect(formatUnits(1234500n, 6)).toBe("1.2345");
    expect(formatUnits("1000000", 6)).toBe("1");
    expect(formatUnits(5n, 6)).toBe("0.000005");
    expect(formatUnits("250", 0)).toBe("250");
    expect(formatUnits(U128_MAX, 38)).toBe("3.40282366920938463463374607431768211455");
  });

  it("parses a rune amount string, already scaled, back into base units", () => {
    expect(parseUnits("110000000.00", 2)).toBe(11000000000n);
    expect(parseUnits("1.5", 6)).toBe(1500000n);
    expect(parseUnits("7", 0)).toBe(7n);
  });

  it("round-trips every u128 at every divisibility 0..38 (property)", () => {
    fc.assert(fc.property(u128, decimals, (n, d) => parseUnits(formatUnits(n, d), d) === n));
  });

  it("formats exactly like BigInt arithmetic (property)", () => {
    fc.assert(
      fc.property(u128, decimals, (n, d) => {
        const [whole = "", fraction = ""] = formatUnits(n, d).split(".");
        return BigInt(whole) * 10n ** BigInt(d) + BigInt(fraction.padEnd(d, "0") || "0") === n;
      }),
    );
  });

  it("refuses to round: more fraction digits than decimals is an error", () => {
    expect(() => parseUnits("1.234", 2)).toThrow(/more than 2 decimal places/);
    expect(parseUnits("1.230", 2)).toBe(123n); // trailing zeros lose nothing
  });

  it.each([["-1"], ["1e3"], ["."], ["1."], [" 1"], ["0x10"]])("rejects the amount %s", (text) => {
    expect(() => parseUnits(text, 2)).toThrow(HiroValidationError);
  });

  it("echoes a bad amount cut to 80 characters, control characters escaped", () => {
    expect(() => parseUnits(`1\u001b[2J${"9".repeat(10_000)}`, 2)).toThrow(
      `amount: must be a non-negative decimal such as "12.5"; got "1\\u001b[2J${"9".repeat(70)}…" (10005 characters)`,
    );
    expect(() => parseUnits(`0.${"1".repeat(10_000)}`, 2)).toThrow(
      /decimal places: "0\.1{78}…" \(10002 characters\)$/,
    );
  });

  it("a bad amount that is not a string is a HiroValidationError too (JSON.stringify threw on a bigint)", () => {
    expect(() => parseUnits(5n as unknown as string, 2)).toThrow(HiroValidationError);
    expect(() => parseUnits(undefined as unknown as string, 2)).toThrow(/got undefined$/);
  });

  it.each([[-1], [39], [1.5]])("rejects decimals %s", (d) => {
    expect(() => formatUnits(1n, d)).toThrow(/decimals/);
    expect(() => parseUnits("1", d)).toThrow(/decimals/);
  });
});
