/**
 * Two gateway instances on one real Redis Cluster (three masters of Debian's redis-server, started here
 * on free loopback ports): the hash tags keep each command's keys on one slot, the cache and the misses
 * are shared across the nodes, one pace holds against an upstream that allows 5 requests a second, and
 * a master stopped mid-run is survived (said once) and used again once it is back. A slow test: it
 * starts processes.
 */
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRateLimitedServer } from "../../scripts/lib/rate-limited-server.js";
import { type RedisCluster, startRedisCluster } from "../../scripts/lib/redis-cluster.js";
import { redisKeys } from "../../src/server/redis-keys.js";
import { PRINCIPAL } from "../helpers/fake-fetch.js";
import { clusterGatewayInstance } from "../helpers/gateway-cluster.js";
import type { GatewayInstance } from "../helpers/gateway-redis.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { upstreamFixtureText } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixtureText("tma-sft-200-valid-metadata");
let cluster: RedisCluster;
let upstream: SmallServer;
const asked = new Map<string, number>();
let delayMs = 0;

beforeAll(async () => {
  cluster = await startRedisCluster();
  upstream = await serveWith(async (path) => {
    asked.set(path, (asked.get(path) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return new Response(TOKEN, { headers: { "content-type": "application/json", etag: '"1"' } });
  });
}, 90_000);

afterAll(async () => {
  await cluster?.stop();
  await upstream?.close();
});

const get = (instance: GatewayInstance, target: string) => instance.gateway.answer({ method: "GET", target });
const sft = (id: number) => `/metadata/v1/sft/${PRINCIPAL}/${id}`;
const askedFor = (id: number) => asked.get(sft(id)) ?? 0;
const two = async (options = {}) => [
  await clusterGatewayInstance(upstream.url, cluster.seeds, options),
  await clusterGatewayInstance(upstream.url, cluster.seeds, options),
];

describe("the keys on Redis Cluster", () => {
  it("put a cached answer and its lock on one slot, and spread cache keys over the nodes", async () => {
    const keys = redisKeys();
    const node = createClient({ url: cluster.seeds[0] as string });
    await node.connect();
    try {
      const slot = async (key: string) => Number(await node.sendCommand(["CLUSTER", "KEYSLOT", key]));
      const slots = new Set<number>();
      for (let id = 0; id < 30; id++) {
        const key = `getSftMetadata|${PRINCIPAL}|${id}|{"braces":"}"}`;
        expect(await slot(keys.lock(key))).toBe(await slot(keys.answer(key)));
        slots.add(await slot(keys.answer(key)));
      }
      expect(slots.size).toBeGreaterThan(10);
    } finally {
      await node.close();
    }
  });
});

describe("two instances on one Redis Cluster", () => {
  it("share the cache: what one asked, the other serves without asking", async () => {
    const [a, b] = (await two()) as [GatewayInstance, GatewayInstance];
    try {
      for (let id = 1; id <= 6; id++) expect((await get(a, sft(id))).status).toBe(200);
      for (let id = 1; id <= 6; id++) {
        const fromB = await get(b, sft(id));
        expect(fromB.body).toBe(TOKEN);
        expect(askedFor(id)).toBe(1);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("coalesce identical concurrent misses across instances into one upstream request", async () => {
    const [a, b] = (await two()) as [GatewayInstance, GatewayInstance];
    delayMs = 300;
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => get(i % 2 === 0 ? a : b, sft(20))),
      );
      expect(answers.every((answer) => answer.status === 200 && answer.body === TOKEN)).toBe(true);
      expect(askedFor(20)).toBe(1);
    } finally {
      delayMs = 0;
      await a.close();
      await b.close();
    }
  });

  it("2 instances × 50 callers against an upstream allowing 5 requests a second: 0 upstream 429s", async () => {
    const limited = await startRateLimitedServer({ limit: 5, windowMs: 1_000, reset: "delta" });
    const instances = [
      await clusterGatewayInstance(limited.url, cluster.seeds, { maxPaceWaitMs: 3_000 }),
      await clusterGatewayInstance(limited.url, cluster.seeds, { maxPaceWaitMs: 3_000 }),
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
      console.log(
        `cluster pace: ${limited.counts.served} served upstream, ${limited.counts.refused} upstream 429s, ${statuses.filter((s) => s === 429).length} answered 429 by the gateway`,
      );
    } finally {
      for (const instance of instances) await instance.close();
      await limited.close();
    }
  }, 60_000);

  it("keep serving when a master stops (saying so once), and share again once it is back", async () => {
    const [a, b] = (await two()) as [GatewayInstance, GatewayInstance];
    try {
      expect((await get(a, sft(30))).status).toBe(200);
      await cluster.stopNode(0);
      // Until the others mark it failed, the stopped master's slots fail and the rest answer; then the
      // whole cluster says CLUSTERDOWN. Every caller is served all the while.
      const until = Date.now() + 4_000;
      for (let id = 31; Date.now() < until; id++) {
        expect((await get(a, sft(id))).status).toBe(200);
        expect((await get(b, sft(id))).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(a.logs.filter((line) => line.includes("shared store failed"))).toHaveLength(1);
      expect(b.logs.filter((line) => line.includes("shared store failed"))).toHaveLength(1);
      await cluster.startNode(0);
      const back = Date.now() + 20_000;
      let shared = false;
      for (let id = 1_000; !shared && Date.now() < back; id++) {
        await get(a, sft(id));
        await get(b, sft(id));
        shared = askedFor(id) === 1 && a.logs.some((line) => line.includes("answers again"));
        if (!shared) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(shared).toBe(true);
      expect(a.logs.filter((line) => line.includes("answers again"))).toHaveLength(1);
      expect(a.logs.filter((line) => line.includes("shared store failed"))).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  }, 90_000);
});
