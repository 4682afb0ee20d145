/**
 * Gateways that differ in who they are upstream (their headers, their key) on one upstream and one real
 * Redis: each gets its own answers and its own pace (tenant b got tenant a's answer, and two keys on one
 * origin shared one budget and one 429); and a value in Redis too large to be an entry is not read.
 */
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedisServer } from "../../scripts/lib/redis-server.js";
import { PRINCIPAL } from "../helpers/fake-fetch.js";
import { gatewayInstance } from "../helpers/gateway-redis.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture<{ metadata: Record<string, unknown> }>("tma-sft-200-valid-metadata");
let redis: RedisServer;
let upstream: SmallServer;

beforeAll(async () => {
  redis = await startRedisServer();
  // Each tenant's own token name; key "spent" is refused for an hour, any other key is served.
  upstream = await serveWith((_path, request) => {
    if (request.headers["x-api-key"] === "spent")
      return new Response('{"error":"Too Many Requests"}', {
        status: 429,
        headers: { "content-type": "application/json", "retry-after": "3600" },
      });
    const tenant = String(request.headers["x-tenant"] ?? "none");
    return new Response(JSON.stringify({ ...TOKEN, metadata: { ...TOKEN.metadata, name: tenant } }), {
      headers: { "content-type": "application/json" },
    });
  });
}, 60_000);

afterAll(async () => {
  await redis?.stop();
  await upstream?.close();
});

const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;
const nameIn = (body: string) => (JSON.parse(body) as { metadata?: { name?: string } }).metadata?.name;

describe("gateways that are someone else upstream, on one Redis", () => {
  it("two tenants (--header X-Tenant) each get their own answer", async () => {
    const a = await gatewayInstance(upstream.url, redis.url, { upstream: { headers: { "X-Tenant": "a" } } });
    const b = await gatewayInstance(upstream.url, redis.url, { upstream: { headers: { "X-Tenant": "b" } } });
    try {
      expect(nameIn((await a.gateway.answer({ method: "GET", target: SFT })).body)).toBe("a");
      expect(nameIn((await b.gateway.answer({ method: "GET", target: SFT })).body)).toBe("b");
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("two keys on one origin have two budgets: one key's 429 does not refuse the other", async () => {
    // Both keys go to this loopback upstream (the key policy sends a key to a *.hiro.so host only, so
    // here each key rides in a header the client is given).
    const spent = await gatewayInstance(upstream.url, redis.url, {
      upstream: { headers: { "x-api-key": "spent" }, maxRetries: 0 },
    });
    const fine = await gatewayInstance(upstream.url, redis.url, {
      upstream: { headers: { "x-api-key": "fine" }, maxRetries: 0 },
    });
    try {
      const target = `/metadata/v1/sft/${PRINCIPAL}/36`;
      expect((await spent.gateway.answer({ method: "GET", target })).status).toBe(429);
      expect((await fine.gateway.answer({ method: "GET", target })).status).toBe(200);
    } finally {
      await spent.close();
      await fine.close();
    }
  });

  it("a value too large to be an entry is deleted unread", async () => {
    const instance = await gatewayInstance(upstream.url, redis.url);
    const commands = createClient({ url: redis.url });
    await commands.connect();
    try {
      await commands.flushDb();
      const target = `/metadata/v1/sft/${PRINCIPAL}/37`;
      expect((await instance.gateway.answer({ method: "GET", target })).status).toBe(200);
      const [key = ""] = (await commands.keys("hiro-lookup:*")).filter((k) => k.includes(":answer:"));
      await commands.set(key, "x".repeat(40 * 1024 * 1024));
      const again = await gatewayInstance(upstream.url, redis.url);
      const sent = async () =>
        Number(/total_net_output_bytes:(\d+)/.exec(await commands.info("stats"))?.[1] ?? Number.NaN);
      try {
        const before = await sent();
        expect((await again.gateway.answer({ method: "GET", target })).status).toBe(200);
        // Redis sent the gateway the few bytes of a nil, not the 40 MiB value.
        expect((await sent()) - before).toBeLessThan(1_000_000);
        expect(((await commands.get(key)) ?? "").length).toBeLessThan(1_000_000);
      } finally {
        await again.close();
      }
    } finally {
      await commands.close();
      await instance.close();
    }
  }, 30_000);
});
