/**
 * What instances share, in Redis: the answers (the store, in Keyv's get/set-with-TTL/delete contract),
 * the lock on a miss (`SET NX PX`, released by a script only by its holder), and the pace (redis-pace.ts:
 * one script per step, the twin of the one pacing rule, shared/pace-policy.ts, on Redis's own clock so
 * the instances' clocks do not matter). The Redis client is yours (node-redis: `createClient({ url })`, or
 * `createCluster({ rootNodes })` for Redis Cluster, whose commands go to the node of their key's slot:
 * see redis-keys.ts for the hash tags), passed in: this module imports none, so the entry stays free of
 * it. When Redis fails, the lock is skipped and the pace falls back to this instance's own; the store's
 * failures reach the gateway, which serves from upstream and memory and says so once.
 */
import { REDIS_SHARED_DEFAULTS } from "../shared/defaults.js";
import type { GatewayShared, LookupStore, MissLock } from "./options.js";
import { DEFAULT_REDIS_PREFIX, redisKeys } from "./redis-keys.js";
import { createRedisPace } from "./redis-pace.js";
import { redisPurgeFeed } from "./redis-purges.js";

/** The one method of a Redis client the gateway uses: node-redis's `sendCommand`. */
export interface RedisCommands {
  sendCommand(args: string[]): Promise<unknown>;
}

/**
 * A node-redis cluster client (`createCluster`): each command is sent to the node that holds its first
 * key's slot (node-redis follows `MOVED` and `ASK`).
 */
export interface RedisClusterCommands {
  sendCommand(
    firstKey: string | undefined,
    isReadonly: boolean | undefined,
    args: string[],
  ): Promise<unknown>;
  /** The cluster's masters (node-redis's getter): what tells a cluster client from a single one. */
  readonly masters: readonly unknown[];
}

/** Sends one command about `key` (the key it touches: a cluster routes by it). */
type Send = (key: string, readonly: boolean, args: string[]) => Promise<unknown>;

/** One way to send, whichever client was given. */
function sendOf(redis: RedisCommands | RedisClusterCommands): Send {
  if ("masters" in redis) return (key, readonly, args) => redis.sendCommand(key, readonly, args);
  return (_key, _readonly, args) => redis.sendCommand(args);
}

/** Options of {@link createRedisShared}. */
export interface RedisSharedOptions {
  /** Prefix of every key (no braces: the keys' hash tags are in braces). Default `hiro-lookup:`. */
  prefix?: string | undefined;
  /**
   * Largest value read back, in bytes: a larger one (no entry the gateway writes is) is deleted unread,
   * so a value someone else stored cannot fill this process's memory. Default 34 MiB.
   */
  maxValueBytes?: number | undefined;
  /** How long one Redis command may take before it counts as failed, in ms. Default 500. */
  commandTimeoutMs?: number | undefined;
  /** Closes the client (graceful shutdown), e.g. `() => client.quit()`. */
  close?: (() => Promise<unknown>) | undefined;
}

/** GET, unless the value is longer than ARGV[1] bytes: then it is deleted unread (nil). */
const BOUNDED_GET = `
if redis.call('STRLEN', KEYS[1]) > tonumber(ARGV[1]) then
  redis.call('DEL', KEYS[1])
  return false
end
return redis.call('GET', KEYS[1])
`;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** `promise`, or a rejection once `ms` have passed (a Redis that does not answer counts as failed). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A random token for a lock (whose holder alone may release it). */
const tokenOf = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Shares a gateway's answers, misses and pace through `redis`, a node-redis client or cluster client
 * (see the module's comment). Throws {@link HiroValidationError} on a prefix that holds a brace.
 */
export function createRedisShared(redis: RedisCommands, options?: RedisSharedOptions): GatewayShared;
export function createRedisShared(redis: RedisClusterCommands, options?: RedisSharedOptions): GatewayShared;
export function createRedisShared(
  redis: RedisCommands | RedisClusterCommands,
  options?: RedisSharedOptions,
): GatewayShared;
export function createRedisShared(
  redis: RedisCommands | RedisClusterCommands,
  options: RedisSharedOptions = {},
): GatewayShared {
  const keys = redisKeys(options.prefix ?? DEFAULT_REDIS_PREFIX);
  const timeoutMs = options.commandTimeoutMs ?? REDIS_SHARED_DEFAULTS.commandTimeoutMs;
  const maxValueBytes = options.maxValueBytes ?? 35_651_584;
  const sendTo = sendOf(redis);
  const isCluster = "masters" in redis;
  // A circuit breaker: after a command that timed out (a hung Redis), commands fail at once for a
  // while (1 s, doubling to 30 s while it stays hung), then one tries again. A hung Redis added six
  // 500 ms timeouts, 3.1 s, to every miss.
  let openUntil = 0;
  let backoffMs = 0;
  const send = async (key: string, readonly: boolean, args: string[]) => {
    if (Date.now() < openUntil) throw new Error("Redis timed out lately: backing off before the next try");
    try {
      const reply = await within(sendTo(key, readonly, args), timeoutMs);
      backoffMs = 0;
      return reply;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("Redis did not answer within")) {
        backoffMs = Math.min(30_000, backoffMs === 0 ? 1_000 : backoffMs * 2);
        openUntil = Date.now() + backoffMs;
      }
      throw error;
    }
  };

  const store: LookupStore = {
    async get(key) {
      const value = await send(keys.answer(key), false, [
        "EVAL",
        BOUNDED_GET,
        "1",
        keys.answer(key),
        String(maxValueBytes),
      ]);
      return typeof value === "string" ? value : undefined;
    },
    async set(key, value, ttlMs) {
      const ttl = ttlMs === undefined ? [] : ["PX", String(Math.max(1, Math.ceil(ttlMs)))];
      await send(keys.answer(key), false, ["SET", keys.answer(key), value, ...ttl]);
    },
    async delete(key) {
      await send(keys.answer(key), false, ["DEL", keys.answer(key)]);
    },
  };

  const lock: MissLock = {
    async acquire(key, ttlMs) {
      const token = tokenOf();
      try {
        const set = await send(keys.lock(key), false, [
          "SET",
          keys.lock(key),
          token,
          "PX",
          String(ttlMs),
          "NX",
        ]);
        return set === "OK" ? token : undefined;
      } catch {
        return tokenOf(); // Redis down: no instance can be waited for, so this one asks
      }
    },
    async held(key) {
      try {
        return (await send(keys.lock(key), false, ["EXISTS", keys.lock(key)])) === 1;
      } catch {
        return false;
      }
    },
    async release(key, token) {
      await send(keys.lock(key), false, ["EVAL", RELEASE, "1", keys.lock(key), token]).catch(() => undefined);
    },
  };

  return {
    store,
    lock,
    pace: createRedisPace((key, args) => send(key, false, args), keys.pace),
    purges: redisPurgeFeed(keys.purges(), send),
    healthy: async () => {
      try {
        // A cluster is healthy when it says so (every slot served), not when one node answers.
        if (isCluster) {
          const info = await send(keys.purges(), true, ["CLUSTER", "INFO"]);
          return typeof info === "string" && info.includes("cluster_state:ok");
        }
        return (await send(keys.purges(), true, ["PING"])) === "PONG";
      } catch {
        return false;
      }
    },
    close: async () => {
      await options.close?.();
    },
  };
}
