/**
 * `serve --redis`: the Redis client (node-redis, an optional peer: a missing one is a refusal that says
 * what to install), connected in the background so a Redis that is down at start does not stop the
 * gateway. Commands fail at once while it is down (no offline queue), and it reconnects by itself.
 */
import { HiroValidationError } from "../../index.js";
import type { RedisCommands } from "../../server/index.js";

/** What to install for `--redis`. */
const REDIS_INSTALL = "npm i redis@6";

/** A connected-in-the-background Redis client, and how to close it. */
export interface RedisConnection {
  commands: RedisCommands;
  close(): Promise<void>;
}

type RedisModule = typeof import("redis");

/** Connects to `url` (refused with a {@link HiroValidationError} naming `from` when redis is not installed). */
export async function connectRedis(url: string, from: string): Promise<RedisConnection> {
  let redis: RedisModule;
  try {
    redis = (await import("redis")) as RedisModule;
  } catch {
    throw new HiroValidationError(from, `needs the Redis client, an optional peer: ${REDIS_INSTALL}`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HiroValidationError(from, "must be a redis:// or rediss:// URL");
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:")
    throw new HiroValidationError(from, `must be a redis:// or rediss:// URL; got ${parsed.protocol}`);
  const client = redis.createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2_000,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2_000),
    },
  });
  // node-redis emits `error` on every failed (re)connection: without a listener it would throw. The
  // gateway tells a store that is down, and back, from its commands (its own log lines).
  client.on("error", () => undefined);
  client.connect().catch(() => undefined);
  return {
    commands: { sendCommand: (args) => client.sendCommand(args) },
    async close() {
      try {
        if (client.isOpen) await client.close();
      } catch {
        client.destroy();
      }
    },
  };
}
