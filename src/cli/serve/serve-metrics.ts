/**
 * `serve`'s `/metrics`, in Prometheus text through prom-client (an optional peer: without it `/metrics`
 * says what to install). Its own registry, never the global one: a second gateway in one process (a
 * test's) must not collide. Requests by route and status, cache outcomes, upstream requests by status,
 * coalesced requests, pacer waits.
 */
import type { GatewayObserver } from "../../server/index.js";

/** The metrics: the observer the gateway reports to, and the text of `/metrics`. */
export interface ServeMetrics {
  observer: GatewayObserver;
  text(): Promise<{ text: string; contentType: string }>;
}

/** What to install for metrics. */
export const PROM_CLIENT_INSTALL = "npm i prom-client@15";

type PromClient = typeof import("prom-client");

/** prom-client, or undefined when it is not installed. */
async function loadPromClient(): Promise<PromClient | undefined> {
  try {
    const module = (await import("prom-client")) as PromClient & { default?: PromClient };
    return module.Registry ? module : module.default;
  } catch {
    return undefined;
  }
}

/** The metrics, or undefined when prom-client is not installed. */
export async function createServeMetrics(): Promise<ServeMetrics | undefined> {
  const prom = await loadPromClient();
  if (!prom) return undefined;
  const registry = new prom.Registry();
  const registers = [registry];
  const requests = new prom.Counter({
    name: "hiro_gateway_requests_total",
    help: "Requests answered, by route (operationId, not_found, …) and status",
    labelNames: ["route", "status"] as const,
    registers,
  });
  const cache = new prom.Counter({
    name: "hiro_gateway_cache_total",
    help: "Cache outcomes of the spec's routes: hit, shared_hit, miss, revalidated, refetched, stale",
    labelNames: ["outcome"] as const,
    registers,
  });
  const upstream = new prom.Counter({
    name: "hiro_gateway_upstream_requests_total",
    help: "Upstream requests, by operation and status (error: no answer)",
    labelNames: ["operation", "status"] as const,
    registers,
  });
  const coalesced = new prom.Counter({
    name: "hiro_gateway_coalesced_total",
    help: "Callers served by another caller's upstream request, in this instance (local) or another (shared)",
    labelNames: ["scope"] as const,
    registers,
  });
  const paceWaits = new prom.Histogram({
    name: "hiro_gateway_pace_wait_seconds",
    help: "Waits for the upstream budget, by outcome (went or refused)",
    labelNames: ["outcome"] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const count = (route: string, status: number) => requests.inc({ route, status: String(status) });
  return {
    observer: {
      request: count,
      cache: (outcome) => cache.inc({ outcome }),
      upstream: (operation, status) => upstream.inc({ operation, status: String(status) }),
      coalesced: (scope) => coalesced.inc({ scope }),
      paceWait: (ms, refused) => paceWaits.observe({ outcome: refused ? "refused" : "went" }, ms / 1000),
    },
    text: async () => ({ text: await registry.metrics(), contentType: registry.contentType }),
  };
}
