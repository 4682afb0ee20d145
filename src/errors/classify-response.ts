/**
 * Turns a non-2xx answer into a {@link HiroApiError} with the right `kind`. A kind that promises a
 * typed body (not_found, metadata_pending, …) is only chosen when the body is the documented one: the
 * map of documented bodies comes from the spec (`x-error-kind`, `generated/error-kinds.ts`).
 */

import { errorKinds } from "../generated/error-kinds.js";
import type { OperationId } from "../spec/types.js";
import { HiroApiError, type HiroApiErrorKind } from "./errors.js";
import { printable } from "./safe-text.js";

/** The longest server text (error and message together) a message quotes. */
const DETAIL_MAX = 200;
/** The longest text body an error keeps: enough to diagnose, never the whole of a huge answer. */
const BODY_MAX = 1024;

type Rule = { readonly kind: HiroApiErrorKind; readonly requiresMessage: boolean };
type Rules = { readonly [key: string]: { readonly [key: string]: { readonly [key: string]: Rule } } };
// Assigning checks that every x-error-kind of the spec is a HiroApiErrorKind.
const RULES: Rules = errorKinds;

/** `record[key]`, only when it is the record's own property: a server string never reaches a prototype. */
function own<T>(record: { readonly [key: string]: T } | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The body's own `key` property, when it is a string. */
function ownString(body: unknown, key: string): string | undefined {
  if (typeof body !== "object" || body === null || !Object.hasOwn(body, key)) return undefined;
  const value: unknown = (body as Record<string, unknown>)[key];
  return typeof value === "string" ? value : undefined;
}

function kindOf(operationId: OperationId, status: number, body: unknown): HiroApiErrorKind {
  if (status === 304) return "not_modified";
  if (status === 400) return "invalid_request";
  if (status === 429) return "rate_limited";
  if (status >= 500 && status <= 599) return "server_error";
  const error = ownString(body, "error");
  const rule = error === undefined ? undefined : own(own(own(RULES, operationId), String(status)), error);
  if (rule === undefined) return "unexpected_status";
  if (rule.requiresMessage && ownString(body, "message") === undefined) return "unexpected_status";
  return rule.kind;
}

/** A 3xx other than 304, or a browser's opaque redirect (status 0): the client never follows one. */
const isRedirect = (status: number) => status === 0 || (status >= 300 && status < 400 && status !== 304);

/** A one-line, printable summary of the answer for the error message (never the whole body). */
function detailOf(status: number, body: unknown, headers: Headers): string {
  if (isRedirect(status)) {
    const location = headers.get("location");
    return `redirect${location ? ` to ${printable(location, 100)}` : ""}; the client never follows redirects`;
  }
  if (status === 404 && ownString(body, "error") === undefined) {
    return "Not Found: no such route here; check the base URL (does this server run this API?)";
  }
  // Each part is cut before it is joined or searched, so a huge body costs only its first few kB.
  const parts = [ownString(body, "error"), ownString(body, "message")]
    .map((part) => (part === undefined ? "" : printable(part, DETAIL_MAX)))
    .filter((part) => part !== "");
  if (parts.length > 0) return printable(parts.join(": "), DETAIL_MAX);
  if (typeof body === "string") {
    const text = printable(body, DETAIL_MAX);
    if (text !== "") return text;
    // printable() looks at the first 4 × DETAIL_MAX characters only: past that, blank is not empty.
    if (body.length > DETAIL_MAX * 4) return `a body of ${body.length} characters, blank at the start`;
  }
  return status === 304 ? "Not Modified" : "no body";
}

/** What {@link apiErrorFor} needs to know about an answer. */
export interface ClassifyInput {
  operationId: OperationId;
  status: number;
  body: unknown;
  headers: Headers;
  url: string;
  retryAfterMs?: number | undefined;
}

/** The error for a non-2xx answer (a redirect is `unexpected_status`). A text body is kept up to 1 kB. */
export function apiErrorFor(input: ClassifyInput): HiroApiError {
  const kind = kindOf(input.operationId, input.status, input.body);
  const { body } = input;
  return new HiroApiError({
    ...input,
    kind,
    body: kind === "not_modified" ? undefined : typeof body === "string" ? body.slice(0, BODY_MAX) : body,
    message: `${input.operationId}: HTTP ${input.status} ${detailOf(input.status, body, input.headers)} (${kind})`,
  });
}

/** The error for a 2xx whose body is empty, not JSON, or not what the spec says (`problem` says which). */
export function invalidResponseError(
  input: Omit<ClassifyInput, "body">,
  text: string,
  problem: string,
): HiroApiError {
  return new HiroApiError({
    ...input,
    kind: "invalid_response",
    body: text.slice(0, BODY_MAX),
    message: `${input.operationId}: HTTP ${input.status} with ${printable(problem, DETAIL_MAX)} (invalid_response)`,
  });
}
