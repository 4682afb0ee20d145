/**
 * Each parameter's check, by its name in the spec: the one canonicaliser a new parameter needs. The
 * lookups check their parameters with it before sending (lookups/requests.ts).
 */
import {
  checkLimit,
  checkLocale,
  checkOffset,
  checkOrdinal,
  checkPrincipal,
  checkTokenId,
  checkTxId,
} from "./validate-input.js";

/** Parameter name → its check, which returns the value in wire form or throws a HiroValidationError. */
export const PARAMETER_CHECKS: Readonly<Record<string, (value: unknown) => string | number | undefined>> = {
  principal: checkPrincipal,
  token_id: checkTokenId, // a decimal string: exact for u128, which a number is not
  locale: checkLocale,
  ordinal: checkOrdinal,
  tx_id: checkTxId,
  offset: checkOffset,
  limit: checkLimit,
};
