/** How `verify` finds a deployment's page maximum, and its copy of the spec's limits. */
import { describe, expect, it } from "vitest";
import type { Exchange } from "../../src/cli/verify/verify-http.js";
import { findPageMaximum } from "../../src/cli/verify/verify-page-maximum.js";

/** A route whose maximum is `max`; its 400 names it (runes) or is a constant body (the sat route). */
function route(max: number, says: boolean) {
  const asked: number[] = [];
  const probe = async (limit: number): Promise<Exchange> => {
    asked.push(limit);
    const body =
      limit <= max
        ? { limit, offset: 0, total: 0, results: [] }
        : says
          ? { statusCode: 400, error: "Bad Request", message: `querystring/limit must be <= ${max}` }
          : { error: "Invalid satoshi ordinal number" };
    return { status: limit <= max ? 200 : 400, headers: new Headers(), body, prismViolations: false };
  };
  return { probe, asked };
}

describe("findPageMaximum", () => {
  it.each([1, 7, 20, 59, 60, 61, 100, 5000, 999_999])(
    "finds %i by status alone, in ≤ 30 requests",
    async (max) => {
      const { probe, asked } = route(max, false);
      expect(await findPageMaximum(probe)).toEqual({ max });
      expect(asked.length).toBeLessThanOrEqual(30);
    },
  );

  it.each([20, 100])("takes %i from a 400 that names it, or finds it above 61", async (max) => {
    const { probe, asked } = route(max, true);
    expect(await findPageMaximum(probe)).toEqual({ max });
    if (max < 61) expect(asked).toEqual([61]);
  });

  it("reports a route with no maximum, and one that refuses every limit", async () => {
    expect(await findPageMaximum(route(Number.MAX_SAFE_INTEGER, false).probe)).toEqual({
      failure: "200 for limit 1000000: no maximum up to it",
    });
    expect(await findPageMaximum(route(0, false).probe)).toEqual({ failure: "400 for every limit, even 1" });
  });

  it("stops at the first answer that is neither 200 nor 400, cause first", async () => {
    const down = async (): Promise<Exchange> => ({
      status: 503,
      headers: new Headers(),
      body: { error: "Service Unavailable" },
      prismViolations: false,
    });
    expect(await findPageMaximum(down)).toEqual({ failure: "503 Service Unavailable" });
  });
});
