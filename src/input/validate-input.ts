/**
 * Checks every parameter before a request is built, and turns it into the exact form the service
 * expects. The rules (patterns, ranges) come from openapi.yaml through `generated/parameters.ts`.
 * The service itself coerces `"1e3"`, `"0x10"` or `" 5"` into integers and lets `Infinity` through,
 * so the client is stricter than the server on purpose: a typo must not become another lookup.
 */
import { HiroValidationError, type IntegerRule } from "../errors/errors.js";
import { quoted } from "../errors/safe-text.js";
import {
  limitRule,
  localeRule,
  offsetRule,
  ordinalRule,
  principalRule,
  tx_idRule,
} from "../generated/parameters.js";
import { refuseNul } from "./filter-checks.js";
import { isWholeNumber } from "./whole-number.js";

const U128_MAX = (1n << 128n) - 1n;
const DECIMAL = /^[0-9]+$/;
const PRINCIPAL = new RegExp(principalRule.pattern);
// The address half of the spec's "<address>\.<contract name>" pattern, to say which half is wrong.
const ADDRESS = new RegExp(`${principalRule.pattern.split("\\.")[0]}$`);
const PRINCIPAL_FORM = `must be a contract principal "<address>.<contract name>"`;
const HEX_TX_ID = new RegExp(tx_idRule.pattern);
/** The longest part of a bad value a message shows. */
const SHOWN_MAX = 80;

/** A bad value for an error message: whole up to a limit, control characters escaped, never a huge text. */
function show(value: unknown): string {
  if (typeof value === "bigint") {
    const digits = value.toString();
    return digits.length > SHOWN_MAX
      ? `${digits.slice(0, SHOWN_MAX)}…n (${digits.length} digits)`
      : `${digits}n`;
  }
  if (typeof value === "string") return quoted(value, SHOWN_MAX);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return value === null ? "null" : typeof value;
}

/**
 * The forms an integer parameter takes from a JS caller, as the checks' reasons say them. A tool that
 * takes text (the command line) retells them in its own words.
 */
export const JS_INTEGER_FORMS = "(a safe integer, a bigint or a decimal string)";

/**
 * The refusal of `parameter`'s value, which broke `rule`: in the library's words (its maximum named by
 * the client option that set it, and the forms a JS caller may pass), with the rule's fields.
 */
export function integerRefusal(parameter: string, rule: IntegerRule): HiroValidationError {
  const whose = rule.maximumFrom === undefined ? "" : ` (the client's ${rule.maximumFrom})`;
  const forms = rule.jsForms ? ` ${JS_INTEGER_FORMS}` : "";
  return new HiroValidationError(parameter, `must be ${rule.allowed}${whose}${forms}; got ${rule.given}`, {
    rule,
  });
}

/**
 * A non-negative integer given as a safe integer, a bigint or a decimal string, checked against [0, max];
 * `allowed` says the range in words.
 */
function bigInteger(parameter: string, value: unknown, max: bigint, allowed: string): bigint {
  const refused = (given: string) => integerRefusal(parameter, { allowed, jsForms: true, given });
  let n: bigint;
  if (typeof value === "bigint") n = value;
  else if (typeof value === "number" && Number.isSafeInteger(value)) n = BigInt(value);
  else if (typeof value === "string" && DECIMAL.test(value)) {
    // Length first: BigInt() of millions of digits costs seconds of CPU before the range check.
    const digits = value.length - (/^0*/.exec(value)?.[0].length ?? 0);
    if (digits > max.toString().length) throw refused(`${show(value)} (${digits} digits)`);
    n = BigInt(value);
  } else if (typeof value === "number" && Number.isInteger(value) && value > Number.MAX_SAFE_INTEGER) {
    // 2**53 + 1 written as a number literal is already 2**53: the digits the caller meant are gone.
    throw refused(
      `${show(value)}, a number past 2^53-1 (precision lost before the call): pass a bigint or a decimal string`,
    );
  } else throw refused(show(value));
  if (n < 0n || n > max) throw refused(show(value));
  return n;
}

/** What is wrong with a string that is not a contract principal, part by part. */
function principalProblem(value: string): string {
  const dot = value.indexOf(".");
  if (dot < 0) return `${PRINCIPAL_FORM}, but has no "."`;
  // The spec's pattern is exactly "<address>\\.<name>": a good address leaves the name to blame.
  return ADDRESS.test(value.slice(0, dot))
    ? `the contract name after the "." must start with a letter, then letters, digits, - or _, at most 40 chars`
    : `the address before the "." must be upper-case c32 (0-9, A-Z but I, L, O, U), 28–41 chars`;
}

/** `principal`: a contract principal matching the spec's pattern. */
export function checkPrincipal(value: unknown): string {
  if (typeof value !== "string") {
    throw new HiroValidationError("principal", `${PRINCIPAL_FORM} (a string); got ${show(value)}`);
  }
  if (!PRINCIPAL.test(value)) {
    throw new HiroValidationError("principal", `${principalProblem(value)}; got ${show(value)}`);
  }
  return value;
}

/** The ids the client sends, in the words of the spec's `token_id` (and the CLI's help). */
const TOKEN_ID_RULE =
  "up to 2^53-1, and above that only ids a JS number holds exactly (2^53, 2^53+2…), at most 2^63-1";

/** What `token_id` must be, in words (a JS caller is also told the forms it may pass). */
const TOKEN_ID_ALLOWED = `an integer from 0 ${TOKEN_ID_RULE}`;

/** The largest token number upstream stores: its `token_number` column is a PostgreSQL bigint. */
const TOKEN_NUMBER_MAX = 2n ** 63n - 1n;

/**
 * `token_id`: a SIP-009/SIP-013 uint, returned as its canonical decimal string. Refused before sending:
 * - above 2^63-1: upstream stores token numbers in a PostgreSQL bigint, so no token has one (a search
 *   naming one fails whole with a 500; the token routes answer 404);
 * - an id a JS number does not write back with the same digits: the service reads ids as JS numbers
 *   and asks its database for the number's own digits, another token (…/9007199254740993 gave token
 *   9007199254740992's metadata). Every id up to 2^53-1 is sent, and the larger ones a JS number writes
 *   back exactly (2^53, 10^18).
 */
export function checkTokenId(value: unknown): string {
  const id = bigInteger("token_id", value, U128_MAX, TOKEN_ID_ALLOWED);
  const problem = tokenNumberProblem(id);
  if (problem) throw new HiroValidationError("token_id", `${problem}; got ${show(value)}`);
  return id.toString();
}

/** The largest number of decimal digits a token id can have (a u128's). */
export const TOKEN_ID_DIGITS_MAX = U128_MAX.toString().length;

/**
 * Why the integer `id` is no token number the service can address (see {@link checkTokenId}), in
 * `token_id`'s words without the value given; undefined when it is one. The search's ids say it about
 * their own entry.
 */
export function tokenNumberProblem(id: bigint): string | undefined {
  if (id < 0n || id > U128_MAX) return `must be ${TOKEN_ID_ALLOWED}`;
  if (id > TOKEN_NUMBER_MAX) {
    return "is above 2^63-1, the largest token number the service stores (a PostgreSQL bigint): no token has it";
  }
  const digits = id.toString();
  const asNumber = String(Number(digits));
  return asNumber === digits
    ? undefined
    : `is above 2^53-1 and a JS number does not write it back exactly: the service reads ids as JS numbers and would ask for token ${asNumber}, another token`;
}

/** `ordinal`: 0..2099999997689999, returned as a number (exact: below 2^53). */
export function checkOrdinal(value: unknown): number {
  const max = BigInt(ordinalRule.exclusiveMaximum) - 1n;
  return Number(bigInteger("ordinal", value, max, `an integer from 0 to ${max}`));
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
  if (!isWholeNumber(value, offsetRule.minimum)) {
    throw new HiroValidationError(
      "offset",
      `must be an integer >= ${offsetRule.minimum}; got ${show(value)}`,
    );
  }
  return value;
}

/** The client option that sets `service`'s page maximum, as a refusal names it ({@link IntegerRule}). */
export const pageMaximumOption = (service: string) => `maxLimit.${service}`;

/**
 * `limit`: an integer from 1 to `maximum` (the spec's 60, or the deployment's `maxLimit` for `service`),
 * or undefined for the service's default (20).
 */
export function checkLimit(value: unknown, maximum?: number, service = ""): number | undefined {
  if (value === undefined) return undefined;
  const { minimum } = limitRule;
  const max = maximum ?? limitRule.maximum;
  if (!isWholeNumber(value, minimum, max)) {
    throw integerRefusal("limit", {
      allowed: `an integer from ${minimum} to ${max}`,
      jsForms: false,
      maximumFrom: maximum === undefined ? undefined : pageMaximumOption(service),
      given: show(value),
    });
  }
  return value;
}

/**
 * `locale`: a string of at most the spec's `maxLength` (the service takes any length), without a NUL;
 * an empty one is dropped (the service treats it as absent).
 */
export function checkLocale(value: unknown): string | undefined {
  if (value === undefined || value === "") return undefined;
  // A lone UTF-16 surrogate cannot be percent-encoded: it would fail while building the URL.
  if (typeof value !== "string" || /\p{Cs}/u.test(value) || value.length > localeRule.maxLength) {
    throw new HiroValidationError(
      "locale",
      `must be a well-formed string of at most ${localeRule.maxLength} characters such as "es-MX"; got ${show(value)}`,
    );
  }
  refuseNul("locale", value);
  return value;
}
