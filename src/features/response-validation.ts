/**
 * `validateResponses()`: checks 200 bodies against the spec's schemas, as openapi-fetch middleware. The
 * validators are generated ahead of time and live in the `hiro-lookup/validators` subpath, so a client
 * that does not check carries none of them.
 */
import type { Middleware } from "openapi-fetch";
import { invalidResponseError } from "../errors/classify-response.js";
import { type HiroApiError, HiroValidationError } from "../errors/errors.js";
import { type Logger, shownUrl } from "../observe/log.js";
import { overJsonBudget } from "../shared/json-budget.js";
import { operationAt, operations } from "../spec/services.js";
import type { OperationId } from "../spec/types.js";

/** Returns the problems of a body (empty when it fits the schema). */
export type ResponseValidator = (body: unknown) => string[];
/** One validator per operation, as exported by `hiro-lookup/validators`. */
export type ResponseValidators = Record<OperationId, ResponseValidator>;

/** Options of {@link validateResponses}. */
export interface ValidateResponsesOptions {
  /**
   * What a body that does not fit does: `"throw"` (default) rejects the call with a `HiroApiError` of
   * kind `invalid_response`; a function is handed that error instead, and the call goes on with the body.
   */
  onInvalid?: "throw" | "report" | ((error: HiroApiError) => void) | undefined;
  /**
   * With `onInvalid: "report"` (drift report): called once per mismatch, and the call goes on with the
   * body. Each mismatch is also logged to `logger` at `warn`.
   */
  onMismatch?: ((mismatch: SchemaMismatch) => void) | undefined;
  /** With `onInvalid: "report"`: where each mismatch is logged, at `warn`. Default `console`. */
  logger?: Pick<Logger, "warn"> | undefined;
}

/** One way a body differs from the spec, as the drift report gives it. */
export interface SchemaMismatch {
  operationId: OperationId;
  /** The request URL (without a user or password). */
  url: string;
  /** What differs, as the validator says it: a JSON pointer and the rule, e.g. `/total must be integer`. */
  problem: string;
}

/**
 * Middleware checking every 200 body against the spec:
 * `createLookupClient({ middleware: [validateResponses(responseValidators)] })` with
 * `import { responseValidators } from "hiro-lookup/validators"`.
 */
export function validateResponses(
  validators: ResponseValidators,
  options: ValidateResponsesOptions = {},
): Middleware {
  const onInvalid = options.onInvalid ?? "throw";
  const complete = (Object.keys(operations) as OperationId[]).every(
    (operationId) => typeof validators?.[operationId] === "function",
  );
  if (!complete) {
    throw new HiroValidationError(
      "validators",
      'must be the generated validators: import { responseValidators } from "hiro-lookup/validators"',
    );
  }
  if (onInvalid !== "throw" && onInvalid !== "report" && typeof onInvalid !== "function") {
    throw new HiroValidationError(
      "onInvalid",
      `must be "throw", "report" or a function; got ${String(onInvalid).slice(0, 40)}`,
    );
  }
  const logger = options.logger ?? console;
  return {
    async onResponse({ request, response, schemaPath }) {
      const operationId = operationAt(schemaPath);
      if (response.status !== 200 || operationId === undefined) return undefined;
      const text = await response.clone().text();
      if (overJsonBudget(text)) return undefined; // the lookup refuses it unparsed (json-budget.ts)
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return undefined; // not JSON: the lookup reports that itself
      }
      const problems = validators[operationId](body);
      if (problems.length === 0) return undefined;
      if (onInvalid === "report") {
        const url = shownUrl(request.url);
        for (const problem of problems) {
          const mismatch = { operationId, url, problem };
          logger.warn("hiro-lookup: schema mismatch", mismatch);
          options.onMismatch?.(mismatch);
        }
        return undefined;
      }
      const error = invalidResponseError(
        { operationId, status: 200, headers: response.headers, url: request.url },
        text,
        `a body that does not fit the spec: ${problems.join("; ")}`,
      );
      if (onInvalid === "throw") throw error;
      onInvalid(error);
      return undefined;
    },
  };
}
