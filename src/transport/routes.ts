/**
 * Where each service lives. Hiro still hosts the Token Metadata API; it retired its hosted Ordinals and
 * Runes APIs on 2026-03-09, and bitcoin-indexer serves those two from separate servers. So each service
 * has its own base URL, and a call to a service without one is refused before anything is sent.
 */

import type { Middleware } from "openapi-fetch";
import { HiroValidationError } from "../errors/errors.js";
import { checkBaseUrlShape, isSingleBaseUrl, serviceBaseUrls } from "../input/base-urls.js";
import { checkApiKey } from "../input/url-and-key-checks.js";
import { type BaseUrlOption, RETIRED_ON } from "../spec/service-hosts.js";
import { SERVICE_NAMES, type ServiceName, serviceOf } from "../spec/services.js";
import { checkPathValue } from "./raw-paths.js";

export { type BaseUrlOption, DEFAULT_BASE_URL, isHiroHost } from "../spec/service-hosts.js";

/** A service's base URL and the key it gets, if any. */
export interface Route {
  base: string;
  origin: string;
  apiKey: string | undefined;
}

/** The route of each service; `undefined` where none is configured. */
export type Routes = Readonly<Record<ServiceName, Route | undefined>>;

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
  const bases = serviceBaseUrls(baseUrl);
  const route = (name: ServiceName): Route | undefined => {
    const base = bases[name];
    return base === undefined
      ? undefined
      : { base, origin: new URL(base).origin, apiKey: keyed.has(name) ? key : undefined };
  };
  return { metadata: route("metadata"), ordinals: route("ordinals"), runes: route("runes") };
}

/** The route of `service`, or the validation error that says why there is none. Nothing is sent. */
export function routeOf(routes: Routes, service: ServiceName): Route {
  const route = routes[service];
  if (route) return route;
  throw new HiroValidationError(`baseUrl.${service}`, `is not set (${RETIRED})`);
}

/**
 * The client's own first middleware. It refuses a path value that is not a string or a number (an object
 * or an array would be serialised into something else, e.g. `a,b`: issue 21) or that is `.` or `..`
 * (resolved into another route, raw-paths.ts), and, since openapi-fetch
 * joins the client's base URL and the path before any middleware runs, moves a `raw` request to its own
 * service's base URL (the lookups already pass theirs).
 */
export function routing(routes: Routes, clientBase: string): Middleware {
  return {
    onRequest({ request, params }) {
      const path: Record<string, unknown> = params.path ?? {};
      for (const name in path) {
        const type = typeof path[name];
        if (type !== "string" && type !== "number" && type !== "bigint") {
          throw new HiroValidationError(
            name,
            `must be a string or a number; got ${path[name] === null ? "null" : type}`,
          );
        }
        checkPathValue(name, String(path[name]));
      }
      const service = serviceOf(new URL(request.url).pathname);
      if (service === undefined) return undefined;
      const { base } = routeOf(routes, service);
      if (request.url.startsWith(`${base}/`) || !request.url.startsWith(clientBase)) return undefined;
      return new Request(base + request.url.slice(clientBase.length), request);
    },
  };
}
