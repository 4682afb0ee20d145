/**
 * What the gateway does when it has no fresh answer: look in the shared store, take the shared lock (or
 * wait for the instance that holds it), take a slot of the upstream budget, ask upstream (the prepared
 * call's one exchange, traced as a lookup, revalidating a kept answer by its ETag where that can be trusted), and keep what
 * may be kept (a 200 only when the lookup's own judgement takes it). Identical misses in one instance
 * are one call of this (gateway.ts coalesces them).
 */
import { HiroError } from "../index.js";
import {
  acceptsBody,
  type Exchange,
  type LookupSettings,
  type PreparedCall,
  tracedExchange,
} from "../internal.js";
import { GATEWAY_DEFAULTS } from "../shared/defaults.js";
import { sleep } from "../shared/sleep.js";
import { ALWAYS, type GatewayAnswer, JSON_TYPE, passedOnStatus, spent, unreachable } from "./answers.js";
import { type CachedAnswer, freshMsFor, revalidatesByEtag } from "./cache-policy.js";
import { checkedEntry, isEntityTag, keepableBody } from "./entry-check.js";
import type { GatewayShared } from "./options.js";
import type { OriginSlots } from "./origin-slots.js";
import { type PaceWait, paced } from "./pace-wait.js";
import type { RoutedCall } from "./router.js";

/** How a miss ended: an answer kept (and how it was had), or one passed on as it is. */
export type MissResult =
  | {
      entry: CachedAnswer;
      how: "shared_hit" | "miss" | "revalidated" | "refetched" | "stale";
      /** Upstream's status, when it answered. */
      upstreamStatus?: number;
    }
  | { answer: GatewayAnswer };

/** What the miss path works with (fixed for a gateway). */
export interface MissContext extends PaceWait {
  /** The settings the gateway's client runs its calls on: what `exchange` sends a prepared call with. */
  settings: LookupSettings;
  /** The origin each service's requests go to: the pace's key. */
  originOf: (call: PreparedCall) => string;
  shared: GatewayShared | undefined;
  fresh: number;
  /** Whether a kept entry of `call` may be served at `now` without asking (cache-policy's rule, and the purges'). */
  isFresh(call: RoutedCall, entry: CachedAnswer, now: number): boolean;
  /** Keeps an entry in this instance's memory. */
  keep(key: string, entry: CachedAnswer): void;
  /** Says once that the shared store failed… */
  storeTrouble(error: unknown): void;
  /** …and once that it answers again. */
  storeOk(): void;
  /** Says (once) that an entry of the shared store failed its check, and why. */
  entryRefused(reason: string): void;
  /** Longest body kept, in characters (the client's `maxResponseBytes`). */
  maxBodyChars: number;
  /** The bound on upstream requests in flight per origin (origin-slots.ts). */
  slots: OriginSlots;
}

/**
 * The ETag a kept 200 is served with: upstream's, where it follows the body and is a clean entity tag
 * without the key in it; else the gateway's own, a hash of the body (the fungible-token list's tag is
 * the chain tip, a `locale` request's another token's: a caller's If-None-Match got a 304 after the body
 * changed; a tag of `W/"<key>"` reached the caller).
 */
function etagOf({ call, canonical }: RoutedCall, answer: Exchange, body: string): string {
  const upstream = answer.headers.get("etag") ?? undefined;
  if (
    upstream !== undefined &&
    isEntityTag(upstream) &&
    answer.withoutKey(upstream) === upstream &&
    revalidatesByEtag(call.operationId, canonical)
  )
    return upstream;
  return `W/"hl-${bodyHash(body)}"`;
}

/** A 53-bit hash of `text` (cyrb53), in base 36: the gateway's own ETag follows its body. */
function bodyHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Whether `text` is JSON. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether the lookup of `call` would take `body` as its 200 (its judgement's answer check). */
const acceptsFor = (call: PreparedCall) => (body: string) => acceptsBody(call, body);

/**
 * An entry read from the shared store, checked (entry-check.ts); undefined when it is absent, refused
 * (then dropped from the store, and said once) or the store fails.
 */
async function sharedEntry(
  context: MissContext,
  key: string,
  call: PreparedCall,
): Promise<CachedAnswer | undefined> {
  if (!context.shared) return undefined;
  let text: string | null | undefined;
  try {
    text = await context.shared.store.get(key);
    context.storeOk();
  } catch (error) {
    context.storeTrouble(error);
    return undefined;
  }
  if (typeof text !== "string") return undefined;
  const entry = checkedEntry(text, {
    fresh: context.fresh,
    maxBodyChars: context.maxBodyChars,
    now: context.now(),
    accepts: acceptsFor(call),
  });
  if (!("refused" in entry)) return entry;
  context.entryRefused(entry.refused);
  try {
    await context.shared.store.delete(key);
  } catch (error) {
    context.storeTrouble(error);
  }
  return undefined;
}

/** Keeps `entry` in memory and in the shared store (past its freshness, to be revalidated later). */
async function keepEverywhere(context: MissContext, key: string, entry: CachedAnswer): Promise<void> {
  context.keep(key, entry);
  if (!context.shared) return;
  try {
    await context.shared.store.set(key, JSON.stringify(entry), entry.freshMs + GATEWAY_DEFAULTS.staleKeepMs);
    context.storeOk();
  } catch (error) {
    context.storeTrouble(error);
  }
}

/** The newer of two entries. */
const newer = (a: CachedAnswer | undefined, b: CachedAnswer | undefined) =>
  a === undefined ? b : b === undefined || a.storedAt >= b.storedAt ? a : b;

/**
 * Waits for another instance's answer to `key` (it holds the lock): an entry stored after `since`, or
 * undefined once the lock is given back without one (an answer not kept: a 5xx, say) or its time has
 * passed. Then this instance asks itself.
 */
async function awaitOther(
  context: MissContext,
  key: string,
  call: PreparedCall,
  since: number,
): Promise<CachedAnswer | undefined> {
  const until = context.now() + GATEWAY_DEFAULTS.lockMs;
  const lock = context.shared?.lock;
  while (context.now() < until) {
    await sleep(GATEWAY_DEFAULTS.lockPollMs);
    const entry = await sharedEntry(context, key, call);
    if (entry && entry.storedAt >= since) return entry;
    if (lock?.held && !(await lock.held(key))) {
      // Given back: its answer may have been kept just before; else there is none to wait for.
      const last = await sharedEntry(context, key, call);
      return last && last.storedAt >= since ? last : undefined;
    }
  }
  return undefined;
}

/** The entry to keep for an upstream answer (`body`: its text without the key), or undefined when it is passed on and not kept. */
function entryOf(
  routed: RoutedCall,
  answer: Exchange,
  body: string,
  fresh: number,
  now: number,
): CachedAnswer | undefined {
  const freshMs = freshMsFor(answer.status, fresh);
  if (freshMs === undefined) return undefined;
  // A 200 is kept only when its lookup would accept it (JSON about the question asked), a 404 or 422
  // only when it is a JSON object: a broken deployment's answer is passed on, never served to every
  // caller after.
  if (!keepableBody(answer.status, body, acceptsFor(routed.call))) return undefined;
  return {
    status: answer.status,
    body,
    contentType: JSON_TYPE,
    etag: answer.status === 200 ? etagOf(routed, answer, body) : undefined,
    storedAt: now,
    freshMs,
  };
}

/** Answers a miss of a routed call (`stale`: what this instance still holds past its freshness). */
export async function answerMiss(
  context: MissContext,
  routed: RoutedCall,
  stale: CachedAnswer | undefined,
): Promise<MissResult> {
  const { call, key, canonical } = routed;
  const started = context.now();
  const fromShared = await sharedEntry(context, key, call);
  if (fromShared && context.isFresh(routed, fromShared, started)) {
    context.keep(key, fromShared);
    return { entry: fromShared, how: "shared_hit" };
  }
  let kept = newer(stale, fromShared);
  let token: string | undefined;
  const lock = context.shared?.lock;
  if (lock) {
    try {
      token = await lock.acquire(key, GATEWAY_DEFAULTS.lockMs);
      if (token === undefined) {
        const other = await awaitOther(context, key, call, started);
        if (other) {
          context.observer?.coalesced?.("shared");
          context.keep(key, other);
          return { entry: other, how: "shared_hit" };
        }
      }
    } catch (error) {
      context.storeTrouble(error);
    }
  }
  try {
    const origin = context.originOf(call);
    const revalidate = kept?.etag !== undefined && revalidatesByEtag(call.operationId, canonical);
    let answer: Exchange;
    let now: number;
    for (let round = 0; ; round++) {
      // The wait for a slot, the in-flight bound's included, counts from the miss's start: no caller
      // waits past maxPaceWaitMs, whether the pace, the bound or an upstream 429 holds it.
      const slot = await paced(context, origin, started);
      if ("refusal" in slot) return kept ? { entry: kept, how: "stale" } : { answer: slot.refusal };
      // A slot taken and no answer (none sent, or none came): the pace hears so, and a probe's hold ends.
      const unanswered = () => context.pace.learn(origin, slot.ticket, context.now(), context.rules);
      const release = await context.slots.take(origin, started + context.maxPaceWaitMs);
      if (!release) {
        await unanswered();
        return kept ? { entry: kept, how: "stale" } : { answer: spent(GATEWAY_DEFAULTS.refusedFallbackMs) };
      }
      try {
        // One `hiro-lookup:lookup` event, inside the caller request's `hiro-lookup:gateway` one (trace.ts).
        answer = await tracedExchange(
          context.settings,
          call,
          revalidate ? { ifNoneMatch: kept?.etag } : undefined,
        );
      } catch (error) {
        await unanswered();
        context.observer?.upstream?.(call.operationId, "error");
        if (kept) return { entry: kept, how: "stale" };
        if (error instanceof HiroError) return { answer: unreachable(error) };
        throw error;
      } finally {
        release();
      }
      now = context.now();
      context.observer?.upstream?.(call.operationId, answer.status);
      await context.pace.learn(origin, slot.ticket, now, context.rules, answer.status, answer.rateLimit);
      // A 429 taught the pace its wait (the client under the gateway waits for no Retry-After): asked
      // once more through the pace, which waits if that fits in maxPaceWaitMs, else answers its own 429.
      if (answer.status !== 429 || kept || round > 0) break;
    }
    if (answer.status === 304 && kept) {
      kept = { ...kept, storedAt: now, freshMs: freshMsFor(kept.status, context.fresh) ?? 0 };
      await keepEverywhere(context, key, kept);
      return { entry: kept, how: "revalidated", upstreamStatus: 304 };
    }
    // What a caller may see of the body: never the key, should a service echo it.
    const body = answer.withoutKey(answer.text);
    const entry = entryOf(routed, answer, body, context.fresh, now);
    if (entry === undefined) {
      // Upstream failing (a 5xx, a 429) while a kept answer exists: the kept answer, marked stale.
      if (kept && (answer.status >= 500 || answer.status === 429))
        return { entry: kept, how: "stale", upstreamStatus: answer.status };
      const headers: Record<string, string> = {
        // Never HTML (nor anything a browser runs) from the gateway's origin: JSON, or plain text.
        "content-type": isJson(body) ? JSON_TYPE : "text/plain; charset=utf-8",
        "cache-control": "no-store",
        "cache-status": passedOnStatus(answer.status, false),
        ...ALWAYS,
      };
      if (answer.retryAfterMs !== undefined && (answer.status === 429 || answer.status === 503))
        headers["retry-after"] = String(
          Math.max(1, Math.ceil(Math.min(answer.retryAfterMs, GATEWAY_DEFAULTS.maxRefusalMs) / 1000)),
        );
      return { answer: { status: answer.status, headers, body } };
    }
    await keepEverywhere(context, key, entry);
    return { entry, how: kept ? "refetched" : "miss", upstreamStatus: answer.status };
  } finally {
    if (lock && token !== undefined) await lock.release(key, token).catch(context.storeTrouble);
  }
}
