/**
 * The judgements of `hiro-lookup verify`: pure functions from an answer to pass or fail, with what was
 * actually seen. Each names the spec's promise it holds the deployment to.
 */

import type { OperationId } from "../../index.js";
import { answerProblem } from "../../spec-entry.js";
import { responseValidators } from "../../validators.js";
import { jsonForMessage, printable } from "../text.js";
import { BAD_REQUEST_BODY, bodyProblems, ERROR_BODY_SCHEMAS } from "./verify-error-bodies.js";
import { describe, type Exchange } from "./verify-http.js";

/** What one check saw. */
export interface Outcome {
  ok: boolean;
  got: string;
}

export const pass = (got: string): Outcome => ({ ok: true, got });
export const fail = (got: string): Outcome => ({ ok: false, got });

/** The first few problems, on one line. */
function listed(problems: readonly string[]): string {
  const shown = problems.slice(0, 3).join("; ");
  return problems.length > 3 ? `${shown}; … (${problems.length} problems)` : shown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `results` of a page body, when it is an array. */
export function resultsOf(body: unknown): unknown[] | undefined {
  return isRecord(body) && Array.isArray(body.results) ? body.results : undefined;
}

/** The sample answers 200 with data: a non-empty token object, or a page with at least one result. */
export function judgeSample(answer: Exchange, paged: boolean): Outcome {
  if (answer.status !== 200 || !isRecord(answer.body)) return fail(describe(answer));
  if (!paged) {
    const keys = Object.keys(answer.body);
    return keys.length > 0 ? pass(`200, ${printable(keys.join(", "), 80)}`) : fail("200 {} (no metadata)");
  }
  const results = resultsOf(answer.body);
  if (results === undefined) return fail(`results is not an array: ${describe(answer, 60)}`);
  const summary = `200, total ${printable(String(answer.body.total), 20)}, ${results.length} result${results.length === 1 ? "" : "s"}`;
  return results.length > 0 ? pass(summary) : fail(summary);
}

/**
 * A 200 body fits the operation's response schema (the generated validators) and, given the parameters
 * it was `asked` with, passes the checks the lookup itself runs on its answer (`answerProblem`: the page
 * envelope, each result about the question), so verify passes nothing the client would refuse.
 */
export function judgeValid(
  answer: Exchange,
  operationId: OperationId,
  asked?: { params: Record<string, unknown>; maxLimit?: number | undefined },
): Outcome {
  if (answer.status !== 200) return fail(`${describe(answer, 60)} (no 200 body to check)`);
  const problems = responseValidators[operationId](answer.body);
  if (problems.length > 0) return fail(printable(listed(problems), 160));
  const refused = asked && answerProblem(operationId, asked.params, answer.body, asked.maxLimit);
  return refused ? fail(`the client refuses it: ${printable(refused, 150)}`) : pass("valid");
}

/** Every result is about what was asked (`pick` reads the field that names it). */
export function judgeSubject(
  answer: Exchange,
  pick: (item: unknown) => unknown,
  asked: string,
  field: string,
): Outcome {
  const results = resultsOf(answer.body);
  if (answer.status !== 200 || results === undefined)
    return fail(`${describe(answer, 60)} (no results to check)`);
  const others = results.map(pick).filter((value) => value !== asked);
  if (others.length === 0) return pass(`${results.length} of ${results.length} match`);
  const example = printable(jsonForMessage(others[0]), 70);
  return fail(`${others.length} of ${results.length} have another ${field} (e.g. ${example})`);
}

/** An empty page: 200, valid, `offset` echoed, `total: 0`, no results. */
export function judgeEmptyPage(answer: Exchange, operationId: OperationId, offset: number): Outcome {
  if (answer.status !== 200 || !isRecord(answer.body)) return fail(describe(answer));
  const problems = responseValidators[operationId](answer.body);
  if (problems.length > 0) return fail(printable(listed(problems), 160));
  const { total, offset: echoed } = answer.body;
  const count = resultsOf(answer.body)?.length ?? 0;
  const got = `200, offset ${printable(String(echoed), 20)}, total ${printable(String(total), 20)}, ${count} result${count === 1 ? "" : "s"}`;
  return total === 0 && count === 0 && echoed === offset ? pass(got) : fail(got);
}

/** A documented bad request: 400 with the operation's documented body, naming the parameter if it can. */
export function judgeBadRequest(answer: Exchange, operationId: OperationId, parameter: string): Outcome {
  if (answer.status !== 400) return fail(describe(answer));
  const schema = BAD_REQUEST_BODY[operationId] ?? "ValidationError";
  const problems = bodyProblems(ERROR_BODY_SCHEMAS[schema], answer.body);
  if (problems.length > 0) return fail(`400, ${printable(listed(problems), 140)}`);
  if (schema !== "ValidationError") return pass(describe(answer, 60));
  // Fastify reports the first failing rule as "<location>/<parameter> <problem>".
  const message = (answer.body as { message: string }).message;
  return message.startsWith(`${parameter} `)
    ? pass(`400 ${printable(message, 70)}`)
    : fail(`400 about another parameter: ${printable(message, 70)}`);
}

/** A 200 carries an `ETag`. */
export function judgeEtag(answer: Exchange): Outcome {
  if (answer.status !== 200) return fail(`${describe(answer, 60)} (no 200 to read an ETag from)`);
  const etag = answer.headers.get("etag");
  return etag ? pass(`ETag ${printable(etag, 70)}`) : fail("200 without ETag");
}

/** A conditional request with the sample's `ETag` answers 304 with no body. */
export function judgeNotModified(answer: Exchange | undefined, sample: Exchange): Outcome {
  if (answer === undefined)
    return fail(
      sample.status === 200 ? "no ETag to send back" : `${describe(sample, 60)} (no ETag to send back)`,
    );
  if (answer.status !== 304) return fail(describe(answer, 60));
  return answer.body === undefined ? pass("304, no body") : fail(`304 with a body: ${describe(answer, 60)}`);
}
