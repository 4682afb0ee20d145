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

/** An instance on `upstreamUrl`, sharing `redisUrl`. */
export async function gatewayInstance(
  upstreamUrl: string,
  redisUrl: string,
  options: LookupHandlerOptions = {},
): Promise<GatewayInstance> {
  const client = createClient({
    url: redisUrl,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 1_000,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 500),
    },
  });
  client.on("error", () => undefined);
  await client.connect();
  const logs: string[] = [];
  const log = (message: string) => logs.push(message);
  const gateway = createLookupGateway({
    ...options,
    upstream: {
      baseUrl: upstreamUrl,
      logger: { debug: log, info: log, warn: log, error: log },
      ...options.upstream,
    },
    shared: createRedisShared({ sendCommand: (args) => client.sendCommand(args) }),
  });
  return {
    gateway,
    logs,
    close: async () => {
      await gateway.close();
      if (client.isOpen) await client.close().catch(() => client.destroy());
    },
  };
}
