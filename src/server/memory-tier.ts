/**
 * The in-process tier of the gateway's cache: a map bounded in bytes (an answer's body and key, as
 * UTF-16 code units × 2, plus a fixed overhead), least recently used out first. One instance's whole
 * cache with the memory store, the tier in front of a shared store otherwise (answers keep the time they
 * were stored, so every instance serves one answer until the same moment).
 */
import type { CachedAnswer } from "./cache-policy.js";

/** Bytes counted for an entry besides its key and body: the object, its headers, the map's slot. */
const ENTRY_OVERHEAD = 256;

/** A bounded map of kept answers. */
export interface MemoryTier {
  get(key: string): CachedAnswer | undefined;
  set(key: string, entry: CachedAnswer): void;
  delete(key: string): void;
  /** The bytes counted now. */
  readonly bytes: number;
  readonly size: number;
}

/** The bytes `entry` under `key` counts for. */
export const sizeOf = (key: string, entry: CachedAnswer): number =>
  ENTRY_OVERHEAD +
  2 * (key.length + entry.body.length + entry.contentType.length + (entry.etag?.length ?? 0));

/** A tier holding at most `maxBytes`; an entry larger than a quarter of it is not kept at all. */
export function createMemoryTier(maxBytes: number): MemoryTier {
  const entries = new Map<string, { entry: CachedAnswer; bytes: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const held = entries.get(key);
    if (held === undefined) return;
    entries.delete(key);
    bytes -= held.bytes;
  };
  return {
    get(key) {
      const held = entries.get(key);
      if (held === undefined) return undefined;
      // Most recently used last: the map's order is the eviction order.
      entries.delete(key);
      entries.set(key, held);
      return held.entry;
    },
    set(key, entry) {
      remove(key);
      const size = sizeOf(key, entry);
      if (size > maxBytes / 4) return;
      entries.set(key, { entry, bytes: size });
      bytes += size;
      while (bytes > maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
    },
    delete: remove,
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
