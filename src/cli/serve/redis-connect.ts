/**
 * `serve --redis` and `--redis-cluster`: the Redis client (node-redis, an optional peer: a missing one is
 * a refusal that says what to install), connected in the background so a Redis that is down at start
 * does not stop the gateway. Commands fail at once while it is down (no offline queue), and it
 * reconnects by itself. A cluster client starts from seed nodes and learns the rest from them.
 */
import { HiroValidationError } from "../../index.js";
import type { RedisClusterCommands, RedisCommands } from "../../server/index.js";

/** What to install for `--redis`. */
const REDIS_INSTALL = "npm i redis@6";

/** A connected-in-the-background Redis client, and how to close it. */
export interface RedisConnection {
  commands: RedisCommands | RedisClusterCommands;
  close(): Promise<void>;
}

type RedisModule = typeof import("redis");

/** node-redis, or a refusal naming `from` and what to install. */
async function redisModule(from: string): Promise<RedisModule> {
  try {
    return (await import("redis")) as RedisModule;
  } catch {
    throw new HiroValidationError(from, `needs the Redis client, an optional peer: ${REDIS_INSTALL}`);
  }
}

/** Refuses (naming `from`) anything but a redis:// or rediss:// URL. */
function checkUrl(url: string, from: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HiroValidationError(from, "must be a redis:// or rediss:// URL");
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:")
    throw new HiroValidationError(from, `must be a redis:// or rediss:// URL; got ${parsed.protocol}`);
}

/** Each connection's socket: a bounded connect, reconnecting with backoff up to 2 s. */
const SOCKET = {
  connectTimeout: 2_000,
  reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2_000),
};

/** Connects to `url` (refused with a {@link HiroValidationError} naming `from` when redis is not installed). */
export async function connectRedis(url: string, from: string): Promise<RedisConnection> {
  const redis = await redisModule(from);
  checkUrl(url, from);
  const client = redis.createClient({ url, disableOfflineQueue: true, socket: SOCKET });
  // node-redis emits `error` on every failed (re)connection: without a listener it would throw. The
  // gateway tells a store that is down, and back, from its commands (its own log lines).
  client.on("error", () => undefined);
  client.connect().catch(() => undefined);
  return {
    commands: { sendCommand: (args: string[]) => client.sendCommand(args) },
    async close() {
      try {
        if (client.isOpen) await client.close();
      } catch {
        client.destroy();
      }
    },
  };
}

/**
 * Connects to the Redis Cluster that `seeds` (redis:// URLs of some of its nodes, comma-separated) lead
 * to. Refused, naming `from`, when the list is empty or holds anything but redis:// URLs.
 */
export async function connectRedisCluster(seeds: string, from: string): Promise<RedisConnection> {
  const redis = await redisModule(from);
  const urls = seeds
    .split(",")
    .map((url) => url.trim())
    .filter((url) => url !== "");
  if (urls.length === 0)
    throw new HiroValidationError(from, "must list the cluster's seed nodes: redis://host:port,…");
  for (const url of urls) checkUrl(url, from);
  const cluster = redis.createCluster({
    rootNodes: urls.map((url) => ({ url })),
    defaults: { disableOfflineQueue: true, socket: SOCKET },
  });
  cluster.on("error", () => undefined);
  // Until it has reached a seed it knows no slots, and its commands fail: the gateway serves from
  // upstream and memory meanwhile. A cluster that could not be reached is tried again on the next one.
  let connecting: Promise<unknown> | undefined;
  const connect = () => {
    connecting ??= cluster.connect().catch(() => {
      connecting = undefined;
    });
    return connecting;
  };
  void connect();
  return {
    commands: {
      get masters() {
        return cluster.masters;
      },
      sendCommand: async (firstKey: string | undefined, isReadonly: boolean | undefined, args: string[]) => {
        if (!cluster.isOpen) {
          void connect();
          throw new Error("the Redis Cluster is not connected yet");
        }
        return cluster.sendCommand(firstKey, isReadonly, args);
      },
    },
    async close() {
      try {
        if (cluster.isOpen) await cluster.close();
      } catch {
        cluster.destroy();
      }
    },
  };
}
