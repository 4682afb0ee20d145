/**
 * The answer check of a search (`GET /metadata/v1/search`): the body must be an array, and each item
 * about a token asked in that request. Used by `searchTokens` for each request it sends, and, through
 * `answerCheck` (requests.ts), by `etagCache` to keep only answers the client accepts.
 */
import { printable } from "../errors/safe-text.js";
import type { AnswerCheck, LookupRequest } from "./requests.js";

/**
 * `PRINCIPAL:N` of an answered item (N as a JS number writes it: the form the ids asked are checked to
 * have); undefined when it names no token.
 */
export function itemKey(item: unknown): string | undefined {
  const { contract_id: id, token_number: n } = (item ?? {}) as Record<string, unknown>;
  return typeof id === "string" && Number.isInteger(n) ? `${id}:${n}` : undefined;
}

/** What is wrong with a search answer given the tokens asked (`PRINCIPAL:N`, canonical), or undefined. */
export function searchAnswerProblem(body: unknown, asked: ReadonlySet<string>): string | undefined {
  if (!Array.isArray(body))
    return `a body that is not an array of tokens (${body === null ? "null" : typeof body})`;
  for (let i = 0; i < body.length; i++) {
    const key = itemKey(body[i]);
    if (key === undefined) return `item ${i} without a string contract_id and an integer token_number`;
    if (!asked.has(key))
      return `item ${i} is about ${printable(key, 120)}, a token not asked in this request`;
  }
  return undefined;
}

/** The check of a search whose `contract` query was sent as is (`P` is `P:1`, as the service reads it). */
export function searchCheck(request: LookupRequest): AnswerCheck {
  const contract = request.query.contract;
  const ids = typeof contract === "object" ? contract : [String(contract)];
  const asked = new Set(
    ids.map((id) => {
      const [principal, n = "1"] = id.split(":");
      return `${principal}:${Number(n)}`;
    }),
  );
  return (body) => searchAnswerProblem(body, asked);
}
