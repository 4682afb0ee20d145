/**
 * The client's own first middleware: it moves a `raw` request to its own service's base URL, and refuses
 * a path value that would be sent as something else.
 */
import type { Middleware } from "openapi-fetch";
import { HiroValidationError } from "../errors/errors.js";
import { type Routes, routeOf } from "../input/service-routes.js";
import { serviceOf } from "../spec/services.js";
import { checkPathValue } from "./raw-paths.js";

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
