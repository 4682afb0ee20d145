/**
 * The third step of the one unit of work (prepare → exchange → judge): an exchange's answer becomes the
 * lookup's data or a typed error, in one place. A 2xx must be JSON within the budget that passes the
 * call's answer check (the page asked, the id asked…); anything else is the `HiroApiError` of its status.
 * Server text in an error never holds the client's own key. The same judgement tells whether a body a
 * cache holds is one the lookup takes (`acceptsBody`: etagCache, the gateway).
 */
import { type AnswerInfo, apiErrorFor, invalidResponseError } from "../errors/classify-response.js";
import { printable } from "../errors/safe-text.js";
import { MAX_JSON_CONTAINERS, overJsonBudget } from "../shared/json-budget.js";
import type { LookupData, OperationId } from "../spec/types.js";
import type { Exchange } from "./exchanged.js";
import type { PreparedCall } from "./prepare.js";

/** What the judgement of a 2xx body reads of its answer. */
type Answered = AnswerInfo & Pick<Exchange, "withoutKey">;

/** The parsed body of a 2xx answer's `text`, or the `invalid_response` error that says why there is none. */
function bodyOf<T>(call: PreparedCall, text: string, info: Answered): T {
  // The text an invalid_response keeps, without the client's own key (the data itself is left as it is).
  const shown = () => info.withoutKey(text);
  if (text.trim() === "") throw invalidResponseError(info, shown(), "an empty body");
  if (overJsonBudget(text)) {
    throw invalidResponseError(
      info,
      shown(),
      `a body of more objects and arrays than any real answer (over ${MAX_JSON_CONTAINERS}), not parsed`,
    );
  }
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    const type = printable(info.headers.get("content-type") ?? "no content-type", 60);
    throw invalidResponseError(
      info,
      shown(),
      `a body that is not valid JSON (${type}, ${text.length} characters)`,
    );
  }
  const problem = call.answerCheck?.(body);
  if (problem) throw invalidResponseError(info, shown(), info.withoutKey(problem));
  return body;
}

/** JSON when the text is JSON, else the text: the body an error keeps (never parsed past the JSON budget). */
export function parsedText(text: string): unknown {
  if (!text || overJsonBudget(text)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The data of `answer` to `call`, or the typed error it is: a `HiroApiError` of its status (its kind by
 * the documented body), `invalid_response` for a 2xx that is not the answer asked.
 */
export function judge<Op extends OperationId>(call: PreparedCall<Op>, answer: Exchange): LookupData<Op> {
  const info = { ...answer, operationId: call.operationId };
  if (answer.response.ok) return bodyOf<LookupData<Op>>(call, answer.text, info);
  // Server text goes into the error: never with the client's own key in it (a gateway may echo it).
  throw apiErrorFor({
    ...info,
    body: answer.withoutKey(parsedText(answer.text)),
    text: answer.withoutKey(answer.text),
  });
}

/** Whether the lookup of `call` takes `text` as its 200 body (a cache keeps only those): the same judgement. */
export function acceptsBody(call: PreparedCall, text: string): boolean {
  const info = {
    operationId: call.operationId,
    status: 200,
    headers: new Headers(),
    url: "",
    withoutKey: <T>(v: T) => v,
  };
  try {
    bodyOf(call, text, info);
    return true;
  } catch {
    return false;
  }
}
