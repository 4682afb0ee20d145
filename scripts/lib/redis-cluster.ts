/**
 * A real Redis Cluster for the gateway's tests and the bench: three masters of Debian's `redis-server`
 * (`cluster-enabled yes`, no replicas, nothing saved but each node's cluster file) on free loopback
 * ports, joined by `redis-cli --cluster create`. A node can be stopped and started again with its
 * identity and slots (its cluster file is kept), as a master that restarts would.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { hasRedisServer, REDIS_SERVER_INSTALL } from "./redis-server.js";

const exec = promisify(execFile);

export interface RedisCluster {
  /** The nodes' URLs (`redis://127.0.0.1:<port>`), any of which seeds a cluster client. */
  seeds: string[];
  ports: number[];
  /** Stops node `index` (SIGTERM, then SIGKILL); resolves once it has exited. */
  stopNode(index: number): Promise<void>;
  /** Starts node `index` again with its cluster file; resolves once the cluster says `ok` again. */
  startNode(index: number): Promise<void>;
  /** Stops every node and removes the scratch folder. */
  stop(): Promise<void>;
}

/** How long a node may be unreachable before the others mark it failed (ms): short, for the tests. */
const NODE_TIMEOUT_MS = 1_000;

/** Whether `port` can be listened on now. */
const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

/** A free port below 55536 whose cluster bus port (port + 10000) is free too. */
async function freeClusterPort(taken: Set<number>): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 25_000);
    if (taken.has(port) || taken.has(port + 10_000)) continue;
    if ((await isFree(port)) && (await isFree(port + 10_000))) {
      taken.add(port);
      taken.add(port + 10_000);
      return port;
    }
  }
  throw new Error("no free port pair for a Redis Cluster node");
}

/** `redis-cli -p <port> <args>`'s output, or "" when it fails. */
const cli = (port: number, args: string[]) =>
  exec("redis-cli", ["-h", "127.0.0.1", "-p", String(port), ...args], { timeout: 5_000 })
    .then(({ stdout }) => stdout)
    .catch(() => "");

/** Resolves once every node in `ports` answers `cluster_state:ok`; rejects after `timeoutMs`. */
async function clusterOk(ports: number[], timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const states = await Promise.all(ports.map((port) => cli(port, ["cluster", "info"])));
    if (states.every((info) => info.includes("cluster_state:ok"))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `the Redis Cluster on ${ports.join(", ")} did not reach cluster_state:ok in ${timeoutMs} ms`,
  );
}

/** Starts a three-master Redis Cluster on free loopback ports. Throws, naming the install, without redis-server. */
export async function startRedisCluster(): Promise<RedisCluster> {
  if (!hasRedisServer()) throw new Error(`redis-server is missing: ${REDIS_SERVER_INSTALL}`);
  const dir = mkdtempSync(join(tmpdir(), "hiro-redis-cluster-"));
  const taken = new Set<number>();
  const ports: number[] = [];
  for (let i = 0; i < 3; i++) ports.push(await freeClusterPort(taken));
  const children: (ChildProcess | undefined)[] = [];

  const launch = async (index: number) => {
    const port = ports[index] as number;
    const child = spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--cluster-enabled",
        "yes",
        "--cluster-config-file",
        `nodes-${port}.conf`,
        "--cluster-node-timeout",
        String(NODE_TIMEOUT_MS),
        "--save",
        "",
        "--appendonly",
        "no",
        "--protected-mode",
        "yes",
      ],
      { stdio: "ignore" },
    );
    children[index] = child;
    const until = Date.now() + 15_000;
    while (!(await cli(port, ["ping"])).includes("PONG")) {
      if (child.exitCode !== null) throw new Error(`redis-server on ${port} exited ${child.exitCode}`);
      if (Date.now() > until) throw new Error(`redis-server did not answer on 127.0.0.1:${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stopNode = async (index: number) => {
    const running = children[index];
    children[index] = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
    running.kill("SIGTERM");
    const timer = setTimeout(() => running.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const stop = async () => {
    await Promise.all(ports.map((_, index) => stopNode(index)));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    for (let i = 0; i < ports.length; i++) await launch(i);
    await exec(
      "redis-cli",
      [
        "--cluster",
        "create",
        ...ports.map((port) => `127.0.0.1:${port}`),
        "--cluster-replicas",
        "0",
        "--cluster-yes",
      ],
      { timeout: 30_000 },
    );
    await clusterOk(ports, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    seeds: ports.map((port) => `redis://127.0.0.1:${port}`),
    ports,
    stopNode,
    startNode: async (index) => {
      await launch(index);
      await clusterOk(ports, 30_000);
    },
    stop,
  };
}
