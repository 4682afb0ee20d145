/**
 * Each parameter's check, by its name in the spec: the one canonicaliser a new parameter needs. The
 * lookups check their parameters with it before sending (lookups/requests.ts), and a tooling test fails
 * when an operation of the spec has a path or query parameter without an entry here, so no parameter is
 * ever sent as `"undefined"` or silently dropped.
 */
import { HiroValidationError } from "../errors/errors.js";
import { checkContractIds } from "./contract-ids.js";
import {
  checkAddressPrefix,
  checkOrder,
  checkOrderBy,
  checkValidMetadataOnly,
  textFilter,
} from "./filter-checks.js";
import {
  checkLimit,
  checkLocale,
  checkOffset,
  checkOrdinal,
  checkPrincipal,
  checkTokenId,
  checkTxId,
} from "./validate-input.js";

/** What a check returns: the value in wire form (an array is sent as a repeated key), or undefined to omit it. */
export type WireValue = string | number | readonly string[] | undefined;

/** Parameter name → its check, which returns the value in wire form or throws a HiroValidationError. */
export const PARAMETER_CHECKS: Readonly<Record<string, (value: unknown) => WireValue>> = {
  principal: checkPrincipal,
  token_id: checkTokenId, // a decimal string: exact for u128, which a number is not
  locale: checkLocale,
  ordinal: checkOrdinal,
  tx_id: checkTxId,
  offset: checkOffset,
  limit: checkLimit,
  // searchTokens: the distinct tokens asked, canonical (`P` and `P:01` are `P:1`); the lookup sends them 50 a request.
  contract: checkContractIds,
  name: textFilter("name", "alex"),
  symbol: textFilter("symbol", "ALEX"),
  address: checkAddressPrefix,
  valid_metadata_only: checkValidMetadataOnly,
  order_by: checkOrderBy,
  order: checkOrder,
};

/**
 * Checks `value` as the spec's parameter `name` (`token_id`, `ordinal`, `limit`…), as the lookups do
 * before sending, and returns it in wire form; throws a HiroValidationError naming the parameter when
 * it is refused, or when the spec has no parameter of that name.
 */
export function checkParameter(name: string, value: unknown): WireValue {
  const check = Object.hasOwn(PARAMETER_CHECKS, name) ? PARAMETER_CHECKS[name] : undefined;
  if (!check) throw new HiroValidationError(name, "is not a parameter of the spec");
  return check(value);
}
