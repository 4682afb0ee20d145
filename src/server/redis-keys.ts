/**
 * The gateway's Redis keys, laid out for Redis Cluster: every key that one command or script touches
 * carries the same hash tag (the part in braces, which alone picks the slot), so it lands on one node.
 * A cached answer and its miss lock share the tag of their cache key (a short hash of it: a cache key
 * may hold braces itself), a pace's key the tag of its origin: `<prefix>{<tag>}:<kind>:<id>`, kind
 * `answer`, `lock` or `pace`. The purge notices have one tag of their own.
 * On a single Redis the braces are just characters.
 */
import { HiroValidationError } from "../index.js";
import { REDIS_SHARED_DEFAULTS } from "../shared/defaults.js";

/** The default prefix of every key. */
export const DEFAULT_REDIS_PREFIX = REDIS_SHARED_DEFAULTS.prefix;

/** FNV-1a, 32 bits, as 8 hex digits: a hash tag that spreads cache keys over the slots (not a secret). */
function tagOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The keys of one gateway's shared state under `prefix`. */
export interface RedisKeys {
  answer(key: string): string;
  lock(key: string): string;
  pace(origin: string): string;
  /** The stream of purge notices (SIP-019), read by every instance. */
  purges(): string;
}

/** The key layout under `prefix` (refused when it holds a brace, which would move the hash tags). */
export function redisKeys(prefix: string = DEFAULT_REDIS_PREFIX): RedisKeys {
  if (/[{}]/.test(prefix))
    throw new HiroValidationError(
      "prefix",
      "must not hold { or }: the gateway's keys put their hash tag in braces",
    );
  return {
    answer: (key) => `${prefix}{${tagOf(key)}}:answer:${key}`,
    lock: (key) => `${prefix}{${tagOf(key)}}:lock:${key}`,
    pace: (origin) => `${prefix}{${tagOf(`pace:${origin}`)}}:pace:${origin}`,
    purges: () => `${prefix}{purges}`,
  };
}
