/**
 * `hiro-lookup/server`: the gateway. A web-standard handler of the spec's GET routes in front of a
 * lookup client: the API key stays on the server, answers are cached (in memory, or shared over Redis),
 * identical requests become one upstream request, and instances sharing Redis keep one pace for one key.
 *
 * ```ts
 * import { createLookupHandler } from "hiro-lookup/server";
 * const handler = createLookupHandler({ upstream: { apiKey: process.env.HIRO_API_KEY } });
 * Bun.serve({ port: 3999, fetch: handler });
 * ```
 * @packageDocumentation
 */

export { GATEWAY_DEFAULTS } from "../shared/defaults.js";
export type { HoldReason, PaceRules, PaceStore, PaceTake, PaceTicket } from "../shared/pace-store.js";
export type { GatewayAnswer } from "./answers.js";
export { PENDING_FRESH_MS } from "./cache-policy.js";
export {
  createLookupGateway,
  createLookupHandler,
  type GatewayRequest,
  type LookupGateway,
} from "./gateway.js";
export type {
  CacheOutcome,
  CallerKeyOf,
  GatewayObserver,
  GatewayShared,
  LookupHandlerOptions,
  LookupStore,
  MissLock,
} from "./options.js";
export {
  createRedisShared,
  type RedisClusterCommands,
  type RedisCommands,
  type RedisSharedOptions,
} from "./redis-shared.js";
export type { GatewayTraceMessage } from "./trace.js";
export type { CallerInfo, LookupFetchHandler } from "./web-handler.js";
