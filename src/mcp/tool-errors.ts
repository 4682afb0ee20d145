/**
 * A failed tool call as an answer the agent can act on: a tool result with `isError: true` whose text is
 * the client's message and what to do, never a protocol error (which an agent reads as a broken server).
 * One advice per failure family, keyed by the client's error classes and kinds.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import {
  HiroApiError,
  type HiroApiErrorKind,
  HiroNetworkError,
  HiroTimeoutError,
  HiroValidationError,
} from "../index.js";
import { printable } from "../internal.js";

/** Thrown when a call runs past the tool's deadline (the server's, so the agent never waits on it). */
export class ToolDeadlineError extends Error {
  override name = "ToolDeadlineError";
  constructor(readonly deadlineMs: number) {
    super(`no answer within the tool's deadline of ${deadlineMs} ms`);
  }
}

/** Thrown when the service's answer does not fit the spec (its response validator): it never becomes structured content. */
export class ToolAnswerInvalidError extends Error {
  override name = "ToolAnswerInvalidError";
}

/** What to do about each kind of API error. */
const API_ADVICE: Record<HiroApiErrorKind, string> = {
  not_found:
    "The service does not know this contract or token: check the principal (and token id); search_tokens tells several at once, explain_token says why a token is missing.",
  metadata_pending:
    "The service is still fetching this token's metadata (transient): ask again in a minute or two; explain_token says more.",
  locale_not_found: "The token has no metadata in that locale: call again without `locale`, or with another.",
  token_error: "The service found this token's metadata invalid: explain_token says why and who can fix it.",
  invalid_request: "The service refused an argument: correct it as the message says, then call again.",
  service_retired:
    "This host no longer serves the service (410 Gone): point the MCP server at your own deployment (the message names where), then call again.",
  rate_limited:
    "The service's rate limit held after the server's retries: wait a minute before calling again; an API key (--api-key in the server's configuration) raises Hiro's limit.",
  server_error: "The service failed after the server's retries: try again later.",
  not_modified: "The service answered 304 Not Modified without a body: call again.",
  unexpected_status:
    "The service answered with a status it does not document (a proxy in front of it?): check the server's base URL, or try again later.",
  invalid_response:
    "The service's answer does not fit the spec (not retried): the deployment may be another API or a wrong version; `hiro-lookup verify` checks a deployment.",
};

/** What the agent is told, and the advice, for `error` thrown by a call of `tool`. */
function describe(error: unknown): { message: string; advice: string } {
  // A lookup's errors carry what happened without the operation (`summary`): the agent called the tool.
  const message =
    error instanceof HiroApiError || error instanceof HiroNetworkError
      ? error.summary
      : error instanceof Error
        ? error.message
        : String(error);
  if (error instanceof ToolDeadlineError)
    return {
      message,
      advice: "The service is slow or not answering: try again later, or ask for less (a smaller `limit`).",
    };
  if (error instanceof ToolAnswerInvalidError) return { message, advice: API_ADVICE.invalid_response };
  if (error instanceof HiroValidationError)
    return {
      message,
      advice: error.parameter.startsWith("--")
        ? "Nothing was sent: the MCP server's configuration lacks it (its command's arguments or environment)."
        : `Nothing was sent: correct \`${error.parameter}\` as the message says, then call again.`,
    };
  if (error instanceof HiroApiError) return { message, advice: API_ADVICE[error.kind] };
  if (error instanceof HiroTimeoutError)
    return { message, advice: "The service did not answer in time, even after retries: try again later." };
  if (error instanceof HiroNetworkError)
    return {
      message,
      advice:
        "The service could not be reached: check the MCP server's base URL for it (--base-url or the service's own flag), or try again later.",
    };
  return {
    message,
    advice: "An unexpected failure: try again; if it persists, report it with this message.",
  };
}

/** `error` as a tool result: `isError: true`, the message and what to do, in one text block. */
export function errorResult(tool: string, error: unknown): CallToolResult {
  const { message, advice } = describe(error);
  // The client's messages are already cut and stripped of control characters; the tool's name (as the
  // agent sent it) and an unexpected message are not.
  const text = `${printable(tool, 80)} failed: ${printable(message, 1000)}\nWhat to do: ${advice}`;
  return { isError: true, content: [{ type: "text", text }] };
}
