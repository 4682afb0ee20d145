/**
 * Gateway instances sharing one real Redis (scripts/lib/redis-server.ts), each with its own node-redis
 * client, memory and lookup client, as separate processes would have: only Redis is shared.
 */
import { createClient } from "redis";
import {
  createLookupGateway,
  createRedisShared,
  type LookupGateway,
  type LookupHandlerOptions,
} from "../../src/server/index.js";

export interface GatewayInstance {
  gateway: LookupGateway;
  /** What the instance logged (warn and above). */
  logs: string[];
  close(): Promise<void>;
}

/** Socket options of every test's node-redis client: quick to fail, quick to reconnect. */
export const TEST_REDIS_SOCKET = {
  connectTimeout: 1_000,
  reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 500),
};

/**
 * A gateway on `upstreamUrl` over the given store, logging into its own list; `release` closes what the
 * store runs on (its Redis client) after the gateway.
 */
export function sharingInstance(
  upstreamUrl: string,
  shared: LookupHandlerOptions["shared"],
  release: () => Promise<void>,
  options: LookupHandlerOptions = {},
): GatewayInstance {
  const logs: string[] = [];
  const log = (message: string) => logs.push(message);
  const gateway = createLookupGateway({
    ...options,
    upstream: {
      baseUrl: upstreamUrl,
      logger: { debug: log, info: log, warn: log, error: log },
      ...options.upstream,
    },
    shared,
  });
  return {
    gateway,
    logs,
    close: async () => {
      await gateway.close();
      await release();
    },
  };
}

/** An instance on `upstreamUrl`, sharing `redisUrl`. */
export async function gatewayInstance(
  upstreamUrl: string,
  redisUrl: string,
  options: LookupHandlerOptions = {},
): Promise<GatewayInstance> {
  const client = createClient({ url: redisUrl, disableOfflineQueue: true, socket: TEST_REDIS_SOCKET });
  client.on("error", () => undefined);
  await client.connect();
  return sharingInstance(
    upstreamUrl,
    createRedisShared({ sendCommand: (args) => client.sendCommand(args) }),
    async () => {
      if (client.isOpen) await client.close().catch(() => client.destroy());
    },
    options,
  );
}
