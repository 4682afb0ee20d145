/**
 * The in-process tier of the gateway's cache: a map bounded in bytes (an answer's body and key, as
 * UTF-16 code units × 2, the body's prepared UTF-8, plus a fixed overhead), least recently used out first. One instance's whole
 * cache with the memory store, the tier in front of a shared store otherwise (answers keep the time they
 * were stored, so every instance serves one answer until the same moment).
 */
import { type BoundedLru, createBoundedLru } from "../shared/bounded-lru.js";
import type { CachedAnswer } from "./cache-policy.js";

/** Bytes counted for an entry besides its key and body: the object, its headers, the map's slot. */
const ENTRY_OVERHEAD = 256;

/** A bounded map of kept answers. */
export type MemoryTier = BoundedLru<CachedAnswer>;

/**
 * The bytes `entry` under `key` counts for: its strings as UTF-16, and its body once more as the UTF-8
 * a hit writes (prepared-hits.ts; at most 3 bytes a UTF-16 unit).
 */
export const sizeOf = (key: string, entry: CachedAnswer): number =>
  ENTRY_OVERHEAD +
  2 * (key.length + entry.body.length + entry.contentType.length + (entry.etag?.length ?? 0)) +
  3 * entry.body.length;

/** A tier holding at most `maxBytes`; an entry larger than a quarter of it is not kept at all. */
export const createMemoryTier = (maxBytes: number): MemoryTier =>
  createBoundedLru({ maxBytes, maxEntryBytes: maxBytes / 4, sizeOf });
