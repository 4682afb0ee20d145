/**
 * `verify`'s samples, checked before anything is sent by the lookups' own parameter checks
 * (`hiro-lookup/spec`'s `checkParameter`), so a sample verify takes is one a lookup would send, in the
 * form the lookup would send it (a tx id without 0x and in lower case, a token id in plain decimal). A bad
 * one is a usage error naming its flag.
 */
import { checkParameter } from "../../spec-entry.js";
import { inCliWords } from "../option-names.js";

/** The spec's parameter `name` checked as the lookups check it, a refusal naming `flag`. */
function checkedAs(name: string, flag: string, value: string): string {
  try {
    return String(checkParameter(name, value));
  } catch (error) {
    throw inCliWords(error, {}, flag);
  }
}

/** `--principal`: a contract principal, `<address>.<contract name>`. */
export const samplePrincipal = (value: string): string => checkedAs("principal", "--principal", value);

/** `--ft`: a fungible token's contract principal (the contract alone, no `::asset` name). */
export const sampleFt = (value: string): string => checkedAs("principal", "--ft", value);

/** `--token-id`: a token number in decimal, by the lookups' `token_id` rule (at most 2^63-1, exact as a JS number). */
export const sampleTokenId = (value: string): string => checkedAs("token_id", "--token-id", value);

/** `--ordinal`: a sat, 0 to 2099999997689999. */
export const sampleOrdinal = (value: string): number => Number(checkedAs("ordinal", "--ordinal", value));

/** `--tx-id`: 64 hex characters; an optional 0x is removed, and it is lower-cased (as the indexer stores it). */
export const sampleTxId = (value: string): string => checkedAs("tx_id", "--tx-id", value);
