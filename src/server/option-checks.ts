/** Checks of the gateway's options: each bad value a {@link HiroValidationError} naming the option. */
import { HiroValidationError } from "../index.js";
import { isWholeNumber, printable } from "../internal.js";
import { GATEWAY_DEFAULTS } from "../shared/defaults.js";
import type { LookupHandlerOptions } from "./options.js";

/** `value` when it is an integer from `min` to 2^31-1; else a refusal naming the option. */
function checkInteger(name: string, value: number, min: number): number {
  if (!isWholeNumber(value, min, 2 ** 31 - 1))
    throw new HiroValidationError(
      name,
      `must be an integer from ${min} to 2^31-1; got ${printable(String(value)).slice(0, 60)}`,
    );
  return value;
}

/** A non-negative integer option, or its default. */
export const checkMs = (name: string, value: number | undefined, fallback: number): number =>
  value === undefined ? fallback : checkInteger(name, value, 0);

/** Header names a browser may send cross-origin, checked (token characters only), lower-cased. */
export function checkHeaderNames(name: string, value: readonly string[] | undefined): string[] {
  for (const header of value ?? [])
    if (typeof header !== "string" || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/.test(header))
      throw new HiroValidationError(
        name,
        `must be header names; got ${printable(String(header)).slice(0, 60)}`,
      );
  return (value ?? []).map((header) => header.toLowerCase());
}

/** A positive integer option, or undefined when it is not given. */
const checkCount = (name: string, value: number | undefined): number | undefined =>
  value === undefined ? undefined : checkInteger(name, value, 1);

/** The refusals' options, checked (their defaults in GATEWAY_DEFAULTS). */
export function checkRefusalOptions(options: LookupHandlerOptions) {
  const { healthPath, callerKey } = options;
  if (healthPath !== undefined && (typeof healthPath !== "string" || !/^\/[\w.~/-]*\w$/.test(healthPath)))
    throw new HiroValidationError(
      "healthPath",
      `must be a path such as /healthz; got ${printable(String(healthPath)).slice(0, 60)}`,
    );
  if (callerKey !== undefined && typeof callerKey !== "function")
    throw new HiroValidationError(
      "callerKey",
      "must be a function of the request that gives the caller's key (request) => string",
    );
  return {
    maxTargetLength:
      checkCount("maxTargetLength", options.maxTargetLength) ?? GATEWAY_DEFAULTS.maxTargetLength,
    maxHeaderBytes: checkCount("maxHeaderBytes", options.maxHeaderBytes) ?? GATEWAY_DEFAULTS.maxHeaderBytes,
    perCallerPerSecond: checkCount("perCallerPerSecond", options.perCallerPerSecond),
    healthPath,
    callerKey,
  };
}
