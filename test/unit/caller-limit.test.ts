/** The per-caller limit (`perCallerPerSecond`, `serve --per-ip`): a bucket per caller, the callers idle longest forgotten first when too many are tracked. */
import { describe, expect, it } from "vitest";
import { createCallerLimit } from "../../src/server/caller-limit.js";

describe("createCallerLimit", () => {
  it("refuses a caller past its rate, and says when to ask again", () => {
    const limit = createCallerLimit(2);
    expect([limit("a", 0), limit("a", 0)]).toEqual([{ ok: true }, { ok: true }]);
    expect(limit("a", 0)).toEqual({ ok: false, retryAfterMs: 500 });
    expect(limit("b", 0)).toEqual({ ok: true });
  });

  it("forgets the callers idle longest, never a busy one (its spent bucket is kept)", () => {
    const limit = createCallerLimit(1);
    expect(limit("busy", 0)).toEqual({ ok: true });
    // The tracked callers fill up (100,000): the busy one first, then 99,999 others.
    for (let i = 1; i < 100_000; i++) limit(`10.0.${i >> 8}.${i & 255}`, 0);
    expect(limit("busy", 0)).toMatchObject({ ok: false }); // still spent, and now the most recent
    limit("new", 0); // one caller too many: the one idle longest goes, not the busy one
    expect(limit("busy", 0)).toMatchObject({ ok: false });
  });
});
