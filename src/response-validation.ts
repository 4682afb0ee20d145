/**
 * Opt-in checking of 200 bodies against the spec's schemas. The validators themselves are generated
 * ahead of time and live in the `hiro-lookup/validators` subpath, so the core client does not carry them.
 */
import { HiroValidationError } from "./errors.js";
import type { OperationId } from "./types.js";

/** Returns the problems of a body (empty when it fits the schema). */
export type ResponseValidator = (body: unknown) => string[];
/** One validator per operation, as exported by `hiro-lookup/validators`. */
export type ResponseValidators = Record<OperationId, ResponseValidator>;
/** `off` (default): trust the service. `warn`: report a mismatch and go on. `throw`: reject it. */
export type ValidateResponsesMode = "off" | "warn" | "throw";

/** The body check the request layer runs, or undefined when checking is off. */
export interface BodyCheck {
  mode: "warn" | "throw";
  problemOf(operationId: OperationId, body: unknown): string | undefined;
  warn(message: string): void;
}

export function bodyCheck(
  mode: ValidateResponsesMode | undefined,
  validators: ResponseValidators | undefined,
  warn: (message: string) => void = (message) => console.warn(message),
): BodyCheck | undefined {
  if (mode === undefined || mode === "off") return undefined;
  if (mode !== "warn" && mode !== "throw") {
    throw new HiroValidationError(
      "validateResponses",
      `must be "off", "warn" or "throw"; got ${String(mode)}`,
    );
  }
  if (!validators) {
    throw new HiroValidationError(
      "responseValidators",
      'is required with validateResponses: import { responseValidators } from "hiro-lookup/validators"',
    );
  }
  return {
    mode,
    warn,
    problemOf(operationId, body) {
      const problems = validators[operationId](body);
      return problems.length === 0 ? undefined : `a body that does not fit the spec: ${problems.join("; ")}`;
    },
  };
}
