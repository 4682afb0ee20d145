/** Checks of the gateway's options: each bad value a {@link HiroValidationError} naming the option. */
import { HiroValidationError } from "../index.js";
import { isWholeNumber, printable } from "../internal.js";
import { GATEWAY_DEFAULTS } from "../shared/defaults.js";
import type { LookupHandlerOptions } from "./options.js";

/** A non-negative integer option, or its default. */
export function checkMs(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!isWholeNumber(value, 0, 2 ** 31 - 1))
    throw new HiroValidationError(
      name,
      `must be an integer from 0 to 2^31-1; got ${printable(String(value)).slice(0, 60)}`,
    );
  return value;
}

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
function checkCount(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!isWholeNumber(value, 1, 2 ** 31 - 1))
    throw new HiroValidationError(
      name,
      `must be an integer from 1 to 2^31-1; got ${printable(String(value)).slice(0, 60)}`,
    );
  return value;
}

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
