/**
 * `verify`'s samples, checked before anything is sent: a bad one is a usage error naming its flag. The
 * rules are the spec's (spec-limits.ts); the samples go out raw, so they are also made canonical here
 * (a tx id without 0x and in lower case, a token id in plain decimal), as the lookups would send them.
 */
import { HiroValidationError } from "../../index.js";
import { printable } from "../text.js";
import { SPEC_LIMITS } from "./spec-limits.js";

const PRINCIPAL = new RegExp(SPEC_LIMITS.principalPattern);
const TX_ID = new RegExp(SPEC_LIMITS.txIdPattern);
/** The largest token number upstream stores: its `token_number` column is a PostgreSQL bigint. */
const TOKEN_NUMBER_MAX = (1n << 63n) - 1n;
const got = (value: string) => `got ${JSON.stringify(printable(value, 80))}`;

/** `--principal`: a contract principal, `<address>.<contract name>`. */
export function samplePrincipal(value: string): string {
  if (PRINCIPAL.test(value)) return value;
  throw new HiroValidationError(
    "--principal",
    `must be a contract principal "<address>.<contract name>" (upper-case c32 address); ${got(value)}`,
  );
}

/**
 * `--token-id`: a token number in decimal, by the lookups' `token_id` rule (the library's
 * input/validate-input.ts; test/unit/verify-token-id-rule.test.ts fails when the two drift): at most
 * 2^63-1, upstream's bigint column, and one a JS number writes back exactly, as the service reads it.
 */
export function sampleTokenId(value: string): string {
  if (!/^\d{1,39}$/.test(value)) {
    throw new HiroValidationError(
      "--token-id",
      `must be an integer from 0 to 2^63-1 in decimal; ${got(value)}`,
    );
  }
  const digits = BigInt(value).toString();
  if (BigInt(digits) > TOKEN_NUMBER_MAX) {
    throw new HiroValidationError(
      "--token-id",
      `is above 2^63-1, the largest token number the service stores (a PostgreSQL bigint): no token has it; ${got(value)}`,
    );
  }
  const asNumber = String(Number(digits));
  if (asNumber !== digits) {
    throw new HiroValidationError(
      "--token-id",
      `is above 2^53-1 and a JS number does not write it back exactly: the service reads ids as JS numbers and would ask for token ${asNumber}, another token; ${got(value)}`,
    );
  }
  return digits;
}

/** `--ordinal`: a sat, 0 to 2099999997689999. */
export function sampleOrdinal(value: string): number {
  const last = SPEC_LIMITS.ordinalExclusiveMaximum - 1;
  if (/^\d{1,16}$/.test(value) && Number(value) <= last) return Number(value);
  throw new HiroValidationError("--ordinal", `must be an integer from 0 to ${last}; ${got(value)}`);
}

/** `--tx-id`: 64 hex characters; an optional 0x is removed, and it is lower-cased (as the indexer stores it). */
export function sampleTxId(value: string): string {
  const bare = /^0x/i.test(value) ? value.slice(2) : value;
  if (TX_ID.test(bare)) return bare.toLowerCase();
  throw new HiroValidationError(
    "--tx-id",
    `must be 64 hex characters (an optional 0x prefix is removed); ${got(value)}`,
  );
}
