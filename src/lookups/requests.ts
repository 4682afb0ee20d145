/**
 * From a lookup's parameters to its request, by the operation table: each parameter checked by its one
 * canonicaliser (input/parameter-checks.ts) into its wire form, and the check its answer must pass.
 */

import { limitRule } from "../generated/parameters.js";
import { PARAMETER_CHECKS as CHECKS } from "../input/parameter-checks.js";
import { checkLimit } from "../input/validate-input.js";
import { operations } from "../spec/services.js";
import type { OperationId } from "../spec/types.js";
import { objectProblem, pageProblem, resultsProblem } from "./answer-checks.js";
import type { AnswerCheck, LookupRequest } from "./lookup.js";
import { searchCheck } from "./search-answer-check.js";

/** The field of each result of a paged lookup that must equal the id asked (answer-checks.ts). */
const RESULT_IDS: Readonly<
  Record<string, { param: string; what: string; of: (item: Record<string, unknown>) => unknown }>
> = {
  getSatoshiInscriptions: { param: "ordinal", what: "sat", of: (item) => item.sat_ordinal },
  getTransactionActivity: {
    param: "tx_id",
    what: "transaction",
    of: (item) => (item.location as { tx_id?: unknown } | undefined)?.tx_id,
  },
};

/**
 * The checked parameters of a call of `operationId`, in wire form; undefined query values dropped.
 * `maxLimit`: the deployment's largest `limit` for this service (default: the spec's).
 */
export function requestOf(
  operationId: OperationId,
  params: Record<string, unknown> | undefined,
  maxLimit?: number,
): LookupRequest {
  const operation = operations[operationId];
  const request: LookupRequest = { path: {}, query: {} };
  for (const name of operation.pathParams) request.path[name] = String(CHECKS[name]?.(params?.[name]));
  for (const name of operation.queryParams) {
    const value = name === "limit" ? checkLimit(params?.[name], maxLimit) : CHECKS[name]?.(params?.[name]);
    if (value !== undefined) request.query[name] = value;
  }
  return request;
}

/** The answer check of a lookup: a page is the page asked (service defaults filled in) about the id asked; anything else a JSON object. */
export function answerCheck(operationId: OperationId, request: LookupRequest): AnswerCheck | undefined {
  if (operationId === "searchTokens") return searchCheck(request);
  const operation = operations[operationId];
  if (!operation.paged) return objectProblem;
  const asked = {
    offset: Number(request.query.offset ?? 0),
    limit: Number(request.query.limit ?? limitRule.default),
  };
  const ids = RESULT_IDS[operationId];
  return (body) =>
    pageProblem(body, asked) ??
    (ids && resultsProblem(body, String(request.path[ids.param]), ids.of, ids.what));
}
