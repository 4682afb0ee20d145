/**
 * A lookup's end, seen from outside: its trace events and its log line. The trace is Node's
 * `diagnostics_channel` TracingChannel `hiro-lookup:lookup` (start, end, asyncStart, asyncEnd, error),
 * for OpenTelemetry bridges and APM agents, reached through `process.getBuiltinModule` (never an import:
 * the core loads in browsers and Workers, where nothing is published). The log: `info` one line per lookup
 * outcome (the data, or an answer that says no such as a 404 or a 422, bad input, the caller's abort);
 * `error` a lookup that failed after its attempts (a server error, a rate limit, a network failure or
 * timeout, an answer refused as invalid). With logging off and nobody subscribed, a lookup costs one
 * property read here. Retries and pacer holds (`warn`) and attempts (`debug`) are the attempt loop's.
 */
import { HiroError, HiroValidationError } from "../errors/errors.js";
import type { Log } from "./log.js";

/** What a trace subscriber is given for one lookup; `attempts` and `status` are set before it ends. */
export interface LookupTraceMessage {
  operationId: string;
  service: string;
  /** Attempts made (set when the lookup ends; absent when it was refused before sending). */
  attempts?: number | undefined;
  /** The final answer's status (set when the lookup ends; absent when no answer came). */
  status?: number | undefined;
  /** Set by the channel: the data (undefined for a gateway's miss, which is not judged), or the error the lookup rejected with. */
  result?: unknown;
  error?: unknown;
}

/** What a lookup returns, as much as its outcome reads: its data, final answer and attempts. */
export interface ObservedLookup {
  readonly data: unknown;
  readonly response: Response;
  readonly attempts: number | undefined;
}

/** The part of Node's TracingChannel used here (one without `hasSubscribers` publishes nothing). */
interface TracingChannel {
  readonly hasSubscribers?: boolean;
  tracePromise<T>(fn: () => Promise<T>, message: LookupTraceMessage): Promise<T>;
}

/** The channel where the runtime has one (Node, Deno, Bun); undefined elsewhere. */
const channel = ((): TracingChannel | undefined => {
  try {
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const module = runtime?.getBuiltinModule?.("node:diagnostics_channel") as
      | { tracingChannel(name: string): TracingChannel }
      | undefined;
    return module?.tracingChannel("hiro-lookup:lookup");
  } catch {
    return undefined;
  }
})();

/**
 * Runs one lookup of `message`'s operation (`run` returns its record): traced when someone subscribes,
 * its outcome logged when `info` or `error` is on (`outcome`: `ok`, the HiroApiError's kind, or the
 * error's name). Errors reach the caller unchanged.
 */
export function observeLookup<R extends ObservedLookup>(
  message: LookupTraceMessage,
  run: () => Promise<R>,
  log: Log | undefined,
  now: () => number,
): Promise<R> {
  const traced = channel?.hasSubscribers ? channel : undefined;
  if (!log && !traced) return run();
  const started = now();
  /** Sets `attempts` and `status` on the message, and logs the outcome at its level. */
  const end = (result: R | undefined, error?: unknown) => {
    const { attempts, status, kind, name } = (
      result ? { attempts: result.attempts, status: result.response.status, kind: "ok" } : Object(error)
    ) as { attempts?: number; status?: number; kind?: string; name?: string };
    message.attempts = attempts;
    message.status = status;
    // Failed after its attempts: a HiroError that is not bad input nor an answer about the thing asked
    // (a 4xx other than 408 and 429). A 404, a 422, bad input or the caller's abort is an outcome.
    const failed =
      error instanceof HiroError &&
      !(error instanceof HiroValidationError) &&
      !(Number(status) > 399 && Number(status) < 500 && status !== 408 && status !== 429);
    const record = {
      operationId: message.operationId,
      service: message.service,
      outcome: kind ?? name ?? "rejected",
    };
    (failed ? log?.error : log?.info)?.(failed ? "lookup failed" : "lookup", {
      ...record,
      status,
      attempts,
      ms: now() - started,
      ...(failed ? { message: error.message } : {}),
    });
  };
  const observed = () =>
    run().then(
      (result) => {
        end(result);
        return result;
      },
      (error: unknown) => {
        end(undefined, error);
        throw error;
      },
    );
  if (!traced) return observed();
  // Traced, the channel's `result` is the lookup's data, as subscribers are told; the record it came in
  // is returned beside it, once the channel has published the end (run starts inside the trace, so
  // context stores bound at its start cover the requests).
  let record: R | undefined;
  const data = traced.tracePromise(
    () =>
      observed().then((result) => {
        record = result;
        return result.data;
      }),
    message,
  );
  return data.then(() => record as R);
}
