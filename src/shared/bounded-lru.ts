/**
 * A map bounded in bytes (and, when asked, in entries), the least recently used entry out first: the
 * ETag store's memory (features/etag-cache.ts) and the gateway's in-process tier (server/memory-tier.ts).
 * What an entry counts for is the caller's `sizeOf`; an entry larger than `maxEntryBytes` is not kept.
 */

/** The bounds of a {@link BoundedLru} and what an entry counts for. */
export interface BoundedLruLimits<V> {
  /** Bytes of all entries together. */
  maxBytes: number;
  /** Bytes of one entry; a larger one is not kept (and removes the entry it would replace). */
  maxEntryBytes: number;
  /** Entries at most. Default: no bound but the bytes. */
  maxEntries?: number | undefined;
  /** The bytes `value` under `key` counts for. */
  sizeOf(key: string, value: V): number;
}

/** A bounded map: `get` makes an entry the most recently used. */
export interface BoundedLru<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  /** The bytes counted now. */
  readonly bytes: number;
  readonly size: number;
}

/** A map within `limits`: past them, the least recently used entries go first. */
export function createBoundedLru<V>(limits: BoundedLruLimits<V>): BoundedLru<V> {
  const { maxBytes, maxEntryBytes, maxEntries = Number.POSITIVE_INFINITY, sizeOf } = limits;
  // The map's order is the eviction order: most recently used last.
  const entries = new Map<string, { value: V; bytes: number }>();
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
      entries.delete(key);
      entries.set(key, held);
      return held.value;
    },
    set(key, value) {
      remove(key);
      const size = sizeOf(key, value);
      if (size > maxEntryBytes) return;
      entries.set(key, { value, bytes: size });
      bytes += size;
      while (entries.size > maxEntries || bytes > maxBytes) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        remove(oldest.value);
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
