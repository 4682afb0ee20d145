/**
 * Where each service lives, resolved once from the client's options: each service's base URL, its origin
 * and the key it gets, or why it has none. Hiro still hosts the Token Metadata API; it retired its hosted
 * Ordinals and Runes APIs on 2026-03-09, and bitcoin-indexer serves those two from separate servers. So
 * each service has its own base URL, and a call to a service without one is refused before anything is
 * sent. Read by the lookups, the pipeline and the routing middleware (src/transport/routing.ts).
 */
import { HiroValidationError } from "../errors/errors.js";
import { type BaseUrlOption, RETIRED_ON } from "../spec/service-hosts.js";
import { SERVICE_NAMES, type ServiceName } from "../spec/services.js";
import { checkBaseUrlShape, isSingleBaseUrl, serviceBaseUrls } from "./base-urls.js";
import { checkApiKey } from "./url-and-key-checks.js";

export { type BaseUrlOption, DEFAULT_BASE_URL, isHiroHost } from "../spec/service-hosts.js";

/** A service's base URL and the key it gets, if any. */
export interface Route {
  base: string;
  origin: string;
  apiKey: string | undefined;
}

/** The route of each service: the metadata service always has one (Hiro's by default), the others when configured. */
export interface Routes {
  readonly metadata: Route;
  readonly ordinals: Route | undefined;
  readonly runes: Route | undefined;
}

// The names as a literal: the APIs' table (RETIRED_APIS) would cost the core its bytes.
const RETIRED = `Hiro's hosted Ordinals and Runes APIs were retired on ${RETIRED_ON}: point it at your bitcoin-indexer`;

/**
 * The routes for `baseUrl` (each service's base URL, input/base-urls.ts). A string serves all three
 * services and gets the key; with an object, the key goes to the services in `apiKeyServices` (default:
 * metadata only, a Hiro key means nothing to your indexer).
 */
export function routesOf(
  baseUrl: BaseUrlOption | undefined,
  apiKey: unknown,
  apiKeyServices: readonly ServiceName[] | undefined,
): Routes {
  const key = checkApiKey("apiKey", apiKey);
  checkBaseUrlShape(baseUrl);
  const names: readonly string[] = SERVICE_NAMES;
  if (
    apiKeyServices !== undefined &&
    !(Array.isArray(apiKeyServices) && apiKeyServices.every((n) => names.includes(n)))
  ) {
    throw new HiroValidationError("apiKeyServices", `must be an array of "metadata", "ordinals" or "runes"`);
  }
  const keyed = new Set<string>(apiKeyServices ?? (isSingleBaseUrl(baseUrl) ? names : ["metadata"]));
  const route = (name: ServiceName, base: string): Route => ({
    base,
    origin: new URL(base).origin,
    apiKey: keyed.has(name) ? key : undefined,
  });
  const { metadata, ordinals, runes } = serviceBaseUrls(baseUrl);
  return {
    metadata: route("metadata", metadata),
    ordinals: ordinals === undefined ? undefined : route("ordinals", ordinals),
    runes: runes === undefined ? undefined : route("runes", runes),
  };
}

/** The route of `service`, or the validation error that says why there is none. Nothing is sent. */
export function routeOf(routes: Routes, service: ServiceName): Route {
  const route = routes[service];
  if (route) return route;
  throw new HiroValidationError(`baseUrl.${service}`, `is not set (${RETIRED})`);
}
