/**
 * One request of `hiro-lookup verify`: a call of an operation with its parameters as given (prepared
 * unchecked: none of the lookups' input checks stands in the way of a deliberately bad request), exchanged
 * by the core as every lookup is (its retries, `Retry-After`, timeouts and size cap), and the answer kept
 * as plain data for the checks to judge, its body read as the core reads an error's. Every account of an
 * answer starts with its cause (`no answer: ECONNREFUSED`, `404 Not Found`), so a cut cell or a narrow
 * terminal keeps it.
 */
import { STATUS_CODES } from "node:http";
import { HiroNetworkError, HiroTimeoutError, type OperationId } from "../../index.js";
import {
  type Exchange as Answer,
  exchange as exchangeCall,
  type LookupRequest,
  type LookupSettings,
  parsedText,
  preparedCall,
} from "../../internal.js";
import { jsonForMessage, printable } from "../text.js";

/** A request as verify makes it: its operation, its parameters as given, extra headers (`If-None-Match`). */
export type Send = (
  operationId: OperationId,
  request: Partial<LookupRequest>,
  headers?: Record<string, string>,
) => () => Promise<Answer>;

/** How verify sends on a client's `settings`: one prepared call, exchanged once. */
export const senderOf =
  (settings: LookupSettings): Send =>
  (operationId, { path = {}, query = {} }, headers) =>
  () =>
    exchangeCall(settings, preparedCall(operationId, { path, query }), headers ? { headers } : undefined);

/** One answer, as the checks see it. */
export interface Exchange {
  /** HTTP status; 0 when no answer came back. */
  status: number;
  headers: Headers;
  /** The body: parsed JSON, the raw text when it is not JSON, `undefined` when empty. */
  body: unknown;
  /** Why no answer came back, cause first (`no answer: ECONNREFUSED …`, `not sent: …`), when none did. */
  failure?: string | undefined;
  /** Whether the answer carries Prism's `sl-violations` header (it reports an invalid request). */
  prismViolations: boolean;
}

/** The system error in an error's cause chain (ECONNREFUSED, ENOTFOUND, …): its code and message. */
function systemError(error: unknown): { code: string; message: string } | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z_]+$/.test(code)) return { code, message: e.message };
  }
  return undefined;
}

/** Why a request got no answer, cause first: `ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:3997`. */
export function causeOf(error: unknown): string {
  if (error instanceof HiroTimeoutError) return `timeout: no answer within ${error.timeoutMs} ms`;
  const system = systemError(error);
  if (system) {
    return printable(
      system.message.startsWith(system.code) ? system.message : `${system.code}: ${system.message}`,
      160,
    );
  }
  // The client's error says where and how often ("GET <url> failed after N attempts"); its cause, what.
  if (error instanceof HiroNetworkError && error.detail !== undefined) return printable(error.detail, 160);
  return printable(error instanceof Error ? error.message : String(error), 160);
}

/** Sends one request with `send` and records the answer; a request that got no answer is a `failure`. */
export async function exchange(send: () => Promise<Answer>): Promise<Exchange> {
  try {
    const { status, headers, text } = await send();
    return {
      status,
      headers,
      body: text.trim() === "" ? undefined : parsedText(text),
      prismViolations: headers.has("sl-violations"),
    };
  } catch (error) {
    return failed(`no answer: ${causeOf(error)}`);
  }
}

/** An exchange that got no answer, for `failure` (already cause first). */
export const failed = (failure: string): Exchange => ({
  status: 0,
  headers: new Headers(),
  body: undefined,
  failure,
  prismViolations: false,
});

/**
 * A short, printable account of an answer, cause first: `404 Token not found`, `404 Not Found: Route
 * GET:/… not found`, `500 Internal Server Error: …`, or the failure (`no answer: ECONNREFUSED …`).
 */
export function describe(answer: Exchange, max = 90): string {
  if (answer.failure !== undefined) return answer.failure;
  const reason = STATUS_CODES[answer.status] ?? "";
  if (answer.body === undefined) return `${answer.status} ${reason}, no body`.replace("  ", " ");
  const body = answer.body;
  if (typeof body === "object" && body !== null && !Array.isArray(body)) {
    // Fastify's and the services' error bodies: what they say first, the rest of the JSON only if not.
    const { error, message } = body as { error?: unknown; message?: unknown };
    const said = [error, message].filter((v): v is string => typeof v === "string" && v !== "");
    if (said.length > 0 && answer.status >= 400) return `${answer.status} ${printable(said.join(": "), max)}`;
  }
  const text = typeof body === "string" ? body : jsonForMessage(body);
  const head = answer.status >= 400 && reason ? `${answer.status} ${reason}:` : `${answer.status}`;
  return `${head} ${printable(text, max)}`;
}
