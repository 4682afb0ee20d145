/**
 * A tool call's W3C trace context (issue 46: MCP 2026-07-28 carries `traceparent` in `_meta`) is the
 * parent of the lookup's trace: with OpenTelemetry's API, a context manager and the W3C propagator
 * registered (as an app's OpenTelemetry SDK does), the lookup runs with the caller's span as the active
 * context, where the `hiro-lookup:lookup` channel's bridge (the guide's) starts its span.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { tracingChannel } from "node:diagnostics_channel";
import {
  type Context,
  type ContextManager,
  context,
  propagation,
  ROOT_CONTEXT,
  trace,
} from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolBox } from "../../src/mcp/tool-calls.js";
import { json } from "../helpers/fake-fetch.js";
import { loadSpec } from "../helpers/spec.js";
import { createTestClient } from "../helpers/test-client.js";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_ID = "00f067aa0ba902b7";
const store = new AsyncLocalStorage<Context>();
const manager: ContextManager = {
  active: () => store.getStore() ?? ROOT_CONTEXT,
  with: (ctx, fn, thisArg, ...args) => store.run(ctx, () => fn.apply(thisArg, args)),
  bind: (_ctx, target) => target,
  enable: () => manager,
  disable: () => manager,
};
const lookups = tracingChannel("hiro-lookup:lookup");
const seen: (string | undefined)[] = [];
const onStart = () => {
  const parent = trace.getSpanContext(context.active());
  seen.push(parent && `${parent.traceId}-${parent.spanId}-${parent.isRemote}`);
};

beforeAll(() => {
  context.setGlobalContextManager(manager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  lookups.start.subscribe(onStart);
});
afterAll(() => {
  lookups.start.unsubscribe(onStart);
  context.disable();
  propagation.disable();
});

describe("a traceparent in a tool call's _meta", () => {
  it("is the active context of the lookup (its trace's parent); without one, the lookup has none", async () => {
    const status = loadSpec().components.examples.ApiStatusReady?.value;
    const { client } = createTestClient(() => json(status));
    const box = createToolBox(client, { deadlineMs: 5_000, hostTimeoutMs: 1_000 });
    const traced = await box.call("get_api_status", {}, undefined, {
      traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`,
    });
    expect(traced.isError).toBeFalsy();
    const plain = await box.call("get_api_status", {});
    expect(plain.isError).toBeFalsy();
    expect(seen).toEqual([`${TRACE_ID}-${PARENT_ID}-true`, undefined]);
  });
});
