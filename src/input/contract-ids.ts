/**
 * The token ids of `searchTokens`, checked before anything is sent: each `PRINCIPAL` or
 * `PRINCIPAL:TOKEN_NUMBER` (the spec's pattern, `generated/parameters.ts`), its token number checked by
 * `getSftMetadata`'s own `token_id` rule (the service reads it as a JS number: one that number rounds,
 * such as 2^53+1, would be answered for another token; and it stores it in a bigint: one above 2^63-1
 * made the whole search answer 500), then collapsed: `PRINCIPAL` means token number 1, so `P`, `P:1` and
 * `P:01` are one token.
 */
import { HiroValidationError } from "../errors/errors.js";
import { quoted } from "../errors/safe-text.js";
import { contractRule, principalRule } from "../generated/parameters.js";
import { TOKEN_ID_DIGITS_MAX, tokenNumberProblem } from "./validate-input.js";

const ID = new RegExp(contractRule.items.pattern);
const PRINCIPAL = new RegExp(principalRule.pattern);
const FORM =
  'must be "PRINCIPAL" or "PRINCIPAL:TOKEN_NUMBER" (a contract principal, then an optional ":" and decimal digits)';

/** What is wrong with a string that is not a token id, for the message. */
function problemOf(value: string): string {
  const colon = value.indexOf(":");
  const principal = colon < 0 ? value : value.slice(0, colon);
  if (!PRINCIPAL.test(principal)) {
    return `${FORM}; the principal is not "<upper-case c32 address, 28-41 chars>.<contract name>"`;
  }
  return `${FORM}; the token number after ":" must be decimal digits`;
}

/** The token number of a checked id, canonical (`007` is `7`), by `getSftMetadata`'s `token_id` rule. */
function tokenNumberOf(parameter: string, value: string, digits: string | undefined): string {
  if (digits === undefined) return "1"; // upstream: no ":N" means token number 1 (what an FT has)
  // Length first: BigInt() of millions of digits costs seconds of CPU before the range check.
  // `digits` are decimal: the spec's pattern was checked first.
  const id = digits.replace(/^0+/, "").length > TOKEN_ID_DIGITS_MAX ? -1n : BigInt(digits);
  // getSftMetadata's words ("is above 2^63-1, the largest token number …"), about this entry.
  const problem = tokenNumberProblem(id);
  if (problem) throw new HiroValidationError(parameter, `the token number ${problem}; got ${quoted(value)}`);
  return id.toString();
}

/**
 * The canonical `PRINCIPAL:N` of an id that matches the spec's pattern (`P`, `P:1` and `P:01` are all
 * `P:1`); throws, naming `parameter`, when its token number is one the service cannot address.
 */
export function keyOf(value: string, parameter = "contract"): string {
  const colon = value.indexOf(":");
  const principal = colon < 0 ? value : value.slice(0, colon);
  return `${principal}:${tokenNumberOf(parameter, value, colon < 0 ? undefined : value.slice(colon + 1))}`;
}

/**
 * The distinct tokens of `contract` in the order first asked, each canonical (`PRINCIPAL:N`: what is
 * sent, and how an answer's item is matched). Throws a HiroValidationError naming the entry
 * (`contract[17]`) on the first bad one: nothing is sent.
 */
export function checkContractIds(contract: unknown): string[] {
  if (!Array.isArray(contract)) {
    const got = contract === null ? "null" : typeof contract;
    throw new HiroValidationError(
      "contract",
      `must be an array of token ids ("PRINCIPAL" or "PRINCIPAL:TOKEN_NUMBER"); got ${got}`,
    );
  }
  const keys = new Set<string>();
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
    keys.add(keyOf(value, parameter));
  });
  return [...keys];
}
