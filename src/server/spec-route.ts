/**
 * A spec route's answer: from this instance's memory while fresh, else one miss per key at a time
 * (every caller of a key waits for the same one, `collapsed`), through the shared store and upstream
 * (miss.ts). Keys carry who the gateway is upstream.
 */
import { matchesEtag } from "../shared/etag-match.js";
import { entryAnswer, type GatewayAnswer } from "./answers.js";
import type { GatewayRequest } from "./gateway-request.js";
import type { MemoryTier } from "./memory-tier.js";
import { answerMiss, type MissContext, type MissResult } from "./miss.js";
import type { GatewayObserver } from "./options.js";
import { hitAnswer } from "./prepared-hits.js";
import type { Purges } from "./purges.js";
import type { RoutedCall } from "./router.js";

/** What the spec routes read. */
export interface SpecRouteParts {
  context: MissContext;
  memory: MemoryTier;
  purges: Purges;
  observer?: GatewayObserver | undefined;
  /** Who the gateway is upstream, once known (a hash; "" with no key or headers). */
  identity(): string | undefined;
  identityReady: Promise<string>;
  now(): number;
}

/** The spec routes' server: `(request, its routed call)` → its answer. */
export function createSpecRoute(parts: SpecRouteParts) {
  const { context, memory, purges, observer, now } = parts;
  const inFlight = new Map<string, Promise<MissResult>>();

  /** One miss per key at a time: every caller of a key waits for the same one (`collapsed`). */
  function missOf(
    routed: RoutedCall,
    stale: Parameters<typeof answerMiss>[2],
  ): { result: Promise<MissResult>; collapsed: boolean } {
    const { key } = routed;
    const running = inFlight.get(key);
    if (running) {
      observer?.coalesced?.("local");
      return { result: running, collapsed: true };
    }
    const started = answerMiss(context, routed, stale).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return { result: started, collapsed: false };
  }

  return async (request: GatewayRequest, routed: RoutedCall): Promise<GatewayAnswer> => {
    const id = parts.identity() ?? (await parts.identityReady);
    const known = id === "" ? routed : { ...routed, key: `${id}.${routed.key}` };
    await purges.catchUp();
    const held = memory.get(known.key);
    const at = now();
    if (held && purges.isFresh(known, held, at)) {
      observer?.cache?.("hit");
      return hitAnswer(held, at, matchesEtag(request.ifNoneMatch, held.etag));
    }
    const { result: pending, collapsed } = missOf(known, held);
    const result = await pending;
    if ("answer" in result) {
      if (!collapsed || result.answer.headers["cache-status"] === undefined) return result.answer;
      // Each caller gets its own headers: the answer is shared by the callers that waited for it.
      return {
        ...result.answer,
        headers: {
          ...result.answer.headers,
          "cache-status": `${result.answer.headers["cache-status"]}; collapsed`,
        },
      };
    }
    observer?.cache?.(result.how);
    return entryAnswer(result.entry, now(), matchesEtag(request.ifNoneMatch, result.entry.etag), {
      how: result.how,
      upstreamStatus: result.upstreamStatus,
      collapsed,
    });
  };
}
