/**
 * From a request target to the prepared call and its cache key (request-params.ts; the key is the call's
 * query key as canonical JSON: operation and canonical parameters, with the deployment, as
 * `hiro-lookup/query`'s keys), remembered by target so a hit parses nothing twice. Only a path is a
 * target: an absolute URL or `//host` is refused, so the gateway never routes by host; the path is
 * matched as sent, never resolved (no dot segments, no backslash read as a slash), as upstream does.
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

/**
 * The most the remembered targets take, in bytes (as {@link memoBytesOf} counts them): 8 MiB, a few
 * thousand ordinary targets. Callers choose the targets, so the memo is bounded by what they weigh, not
 * by how many they are (10,000 targets of 8 KiB held 80 MB outside the cache's `memoryBytes`).
 */
export const ROUTER_MEMO_BYTES = 8 * 1024 * 1024;

/** A target that would take more than this share of the memo is answered but not remembered. */
const LARGEST_ENTRY = ROUTER_MEMO_BYTES / 8;

/**
 * What one remembered target costs, in bytes, at most: the objects of a routed call (about 1.3 KiB
 * measured for a short target, counted as 1 KiB more than its text), the target's characters, and the
 * key's twice (the call's parameters hold the same values again). Measured with `--expose-gc` on Node 20:
 * 8,769 B for an 8 KiB target, 9,918 B for a search of 50 ids; this counts 9.4 KiB and 11.7 KiB.
 */
const memoBytesOf = (target: string, routed: RoutedCall) => 1024 + target.length + 2 * routed.key.length;

/** What the router is built with. */
export interface RouterSettings {
  /** What the client's calls are prepared with: its deployment (part of every key) and page maximum. */
  facts: CallFacts;
  basePath: string;
  /** Whether the client was told the page maximum of a service (the spec's 60 does not hold there). */
  ownMaxLimit: (service: ServiceName) => boolean;
}

/** The router: a GET's target (the gateway answers other methods itself, before routing) to its call or refusal. */
export interface Router {
  (target: string): RoutedCall | GatewayAnswer;
  /** The bytes the remembered targets take, as counted against {@link ROUTER_MEMO_BYTES}. */
  memoBytes(): number;
}

/** The router: a target's checked call and key, or the answer that refuses it. */
export function createRouter(settings: RouterSettings): Router {
  // Insertion order: when the bound is reached, the targets remembered first leave first.
  const known = new Map<string, RoutedCall>();
  let bytes = 0;

  function remember(target: string, routed: RoutedCall): void {
    const cost = memoBytesOf(target, routed);
    if (cost > LARGEST_ENTRY) return;
    for (const [oldest, entry] of known) {
      if (bytes + cost <= ROUTER_MEMO_BYTES) break;
      known.delete(oldest);
      bytes -= memoBytesOf(oldest, entry);
    }
    known.set(target, routed);
    bytes += cost;
  }

  const route = (target: string): RoutedCall | GatewayAnswer => {
    const remembered = known.get(target);
    if (remembered) return remembered;
    if (!target.startsWith("/") || target.startsWith("//"))
      return ownAnswer(400, errorBody(400, "Bad Request", "the request target must be a path"));
    // The path as sent, as upstream's router takes it: a URL would resolve `..` and `%2e` and read `\\`
    // as `/`, routing `/metadata/v1/sft/../ft` to a route upstream does not see there.
    const queryAt = target.search(/[?#]/);
    const path = queryAt === -1 ? target : target.slice(0, queryAt);
    const checked = checkCall(
      path,
      new URL(target, "http://gateway.invalid").searchParams,
      settings.facts,
      settings.basePath,
      settings.ownMaxLimit,
    );
    if (checked === undefined) {
      const refusal = notFound("GET", target);
      return ownAnswer(refusal.status, refusal.body);
    }
    if ("status" in checked) return ownAnswer(checked.status, checked.body);
    const queryKey = queryKeyOf(checked, settings.facts);
    const routed = { call: checked, key: hashLookupKey(queryKey), canonical: queryKey[3] };
    remember(target, routed);
    return routed;
  };
  return Object.assign(route, { memoBytes: () => bytes });
}
