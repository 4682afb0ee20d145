/**
 * The gateway's trace: one `hiro-lookup:gateway` TracingChannel event per caller request, with its
 * route, status and Cache-Status; a miss's upstream request runs inside it, so a store bound to the
 * gateway channel's start is what the upstream request sees (how an OpenTelemetry bridge makes a fetch
 * span its child).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { tracingChannel } from "node:diagnostics_channel";
import { afterEach, describe, expect, it } from "vitest";
import type { GatewayTraceMessage } from "../../src/server/index.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture("tma-sft-200-valid-metadata");
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;
const gatewayChannel = tracingChannel<unknown, GatewayTraceMessage>("hiro-lookup:gateway");
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
});
