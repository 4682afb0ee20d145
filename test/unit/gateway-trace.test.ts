/**
 * The gateway's trace: one `hiro-lookup:gateway` TracingChannel event per caller request, with its
 * route, status and Cache-Status; a miss's upstream request runs inside it, so a store bound to the
 * gateway channel's start is what the upstream request sees (how an OpenTelemetry bridge makes a fetch
 * span its child).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { tracingChannel } from "node:diagnostics_channel";
import { afterEach, describe, expect, it } from "vitest";
import type { LookupTraceMessage } from "../../src/index.js";
import type { GatewayTraceMessage } from "../../src/server/index.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture("tma-sft-200-valid-metadata");
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;
const gatewayChannel = tracingChannel<unknown, GatewayTraceMessage>("hiro-lookup:gateway");
const lookupChannel = tracingChannel<unknown, LookupTraceMessage>("hiro-lookup:lookup");
const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0)) step();
});

describe("the gateway's trace", () => {
  it("tells each request's route, status and cache outcome; a miss's upstream request is its child", async () => {
    const ended: GatewayTraceMessage[] = [];
    const parents: (GatewayTraceMessage | undefined)[] = [];
    const store = new AsyncLocalStorage<GatewayTraceMessage>();
    const nothing = () => undefined;
    const gatewayHandlers = {
      start: nothing,
      end: nothing,
      asyncStart: nothing,
      error: nothing,
      asyncEnd: (message: GatewayTraceMessage) => {
        ended.push({ ...message });
      },
    };
    gatewayChannel.start.bindStore(store, (message) => message);
    gatewayChannel.subscribe(gatewayHandlers);
    undo.push(
      () => gatewayChannel.start.unbindStore(store),
      () => gatewayChannel.unsubscribe(gatewayHandlers),
    );
    const { get } = testGateway(() => {
      parents.push(store.getStore());
      return json(TOKEN, 200, { etag: '"1"' });
    });
    await get(SFT);
    await get(SFT);
    await get("/nowhere");
    expect(ended.map(({ route, status }) => [route, status])).toEqual([
      ["getSftMetadata", 200],
      ["getSftMetadata", 200],
      ["not_found", 404],
    ]);
    expect(ended[0]?.cacheStatus).toMatch(/fwd=miss/);
    expect(ended[1]?.cacheStatus).toMatch(/; hit/);
    expect(ended[0]).toMatchObject({ method: "GET", path: SFT, coalesced: false });
    // One upstream request (the miss), made inside the first request's trace.
    expect(parents).toHaveLength(1);
    expect(parents[0]?.path).toBe(SFT);
  });

  it("makes a miss's upstream lookup a hiro-lookup:lookup span, the child of the request's span", async () => {
    // Both channels, as an OpenTelemetry bridge subscribes: a store bound to each start (the active
    // span), every event in order with the store active when it fired.
    const store = new AsyncLocalStorage<string>();
    const events: { event: string; active: string | undefined; message: object }[] = [];
    const record =
      (channel: string, event: string) => (message: GatewayTraceMessage | LookupTraceMessage) => {
        events.push({ event: `${channel} ${event}`, active: store.getStore(), message: { ...message } });
      };
    const handlersOf = (name: string) => ({
      start: record(name, "start"),
      end: record(name, "end"),
      asyncStart: record(name, "asyncStart"),
      asyncEnd: record(name, "asyncEnd"),
      error: record(name, "error"),
    });
    const gatewayHandlers = handlersOf("gateway");
    const lookupHandlers = handlersOf("lookup");
    // The span a start's store is made from has the active one as its parent (a bridge's transform).
    const parentOf: Record<string, string | undefined> = {};
    gatewayChannel.start.bindStore(store, () => {
      parentOf.gateway = store.getStore();
      return "gateway span";
    });
    lookupChannel.start.bindStore(store, () => {
      parentOf.lookup = store.getStore();
      return "lookup span";
    });
    gatewayChannel.subscribe(gatewayHandlers);
    lookupChannel.subscribe(lookupHandlers);
    undo.push(
      () => gatewayChannel.start.unbindStore(store),
      () => lookupChannel.start.unbindStore(store),
      () => gatewayChannel.unsubscribe(gatewayHandlers),
      () => lookupChannel.unsubscribe(lookupHandlers),
    );
    const activeUpstream: (string | undefined)[] = [];
    const { get } = testGateway((_request, call) => {
      activeUpstream.push(store.getStore());
      return call === 1 ? json({}, 503, { "retry-after": "0" }) : json(TOKEN, 200, { etag: '"1"' });
    });
    await get(SFT);
    const names = events.map(({ event }) => event);
    // The lookup starts and ends within the request's span, once.
    expect(names.filter((name) => name.startsWith("lookup"))).toEqual([
      "lookup start",
      "lookup end",
      "lookup asyncStart",
      "lookup asyncEnd",
    ]);
    expect(names.indexOf("gateway start")).toBeLessThan(names.indexOf("lookup start"));
    expect(names.indexOf("lookup asyncEnd")).toBeLessThan(names.indexOf("gateway asyncEnd"));
    // Its span is made with the request's span active (the bridge makes it the child), and the upstream
    // requests run in the lookup's span.
    expect(parentOf).toEqual({ gateway: undefined, lookup: "gateway span" });
    expect(events.find(({ event }) => event === "lookup asyncEnd")?.active).toBe("lookup span");
    expect(activeUpstream).toEqual(["lookup span", "lookup span"]);
    // It carries the operation, and by its end the status and the attempts.
    expect(events.find(({ event }) => event === "lookup asyncEnd")?.message).toMatchObject({
      operationId: "getSftMetadata",
      service: "metadata",
      status: 200,
      attempts: 2,
    });

    // A hit asks nothing upstream: no lookup span.
    events.length = 0;
    await get(SFT);
    expect(events.map(({ event }) => event).filter((name) => name.startsWith("lookup"))).toEqual([]);
    expect(events.at(-1)?.message).toMatchObject({ route: "getSftMetadata", status: 200 });
  });
});
