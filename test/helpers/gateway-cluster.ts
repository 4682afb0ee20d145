/**
 * Gateway instances sharing one real Redis Cluster (scripts/lib/redis-cluster.ts), each with its own
 * node-redis cluster client, memory and lookup client, as separate processes would have.
 */
import { createCluster } from "redis";
import { createRedisShared, type LookupHandlerOptions } from "../../src/server/index.js";
import { type GatewayInstance, sharingInstance, TEST_REDIS_SOCKET } from "./gateway-redis.js";

/** An instance on `upstreamUrl`, sharing the cluster that `seeds` (redis:// URLs of its nodes) lead to. */
export async function clusterGatewayInstance(
  upstreamUrl: string,
  seeds: string[],
  options: LookupHandlerOptions = {},
): Promise<GatewayInstance> {
  const cluster = createCluster({
    rootNodes: seeds.map((url) => ({ url })),
    defaults: { disableOfflineQueue: true, socket: TEST_REDIS_SOCKET },
  });
  cluster.on("error", () => undefined);
  await cluster.connect();
  return sharingInstance(
    upstreamUrl,
    createRedisShared(cluster),
    async () => {
      await cluster.close().catch(() => cluster.destroy());
    },
    options,
  );
}
