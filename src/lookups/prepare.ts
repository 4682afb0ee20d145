/**
 * The first step of the one unit of work (prepare → exchange → judge): a lookup's call, prepared. The
 * operation is named once (never matched again from a path downstream), the parameters are checked once
 * by the client's own rules (its `maxLimit` included), and the call carries what every step after reads:
 * the service, the path template, the checked request in wire form and the answer check; its keys are
 * functions of it and its facts (key.ts: the canonical parameters and the query key).
 */
import { type MaxLimitOption, pageMaximumOf } from "../input/option-checks.js";
import { operations, type ServiceName } from "../spec/services.js";
import type { OperationId } from "../spec/types.js";
import { type AnswerCheck, answerCheck, type LookupRequest, requestOf } from "./requests.js";

/** What a call is prepared with: the deployment it goes to, and the page maximum the client was told. */
export interface CallFacts {
  /** The client's base URLs as canonical text: part of every key. */
  readonly deployment: string;
  /** The client's checked `maxLimit` (the spec's 60 where it sets none). */
  readonly maxLimit: MaxLimitOption;
}

/** The facts of no client: the spec's page maximum, no deployment (a tool's call not made by a client). */
export const SPEC_FACTS: CallFacts = { deployment: "", maxLimit: {} };

/** The path template of an operation of the table. */
export type OperationPath = (typeof operations)[OperationId]["path"];

/** One call, prepared: what the exchange sends and what the judgement holds the answer to. */
export interface PreparedCall<Op extends OperationId = OperationId> {
  readonly operationId: Op;
  readonly service: ServiceName;
  /** The path template (openapi-fetch's `schemaPath`). */
  readonly path: OperationPath;
  /** The checked parameters in wire form. */
  readonly request: LookupRequest;
  /** What the 2xx body must be (the page asked, the id asked…); undefined: any JSON. Worked out when first read. */
  readonly answerCheck: AnswerCheck | undefined;
}

/**
 * The prepared call of an already checked `request` (a batch's chunk of checked ids, say), with its own
 * answer check when the table's is not the one (`searchTokens`'s chunk).
 */
export function preparedCall<Op extends OperationId>(
  operationId: Op,
  request: LookupRequest,
  check?: AnswerCheck,
): PreparedCall<Op> {
  const operation = operations[operationId];
  let checkOfCall = check;
  return {
    operationId,
    service: operation.service,
    path: operation.path,
    request,
    get answerCheck() {
      checkOfCall ??= answerCheck(operationId, request);
      return checkOfCall;
    },
  };
}

/**
 * Prepares a call of `operationId` with `params` (a typed lookup's, or a caller's untyped value): each
 * parameter checked by its one rule into its wire form, the limit against `facts`' page maximum. Throws
 * the `HiroValidationError` of the first bad one: nothing is sent.
 */
export function prepare<Op extends OperationId>(
  facts: CallFacts,
  operationId: Op,
  params: unknown,
): PreparedCall<Op> {
  const maxLimit = pageMaximumOf(facts.maxLimit, operations[operationId].service);
  return preparedCall(operationId, requestOf(operationId, params, maxLimit));
}
