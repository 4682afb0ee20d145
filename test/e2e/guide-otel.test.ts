/**
 * The guide's OpenTelemetry bridge ("Seeing what happens", **Traces.**), run as written: it subscribes to
 * the `hiro-lookup:lookup` TracingChannel and makes one span per lookup, the parent of the per-attempt
 * spans a fetch instrumentation makes (here a `fetch` that starts a span in the active context, as
 * OpenTelemetry's undici and fetch instrumentations do), itself a child of the caller's span. And its
 * server half ("The gateway's trace"), on the same store: a server span per caller request of the
 * gateway with the cache outcome, the parent of a miss's lookup span.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { beforeAll, describe, expect, it } from "vitest";
import { HiroApiError } from "../../src/index.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { ROOT } from "../helpers/spec.js";
import { createTestClient } from "../helpers/test-client.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const guide = readFileSync(join(ROOT, "docs/guide.md"), "utf8");
const bridge = /\*\*Traces\.\*\*[\s\S]*?```ts\n([\s\S]*?)```/.exec(guide)?.[1] ?? "";
const serverBridge = /### The gateway's trace[\s\S]*?```ts\n([\s\S]*?)```/.exec(guide)?.[1] ?? "";
const STATUS = { server_version: "token-metadata-api v2.3.0", status: "ready", chain_tip: null };
const exporter = new InMemorySpanExporter();

beforeAll(async () => {
  expect(bridge).toContain('tracingChannel<Context, LookupTraceMessage>("hiro-lookup:lookup")');
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  const dir = join(ROOT, ".tmp/guide-otel");
  mkdirSync(dir, { recursive: true });
  // The server half uses the lookups' bridge's store, as the guide says: one module each, as an app has them.
  expect(serverBridge).toContain('tracingChannel<Context, GatewayTraceMessage>("hiro-lookup:gateway")');
  writeFileSync(join(dir, "bridge.ts"), `${bridge}\nexport { contextStore };\n`);
  writeFileSync(
    join(dir, "server-bridge.ts"),
    `import { contextStore } from "./bridge.ts";\n${serverBridge.replaceAll('"hiro-lookup/server"', '"../../src/server/index.ts"')}`,
  );
  await import(join(dir, "bridge.ts"));
  await import(join(dir, "server-bridge.ts"));
});

/** A client whose fetch makes one span per attempt in the active context; `answer` answers each. */
function tracedClient(answer: (call: number) => Response) {
  const tracer = trace.getTracer("fetch-instrumentation");
  return createTestClient((_request, call) => {
    tracer.startSpan(`GET attempt ${call}`).end();
    return answer(call);
  }).client;
}

describe("the guide's OpenTelemetry bridge", () => {
  it("makes one span per lookup, the parent of its attempts' spans and a child of the caller's", async () => {
    exporter.reset();
    const client = tracedClient((call) =>
      call === 1 ? json({}, 503, { "retry-after": "0" }) : json(STATUS),
    );
    const app = trace.getTracer("app");
    await app.startActiveSpan("request handler", async (span) => {
      await client.getApiStatus();
      span.end();
    });
    const spans = exporter.getFinishedSpans();
    const byName = (name: string) => spans.find((s) => s.name === name);
    const lookup = byName("hiro-lookup getApiStatus");
    const handler = byName("request handler");
    expect(lookup?.parentSpanContext?.spanId).toBe(handler?.spanContext().spanId);
    for (const attempt of ["GET attempt 1", "GET attempt 2"])
      expect(byName(attempt)?.parentSpanContext?.spanId).toBe(lookup?.spanContext().spanId);
    expect(lookup?.attributes).toMatchObject({
      "hiro.operation_id": "getApiStatus",
      "hiro.service": "metadata",
      "hiro.attempts": 2,
      "http.response.status_code": 200,
    });
    expect(lookup?.status.code).not.toBe(SpanStatusCode.ERROR);
  });

  it("marks the span of a lookup that rejected as an error", async () => {
    exporter.reset();
    const client = tracedClient(() => json({ error: "Token not found" }, 404));
    await expect(client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 })).rejects.toThrow(HiroApiError);
    const lookup = exporter.getFinishedSpans().find((s) => s.name === "hiro-lookup getSftMetadata");
    expect(lookup?.status.code).toBe(SpanStatusCode.ERROR);
    expect(lookup?.attributes["http.response.status_code"]).toBe(404);
  });

  it("makes a server span per gateway request with its cache outcome, the parent of a miss's lookup span", async () => {
    exporter.reset();
    const fetchSpans = trace.getTracer("fetch-instrumentation");
    const { get } = testGateway((_request, call) => {
      fetchSpans.startSpan(`GET attempt ${call}`).end();
      return json(upstreamFixture("tma-sft-200-valid-metadata"), 200, { etag: '"1"' });
    });
    const target = `/metadata/v1/sft/${PRINCIPAL}/35`;
    expect((await get(target)).status).toBe(200);
    expect((await get(target)).status).toBe(200);
    const spans = exporter.getFinishedSpans();
    const servers = spans.filter((span) => span.kind === SpanKind.SERVER);
    expect(servers.map((span) => span.name)).toEqual(["GET getSftMetadata", "GET getSftMetadata"]);
    expect(servers.map((span) => span.attributes["hiro.cache.outcome"])).toEqual(["fwd=miss", "hit"]);
    expect(servers[0]?.attributes).toMatchObject({
      "http.request.method": "GET",
      "url.path": target,
      "hiro.route": "getSftMetadata",
      "http.response.status_code": 200,
      "hiro.coalesced": false,
    });
    expect(String(servers[0]?.attributes["hiro.cache_status"])).toMatch(/^hiro-lookup; fwd=miss/);
    // The miss: server span → lookup span → the attempt's span. The hit asked nothing: no lookup span.
    const lookups = spans.filter((span) => span.name === "hiro-lookup getSftMetadata");
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.parentSpanContext?.spanId).toBe(servers[0]?.spanContext().spanId);
    expect(lookups[0]?.attributes).toMatchObject({ "hiro.attempts": 1, "http.response.status_code": 200 });
    const attempt = spans.find((span) => span.name === "GET attempt 1");
    expect(attempt?.parentSpanContext?.spanId).toBe(lookups[0]?.spanContext().spanId);
    expect(servers[0]?.status.code).not.toBe(SpanStatusCode.ERROR);
  });
});
