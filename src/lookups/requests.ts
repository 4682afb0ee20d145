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
import { searchCheck } from "./search-answer-check.js";
import { fungibleListProblem, fungibleTokenProblem } from "./token-answer-checks.js";

/** The parameters of one lookup, checked and in their wire form. */
export interface LookupRequest {
  path: Record<string, string>;
  /** An array is sent as a repeated key (`contract=A&contract=B`), as openapi-fetch does (form, explode). */
  query: Record<string, string | number | readonly string[]>;
}

/** What is wrong with a parsed 2xx body given the question, or undefined (answer-checks.ts). */
export type AnswerCheck = (body: unknown) => string | undefined;

/**
 * What each lookup's answer must repeat of its question (answer-checks.ts, token-answer-checks.ts), by
 * operation; every answer is first a page (a paged lookup) or a JSON object (the others).
 */
const QUESTION_CHECKS: Partial<Record<OperationId, (request: LookupRequest) => AnswerCheck>> = {
  getSatoshiInscriptions: (request) => (body) =>
    resultsProblem(body, String(request.path.ordinal), (item) => item.sat_ordinal, "sat"),
  getTransactionActivity: (request) => (body) =>
    resultsProblem(
      body,
      String(request.path.tx_id),
      (item) => (item.location as { tx_id?: unknown } | undefined)?.tx_id,
      "transaction",
    ),
  getFungibleTokens: (request) => (body) => fungibleListProblem(body, request.query),
  getFtMetadata: (request) => (body) => fungibleTokenProblem(body, String(request.path.principal)),
};

/** The check of a parameter of `operationId`; a parameter without one is a bug of this table, never sent. */
function checkOf(operationId: OperationId, name: string) {
  const check = CHECKS[name];
  if (check === undefined) throw new Error(`hiro-lookup: ${operationId}'s parameter ${name} has no check`);
  return check;
}

/**
 * The checked parameters of a call of `operationId`, in wire form; undefined query values dropped.
 * `maxLimit`: the deployment's largest `limit` for this service (default: the spec's).
 */
export function requestOf(operationId: OperationId, params: unknown, maxLimit?: number): LookupRequest {
  const operation = operations[operationId];
  // Read by the table's names only: any object (a typed lookup's parameters, or a caller's untyped value).
  const values =
    typeof params === "object" && params !== null ? (params as Readonly<Record<string, unknown>>) : undefined;
  const request: LookupRequest = { path: {}, query: {} };
  for (const name of operation.pathParams)
    request.path[name] = String(checkOf(operationId, name)(values?.[name]));
  for (const name of operation.queryParams) {
    const value =
      name === "limit"
        ? checkLimit(values?.[name], maxLimit, operation.service)
        : checkOf(operationId, name)(values?.[name]);
    if (value !== undefined) request.query[name] = value;
  }
  return request;
}

/**
 * What the lookup of `operationId`, called with `params`, would refuse in the parsed 2xx `body` it got
 * (the very checks it runs: the page envelope or a JSON object, then the question), or undefined when it
 * would take it. `maxLimit`: the deployment's largest `limit`. Bad `params` are a HiroValidationError.
 */
export function answerProblem(
  operationId: OperationId,
  params: Record<string, unknown> | undefined,
  body: unknown,
  maxLimit?: number,
): string | undefined {
  return answerCheck(operationId, requestOf(operationId, params, maxLimit))?.(body);
}

/** The answer check of a lookup: the envelope (a page asked, service defaults filled in; or an object), then the question. */
export function answerCheck(operationId: OperationId, request: LookupRequest): AnswerCheck | undefined {
  if (operationId === "searchTokens") return searchCheck(request); // an array of the tokens asked
  const operation = operations[operationId];
  const question = QUESTION_CHECKS[operationId]?.(request);
  if (!operation.paged) return question ? (body) => objectProblem(body) ?? question(body) : objectProblem;
  const asked = {
    offset: Number(request.query.offset ?? 0),
    limit: Number(request.query.limit ?? limitRule.default),
  };
  return (body) => pageProblem(body, asked) ?? question?.(body);
}
