/**
 * The gateway's door: what answers a request before the spec's routes, in this order — a head too large
 * or a target too long (431, 414), the Chainhooks route (the one with a body), a body on a lookup (413),
 * the health route, and the per-caller limit (429). Undefined: the request goes on to the routes.
 */
import type { logOf } from "../internal.js";
import type { GatewayAnswer } from "./answers.js";
import type { CallerLimit } from "./caller-limit.js";
import type { GatewayRequest } from "./gateway-request.js";
import type { GatewayHealth } from "./health.js";
import { bodyRefused, callerRefusal, headRefusal, type RequestBounds } from "./refusals.js";

/** An answer given at the door, and its route's name for the metrics. */
export interface DoorAnswer {
  result: GatewayAnswer;
  routeName: string;
}

/** What the door knows. */
export interface DoorParts {
  bounds: RequestBounds;
  /** The Chainhooks route, when it is on, and whether a request is for it. */
  hooks?: ((request: GatewayRequest) => Promise<GatewayAnswer>) | undefined;
  takesBody(method: string, target: string): boolean;
  /** The health route's path (basePath included), when it is on. */
  healthTarget?: string | undefined;
  health: GatewayHealth;
  callerLimit?: CallerLimit | undefined;
  log: ReturnType<typeof logOf>;
  now(): number;
}

/** The door of a gateway: `(request, its method upper-cased)` → its answer, or undefined. */
export function createDoor(parts: DoorParts) {
  const { bounds, hooks, healthTarget, health, callerLimit, log, now } = parts;
  let keylessSaid = false;
  return async (request: GatewayRequest, method: string): Promise<DoorAnswer | undefined> => {
    const head = headRefusal(request, bounds);
    if (head) return { result: head, routeName: head.status === 414 ? "uri_too_long" : "headers_too_large" };
    if (hooks && parts.takesBody(method, request.target))
      return { result: await hooks(request), routeName: "chainhooks" };
    const reads = method === "GET" || method === "HEAD";
    // A lookup has no body: one announced is refused unread (another method gets its 404 or 405).
    if (reads && request.bodyAnnounced) return { result: bodyRefused(), routeName: "body_refused" };
    if (reads && healthTarget !== undefined && request.target.split("?")[0] === healthTarget)
      return { result: await health.answer(), routeName: "healthz" };
    if (!callerLimit) return undefined;
    if (request.callerKey === undefined && !keylessSaid) {
      keylessSaid = true;
      log?.warn?.(
        "perCallerPerSecond is on, but the host gave no caller key: those callers share one bucket (pass { callerKey } beside the request, or the callerKey option)",
        {},
      );
    }
    const limited = callerRefusal(callerLimit, request.callerKey ?? "", now());
    return limited ? { result: limited, routeName: "ip_limited" } : undefined;
  };
}
