/**
 * Whether a 200 body is one the lookup accepts, so etagCache keeps only those: valid JSON that passes
 * the lookup's own answer check (lookups/requests.ts). The operation and its parameters travel with the
 * request (openapi-fetch hands middleware the `schemaPath` and `params` it was called with): raw calls
 * get the same check as the lookups, and no URL is parsed back.
 */
import { answerCheck } from "../lookups/requests.js";
import { overJsonBudget } from "../shared/json-budget.js";
import { operationAt } from "../spec/services.js";

/** The parameters openapi-fetch hands middleware: as the call gave them (a lookup's are in wire form). */
interface CallParams {
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
}

/** Whether `body`, answered for a call of `schemaPath` with `params`, is JSON its lookup would accept. */
export function acceptedBody(schemaPath: string, params: CallParams, body: string): boolean {
  if (overJsonBudget(body)) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  const operationId = operationAt(schemaPath);
  if (operationId === undefined) return true;
  const request = {
    path: Object.fromEntries(Object.entries(params.path ?? {}).map(([name, value]) => [name, String(value)])),
    query: (params.query ?? {}) as Record<string, string | number | readonly string[]>,
  };
  try {
    return answerCheck(operationId, request)?.(parsed) === undefined;
  } catch {
    return false;
  }
}
