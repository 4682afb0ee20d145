/** The gateway's router: a target's prepared call and key, remembered by target within a bound in bytes. */
import { describe, expect, it } from "vitest";
import { createRouter, ROUTER_MEMO_BYTES } from "../../src/server/router.js";
import { PRINCIPAL } from "../helpers/fake-fetch.js";

const FACTS = { deployment: "https://api.hiro.so", maxLimit: {} };
const router = () => createRouter({ facts: FACTS, basePath: "", ownMaxLimit: () => false });
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;

describe("the router's memo", () => {
  it("stays within its bound in bytes when one token is asked by many distinct long targets (10,000 of 8 KiB held 80 MB before)", () => {
    const route = router();
    const junk = "a".repeat(8 * 1024);
    // 2,000 targets of 8 KiB: twice the bound in their characters alone.
    for (let i = 0; i < 2_000; i++) {
      const routed = route(`${SFT}?junk=${junk}&i=${i}`);
      expect("key" in routed).toBe(true);
    }
    // What the memo holds: at least its targets' characters (the bound is not met by counting nothing).
    expect(route.memoBytes()).toBeGreaterThan(ROUTER_MEMO_BYTES / 2);
    expect(route.memoBytes()).toBeLessThanOrEqual(ROUTER_MEMO_BYTES);
  });

  it("counts at least each remembered target's characters and its key's", () => {
    const route = router();
    const target = `${SFT}?junk=${"b".repeat(4000)}`;
    const routed = route(target);
    if (!("key" in routed)) throw new Error("expected a routed call");
    expect(route.memoBytes()).toBeGreaterThanOrEqual(target.length + routed.key.length);
  });

  it("remembers a target: the same routed call for it again, one entry for many asks", () => {
    const route = router();
    const first = route(SFT);
    const bytes = route.memoBytes();
    for (let i = 0; i < 100; i++) expect(route(SFT)).toBe(first);
    expect(route.memoBytes()).toBe(bytes);
  });

  it("does not remember a refusal", () => {
    const route = router();
    expect(route("/metadata/v1/sft/not-a-principal/35")).toMatchObject({ status: 400 });
    expect(route.memoBytes()).toBe(0);
  });
});

/**
 * Raw targets, as Node's server passes them: the path is matched as sent, as upstream's router
 * (find-my-way) matches it, never resolved as a URL would be (Fastify 5.8.2, seen over a socket).
 */
describe("the router reads a path as upstream does", () => {
  it.each([
    // A dot segment is a segment: upstream answers 404, or takes `..` as the principal (and refuses it).
    ["/metadata/v1/./ft", 404],
    ["/metadata/v1/ft/../ft?limit=5", 404],
    ["/metadata/v1/%2e%2e/v1/ft", 404],
    ["/metadata/v1/sft/../ft", 400],
    ["/metadata/v1/sft/%2e%2e/ft", 400],
    // A backslash is a character of the path, not a slash (nor, after one, the start of a host).
    ["/metadata/v1\\ft", 404],
    ["/\\evil.example/metadata/v1/ft", 404],
  ])("%s → %i, nothing routed", (target, status) => {
    const routed = router()(target);
    expect("status" in routed && routed.status).toBe(status);
  });

  it("says which route it does not have as upstream does: the target as sent, query and all", () => {
    const routed = router()("/metadata/v1/ft/../ft?limit=5");
    if (!("status" in routed)) throw new Error("expected a refusal");
    expect(JSON.parse(String(routed.body))).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "Route GET:/metadata/v1/ft/../ft?limit=5 not found",
    });
  });
});
