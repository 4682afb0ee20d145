/**
 * The one bounded map under the ETag store and the gateway's memory tier: bounded in bytes and entries,
 * least recently used out first, an entry too large for it never kept.
 */
import { describe, expect, it } from "vitest";
import { createBoundedLru } from "../../src/shared/bounded-lru.js";

const lru = (maxBytes: number, maxEntryBytes: number, maxEntries?: number) =>
  createBoundedLru<string>({ maxBytes, maxEntryBytes, maxEntries, sizeOf: (_, value) => value.length });

describe("createBoundedLru", () => {
  it("evicts the least recently used first when over its bytes; get makes an entry recent", () => {
    const map = lru(10, 10);
    map.set("a", "xxxx");
    map.set("b", "xxxx");
    expect(map.get("a")).toBe("xxxx"); // a is now the most recent
    map.set("c", "xxxx"); // 12 bytes: b goes
    expect([map.get("a"), map.get("b"), map.get("c")]).toEqual(["xxxx", undefined, "xxxx"]);
    expect([map.bytes, map.size]).toEqual([8, 2]);
  });

  it("holds at most maxEntries", () => {
    const map = lru(1_000, 100, 2);
    for (const key of ["a", "b", "c"]) map.set(key, key);
    expect([map.get("a"), map.size]).toEqual([undefined, 2]);
  });

  it("keeps no entry larger than maxEntryBytes, and drops the one it would replace", () => {
    const map = lru(100, 5);
    map.set("a", "small");
    map.set("a", "far too large");
    expect([map.get("a"), map.bytes, map.size]).toEqual([undefined, 0, 0]);
  });

  it("counts a replaced entry once, and delete gives its bytes back", () => {
    const map = lru(100, 100);
    map.set("a", "xxx");
    map.set("a", "xxxxx");
    expect(map.bytes).toBe(5);
    map.delete("a");
    map.delete("missing");
    expect([map.bytes, map.size]).toEqual([0, 0]);
  });
});
