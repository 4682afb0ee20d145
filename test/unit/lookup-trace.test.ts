/**
 * The lookups' trace events: Node's TracingChannel `hiro-lookup:lookup` publishes start, end, asyncStart,
 * asyncEnd (and error) per lookup, with its operationId, service, attempts and status; where the runtime
 * has no `diagnostics_channel`, nothing is published and the lookup works as before.
 */
import { tracingChannel } from "node:diagnostics_channel";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HiroApiError, type LookupTraceMessage } from "../../src/index.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const STATUS = { server_version: "token-metadata-api v2.3.0", status: "ready", chain_tip: null };
const channel = tracingChannel<LookupTraceMessage, LookupTraceMessage>("hiro-lookup:lookup");

/** Subscribes to every event of the channel until `stop()`, keeping each with a copy of its message. */
function listen() {
  const events: { event: string; message: LookupTraceMessage }[] = [];
  const keep = (event: string) => (message: LookupTraceMessage) => {
    events.push({ event, message: { ...message } });
  };
  const handlers = {
    start: keep("start"),
    end: keep("end"),
    asyncStart: keep("asyncStart"),
    asyncEnd: keep("asyncEnd"),
    error: keep("error"),
  };
  channel.subscribe(handlers);
  return { events, stop: () => channel.unsubscribe(handlers) };
}

let stop = () => {};
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the TracingChannel hiro-lookup:lookup", () => {
  it("publishes start, end, asyncStart and asyncEnd per lookup, with attempts and status at the end", async () => {
    const listening = listen();
    stop = listening.stop;
    const { client } = createTestClient((_request, call) =>
      call === 1 ? json({}, 503, { "retry-after": "0" }) : json(STATUS),
    );
    await client.getApiStatus();
    expect(listening.events.map((e) => e.event)).toEqual(["start", "end", "asyncStart", "asyncEnd"]);
    expect(listening.events[0]?.message).toEqual({ operationId: "getApiStatus", service: "metadata" });
    expect(listening.events[3]?.message).toMatchObject({
      operationId: "getApiStatus",
      service: "metadata",
      attempts: 2,
      status: 200,
      result: STATUS,
    });
  });

  it("publishes error with the lookup's error, its attempts and status", async () => {
    const listening = listen();
    stop = listening.stop;
    const { client } = createTestClient(() => json({ error: "Token not found" }, 404));
    const error = await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect(listening.events.map((e) => e.event)).toEqual(["start", "end", "error", "asyncStart", "asyncEnd"]);
    expect(listening.events[2]?.message).toMatchObject({
      operationId: "getSftMetadata",
      service: "metadata",
      attempts: 1,
      status: 404,
      error,
    });
  });

  it("publishes nothing once nobody listens, and the lookup is the same", async () => {
    const listening = listen();
    listening.stop();
    const { client } = createTestClient(() => json(STATUS));
    expect(await client.getApiStatus()).toEqual(STATUS);
    expect(listening.events).toEqual([]);
  });
});

describe("a runtime without diagnostics_channel (browsers, Workers)", () => {
  it("publishes nothing and the lookup works", async () => {
    vi.stubGlobal("process", { ...process, getBuiltinModule: undefined });
    vi.resetModules();
    const listening = listen();
    stop = listening.stop;
    const { observeLookup } = await import("../../src/observe/lookup-outcome.js");
    const message = { operationId: "getApiStatus", service: "metadata" };
    const record = { data: 7, response: new Response(null), attempts: 1 };
    expect(await observeLookup(message, async () => record, undefined, Date.now)).toBe(record);
    // No attempts or status were set: nothing traced the run.
    expect(message).toStrictEqual({ operationId: "getApiStatus", service: "metadata" });
    expect(listening.events).toEqual([]);
  });
});
