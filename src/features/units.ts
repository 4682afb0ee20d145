/**
 * Exact helpers for the decimal-string amounts the services send (u128 supplies, sat values, rune
 * amounts): no floating point anywhere, so nothing is rounded.
 */
import { HiroValidationError } from "../errors/errors.js";
import { quoted } from "../errors/safe-text.js";
import { isWholeNumber } from "../input/whole-number.js";

const MAX_DECIMALS = 38;
/**
 * The most digits an amount may have: 2^256 has 78. On-chain amounts are smaller (a Clarity uint, a rune
 * amount: u128, 39 digits); a longer one is a broken or hostile server's, and BigInt() of millions of
 * digits blocks for seconds (16M digits: 14.7 s), so it is refused before anything is computed.
 */
const MAX_DIGITS = 78;

/** Refuses a digit string longer than {@link MAX_DIGITS} (leading zeros not counted), before any BigInt. */
function checkDigits(parameter: string, digits: string): void {
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 48) start++;
  if (digits.length - start > MAX_DIGITS) {
    throw new HiroValidationError(
      parameter,
      `has ${digits.length - start} digits: an amount has at most ${MAX_DIGITS} digits (2^256; on-chain amounts are u128)`,
    );
  }
}
const INTEGER = /^[0-9]+$/;
const DECIMAL = /^([0-9]+)(?:\.([0-9]+))?$/;

function checkDecimals(decimals: number): number {
  if (!isWholeNumber(decimals, 0, MAX_DECIMALS)) {
    throw new HiroValidationError(
      "decimals",
      `must be an integer from 0 to ${MAX_DECIMALS}; got ${String(decimals)}`,
    );
  }
  return decimals;
}

/**
 * A non-negative integer as a bigint: from a decimal string such as `total_supply` or `sat_ordinal`,
 * a safe integer, or a bigint.
 */
export function toBigInt(value: string | number | bigint, parameter = "value"): bigint {
  if (typeof value === "bigint" && value >= 0n) return value;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && INTEGER.test(value)) {
    checkDigits(parameter, value);
    return BigInt(value);
  }
  throw new HiroValidationError(
    parameter,
    `must be a non-negative integer (decimal string, safe integer or bigint)`,
  );
}

/**
 * Formats an amount in base units with `decimals` decimal places: `formatUnits(1234500n, 6)` is
 * `"1.2345"`. Trailing zeros are dropped, and so is the point for a whole number.
 */
export function formatUnits(amount: string | number | bigint, decimals: number): string {
  const digits = toBigInt(amount, "amount").toString();
  const places = checkDecimals(decimals);
  if (places === 0) return digits;
  const padded = digits.padStart(places + 1, "0");
  const whole = padded.slice(0, -places);
  const fraction = padded.slice(-places).replace(/0+$/, "");
  return fraction === "" ? whole : `${whole}.${fraction}`;
}

/**
 * Parses a decimal amount into base units: `parseUnits("1.2345", 6)` is `1234500n`. Rune `amount`
 * strings parse with the rune's divisibility. More fraction digits than `decimals` is an error,
 * never a rounding.
 */
export function parseUnits(text: string, decimals: number): bigint {
  const places = checkDecimals(decimals);
  const match = typeof text === "string" ? DECIMAL.exec(text) : null;
  if (!match)
    throw new HiroValidationError(
      "amount",
      `must be a non-negative decimal such as "12.5"; got ${typeof text === "string" ? quoted(text) : typeof text}`,
    );
  const [, whole = "", fraction = ""] = match;
  checkDigits("amount", whole);
  if (fraction.length > places && /[1-9]/.test(fraction.slice(places))) {
    throw new HiroValidationError("amount", `has more than ${places} decimal places: ${quoted(text)}`);
  }
  return BigInt(whole + fraction.slice(0, places).padEnd(places, "0"));
}
