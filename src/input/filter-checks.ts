/**
 * The checks of `getFungibleTokens`' filters and ordering, each by the spec's rule
 * (`generated/parameters.ts`): free text for `name` and `symbol`, an address prefix for `address`, a
 * boolean, and the two enums. Like every check, each returns the wire form or throws a
 * HiroValidationError naming the parameter and what it allows.
 */
import { HiroValidationError } from "../errors/errors.js";
import { quoted } from "../errors/safe-text.js";
import { addressRule, order_byRule, orderRule } from "../generated/parameters.js";

const ADDRESS_START = new RegExp(addressRule.pattern);
/** The longest filter text sent: far above any token name or symbol, far below a URL's limits. */
const TEXT_MAX = 256;

const typeOf = (value: unknown) => (value === null ? "null" : typeof value);

/** Refuses a U+0000 in a text the service puts in a query: its PostgreSQL refuses one, and it answers 500. */
export function refuseNul(parameter: string, value: string): void {
  if (value.includes("\u0000"))
    throw new HiroValidationError(
      parameter,
      `must not contain U+0000 (the service's database refuses it: a 500); got ${quoted(value, 60)}`,
    );
}

/** A free-text filter (`name`, `symbol`): a string; empty or omitted means no filter (as upstream reads it). */
export const textFilter =
  (parameter: string, example: string) =>
  (value: unknown): string | undefined => {
    if (value === undefined || value === "") return undefined;
    // A lone UTF-16 surrogate cannot be percent-encoded: it would fail while building the URL.
    if (typeof value !== "string" || /\p{Cs}/u.test(value) || value.length > TEXT_MAX) {
      const got = typeof value === "string" ? quoted(value, 40) : typeOf(value);
      throw new HiroValidationError(
        parameter,
        `must be a well-formed string of at most ${TEXT_MAX} characters such as "${example}"; got ${got}`,
      );
    }
    refuseNul(parameter, value);
    return value;
  };

/** `address`: the start of a contract principal, at least a whole Stacks address (upper-case c32, 28–41 chars). */
export function checkAddressPrefix(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !ADDRESS_START.test(value) || value.length > TEXT_MAX) {
    const got = typeof value === "string" ? quoted(value, 60) : typeOf(value);
    throw new HiroValidationError(
      "address",
      `must start with a Stacks address (upper-case c32: 0-9, A-Z but I, L, O, U; 28–41 chars), e.g. "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM"; got ${got}`,
    );
  }
  refuseNul("address", value);
  return value;
}

/** `valid_metadata_only`: a boolean, sent as `true` or `false`. */
export function checkValidMetadataOnly(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") {
    throw new HiroValidationError("valid_metadata_only", `must be true or false; got ${typeOf(value)}`);
  }
  return String(value);
}

/** An enum parameter (`order_by`, `order`): one of the spec's values. */
const enumCheck =
  (parameter: string, values: readonly string[]) =>
  (value: unknown): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== "string" || !values.includes(value)) {
      const got = typeof value === "string" ? quoted(value, 40) : typeOf(value);
      throw new HiroValidationError(
        parameter,
        `must be one of ${values.map((v) => `"${v}"`).join(", ")}; got ${got}`,
      );
    }
    return value;
  };

/** `order_by`: `"name"` or `"symbol"`. */
export const checkOrderBy = enumCheck("order_by", order_byRule.enum);
/** `order`: `"asc"` or `"desc"`. */
export const checkOrder = enumCheck("order", orderRule.enum);
