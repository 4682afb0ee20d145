/**
 * Gateway instances sharing one real Redis Cluster (scripts/lib/redis-cluster.ts), each with its own
 * node-redis cluster client, memory and lookup client, as separate processes would have.
 */
import { createCluster } from "redis";
import { createLookupGateway, createRedisShared, type LookupHandlerOptions } from "../../src/server/index.js";
import type { GatewayInstance } from "./gateway-redis.js";

/** An instance on `upstreamUrl`, sharing the cluster that `seeds` (redis:// URLs of its nodes) lead to. */
export async function clusterGatewayInstance(
  upstreamUrl: string,
  seeds: string[],
  options: LookupHandlerOptions = {},
): Promise<GatewayInstance> {
  const cluster = createCluster({
    rootNodes: seeds.map((url) => ({ url })),
    defaults: {
      disableOfflineQueue: true,
      socket: {
        connectTimeout: 1_000,
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 500),
      },
    },
  });
  cluster.on("error", () => undefined);
  await cluster.connect();
  const logs: string[] = [];
  const log = (message: string) => logs.push(message);
  const gateway = createLookupGateway({
    ...options,
    upstream: {
      baseUrl: upstreamUrl,
      logger: { debug: log, info: log, warn: log, error: log },
      ...options.upstream,
    },
    shared: createRedisShared(cluster),
  });
  return {
    gateway,
    logs,
    close: async () => {
      await gateway.close();
      await cluster.close().catch(() => cluster.destroy());
    },
  };
}
