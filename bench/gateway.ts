/**
 * The gateway (`hiro-lookup serve`) against a local fake upstream, side by side in one run, one load
 * generator for every target (wrk, from Debian), in interleaved rounds: cache hits of `serve` with the
 * memory store, with Redis and with a three-master Redis Cluster; the floor of any Node gateway (node:http answering from a Map); a Node
 * server doing one Redis GET per hit; nginx's proxy_cache (Debian nginx-light); then the miss overhead
 * over a bare proxy (sequential, every request asking upstream) and the upstream requests per 1,000
 * caller requests over 50 distinct tokens. A target whose tool is missing is skipped, saying how to
 * install it. Each server is its own process; wrk runs on the same 2 cores, as a caller would.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type RedisCluster, startRedisCluster } from "../scripts/lib/redis-cluster.js";
import {
  freePort,
  hasRedisServer,
  REDIS_SERVER_INSTALL,
  startRedisServer,
} from "../scripts/lib/redis-server.js";
import { fmt, json, out, table } from "./report.js";

const exec = promisify(execFile);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const CLI = here("../dist/cli.js");
const TARGETS = here("./gateway-targets.mjs");
const TOKEN_FILE = here("../test/fixtures/upstream/tma-sft-200-valid-metadata.fixture.json");
const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const PATH = `/metadata/v1/sft/${PRINCIPAL}/35`;
const has = (command: string, args: string[]) => spawnSync(command, args).error === undefined;

interface Target {
  name: string;
  url: string;
  stop(): Promise<void>;
}

/** Starts `command` and resolves once it prints `ready` (or the line `readyText`), or the port answers. */
async function started(child: ChildProcess, url: string, name: string): Promise<void> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} exited ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${name} did not answer on ${url}`);
}

/** Every child started, stopped on the way out whatever happens. */
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/** `node <args>` serving on `port`, once it answers. */
async function processTarget(name: string, port: number, args: string[]): Promise<Target> {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "inherit"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const url = `http://127.0.0.1:${port}${PATH}`;
  await started(child, url, name);
  return {
    name,
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** wrk's requests/s and p50/p99 (ms) for `url`. */
async function wrk(url: string, seconds: number, connections: number) {
  const { stdout } = await exec("wrk", [
    `-t${Math.min(2, connections)}`,
    `-c${connections}`,
    `-d${seconds}s`,
    "--latency",
    url,
  ]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const ms = (p: string) => {
    const match = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(stdout);
    if (!match) return Number.NaN;
    const value = Number(match[1]);
    return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
  };
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  // The machine's 1-minute load average as the round ends: the figures of a busy machine say so.
  return { rps, p50: ms("50"), p99: ms("99"), non2xx, load: loadavg()[0] ?? Number.NaN };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** An nginx proxy_cache in front of `upstream`, in a scratch prefix (one worker, as Node has one thread). */
async function nginxTarget(upstreamPort: number): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), "hiro-bench-nginx-"));
  // nginx's workers drop root for `nobody`: they must reach the cache and temp folders under it.
  chmodSync(dir, 0o777);
  const port = await freePort();
  writeFileSync(
    join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=hiro:10m max_size=64m;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_cache hiro;
      proxy_cache_valid 200 10m;
      proxy_ignore_headers Cache-Control Expires Set-Cookie;
      proxy_cache_lock on;
    }
  }
}
`,
  );
  const child = spawn("nginx", ["-p", dir, "-c", join(dir, "nginx.conf")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}${PATH}`;
  await started(child, url, "nginx");
  return {
    name: "nginx proxy_cache",
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The gateway bench; `quick`: one short round. */
export async function gatewaySection(quick: boolean): Promise<void> {
  out("## Gateway (`hiro-lookup serve`): hits, misses, upstream requests");
  out();
  if (!has("wrk", ["--version"])) {
    out("_Skipped: wrk is missing (`apt-get install -y wrk`)._");
    out();
    return;
  }
  const upstreamPort = await freePort();
  const upstream = await processTarget("upstream", upstreamPort, [
    TARGETS,
    "upstream",
    String(upstreamPort),
    TOKEN_FILE,
  ]);
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  const redis = hasRedisServer() ? await startRedisServer() : undefined;
  const cluster = redis ? await startRedisCluster() : undefined;
  try {
    await measure(upstreamUrl, upstreamPort, redis, cluster, quick);
  } finally {
    await upstream.stop();
    await redis?.stop();
    await cluster?.stop();
  }
}

/** The three measures, against the upstream (and Redis) the section started. */
async function measure(
  upstreamUrl: string,
  upstreamPort: number,
  redis: Awaited<ReturnType<typeof startRedisServer>> | undefined,
  cluster: RedisCluster | undefined,
  quick: boolean,
): Promise<void> {
  const skipped: string[] = [];
  const targets: Target[] = [];
  /** `serve` on `port` in front of the upstream; `fresh` ms (hits: long; misses: 0, every request asks). */
  const serveArgs = (port: number, fresh: number, extra: string[] = []) => [
    CLI,
    "--base-url",
    upstreamUrl,
    "serve",
    "--port",
    String(port),
    "--fresh",
    String(fresh),
    ...extra,
  ];
  try {
    let port = await freePort();
    targets.push(
      await processTarget("Map floor (node:http)", port, [TARGETS, "map", String(port), TOKEN_FILE]),
    );
    port = await freePort();
    targets.push(await processTarget("serve, memory", port, serveArgs(port, 600_000)));
    if (redis) {
      port = await freePort();
      targets.push(
        await processTarget("serve, Redis", port, serveArgs(port, 600_000, ["--redis", redis.url])),
      );
      if (cluster) {
        port = await freePort();
        targets.push(
          await processTarget(
            "serve, Redis Cluster (3 masters)",
            port,
            serveArgs(port, 600_000, ["--redis-cluster", cluster.seeds.join(",")]),
          ),
        );
      }
      port = await freePort();
      targets.push(
        await processTarget("one Redis GET per hit", port, [
          TARGETS,
          "redis-get",
          String(port),
          redis.url,
          TOKEN_FILE,
          PATH,
        ]),
      );
    } else
      skipped.push(
        `serve with Redis and the Redis GET server: redis-server is missing (${REDIS_SERVER_INSTALL})`,
      );
    if (has("nginx", ["-v"])) targets.push(await nginxTarget(upstreamPort));
    else skipped.push("nginx proxy_cache: nginx is missing (apt-get install -y nginx-light)");

    // Hits: each target warmed, then rounds in rotating order.
    for (const target of targets) await fetch(target.url).then((r) => r.text());
    const rounds = quick ? 1 : 3;
    const seconds = quick ? 2 : 5;
    const results = new Map<string, Array<Awaited<ReturnType<typeof wrk>>>>();
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < targets.length; i++) {
        const target = targets[(i + round) % targets.length] as Target;
        const result = await wrk(target.url, seconds, 100);
        results.set(target.name, [...(results.get(target.name) ?? []), result]);
      }
    }
    const floor = median((results.get("Map floor (node:http)") ?? []).map((r) => r.rps));
    const nginx = median((results.get("nginx proxy_cache") ?? []).map((r) => r.rps));
    out(`Cache hits, one URL, wrk -t2 -c100, ${rounds} rounds of ${seconds} s, medians [min–max]:`);
    out();
    table(
      ["target", "requests/s", "÷ Map floor", "÷ nginx", "p50 ms", "p99 ms", "non-2xx", "load"],
      targets.map((target) => {
        const runs = results.get(target.name) ?? [];
        const rps = runs.map((r) => r.rps);
        const spread = `[${fmt(Math.min(...rps), 0)}–${fmt(Math.max(...rps), 0)}]`;
        return [
          target.name,
          `${fmt(median(rps), 0)} ${spread}`,
          `${fmt(median(rps) / floor)}×`,
          Number.isFinite(nginx) ? `${fmt(median(rps) / nginx)}×` : "–",
          fmt(median(runs.map((r) => r.p50))),
          fmt(median(runs.map((r) => r.p99))),
          String(runs.reduce((sum, r) => sum + r.non2xx, 0)),
          `${fmt(Math.min(...runs.map((r) => r.load)), 1)}–${fmt(Math.max(...runs.map((r) => r.load)), 1)}`,
        ];
      }),
    );
    json.gatewayHits = Object.fromEntries(results);
  } finally {
    for (const target of targets) await target.stop();
  }

  // Misses: every request asks upstream (serve --fresh 0; the upstream answers 200 whole), sequential.
  const missTargets: Target[] = [];
  try {
    let port = await freePort();
    missTargets.push(
      await processTarget("bare proxy (node:http)", port, [TARGETS, "proxy", String(port), upstreamUrl]),
    );
    port = await freePort();
    missTargets.push(await processTarget("serve, a miss each time", port, serveArgs(port, 0)));
    const rounds = quick ? 1 : 3;
    const p50s = new Map<string, number[]>();
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < missTargets.length; i++) {
        const target = missTargets[(i + round) % missTargets.length] as Target;
        const result = await wrk(target.url, quick ? 2 : 4, 1);
        p50s.set(target.name, [...(p50s.get(target.name) ?? []), result.p50]);
      }
    }
    const bare = median(p50s.get("bare proxy (node:http)") ?? []);
    const ours = median(p50s.get("serve, a miss each time") ?? []);
    out(`Misses, one connection (wrk -t1 -c1), ${rounds} rounds, p50 medians [min–max]:`);
    out();
    table(
      ["target", "p50 ms", "added over the bare proxy"],
      missTargets.map((t) => {
        const values = p50s.get(t.name) ?? [];
        return [
          t.name,
          `${fmt(median(values), 3)} [${fmt(Math.min(...values), 3)}–${fmt(Math.max(...values), 3)}]`,
          t.name.startsWith("serve") ? `${fmt(ours - bare, 3)} ms` : "–",
        ];
      }),
    );
    json.gatewayMisses = Object.fromEntries(p50s);
  } finally {
    for (const target of missTargets) await target.stop();
  }

  // Upstream requests per 1,000 caller requests over 50 distinct tokens, within --fresh (the default).
  const port = await freePort();
  // Counted from before serve starts (its start check asks for one token).
  const before = Number(await (await fetch(`${upstreamUrl}/count`)).text());
  const serveTarget = await processTarget("serve", port, [
    CLI,
    "--base-url",
    upstreamUrl,
    "serve",
    "--port",
    String(port),
  ]);
  try {
    const base = serveTarget.url.slice(0, serveTarget.url.indexOf("/metadata"));
    let next = 0;
    const worker = async () => {
      while (next < 1000) {
        const id = (next++ % 50) + 1;
        await (await fetch(`${base}/metadata/v1/sft/${PRINCIPAL}/${id}`)).text();
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    const asked = Number(await (await fetch(`${upstreamUrl}/count`)).text()) - before - 1;
    out(
      `Upstream requests for 1,000 caller requests over 50 distinct tokens (20 at a time, default --fresh): **${asked}**`,
    );
    out();
    json.gatewayUpstreamPer1000 = asked;
  } finally {
    await serveTarget.stop();
  }
  for (const line of skipped) out(`_Skipped: ${line}._`);
  if (skipped.length) out();
  out(`Re-run: \`npm run bench -- --only gateway\` (wrk, redis-server and nginx-light from Debian).`);
  out();
}
