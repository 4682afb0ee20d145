/**
 * From a request target to the checked call and its cache key (request-params.ts, then the canonical key:
 * operation and canonical parameters, with the deployment, in the query keys' form), remembered by target
 * so a hit parses nothing twice. Only a path is a target: an absolute URL or `//host` is refused, so the
 * gateway never routes by host.
 */
import type { ParameterCheck } from "../lookups/client-facts.js";
import { hashLookupKey } from "../query/key.js";
import type { ServiceName } from "../spec/services.js";
import { errorBody, type GatewayAnswer, ownAnswer } from "./answers.js";
import { type CheckedCall, checkCall, notFound } from "./request-params.js";

/** A checked call and its cache key. */
export interface RoutedCall {
  call: CheckedCall;
  key: string;
}

/** How many request targets are remembered, at most (the memo is cleared when it is full). */
const KNOWN_TARGETS = 10_000;

/** What the router is built with. */
export interface RouterSettings {
  check: ParameterCheck;
  /** The deployment the client talks to, as canonical text: part of every key. */
  deployment: string;
  basePath: string;
  /** Whether the client was told the page maximum of a service (the spec's 60 does not hold there). */
  ownMaxLimit: (service: ServiceName) => boolean;
}

/** The router: a target's checked call and key, or the answer that refuses it. */
export function createRouter(settings: RouterSettings) {
  const known = new Map<string, RoutedCall>();
  // A GET's target (the gateway answers other methods itself, before routing).
  return (target: string): RoutedCall | GatewayAnswer => {
    const remembered = known.get(target);
    if (remembered) return remembered;
    if (!target.startsWith("/") || target.startsWith("//"))
      return ownAnswer(400, errorBody(400, "Bad Request", "the request target must be a path"));
    const url = new URL(target, "http://gateway.invalid");
    const checked = checkCall(
      url.pathname,
      url.searchParams,
      settings.check,
      settings.basePath,
      settings.ownMaxLimit,
    );
    if (checked === undefined) {
      const refusal = notFound("GET", url.pathname);
      return ownAnswer(refusal.status, refusal.body);
    }
    if ("status" in checked) return ownAnswer(checked.status, checked.body);
    const key = hashLookupKey(["hiro-lookup", settings.deployment, checked.operationId, checked.canonical]);
    if (known.size >= KNOWN_TARGETS) known.clear();
    const routed = { call: checked, key };
    known.set(target, routed);
    return routed;
  };
}
