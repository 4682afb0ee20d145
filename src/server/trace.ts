/**
 * The gateway's trace: one `diagnostics_channel` TracingChannel `hiro-lookup:gateway` per caller request
 * (start, end, asyncStart, asyncEnd, error), for OpenTelemetry bridges and APM agents, reached through
 * `process.getBuiltinModule` as the client's `hiro-lookup:lookup` is (never an import: the handler runs
 * in Workers too). A miss's lookup runs inside the request's trace, so a context store bound to this
 * channel's start makes the lookup's span its child. Nobody subscribed, a request costs one property
 * read here.
 */

/** What a subscriber is given for one caller request; the outcome fields are set before it ends. */
export interface GatewayTraceMessage {
  method: string;
  /** The request target's path (no query). */
  path: string;
  /** The route: an operationId, or `not_found`, `bad_request`, `method_not_allowed`, `preflight`, `chainhooks`. */
  route?: string | undefined;
  /** The answer's status. */
  status?: number | undefined;
  /** The answer's `Cache-Status` (RFC 9211), which words the cache outcome (`hit`, `fwd=miss`, …). */
  cacheStatus?: string | undefined;
  /** Whether this caller was served by another caller's upstream request in this instance. */
  coalesced?: boolean | undefined;
  /** Set by the channel: the answer, or the error. */
  result?: unknown;
  error?: unknown;
}

/** The part of Node's TracingChannel used here. */
interface TracingChannel {
  readonly hasSubscribers?: boolean;
  tracePromise<T>(fn: () => Promise<T>, message: GatewayTraceMessage): Promise<T>;
}

const channel = ((): TracingChannel | undefined => {
  try {
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const module = runtime?.getBuiltinModule?.("node:diagnostics_channel") as
      | { tracingChannel(name: string): TracingChannel }
      | undefined;
    return module?.tracingChannel("hiro-lookup:gateway");
  } catch {
    return undefined;
  }
})();

/** Whether anyone subscribes now (then a request builds its message and is traced). */
export const gatewayTraced = (): boolean => channel?.hasSubscribers === true;

/** Runs `answer` inside the request's trace of `message` (call only when {@link gatewayTraced}). */
export function traceRequest<T extends { status: number; headers: Record<string, string> }>(
  message: GatewayTraceMessage,
  answer: () => Promise<T>,
): Promise<T> {
  if (!channel) return answer();
  return channel.tracePromise(
    () =>
      answer().then((result) => {
        message.status = result.status;
        message.cacheStatus = result.headers["cache-status"];
        return result;
      }),
    message,
  );
}
