/**
 * Turns a non-2xx answer into a {@link HiroApiError} with the right `kind`. A kind that promises a
 * typed body (not_found, metadata_pending, …) is only chosen when the body is the documented one.
 */
import { type ApiErrorBodies, HiroApiError, type HiroApiErrorKind } from "./errors.js";
import type { OperationId } from "./types.js";

const SFT_422_KINDS: Record<string, HiroApiErrorKind> = {
  "Token metadata fetch in progress": "metadata_pending",
  "Locale not found": "locale_not_found",
  "Token error": "token_error",
};

function errorField(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  return typeof error === "string" ? error : undefined;
}

function kindOf(operationId: OperationId, status: number, body: unknown): HiroApiErrorKind {
  if (status === 304) return "not_modified";
  if (status === 400) return "invalid_request";
  if (status === 429) return "rate_limited";
  if (status >= 500 && status <= 599) return "server_error";
  if (operationId === "getSftMetadata") {
    const error = errorField(body);
    if (status === 404 && (error === "Token not found" || error === "Contract not found")) return "not_found";
    if (status === 422 && error !== undefined) {
      const kind = SFT_422_KINDS[error];
      const message = (body as { message?: unknown }).message;
      if (kind === "token_error" && typeof message !== "string") return "unexpected_status";
      if (kind) return kind;
    }
  }
  return "unexpected_status";
}

/** A one-line summary of the body for the error message (never the whole body). */
function detailOf(status: number, body: unknown): string {
  if (status === 404 && errorField(body) === undefined) {
    return "Not Found: no such route here; check the base URL (does this server run this API?)";
  }
  if (typeof body === "object" && body !== null) {
    const { error, message } = body as { error?: unknown; message?: unknown };
    const parts = [error, message].filter((p): p is string => typeof p === "string" && p !== "");
    if (parts.length > 0) return parts.join(": ");
  }
  if (typeof body === "string" && body.trim() !== "") return body.trim().replace(/\s+/g, " ").slice(0, 200);
  return status === 304 ? "Not Modified" : "no body";
}

export interface ClassifyInput {
  operationId: OperationId;
  status: number;
  body: unknown;
  headers: Headers;
  url: string;
  retryAfterMs: number | undefined;
}

/** The error for a non-2xx answer. */
export function apiErrorFor(input: ClassifyInput): HiroApiError {
  const kind = kindOf(input.operationId, input.status, input.body);
  return new HiroApiError({
    ...input,
    kind,
    body: (kind === "not_modified" ? undefined : input.body) as ApiErrorBodies[typeof kind],
    message: `${input.operationId}: HTTP ${input.status} ${detailOf(input.status, input.body)} (${kind})`,
  });
}

/** The error for a 2xx whose body is empty or not JSON. */
export function invalidResponseError(
  input: Omit<ClassifyInput, "body">,
  text: string,
  problem: string,
): HiroApiError {
  return new HiroApiError({
    ...input,
    kind: "invalid_response",
    body: text.slice(0, 1024),
    message: `${input.operationId}: HTTP ${input.status} with ${problem} (invalid_response)`,
  });
}
