/**
 * The pace: the one pacing rule with the gateway's figures. One request probes an unknown budget, the
 * announced budget is spread over its window, then waited for; waits are bounded.
 */
import { describe, expect, it } from "vitest";
import { gatewayPaceRules, PROBE_MS } from "../../src/server/pace-wait.js";
import { PACE_START, type PaceState, paceLearn, paceTake } from "../../src/shared/pace-policy.js";
import { createMemoryPace } from "../../src/shared/pace-store.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const RULES = gatewayPaceRules(undefined);
const KEY = "http://a.test";

/** A state that has learnt `remaining` until a reset `resetMs` after `now`, from its probe's answer. */
function taught(remaining: number, resetMs: number, now = 0): PaceState {
  const probe = paceTake(PACE_START, now, RULES, now);
  if (!probe.take.go) throw new Error("the probe did not go");
  return paceLearn(probe.state, probe.take.ticket, now, RULES, 200, { remaining, resetMs });
}

describe("the one pacing rule, with the gateway's figures", () => {
  it("lets one request probe an unknown budget; the others ask again when an answer came", () => {
    const pace = createMemoryPace();
    const first = pace.take(KEY, 1_000, RULES, 5_000);
    expect(first).toEqual({ go: true, waitMs: 0, ticket: 1 });
    expect(pace.take(KEY, 1_001, RULES, 5_000)).toEqual({
      go: false,
      waitMs: PROBE_MS - 1,
      hold: "answer",
      why: "first answer",
    });
    // A probe whose answer never came (a crashed instance) holds the gate PROBE_MS at most.
    expect(pace.take(KEY, 1_000 + PROBE_MS, RULES, 5_000).go).toBe(true);
  });

  it("a probe that got no answer (a network error) lets the next one go at once", () => {
    const pace = createMemoryPace();
    const first = pace.take(KEY, 0, RULES, 0);
    pace.learn(KEY, first.go ? first.ticket : -1, 10, RULES);
    expect(pace.take(KEY, 10, RULES, 0)).toMatchObject({ go: true, ticket: 1 });
  });

  it("spreads the announced budget over the window, then waits for the reset; a wait past the reserve is not taken", () => {
    let state = taught(2, 1_000);
    const decisions = [];
    for (let i = 0; i < 3; i++) {
      const step = paceTake(state, 10, RULES, 10 + 5_000);
      decisions.push(step.take);
      state = step.state;
    }
    expect(decisions).toEqual([
      { go: true, waitMs: 0, ticket: 0 },
      // The second of two half-way through what remains: its slot is taken now, it sleeps till then.
      { go: true, waitMs: 495, ticket: 0 },
      { go: false, waitMs: 990, hold: "wait", why: "budget spent" },
    ]);
    // The spread slot past what a caller may wait is not taken: it is told how long.
    expect(paceTake(taught(2, 1_000), 10, RULES, 10).take).toMatchObject({ go: true, waitMs: 0 });
    const spent = paceTake(taught(2, 1_000), 10, RULES, 10);
    expect(paceTake(spent.state, 10, RULES, 100).take).toEqual({
      go: false,
      waitMs: 495,
      hold: "wait",
      why: "budget spread",
    });
    // Once it resets, the budget is unknown again: one request probes the new window.
    expect(paceTake(state, 1_000, RULES, 6_000).take).toEqual({ go: true, waitMs: 0, ticket: 3 });
    const probing = paceTake(state, 1_000, RULES, 6_000).state;
    expect(paceTake(probing, 1_001, RULES, 6_000).take).toMatchObject({ go: false, hold: "answer" });
  });

  it("spaces requests by maxRequestsPerSecond, each taking the next slot", () => {
    const rules = gatewayPaceRules(5);
    const pace = createMemoryPace();
    const probe = pace.take(KEY, 0, rules, 5_000);
    pace.learn(KEY, probe.go ? probe.ticket : -1, 0, rules, 200, {}); // no headers: no announced budget
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const take = pace.take(KEY, 0, rules, 5_000);
      if (take.go) waits.push(take.waitMs);
    }
    expect(waits).toEqual([200, 400, 600, 800]);
  });

  it("keeps the lower count and the earlier reset of one window, a new window's own; a 429 pauses, then one probes", () => {
    const known = taught(3, 1_000);
    const sameWindow = paceLearn(known, 0, 100, RULES, 200, { remaining: 5, resetMs: 1_000 });
    expect(sameWindow[5]).toBe(3); // tokens
    expect(sameWindow[6]).toBe(1_000); // resetAt: the earlier of 1,000 and 1,100
    const nextWindow = paceLearn(known, 0, 1_500, RULES, 200, { remaining: 5, resetMs: 5_000 });
    expect([nextWindow[5], nextWindow[6]]).toEqual([5, 6_500]);
    const refused = paceLearn(known, 0, 100, RULES, 429, { retryAfterMs: 2_000 });
    expect(paceTake(refused, 100, RULES, 100).take).toEqual({
      go: false,
      waitMs: 2_000,
      hold: "wait",
      why: "retry-after",
    });
    expect(paceTake(refused, 2_100, RULES, 2_100).take).toEqual({ go: true, waitMs: 0, ticket: 3 });
  });

  it("holds a day's Retry-After to maxRefusalMs: refused at once until then, then one probes", () => {
    const refused = paceLearn(taught(3, 1_000), 0, 0, RULES, 429, { retryAfterMs: 86_400_000 });
    expect(paceTake(refused, 0, RULES, 5_000).take).toEqual({
      go: false,
      waitMs: 86_400_000,
      hold: "refused",
      why: "retry-after",
    });
    expect(paceTake(refused, RULES.ceilingMs, RULES, RULES.ceilingMs).take).toMatchObject({ go: true });
  });
});

describe("the gateway's own 429", () => {
  it("answers 429 with Retry-After when the budget is spent for longer than it waits, asking nothing", async () => {
    const token = upstreamFixture("tma-sft-200-valid-metadata");
    const { get, requests } = testGateway(
      () => json(token, 200, { "ratelimit-limit": "1", "ratelimit-remaining": "0", "ratelimit-reset": "30" }),
      { maxPaceWaitMs: 1_000 },
    );
    expect((await get(`/metadata/v1/sft/${PRINCIPAL}/1`)).status).toBe(200);
    const refused = await get(`/metadata/v1/sft/${PRINCIPAL}/2`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(29);
    expect(await refused.json()).toMatchObject({ statusCode: 429, error: "Too Many Requests" });
    expect(requests).toHaveLength(1);
    // A kept answer is still served.
    expect((await get(`/metadata/v1/sft/${PRINCIPAL}/1`)).status).toBe(200);
  });
});

describe("one pace, the gateway's", () => {
  it("the gateway's pace spreads the budget, and the client under it does not hold a request again", async () => {
    const token = upstreamFixture("tma-sft-200-valid-metadata");
    const records: string[] = [];
    const logger = {
      debug: (m: string) => records.push(m),
      info: () => {},
      warn: (m: string) => records.push(m),
      error: () => {},
    };
    // 2,999 of 3,000 left in a minute: the gateway's pace spaces its requests 20 ms apart, the one pace;
    // a client's own pacer under it would hold each of them too, and say so (`pacer hold`).
    const { get, requests } = testGateway(
      () =>
        json(token, 200, {
          "ratelimit-limit": "3000",
          "ratelimit-remaining": "2999",
          "ratelimit-reset": "60",
        }),
      { upstream: { logLevel: "debug", logger } },
    );
    for (const id of [1, 2, 3]) expect((await get(`/metadata/v1/sft/${PRINCIPAL}/${id}`)).status).toBe(200);
    expect(requests).toHaveLength(3);
    expect(records.filter((message) => message.includes("pacer hold"))).toEqual([]);
  });
});
