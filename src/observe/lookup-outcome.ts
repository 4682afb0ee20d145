/**
 * What a lookup's end is worth logging, and at which level: `info` one line per lookup outcome (the
 * data, or an answer that says no: not found, still being fetched); `error` a lookup that failed after
 * its attempts (a server error, a rate limit, a network failure or timeout, an answer refused as
 * invalid). The retries and pacer holds (`warn`) and each attempt (`debug`) are logged by the attempt
 * loop. The trace events (lookup-trace.ts) are published around the same run.
 */
import {
  HiroApiError,
  HiroError,
  HiroNetworkError,
  HiroTimeoutError,
  HiroValidationError,
} from "../errors/errors.js";
import type { Seen } from "../lookups/lookup.js";
import type { Log } from "./log.js";
import { type LookupTraceMessage, traceLookup } from "./lookup-trace.js";

/** Which lookup is run. */
export interface LookupAbout {
  operationId: string;
  service: string;
}

/** A refusal the service gave about the thing asked (4xx, less 408 and 429): an answer, not a failure. */
const isAnswer = (error: HiroApiError) =>
  error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/** What ended the lookup, in one word: `ok`, the error's kind, `network`, `timeout`, `aborted`… */
function outcomeOf(error: unknown): string {
  if (error instanceof HiroApiError) return error.kind;
  if (error instanceof HiroTimeoutError) return "timeout";
  if (error instanceof HiroNetworkError) return "network";
  if (error instanceof HiroValidationError) return "invalid_input";
  return error instanceof HiroError ? "error" : "aborted";
}

/** Records `attempts` and `status` of a finished lookup on its trace message. */
function finish(message: LookupTraceMessage, seen: Seen, error?: unknown) {
  if (error === undefined) {
    message.attempts = seen.attempts;
    message.status = seen.response?.status;
  } else {
    const { attempts, status } = error as { attempts?: unknown; status?: unknown };
    if (typeof attempts === "number") message.attempts = attempts;
    if (typeof status === "number") message.status = status;
  }
}

/**
 * Runs one lookup (`run` fills `seen`), traced, and logs its outcome when `info` or `error` is on.
 * Errors reach the caller unchanged.
 */
export function observeLookup<T>(
  about: LookupAbout,
  seen: Seen,
  run: () => Promise<T>,
  log: Log | undefined,
  now: () => number,
): Promise<T> {
  const traced = traceLookup({ ...about }, run, (message, error) => finish(message, seen, error));
  if (!log?.error) return traced;
  const { info, error: failed } = log;
  const started = now();
  const record = (outcome: string, fields: LookupTraceMessage) => ({
    operationId: about.operationId,
    service: about.service,
    outcome,
    status: fields.status,
    attempts: fields.attempts,
    ms: now() - started,
  });
  return traced.then(
    (data) => {
      if (info) {
        const fields: LookupTraceMessage = { ...about };
        finish(fields, seen);
        info("lookup", record("ok", fields));
      }
      return data;
    },
    (error: unknown) => {
      const fields: LookupTraceMessage = { ...about };
      finish(fields, seen, error);
      const outcome = outcomeOf(error);
      if (error instanceof HiroApiError && isAnswer(error)) info?.("lookup", record(outcome, fields));
      else if (outcome === "aborted" || outcome === "invalid_input")
        info?.("lookup", record(outcome, fields));
      else failed("lookup failed", { ...record(outcome, fields), message: (error as Error).message });
      throw error;
    },
  );
}
