/**
 * A tool call's W3C trace context (MCP 2026-07-28 carries `traceparent`, and `tracestate`, in a
 * request's `_meta`) as the parent of the lookup's trace: the call runs with the context OpenTelemetry's
 * propagator reads from them as the active one, so the spans of the lookup (the `hiro-lookup:lookup`
 * channel's bridge, a fetch instrumentation's) are its children. `@opentelemetry/api` is an optional
 * peer: without it, or without a `traceparent`, the call runs as it is.
 */

type OpenTelemetryApi = typeof import("@opentelemetry/api");

let loading: Promise<OpenTelemetryApi | undefined> | undefined;

/** `@opentelemetry/api` when installed (loaded once), else undefined. */
function openTelemetry(): Promise<OpenTelemetryApi | undefined> {
  loading ??= import("@opentelemetry/api").then(
    (api) => api,
    () => undefined,
  );
  return loading;
}

/** Runs `work` as a child of the trace `meta` names (its `traceparent` and `tracestate`), when it names one. */
export async function inTraceOf<T>(
  meta: Record<string, unknown> | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const { traceparent, tracestate } = meta ?? {};
  if (typeof traceparent !== "string") return work();
  const api = await openTelemetry();
  if (api === undefined) return work();
  const carrier = { traceparent, ...(typeof tracestate === "string" ? { tracestate } : {}) };
  const parent = api.propagation.extract(api.context.active(), carrier);
  return api.context.with(parent, work);
}
