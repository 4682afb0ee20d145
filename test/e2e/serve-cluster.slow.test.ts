/**
 * `hiro-lookup serve --redis-cluster` as processes: two of them on one real Redis Cluster (three masters
 * of Debian's redis-server, started here) share the cache, and /healthz reads the cluster's state. A
 * slow test: it starts processes.
 */
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisCluster, startRedisCluster } from "../../scripts/lib/redis-cluster.js";
import { cliCommand, runCliProcess } from "../helpers/cli-process.js";
import { PRINCIPAL } from "../helpers/fake-fetch.js";
import { printedUrl } from "../helpers/printed-url.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { ROOT } from "../helpers/spec.js";
import { upstreamFixtureText } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixtureText("tma-sft-200-valid-metadata");
let cluster: RedisCluster;
let upstream: SmallServer;

beforeAll(async () => {
  cluster = await startRedisCluster();
  upstream = await serveWith(
    () => new Response(TOKEN, { headers: { "content-type": "application/json", etag: '"7"' } }),
  );
}, 90_000);

afterAll(async () => {
  await cluster?.stop();
  await upstream?.close();
});

/** `hiro-lookup --base-url <upstream> serve --port 0 --redis-cluster <seeds>`, once it listens. */
async function serveOnCluster(seeds: string) {
  const [node, ...args] = cliCommand([
    "--base-url",
    upstream.url,
    "serve",
    "--port",
    "0",
    "--redis-cluster",
    seeds,
  ]);
  const child = spawn(node as string, args, { cwd: ROOT, env: { ...process.env, HIRO_API_KEY: "" } });
  let stdout = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await printedUrl(child);
  return { child, url, exited, startLine: () => stdout };
}

describe("hiro-lookup serve --redis-cluster", () => {
  it("two processes on one cluster share the cache, and /healthz says the cluster is ok", async () => {
    // One seed each, a different one: each client learns the other nodes from it.
    const [a, b] = [
      await serveOnCluster(cluster.seeds[0] as string),
      await serveOnCluster(`${cluster.seeds[1]},${cluster.seeds[2]}`),
    ];
    try {
      expect(a.startLine()).toContain(`store: memory + Redis Cluster ${cluster.seeds[0]}`);
      // Until a client has learnt the slots, its commands fail and it serves alone: wait for both.
      const until = Date.now() + 15_000;
      const health = async (url: string) =>
        (await (await fetch(`${url}/healthz`)).json()) as { redis: string };
      while (
        Date.now() < until &&
        ((await health(a.url)).redis !== "ok" || (await health(b.url)).redis !== "ok")
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await health(b.url)).redis).toBe("ok");
      const before = upstream.requests.length;
      for (let id = 1; id <= 5; id++)
        expect((await fetch(`${a.url}/metadata/v1/sft/${PRINCIPAL}/${id}`)).status).toBe(200);
      for (let id = 1; id <= 5; id++)
        expect(await (await fetch(`${b.url}/metadata/v1/sft/${PRINCIPAL}/${id}`)).text()).toBe(TOKEN);
      expect(upstream.requests.length - before).toBe(5);
    } finally {
      for (const serve of [a, b]) serve.child.kill("SIGTERM");
      expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    }
  });

  it("refuses a seed that is not a redis:// URL, and --redis with --redis-cluster", async () => {
    const bad = await runCliProcess(["serve", "--redis-cluster", "redis://127.0.0.1:1,http://x"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--redis-cluster: must be a redis:// or rediss:// URL");
    const both = await runCliProcess([
      "serve",
      "--redis",
      "redis://127.0.0.1:1",
      "--redis-cluster",
      "redis://127.0.0.1:2",
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--redis-cluster: is one store, --redis another");
  });
});
