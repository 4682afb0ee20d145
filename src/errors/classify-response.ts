/**
 * The one place that builds a {@link HiroApiError} and its message. A non-2xx answer gets the right
 * `kind`: a kind that promises a typed body (not_found, metadata_pending, …) is only chosen when the body
 * is the documented one (the map comes from the spec: `x-error-kind`, `generated/error-kinds.ts`). Every
 * message says what happened in our words; the server's own text is quoted, and only it is ever cut.
 */

import { errorKinds } from "../generated/error-kinds.js";
import type { OperationId } from "../spec/types.js";
import { HiroApiError, type HiroApiErrorKind } from "./errors.js";
import { printable } from "./safe-text.js";

/** The longest server text (error and message together) a message quotes. */
const DETAIL_MAX = 200;
/** The longest explanation of an `invalid_response` (our sentence, with server values of ≤ 80 characters each). */
const PROBLEM_MAX = 400;
/** The longest text body an error keeps: enough to diagnose, never the whole of a huge answer. */
const BODY_MAX = 1024;
/** The largest JSON error body kept parsed; a larger one is kept as its first {@link BODY_MAX} characters. */
const JSON_BODY_MAX = 16 * 1024;

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

/** A documented 400 body: Fastify's validation body, or the sat routes' `{ error }`. */
const isDocumented400 = (body: unknown) =>
  ownString(body, "error") === "Invalid satoshi ordinal number" ||
  (ownString(body, "message") !== undefined &&
    typeof (body as { statusCode?: unknown }).statusCode === "number");

function kindOf(operationId: OperationId, status: number, body: unknown): HiroApiErrorKind {
  if (status === 304) return "not_modified";
  if (status === 400) return "invalid_request";
  if (status === 410) return "service_retired";
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

/** A 404 that says the server has no such route: no `error` at all, or Fastify's `Route GET:… not found`. */
const isNoRoute = (status: number, body: unknown) =>
  status === 404 &&
  (ownString(body, "error") === undefined || /^Route [A-Z]+:/.test(ownString(body, "message") ?? ""));

/** A one-line, printable summary of the answer for the error message (never the whole body). */
function detailOf(operationId: OperationId, status: number, body: unknown, headers: Headers): string {
  if (isRedirect(status)) {
    const location = headers.get("location");
    return `redirect${location ? ` to ${printable(location, 100)}` : ""}; the client never follows redirects`;
  }
  // The search came with Token Metadata API 2.2.0: an older deployment has no such route.
  if (isNoRoute(status, body) && operationId === "searchTokens") {
    return "Not Found: this server has no /metadata/v1/search: it predates the search (Token Metadata API 2.2.0 or later has it); ask each token with getSftMetadata, or upgrade the deployment";
  }
  if (isNoRoute(status, body)) {
    return "Not Found: no such route here; check the base URL (does this server run this API?)";
  }
  if (status === 410) {
    const url = ownString(body, "documentation_url");
    const see = url === undefined ? "" : `; see ${printable(url, 160)}`;
    return `Gone: this host retired the service; point the client at a self-hosted bitcoin-indexer${see}`;
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

/** What the error builders need to know about an answer. */
export interface AnswerInfo {
  operationId: OperationId;
  status: number;
  headers: Headers;
  url: string;
  retryAfterMs?: number | undefined;
  /** Attempts made; the message says "after N attempts" when more than one. */
  attempts?: number | undefined;
}

/** What {@link apiErrorFor} needs: the answer, its body (parsed JSON, or text), and its text when known. */
export interface ClassifyInput extends AnswerInfo {
  body: unknown;
  text?: string | undefined;
}

/** The body as the error keeps it: a JSON body only up to {@link JSON_BODY_MAX}, then as text; text up to 1 kB. */
function keptBody(body: unknown, text: string | undefined): unknown {
  if (typeof body === "string") return body.slice(0, BODY_MAX);
  if (body === undefined || body === null || typeof body !== "object") return body;
  const json = text ?? JSON.stringify(body);
  return json.length > JSON_BODY_MAX ? json.slice(0, BODY_MAX) : body;
}

/** The error for a non-2xx answer (a redirect is `unexpected_status`, a 410 `service_retired`). */
export function apiErrorFor(input: ClassifyInput): HiroApiError {
  let body = keptBody(input.body, input.text);
  const kind = kindOf(input.operationId, input.status, body);
  if (kind === "not_modified") body = undefined;
  // An undocumented 400 body (a proxy's, say) is kept as its text: the kind's body type says so.
  else if (kind === "invalid_request" && typeof body === "object" && !isDocumented400(body)) {
    body = (input.text ?? JSON.stringify(body) ?? "").slice(0, BODY_MAX);
  }
  // The message quotes the answer as it came (cut to length), even when the error keeps less of it.
  const tries = (input.attempts ?? 1) > 1 ? ` after ${input.attempts} attempts` : "";
  const summary = `HTTP ${input.status} ${detailOf(input.operationId, input.status, input.body, input.headers)} (${kind})${tries}`;
  return new HiroApiError({ ...input, kind, body, summary });
}

/** The error for a 2xx whose body is empty, not JSON, too large or not what was asked (`problem` says which). */
export function invalidResponseError(input: AnswerInfo, text: string, problem: string): HiroApiError {
  return new HiroApiError({
    ...input,
    kind: "invalid_response",
    body: text.slice(0, BODY_MAX),
    summary: `HTTP ${input.status} with ${printable(problem, PROBLEM_MAX)} (invalid_response)`,
  });
}
