/**
 * Checks every parameter before a request is built, and turns it into the exact form the service
 * expects. The rules (patterns, ranges) come from openapi.yaml through `generated/parameters.ts`.
 * The service itself coerces `"1e3"`, `"0x10"` or `" 5"` into integers and lets `Infinity` through,
 * so the client is stricter than the server on purpose: a typo must not become another lookup.
 */
import { HiroValidationError } from "./errors.js";
import { parameterRules as rules } from "./generated/parameters.js";

const U128_MAX = (1n << 128n) - 1n;
const DECIMAL = /^[0-9]+$/;
const PRINCIPAL = new RegExp(rules.principal.pattern);
const HEX_TX_ID = new RegExp(rules.tx_id.pattern);

/** A short, printable rendering of a bad value for an error message. */
function show(value: unknown): string {
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "number") return String(value);
  return value === null ? "null" : typeof value;
}

/** A non-negative integer given as a safe integer, a bigint or a decimal string, checked against [0, max]. */
function bigInteger(parameter: string, value: unknown, max: bigint, allowed: string): bigint {
  let n: bigint;
  if (typeof value === "bigint") n = value;
  else if (typeof value === "number" && Number.isSafeInteger(value)) n = BigInt(value);
  else if (typeof value === "string" && DECIMAL.test(value)) n = BigInt(value);
  else throw new HiroValidationError(parameter, `must be ${allowed}; got ${show(value)}`);
  if (n < 0n || n > max) throw new HiroValidationError(parameter, `must be ${allowed}; got ${show(value)}`);
  return n;
}

/** `principal`: a contract principal matching the spec's pattern. */
export function checkPrincipal(value: unknown): string {
  if (typeof value !== "string" || !PRINCIPAL.test(value)) {
    throw new HiroValidationError(
      "principal",
      `must be a contract principal "<upper-case c32 address>.<contract name>" matching ${rules.principal.pattern}; got ${show(value)}`,
    );
  }
  return value;
}

/** `token_id`: a u128, returned as its canonical decimal string (exact above 2^53). */
export function checkTokenId(value: unknown): string {
  const allowed = "an integer from 0 to 2^128-1 (a safe integer, a bigint or a decimal string)";
  return bigInteger("token_id", value, U128_MAX, allowed).toString();
}

/** `ordinal`: 0..2099999997689999, returned as a number (exact: below 2^53). */
export function checkOrdinal(value: unknown): number {
  const max = BigInt(rules.ordinal.exclusiveMaximum) - 1n;
  const allowed = `an integer from 0 to ${max} (a safe integer, a bigint or a decimal string)`;
  return Number(bigInteger("ordinal", value, max, allowed));
}

/** `tx_id`: 64 hex characters; an optional `0x` is stripped and the result lower-cased. */
export function checkTxId(value: unknown): string {
  const bare = typeof value === "string" && /^0x/i.test(value) ? value.slice(2) : value;
  if (typeof bare !== "string" || !HEX_TX_ID.test(bare)) {
    throw new HiroValidationError(
      "tx_id",
      `must be 64 hex characters (an optional 0x prefix is removed); got ${show(value)}`,
    );
  }
  // The indexer stores lower-case ids and compares case-sensitively: upper case would find nothing.
  return bare.toLowerCase();
}

/** `offset`: an integer ≥ 0, or undefined for the service's default. */
export function checkOffset(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < rules.offset.minimum) {
    throw new HiroValidationError(
      "offset",
      `must be an integer >= ${rules.offset.minimum}; got ${show(value)}`,
    );
  }
  return value;
}

/** `limit`: an integer from 1 to 60, or undefined for the service's default (20). */
export function checkLimit(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const { minimum, maximum } = rules.limit;
  if (typeof value !== "number" || !Number.isInteger(value) || value < minimum || value > maximum) {
    throw new HiroValidationError(
      "limit",
      `must be an integer from ${minimum} to ${maximum}; got ${show(value)}`,
    );
  }
  return value;
}

/** `locale`: a string; an empty one is dropped (the service treats it as absent). */
export function checkLocale(value: unknown): string | undefined {
  if (value === undefined || value === "") return undefined;
  // A lone UTF-16 surrogate cannot be percent-encoded: it would fail while building the URL.
  if (typeof value !== "string" || /\p{Cs}/u.test(value)) {
    throw new HiroValidationError(
      "locale",
      `must be a well-formed string such as "es-MX"; got ${show(value)}`,
    );
  }
  return value;
}
