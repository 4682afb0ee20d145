/**
 * What a call that got no answer throws: the attempt's failure told apart (a timeout, a refusal of the
 * runtime no retry can change, an answer too large for the transport, a network failure), and the
 * errors once no retry is left or the call's deadline has passed. The attempt loop is attempts.ts.
 */
import { HiroNetworkError, HiroTimeoutError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import type { OperationId } from "../spec/types.js";
import type { AttemptOutcome } from "./retry.js";
import type { AttemptLimits } from "./settings.js";

/** What the errors name of a call: its operation, its URL and its limits. */
export interface AttemptedCall {
  operationId: OperationId | undefined;
  url: URL;
  limits: AttemptLimits;
}

/** Node's error codes along the cause chain, for messages only (other runtimes have none). */
function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** What an attempt that got no answer ended with: a timeout (its own signal aborted), or the failure's kind. */
export function failureOutcome(error: unknown, timedOut: boolean): AttemptOutcome {
  if (timedOut) return { type: "timeout" };
  if (PERMANENT_CODES.has(codeOf(error) ?? "")) return { type: "invalid_response" };
  return isRefusal(error) ? { type: "refused" } : { type: "network" };
}

/** Failures that no retry can fix: the answer itself was too large for the transport. */
const PERMANENT_CODES = new Set(["UND_ERR_HEADERS_OVERFLOW", "UND_ERR_RES_EXCEEDED_MAX_SIZE"]);
/**
 * Refusals of the runtime itself that no retry can change: undici's "bad port" (a port the fetch
 * standard blocks, such as 6000) and a URL it cannot parse (`ERR_INVALID_URL`).
 */
const isRefusal = (error: unknown) =>
  codeOf(error) === "ERR_INVALID_URL" ||
  (error instanceof Error && error.cause instanceof Error && error.cause.message === "bad port");
const IN_BROWSER = typeof (globalThis as { document?: unknown }).document !== "undefined";

/** The error when a call of `operationId` passed its `totalTimeoutMs`. */
export const totalTimeout = (operationId: OperationId | undefined, totalMs: number) =>
  new HiroTimeoutError(totalMs, {
    operationId,
    summary: `the call took longer than totalTimeoutMs (${totalMs} ms)`,
  });

/** The error when no answer came and no retry is left. */
export function noAnswer(
  call: AttemptedCall,
  outcome: AttemptOutcome,
  attempt: number,
  timedOut: number,
  failure: unknown,
) {
  const { operationId } = call;
  const where = `GET ${printable(call.url.href, 160)}`;
  if (outcome.type === "timeout") {
    const { timeoutMs } = call.limits;
    const tries =
      timedOut < attempt
        ? `${timedOut} of ${attempt} attempts`
        : attempt === 1
          ? "1 attempt"
          : `${attempt} attempts, each`;
    return new HiroTimeoutError(timeoutMs, {
      attempts: attempt,
      operationId,
      summary: `${where}: no answer within ${timeoutMs} ms (${tries} timed out)`,
    });
  }
  const code = codeOf(failure);
  // "fetch failed" says nothing: its cause ("bad port", "connect ECONNREFUSED …") does.
  const cause =
    failure instanceof Error && failure.cause instanceof Error ? `: ${failure.cause.message}` : "";
  const detail = `${failure instanceof Error ? failure.message : String(failure)}${cause}${code && !cause.includes(code) ? ` (${code})` : ""}`;
  const hint = IN_BROWSER ? "; in a browser, a CORS refusal looks the same as an unreachable host" : "";
  const tries = attempt === 1 ? "1 attempt" : `${attempt} attempts`;
  return new HiroNetworkError(`${where} failed after ${tries}: ${printable(detail, 100)}${hint}`, {
    cause: failure,
    attempts: attempt,
    operationId,
    detail,
  });
}
