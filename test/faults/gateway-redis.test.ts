/**
 * Two gateway instances on one real Redis (Debian's redis-server, started here on a free loopback port):
 * a shared cache, coalescing across instances, one shared pace against an upstream that allows 5
 * requests a second, and Redis restarted mid-run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRateLimitedServer } from "../../scripts/lib/rate-limited-server.js";
import { type RedisServer, startRedisServer } from "../../scripts/lib/redis-server.js";
import { PRINCIPAL } from "../helpers/fake-fetch.js";
import { type GatewayInstance, gatewayInstance } from "../helpers/gateway-redis.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { upstreamFixtureText } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixtureText("tma-sft-200-valid-metadata");
let redis: RedisServer;
/** A slow upstream that counts its requests by path. */
let upstream: SmallServer;
let upstreamUrl: string;
const asked = new Map<string, number>();
let delayMs = 0;

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await serveWith(async (path) => {
    asked.set(path, (asked.get(path) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return new Response(TOKEN, { headers: { "content-type": "application/json", etag: '"1"' } });
  });
  upstreamUrl = upstream.url;
}, 60_000);

afterAll(async () => {
  await redis?.stop();
  await upstream?.close();
});

const get = (instance: GatewayInstance, target: string) => instance.gateway.answer({ method: "GET", target });
const sft = (id: number) => `/metadata/v1/sft/${PRINCIPAL}/${id}`;
const askedFor = (id: number) => asked.get(sft(id)) ?? 0;

describe("two instances on one Redis", () => {
  it("share the cache: what one asked, the other serves without asking", async () => {
    const [a, b] = [
      await gatewayInstance(upstreamUrl, redis.url),
      await gatewayInstance(upstreamUrl, redis.url),
    ];
    try {
      expect((await get(a, sft(1))).status).toBe(200);
      const fromB = await get(b, sft(1));
      expect(fromB.status).toBe(200);
      expect(fromB.body).toBe(TOKEN);
      expect(askedFor(1)).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("coalesce identical concurrent misses across instances into one upstream request", async () => {
    const [a, b] = [
      await gatewayInstance(upstreamUrl, redis.url),
      await gatewayInstance(upstreamUrl, redis.url),
    ];
    delayMs = 300;
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => get(i % 2 === 0 ? a : b, sft(2))),
      );
      expect(answers.every((answer) => answer.status === 200 && answer.body === TOKEN)).toBe(true);
      expect(askedFor(2)).toBe(1);
    } finally {
      delayMs = 0;
      await a.close();
      await b.close();
    }
  });

  it("keep serving when Redis stops (saying so once), and share again once it is back", async () => {
    const [a, b] = [
      await gatewayInstance(upstreamUrl, redis.url),
      await gatewayInstance(upstreamUrl, redis.url),
    ];
    try {
      expect((await get(a, sft(3))).status).toBe(200);
      await redis.stop();
      for (let id = 4; id < 8; id++) expect((await get(a, sft(id))).status).toBe(200);
      expect((await get(b, sft(3))).status).toBe(200); // from upstream: the shared copy is out of reach
      const down = a.logs.filter((line) => line.includes("shared store failed"));
      expect(down).toHaveLength(1);
      await redis.restart();
      // node-redis reconnects by itself; until then each request goes on without Redis.
      const until = Date.now() + 15_000;
      let shared = false;
      let id = 100;
      while (!shared && Date.now() < until) {
        id++;
        await get(a, sft(id));
        await get(b, sft(id));
        // Shared again, and said so (once the store has gone a second without failing).
        shared = askedFor(id) === 1 && a.logs.some((line) => line.includes("answers again"));
        if (!shared) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(shared).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});

describe("one pace for one key", () => {
  it("spaces the instances' requests together by maxRequestsPerSecond (an upstream that sends no rate-limit headers)", async () => {
    const arrivals: number[] = [];
    const plain = await serveWith(() => {
      arrivals.push(Date.now());
      return new Response(TOKEN, { headers: { "content-type": "application/json" } });
    });
    const { url } = plain;
    // 5 a second for the two together: 200 ms apart, whichever instance asks. The client's option alone
    // says it: the shared pace is told nothing else.
    const options = { maxPaceWaitMs: 10_000, upstream: { maxRequestsPerSecond: 5 } };
    const instances = [
      await gatewayInstance(url, redis.url, options),
      await gatewayInstance(url, redis.url, options),
    ];
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => get(instances[i % 2] as GatewayInstance, sft(2_000 + i))),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(arrivals).toHaveLength(10);
      // A lower bound only (a busy machine makes it longer): 10 requests 200 ms apart span 1.8 s.
      expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(1_600);
    } finally {
      for (const instance of instances) await instance.close();
      await plain.close();
    }
  }, 60_000);

  it("2 instances × 50 callers against an upstream allowing 5 requests a second: 0 upstream 429s", async () => {
    const limited = await startRateLimitedServer({ limit: 5, windowMs: 1_000, reset: "delta" });
    const instances = [
      await gatewayInstance(limited.url, redis.url, { maxPaceWaitMs: 3_000 }),
      await gatewayInstance(limited.url, redis.url, { maxPaceWaitMs: 3_000 }),
    ];
    try {
      const answers = await Promise.all(
        instances.flatMap((instance, n) =>
          Array.from({ length: 50 }, (_, i) =>
            get(instance, `/ordinals/v1/sats/${1_000 + n * 50 + i}/inscriptions`),
          ),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(limited.counts.refused).toBe(0);
      expect(limited.counts.served).toBeGreaterThan(0);
      expect(statuses.filter((s) => s === 200)).toHaveLength(limited.counts.served);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
      for (const answer of answers.filter((a) => a.status === 429))
        expect(Number(answer.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      console.log(
        `shared pace: ${limited.counts.served} served upstream, ${limited.counts.refused} upstream 429s, ${statuses.filter((s) => s === 429).length} answered 429 by the gateway`,
      );
    } finally {
      for (const instance of instances) await instance.close();
      await limited.close();
    }
  }, 60_000);
});
