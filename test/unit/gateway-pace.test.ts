/** The pace: one request probes an unknown budget, the announced budget is spent then waited for, waits are bounded. */
import { describe, expect, it } from "vitest";
import { type PaceState, PROBE_MS, paceLearn, paceStep } from "../../src/server/pace.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const EMPTY: PaceState = { remaining: 0, resetAt: 0, next: 0, probeUntil: 0 };

describe("paceStep and paceLearn", () => {
  it("lets one request probe an unknown budget; the others ask again shortly", () => {
    const first = paceStep(EMPTY, 1_000, 0, 5_000);
    expect(first.decision).toEqual({ go: true, waitMs: 0 });
    expect(first.state.probeUntil).toBe(1_000 + PROBE_MS);
    expect(paceStep(first.state, 1_001, 0, 5_000).decision).toMatchObject({
      go: false,
      retryMs: expect.any(Number),
    });
  });

  it("spends the announced budget, then waits for the reset; refuses a wait beyond the bound", () => {
    let state = paceLearn(EMPTY, { remaining: 2, resetMs: 1_000 }, 0);
    expect(state.probeUntil).toBe(0);
    const decisions = [];
    for (let i = 0; i < 3; i++) {
      const step = paceStep(state, 10, 0, 5_000);
      decisions.push(step.decision);
      state = step.state;
    }
    expect(decisions).toEqual([
      { go: true, waitMs: 0 },
      { go: true, waitMs: 0 },
      { go: false, retryMs: 990 },
    ]);
    expect(paceStep(state, 10, 0, 500).decision).toEqual({ go: false, refusedForMs: 990 });
    // Once it resets, the budget is unknown again: one request probes the new window.
    expect(paceStep(state, 1_000, 0, 5_000).decision).toEqual({ go: true, waitMs: 0 });
    expect(paceStep(paceStep(state, 1_000, 0, 5_000).state, 1_001, 0, 5_000).decision).toMatchObject({
      go: false,
    });
  });

  it("spaces requests by maxRequestsPerSecond", () => {
    let state = paceLearn(EMPTY, {}, 0); // no headers: no announced budget
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const step = paceStep(state, 0, 200, 5_000);
      if (step.decision.go) waits.push(step.decision.waitMs);
      state = step.state;
    }
    expect(waits).toEqual([0, 200, 400, 600]);
  });

  it("keeps the lower count of one window (requests in flight were already counted), a new window's own", () => {
    const known = paceLearn(EMPTY, { remaining: 3, resetMs: 1_000 }, 0);
    expect(paceLearn(known, { remaining: 5, resetMs: 1_000 }, 100).remaining).toBe(3);
    expect(paceLearn(known, { remaining: 5, resetMs: 5_000 }, 1_500).remaining).toBe(5);
    expect(paceLearn(known, { refusedForMs: 2_000 }, 100)).toMatchObject({ remaining: 0, resetAt: 2_100 });
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
  it("a budget the gateway's pace allows goes at once: the client under it does not spread it again", async () => {
    const token = upstreamFixture("tma-sft-200-valid-metadata");
    const records: string[] = [];
    const logger = {
      debug: (m: string) => records.push(m),
      info: () => {},
      warn: (m: string) => records.push(m),
      error: () => {},
    };
    // 49 of 50 left in a minute: the gateway's pace lets each through; a client's own pacer would hold
    // each next request about 1.2 s (the budget spread over the window).
    const { get, requests } = testGateway(
      () =>
        json(token, 200, { "ratelimit-limit": "50", "ratelimit-remaining": "49", "ratelimit-reset": "60" }),
      { upstream: { logLevel: "debug", logger } },
    );
    for (const id of [1, 2, 3]) expect((await get(`/metadata/v1/sft/${PRINCIPAL}/${id}`)).status).toBe(200);
    expect(requests).toHaveLength(3);
    expect(records.filter((message) => message.includes("pacer hold"))).toEqual([]);
  });
});
