/**
 * What instances share, in Redis: the answers (the store, in Keyv's get/set-with-TTL/delete contract),
 * the lock on a miss (`SET NX PX`, released by a script only by its holder), and the pace (one script
 * per step, the twin of pace.ts's `paceStep` and `paceLearn`, on Redis's own clock so the instances'
 * clocks do not matter). The Redis client is yours (node-redis: `createClient({ url })`, or
 * `createCluster({ rootNodes })` for Redis Cluster, whose commands go to the node of their key's slot:
 * see redis-keys.ts for the hash tags), passed in: this module imports none, so the entry stays free of
 * it. When Redis fails, the lock is skipped and the pace falls back to this instance's own; the store's
 * failures reach the gateway, which serves from upstream and memory and says so once.
 */
import { GATEWAY_DEFAULTS, REDIS_SHARED_DEFAULTS } from "../shared/defaults.js";
import type { GatewayShared, LookupStore, MissLock } from "./options.js";
import {
  createMemoryPace,
  type Pace,
  type PaceDecision,
  PROBE_MS,
  PROBE_RETRY_MS,
  UNANNOUNCED_BUDGET,
  UNANNOUNCED_MS,
} from "./pace.js";
import { DEFAULT_REDIS_PREFIX, redisKeys } from "./redis-keys.js";
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

/** The pace's step, as pace.ts's `paceStep`: {0, wait} go, {1, ms} ask again after ms, {2, ms} refused. */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local maxWait = tonumber(ARGV[2])
local s = redis.call('HMGET', KEYS[1], 'remaining', 'resetAt', 'next', 'probeUntil')
local remaining = tonumber(s[1]) or 0
local resetAt = tonumber(s[2]) or 0
local nxt = tonumber(s[3]) or 0
local probeUntil = tonumber(s[4]) or 0
local known = resetAt > now
if (not known) and probeUntil > now then return {1, ${PROBE_RETRY_MS}} end
if known then
  if remaining <= 0 then
    if resetAt - now > maxWait then return {2, resetAt - now} end
    return {1, resetAt - now}
  end
  remaining = remaining - 1
end
local at = math.max(now, nxt)
if at - now > maxWait then return {2, at - now} end
if not known then probeUntil = now + ${PROBE_MS} end
redis.call('HSET', KEYS[1], 'remaining', remaining, 'next', at + interval, 'probeUntil', probeUntil)
redis.call('PEXPIRE', KEYS[1], 3600000)
return {0, at - now}
`;

/** What an answer taught, as pace.ts's `paceLearn`: ARGV refused <ms> | budget <remaining> <resetMs> | none. */
const LEARN = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local s = redis.call('HMGET', KEYS[1], 'remaining', 'resetAt')
local remaining = tonumber(s[1]) or 0
local resetAt = tonumber(s[2]) or 0
if ARGV[1] == 'refused' then
  redis.call('HSET', KEYS[1], 'remaining', 0, 'resetAt', now + tonumber(ARGV[2]), 'probeUntil', 0)
elseif ARGV[1] == 'none' then
  if resetAt > now then
    redis.call('HSET', KEYS[1], 'probeUntil', 0)
  else
    redis.call('HSET', KEYS[1], 'remaining', ${UNANNOUNCED_BUDGET}, 'resetAt', now + ${UNANNOUNCED_MS}, 'probeUntil', 0)
  end
else
  local left = tonumber(ARGV[2])
  local reset = now + tonumber(ARGV[3])
  if resetAt > now and reset <= resetAt + 1000 then
    redis.call('HSET', KEYS[1], 'remaining', math.min(remaining, left), 'resetAt', math.max(resetAt, reset), 'probeUntil', 0)
  else
    redis.call('HSET', KEYS[1], 'remaining', left, 'resetAt', reset, 'probeUntil', 0)
  end
end
redis.call('PEXPIRE', KEYS[1], 3600000)
return 1
`;

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
  const fallback = createMemoryPace();

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

  const pace: Pace = {
    async take(origin, now, maxWaitMs, intervalMs) {
      try {
        const key = keys.pace(origin);
        const reply = await send(key, false, ["EVAL", TAKE, "1", key, String(intervalMs), String(maxWaitMs)]);
        const [kind, ms] = Array.isArray(reply) ? reply.map(Number) : [];
        if (kind === 0) return { go: true, waitMs: ms ?? 0 } satisfies PaceDecision;
        if (kind === 1) return { go: false, retryMs: ms ?? PROBE_RETRY_MS };
        if (kind === 2) return { go: false, refusedForMs: ms ?? GATEWAY_DEFAULTS.refusedFallbackMs };
        throw new Error("an unexpected reply from the pace script");
      } catch {
        return fallback.take(origin, now, maxWaitMs, intervalMs);
      }
    },
    async learn(origin, lesson, now) {
      const args =
        lesson.refusedForMs !== undefined
          ? ["refused", String(Math.ceil(lesson.refusedForMs))]
          : lesson.remaining !== undefined && lesson.resetMs !== undefined
            ? ["budget", String(lesson.remaining), String(Math.ceil(lesson.resetMs))]
            : ["none"];
      await fallback.learn(origin, lesson, now);
      const key = keys.pace(origin);
      await send(key, false, ["EVAL", LEARN, "1", key, ...args]).catch(() => undefined);
    },
  };

  return {
    store,
    lock,
    pace,
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
