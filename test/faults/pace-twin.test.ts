/**
 * The one pacing rule has two stores, and they are twins: one table of take and learn steps runs through
 * the memory store (shared/pace-store.ts, the client's pacer and a gateway alone) and the Redis store
 * (server/redis-pace.ts, its Lua scripts, on a real redis-server started here), on one stepped clock, and
 * every decision is the same. Then a long seeded walk of random steps does the same.
 */
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedisServer } from "../../scripts/lib/redis-server.js";
import { gatewayPaceRules } from "../../src/server/pace-wait.js";
import { createRedisPace } from "../../src/server/redis-pace.js";
import {
  createMemoryPace,
  type PaceRules,
  type PaceStore,
  type PaceTake,
} from "../../src/shared/pace-store.js";
import type { RateLimitInfo } from "../../src/shared/rate-limit.js";

const T0 = Date.UTC(2026, 11, 2, 4, 0, 0);

/** A step at `at` ms after T0: a take, or the answer to the request of an earlier take (its index). */
type Step =
  | { at: number; take: number }
  | { at: number; learn: number; status?: number; info?: RateLimitInfo };

/** The client's pacer's figures (no maxRequestsPerSecond, the 60 s ceiling). */
const CLIENT: PaceRules = { intervalMs: 0, ceilingMs: 60_000, probeHoldMs: 60_000, unsaidPauseMs: 0 };

/** Every branch of the rule, in one sequence: reserve 0 is the client's pacer, above it the gateway's. */
const TABLE: Step[] = [
  { at: 0, take: 0 }, // 0: the probe
  { at: 1, take: 0 }, // 1: held until an answer
  { at: 5, learn: 0, status: 200, info: { remaining: 4, resetMs: 1_000 } },
  { at: 5, take: 0 }, // 3: goes
  { at: 5, take: 5_000 }, // 4: a spread slot taken ahead
  { at: 6, take: 0 }, // 5: held by the spread
  { at: 7, learn: 3, status: 200, info: { remaining: 9, resetMs: 990 } }, // the same window: the lower count
  { at: 300, take: 5_000 },
  { at: 400, take: 5_000 },
  { at: 401, take: 5_000 }, // budget spent: wait for the reset
  { at: 1_005, take: 0 }, // the window ended: a new probe
  { at: 1_006, take: 0 },
  { at: 1_010, learn: 4, status: 200, info: { remaining: 3, resetMs: 2_000 } }, // stale: an older round's
  { at: 1_020, learn: 10, status: 429, info: { retryAfterMs: 2_000 } }, // refused: a pause, learning again
  { at: 1_021, take: 5_000 },
  { at: 3_020, take: 0 }, // the pause is over: one probe
  { at: 3_030, learn: 15, status: 200, info: {} }, // no headers: open
  { at: 3_031, take: 0 },
  { at: 3_031, take: 0 },
  { at: 3_032, learn: 17, status: 200, info: { remaining: 1, resetMs: 5_000 } }, // one in flight: nothing left
  { at: 3_033, take: 5_000 },
  { at: 3_040, learn: 18 }, // no answer came
  { at: 3_041, learn: 18, status: 429, info: { retryAfterMs: 999_000 } }, // a pause past the ceiling: refused
  { at: 3_042, take: 5_000 },
  { at: 3_042 + 600_000, take: 5_000 }, // past the ceiling: one probe asks again
  { at: 3_043 + 600_000, learn: 24, status: 429, info: {} }, // a bare 429
  { at: 3_044 + 600_000, take: 5_000 },
  { at: 5_000 + 600_000, take: 5_000 },
  { at: 5_001 + 600_000, learn: 27, status: 200, info: { remaining: 0, resetMs: 86_400_000 } },
  { at: 5_002 + 600_000, take: 5_000 }, // spent for a day: refused until the ceiling
  { at: 5_003 + 600_000, take: 0 },
  { at: 5_002 + 1_200_000, take: 5_000 }, // then one probe
  { at: 5_010 + 1_200_000, learn: 31, status: 200, info: { remaining: 7, resetMs: 3_600_000 } },
  { at: 5_010 + 1_200_000, take: 0 },
  { at: 5_010 + 1_200_000, take: 900_000 }, // an hour's budget spread, each gap held to the ceiling
  { at: 5_011 + 1_200_000, take: 100 },
];

let redis: RedisServer;
let client: ReturnType<typeof createClient>;
let keyNumber = 0;

beforeAll(async () => {
  redis = await startRedisServer();
  client = createClient({ url: redis.url });
  await client.connect();
}, 60_000);

afterAll(async () => {
  await client?.quit();
  await redis?.stop();
});

/** The Redis store on the steps' clock, each run on a key of its own. */
function redisStore(): PaceStore {
  return createRedisPace(
    (_key, args) => client.sendCommand(args),
    (key) => `twin:${key}`,
    { callerClock: true },
  );
}

/** Runs `steps` through `store` with `rules`: every take's decision, in order. */
async function run(store: PaceStore, steps: Step[], rules: PaceRules): Promise<PaceTake[]> {
  const key = `k${keyNumber++}`;
  const takes: PaceTake[] = [];
  const byStep = new Map<number, PaceTake>();
  for (const [index, step] of steps.entries()) {
    const now = T0 + step.at;
    if ("take" in step) {
      const take = await store.take(key, now, rules, step.take);
      takes.push(take);
      byStep.set(index, take);
      continue;
    }
    const taken = byStep.get(step.learn);
    if (!taken?.go) continue; // an answer to a request that never went
    await store.learn(key, taken.ticket, now, rules, step.status, step.info);
  }
  return takes;
}

describe("the memory store and the Redis store are twins", () => {
  for (const [name, rules] of [
    ["the client's pacer's figures", CLIENT],
    ["the gateway's", gatewayPaceRules(undefined)],
    ["the gateway's with maxRequestsPerSecond 3", gatewayPaceRules(3)],
  ] as const) {
    it(`one table of steps, every branch, the same decisions (${name})`, async () => {
      const memory = await run(createMemoryPace(), TABLE, rules);
      const inRedis = await run(redisStore(), TABLE, rules);
      expect(inRedis).toEqual(memory);
      // The table reaches every kind of decision, so the twins agree on each.
      const kinds = new Set(memory.map((take) => (take.go ? (take.waitMs > 0 ? "ahead" : "go") : take.hold)));
      expect([...kinds].sort()).toEqual(["ahead", "answer", "go", "refused", "wait"]);
    });
  }

  it("a seeded walk of 2,000 random steps: the same decisions", async () => {
    let seed = 43;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const steps: Step[] = [];
    let at = 0;
    const taken: number[] = [];
    for (let i = 0; i < 2_000; i++) {
      at += pick([0, 1, 7, 50, 333, 1_000, 2_500, 61_000]);
      if (taken.length === 0 || random() < 0.55) {
        taken.push(i);
        steps.push({ at, take: pick([0, 0, 100, 5_000]) });
        continue;
      }
      const learn = taken.splice(Math.floor(random() * taken.length), 1)[0] as number;
      const status = pick([undefined, 200, 200, 200, 304, 429, 503]);
      const info: RateLimitInfo = {
        remaining: pick([undefined, 0, 1, 5, 60]),
        resetMs: pick([undefined, 0, 900, 1_000, 30_000, 90_000_000]),
        retryAfterMs: pick([undefined, undefined, 1_000, 120_000]),
      };
      steps.push(status === undefined ? { at, learn } : { at, learn, status, info });
    }
    for (const rules of [CLIENT, gatewayPaceRules(undefined), gatewayPaceRules(7)]) {
      const memory = await run(createMemoryPace(), steps, rules);
      expect(await run(redisStore(), steps, rules)).toEqual(memory);
      expect(memory.some((take) => take.go) && memory.some((take) => !take.go)).toBe(true);
    }
  }, 60_000);
});
