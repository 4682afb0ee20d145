/**
 * The token ids of `searchTokens`, checked before anything is sent: each `PRINCIPAL` or
 * `PRINCIPAL:TOKEN_NUMBER` (the spec's pattern, `generated/parameters.ts`), its token number at most
 * 2^53-1 as for `getSftMetadata` (the service reads it as a JS number and would answer for another
 * token), then collapsed: `PRINCIPAL` means token number 1, so `P`, `P:1` and `P:01` are one token.
 */
import { HiroValidationError } from "../errors/errors.js";
import { quoted } from "../errors/safe-text.js";
import { parameterRules as rules } from "../generated/parameters.js";

const ID = new RegExp(rules.contract.items.pattern);
const PRINCIPAL = new RegExp(rules.principal.pattern);
const FORM =
  'must be "PRINCIPAL" or "PRINCIPAL:TOKEN_NUMBER" (a contract principal, then an optional ":" and decimal digits)';
/** Digits of 2^53-1 (9007199254740991): a longer number is above it. */
const SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

/** One token asked, as sent: its principal, its token number, and its wire form. */
export interface AskedToken {
  /** `PRINCIPAL:N`, canonical: what is sent and how an answer's item is matched. */
  key: string;
  /** The distinct ways the caller wrote it, in the order first seen: what `missing` reports. */
  written: string[];
}

/** What is wrong with a string that is not a token id, for the message. */
function problemOf(value: string): string {
  const colon = value.indexOf(":");
  const principal = colon < 0 ? value : value.slice(0, colon);
  if (!PRINCIPAL.test(principal)) {
    return `${FORM}; the principal is not "<upper-case c32 address, 28-41 chars>.<contract name>"`;
  }
  return `${FORM}; the token number after ":" must be decimal digits`;
}

/** The token number of a checked id, as a canonical decimal string; throws above 2^53-1. */
function tokenNumberOf(parameter: string, value: string, digits: string | undefined): string {
  if (digits === undefined) return "1"; // upstream: no ":N" means token number 1 (what an FT has)
  const bare = digits.replace(/^0+(?=\d)/, "");
  if (bare.length > SAFE_DIGITS || Number(bare) > Number.MAX_SAFE_INTEGER) {
    throw new HiroValidationError(
      parameter,
      `has a token number above 2^53-1: the service reads it as a JS number and cannot address it exactly (it would answer for another token); got ${quoted(value)}`,
    );
  }
  return bare;
}

/**
 * The distinct tokens of `contract`, in the order first asked. Throws a HiroValidationError naming the
 * entry (`contract[17]`) on the first bad one: nothing is sent.
 */
export function checkContractIds(contract: unknown): AskedToken[] {
  if (!Array.isArray(contract)) {
    const got = contract === null ? "null" : typeof contract;
    throw new HiroValidationError(
      "contract",
      `must be an array of token ids ("PRINCIPAL" or "PRINCIPAL:TOKEN_NUMBER"); got ${got}`,
    );
  }
  const tokens = new Map<string, AskedToken>();
  contract.forEach((value: unknown, index) => {
    const parameter = `contract[${index}]`;
    if (typeof value !== "string") {
      throw new HiroValidationError(
        parameter,
        `${FORM}, a string; got ${value === null ? "null" : typeof value}`,
      );
    }
    if (!ID.test(value))
      throw new HiroValidationError(parameter, `${problemOf(value)}; got ${quoted(value)}`);
    const colon = value.indexOf(":");
    const principal = colon < 0 ? value : value.slice(0, colon);
    const key = `${principal}:${tokenNumberOf(parameter, value, colon < 0 ? undefined : value.slice(colon + 1))}`;
    const token = tokens.get(key);
    if (token === undefined) tokens.set(key, { key, written: [value] });
    else if (!token.written.includes(value)) token.written.push(value);
  });
  return [...tokens.values()];
}
