/**
 * From a request target to the prepared call and its cache key (request-params.ts; the key is the call's
 * query key hashed: operation and canonical parameters, with the deployment, as `hiro-lookup/query`'s
 * keys), remembered by target so a hit parses nothing twice. Only a path is a target: an absolute URL or
 * `//host` is refused, so the gateway never routes by host.
 */
import type { ServiceName } from "../index.js";
import {
  type CallFacts,
  type CanonicalParams,
  hashLookupKey,
  type PreparedCall,
  queryKeyOf,
} from "../internal.js";
import { errorBody, type GatewayAnswer, ownAnswer } from "./answers.js";
import { checkCall, notFound } from "./request-params.js";

/** A prepared call, its cache key and its canonical parameters (what the cache's rules read). */
export interface RoutedCall {
  call: PreparedCall;
  key: string;
  canonical: CanonicalParams;
}

/** How many request targets are remembered, at most (the memo is cleared when it is full). */
const KNOWN_TARGETS = 10_000;

/** What the router is built with. */
export interface RouterSettings {
  /** What the client's calls are prepared with: its deployment (part of every key) and page maximum. */
  facts: CallFacts;
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
      settings.facts,
      settings.basePath,
      settings.ownMaxLimit,
    );
    if (checked === undefined) {
      const refusal = notFound("GET", url.pathname);
      return ownAnswer(refusal.status, refusal.body);
    }
    if ("status" in checked) return ownAnswer(checked.status, checked.body);
    const queryKey = queryKeyOf(checked, settings.facts);
    if (known.size >= KNOWN_TARGETS) known.clear();
    const routed = { call: checked, key: hashLookupKey(queryKey), canonical: queryKey[3] };
    known.set(target, routed);
    return routed;
  };
}
