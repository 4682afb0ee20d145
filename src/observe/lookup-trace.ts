/**
 * The lookups' trace events: Node's `diagnostics_channel` TracingChannel `hiro-lookup:lookup` (start,
 * end, asyncStart, asyncEnd, error per lookup), for OpenTelemetry bridges and APM agents. The channel is
 * reached through `process.getBuiltinModule`, never an import, so the core loads in browsers and Workers,
 * where nothing is published. With nobody subscribed a lookup costs one property read.
 */

/** What a subscriber is given for one lookup; `attempts` and `status` are set before it ends. */
export interface LookupTraceMessage {
  operationId: string;
  service: string;
  /** Attempts made (set when the lookup ends; absent when it was refused before sending). */
  attempts?: number | undefined;
  /** The final answer's status (set when the lookup ends; absent when no answer came). */
  status?: number | undefined;
  /** Set by the channel: the data, or the error the lookup rejected with. */
  result?: unknown;
  error?: unknown;
}

/** The part of Node's TracingChannel the lookups use. */
interface TracingChannel {
  readonly hasSubscribers: boolean;
  tracePromise<T>(fn: () => Promise<T>, message: LookupTraceMessage): Promise<T>;
}

/** The TracingChannel's name. */
export const LOOKUP_CHANNEL = "hiro-lookup:lookup";

/** The channel where the runtime has one (Node, Deno, Bun); undefined elsewhere. */
function openChannel(): TracingChannel | undefined {
  try {
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const module = runtime?.getBuiltinModule?.("node:diagnostics_channel") as
      | { tracingChannel?: (name: string) => TracingChannel }
      | undefined;
    const channel = module?.tracingChannel?.(LOOKUP_CHANNEL);
    // Older runtimes have a TracingChannel without `hasSubscribers`: then nothing is published.
    return typeof channel?.hasSubscribers === "boolean" ? channel : undefined;
  } catch {
    return undefined;
  }
}

const channel = openChannel();

/**
 * Runs `run` as one traced lookup when someone subscribes to {@link LOOKUP_CHANNEL}; else runs it as is.
 * `finish` fills the message's `attempts` and `status` before the channel's asyncEnd.
 */
export function traceLookup<T>(
  message: LookupTraceMessage,
  run: () => Promise<T>,
  finish: (message: LookupTraceMessage, error?: unknown) => void,
): Promise<T> {
  if (!channel?.hasSubscribers) return run();
  return channel.tracePromise(
    () =>
      run().then(
        (data) => {
          finish(message);
          return data;
        },
        (error: unknown) => {
          finish(message, error);
          throw error;
        },
      ),
    message,
  );
}
