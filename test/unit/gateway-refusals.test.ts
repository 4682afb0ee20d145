/**
 * The refusals and limits of the web handler itself (issue 43, item 3): what `serve` refused in its Node
 * adapter, now in `createLookupHandler` for every host — a long target (414), a body on a lookup (413),
 * a head too large (431), the per-caller limit by the key the host gives (429 with Retry-After), and
 * `/healthz` when asked for. Each refusal asks nothing upstream.
 */
import { describe, expect, it } from "vitest";
import { HiroValidationError } from "../../src/index.js";
import { createLookupHandler, GATEWAY_DEFAULTS, type LookupHandlerOptions } from "../../src/server/index.js";
import { json, LOCAL, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture("tma-sft-200-valid-metadata");
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;
const upstream = () => json(TOKEN);

/** A GET that carries a body, as Bun and Deno hand one over (the Fetch API will not build one). */
function getWithBody(target: string): Request {
  const request = new Request(`http://gateway.test${target}`, { method: "POST", body: "x".repeat(10) });
  Object.defineProperty(request, "method", { value: "GET" });
  return request;
}

describe("the request target's length", () => {
  it(`refuses a target longer than ${GATEWAY_DEFAULTS.maxTargetLength} characters with 414, asking nothing`, async () => {
    const { get, requests } = testGateway(upstream);
    const query = `?x=${"a".repeat(GATEWAY_DEFAULTS.maxTargetLength)}`;
    const response = await get(`${SFT}${query}`);
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual({
      statusCode: 414,
      error: "URI Too Long",
      message: "the request target is too long",
    });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(requests).toHaveLength(0);
  });

  it("takes a target of exactly the bound, and another bound by maxTargetLength", async () => {
    const exact = testGateway(upstream);
    const filler = "a".repeat(GATEWAY_DEFAULTS.maxTargetLength - SFT.length - 3);
    expect((await exact.get(`${SFT}?x=${filler}`)).status).toBe(200);
    const short = testGateway(upstream, { maxTargetLength: SFT.length });
    expect((await short.get(SFT)).status).toBe(200);
    expect((await short.get(`${SFT}?a`)).status).toBe(414);
  });
});

describe("a body on a lookup", () => {
  const refused = { statusCode: 413, error: "Payload Too Large", message: "requests have no body" };

  it("refuses a GET or HEAD whose head announces a body (content-length not 0, or transfer-encoding), asking nothing", async () => {
    const { get, requests } = testGateway(upstream);
    for (const [headers, method] of [
      [{ "content-length": "5" }, "GET"],
      [{ "transfer-encoding": "chunked" }, "GET"],
      [{ "content-length": "5" }, "HEAD"],
    ] as const) {
      const response = await get(SFT, headers, method);
      expect(response.status, JSON.stringify(headers)).toBe(413);
      if (method === "GET") expect(await response.json()).toEqual(refused);
    }
    expect(requests).toHaveLength(0);
    expect((await get(SFT, { "content-length": "0" })).status).toBe(200);
  });

  it("refuses a GET that carries a body, and never reads it", async () => {
    const { gateway, requests } = testGateway(upstream);
    const request = getWithBody(SFT);
    const response = await gateway.fetch(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(refused);
    expect(request.bodyUsed).toBe(false);
    expect(requests).toHaveLength(0);
  });
});

describe("the request head's size", () => {
  it(`refuses headers over ${GATEWAY_DEFAULTS.maxHeaderBytes} bytes (names and values) with 431, asking nothing`, async () => {
    const { get, requests } = testGateway(upstream);
    const response = await get(SFT, { "x-filler": "a".repeat(GATEWAY_DEFAULTS.maxHeaderBytes) });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({
      statusCode: 431,
      error: "Request Header Fields Too Large",
      message: "the request's headers are too large",
    });
    expect(requests).toHaveLength(0);
    expect((await get(SFT, { "x-filler": "a".repeat(1000) })).status).toBe(200);
  });

  it("takes its bound from maxHeaderBytes", async () => {
    const { get } = testGateway(upstream, { maxHeaderBytes: 100 });
    expect((await get(SFT, { "x-filler": "a".repeat(80) })).status).toBe(200);
    expect((await get(SFT, { "x-filler": "a".repeat(100) })).status).toBe(431);
  });
});

describe("the per-caller limit", () => {
  it("is off by default: a caller asks as often as it likes", async () => {
    const { gateway } = testGateway(upstream);
    for (let i = 0; i < 20; i++) {
      const response = await gateway.fetch(new Request(`http://gateway.test${SFT}`), { callerKey: "a" });
      expect(response.status).toBe(200);
    }
  });

  it("refuses a caller past perCallerPerSecond with 429 and Retry-After, by the caller key the host gives; others go on", async () => {
    const routes: string[] = [];
    const { gateway, clock, requests } = testGateway(upstream, {
      perCallerPerSecond: 2,
      observer: { request: (route, status) => routes.push(`${route} ${status}`) },
    });
    const ask = (callerKey: string) => gateway.fetch(new Request(`http://gateway.test${SFT}`), { callerKey });
    expect((await ask("a")).status).toBe(200);
    expect((await ask("a")).status).toBe(200);
    const limited = await ask("a");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(await limited.json()).toEqual({
      statusCode: 429,
      error: "Too Many Requests",
      message: "this caller's limit is spent: ask again after Retry-After",
    });
    expect(routes.at(-1)).toBe("ip_limited 429");
    expect((await ask("b")).status).toBe(200);
    clock.advance(500);
    expect((await ask("a")).status).toBe(200);
    expect(requests).toHaveLength(1);
  });

  it("reads the caller from what each host passes: Deno.serve's info, Bun's server, a Worker's env and ctx ignored", async () => {
    const limited = async (...args: unknown[]) => {
      const handler = createLookupHandler({
        perCallerPerSecond: 1,
        upstream: { baseUrl: LOCAL, fetch: async () => json(TOKEN) },
      });
      const call = handler as (request: Request, ...rest: unknown[]) => Promise<Response>;
      const first = await call(new Request(`http://gateway.test${SFT}`), ...args);
      const second = await call(new Request(`http://gateway.test${SFT}`), ...args);
      return [first.status, second.status];
    };
    // Deno.serve(handler): handler(request, info), info.remoteAddr.hostname.
    const deno = (hostname: string) => ({ remoteAddr: { transport: "tcp", hostname, port: 5000 } });
    // Bun.serve({ fetch: handler }): fetch(request, server), server.requestIP(request).address.
    const bun = (address: string) => ({ requestIP: () => ({ address, family: "IPv4", port: 5000 }) });
    expect(await limited(deno("10.0.0.1"))).toEqual([200, 429]);
    expect(await limited(bun("10.0.0.2"))).toEqual([200, 429]);

    // Two callers told apart, per host.
    const handler = createLookupHandler({
      perCallerPerSecond: 1,
      upstream: { baseUrl: LOCAL, fetch: async () => json(TOKEN) },
    });
    const call = handler as (request: Request, ...rest: unknown[]) => Promise<Response>;
    const statuses = [];
    for (const info of [deno("10.0.0.1"), deno("10.0.0.3"), bun("10.0.0.4"), bun("10.0.0.5")])
      statuses.push((await call(new Request(`http://gateway.test${SFT}`), info)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it("on a Worker, takes the key from the callerKey option (cf-connecting-ip), never from env", async () => {
    const options: LookupHandlerOptions = {
      perCallerPerSecond: 1,
      callerKey: (request) => request.headers.get("cf-connecting-ip"),
      upstream: { baseUrl: LOCAL, fetch: async () => json(TOKEN) },
    };
    const handler = createLookupHandler(options) as (
      request: Request,
      ...rest: unknown[]
    ) => Promise<Response>;
    const env = { callerKey: "everyone", HIRO_API_KEY: "k" };
    const ctx = { waitUntil() {}, passThroughOnException() {} };
    const from = (ip: string) =>
      handler(new Request(`http://gateway.test${SFT}`, { headers: { "cf-connecting-ip": ip } }), env, ctx);
    expect((await from("203.0.113.1")).status).toBe(200);
    expect((await from("203.0.113.2")).status).toBe(200);
    expect((await from("203.0.113.1")).status).toBe(429);
  });

  it("with no caller key, the callers share one bucket (and it says so once)", async () => {
    const lines: string[] = [];
    const logger = {
      warn: (message: string) => lines.push(message),
      error: () => {},
      info: () => {},
      debug: () => {},
    };
    const { get } = testGateway(upstream, { perCallerPerSecond: 1, upstream: { logger } });
    expect((await get(SFT)).status).toBe(200);
    expect((await get(SFT)).status).toBe(429);
    expect((await get(SFT)).status).toBe(429);
    expect(lines.filter((line) => line.includes("caller key"))).toHaveLength(1);
  });
});

describe("/healthz, when asked for", () => {
  it("is not a route by default", async () => {
    const { get } = testGateway(upstream);
    expect((await get("/healthz")).status).toBe(404);
  });

  it("answers healthPath with the upstream's last state and the store's, outside the per-caller limit", async () => {
    let fail = false;
    const { gateway } = testGateway(
      () => {
        if (fail) throw new TypeError("fetch failed");
        return json(TOKEN);
      },
      { healthPath: "/healthz", perCallerPerSecond: 1 },
    );
    const health = async () => {
      const response = await gateway.fetch(new Request("http://gateway.test/healthz"), { callerKey: "a" });
      expect(response.headers.get("cache-control")).toBe("no-store");
      return [response.status, await response.json()];
    };
    expect(await health()).toEqual([200, { status: "up", upstream: "unknown", redis: "none" }]);
    const lookup = (target: string, callerKey: string) =>
      gateway.fetch(new Request(`http://gateway.test${target}`), { callerKey });
    expect((await lookup(SFT, "b")).status).toBe(200);
    expect(await health()).toEqual([200, { status: "up", upstream: "ok", redis: "none" }]);
    fail = true;
    expect((await lookup(`/metadata/v1/sft/${PRINCIPAL}/36`, "c")).status).toBe(502);
    expect(await health()).toEqual([503, { status: "up", upstream: "unreachable", redis: "none" }]);
    const head = await gateway.fetch(new Request("http://gateway.test/healthz", { method: "HEAD" }), {
      callerKey: "a",
    });
    expect(head.status).toBe(503);
    // Caller a spends its one request of the second (a kept answer): health still answers it.
    expect((await lookup(SFT, "a")).status).toBe(200);
    expect((await health())[0]).toBe(503);
    expect((await lookup(SFT, "a")).status).toBe(429);
  });

  it("says the shared store is down (503)", async () => {
    const store = { get: () => undefined, set: () => undefined, delete: () => undefined };
    const { get } = testGateway(upstream, {
      healthPath: "/healthz",
      shared: { store, healthy: async () => false },
    });
    const response = await get("/healthz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "up", upstream: "unknown", redis: "down" });
  });

  it("sits under basePath", async () => {
    const { get } = testGateway(upstream, { healthPath: "/healthz", basePath: "/api/hiro" });
    expect((await get("/api/hiro/healthz")).status).toBe(200);
    expect((await get("/healthz")).status).toBe(404);
  });
});

describe("the options of the refusals", () => {
  it("refuses bad values by name", () => {
    const bad: Array<[keyof LookupHandlerOptions, unknown]> = [
      ["maxTargetLength", -1],
      ["maxTargetLength", 0],
      ["maxHeaderBytes", 1.5],
      ["perCallerPerSecond", 0],
      ["perCallerPerSecond", "20"],
      ["healthPath", "healthz"],
      ["healthPath", "/"],
      ["callerKey", "cf-connecting-ip"],
    ];
    for (const [name, value] of bad) {
      const build = () => createLookupHandler({ [name]: value } as LookupHandlerOptions);
      expect(build, `${name} ${String(value)}`).toThrow(HiroValidationError);
      expect(build).toThrow(name);
    }
  });
});
