/** The gateway with a shared part (a store, a lock) that is not Redis: the contract, and its failures. */
import { describe, expect, it } from "vitest";
import { GATEWAY_DEFAULTS, type GatewayShared } from "../../src/server/index.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture("tma-sft-200-valid-metadata");
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;

/** A shared part in memory: a Map as the store; the lock taken by "another instance" when `taken`. */
function sharedInMemory(taken: { now: boolean }): GatewayShared & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    store: {
      get: (key) => map.get(key),
      set: (key, value) => map.set(key, value),
      delete: (key) => map.delete(key),
    },
    lock: {
      acquire: async () => (taken.now ? undefined : "token"),
      release: async () => undefined,
      held: async () => false,
    },
  };
}

describe("a shared store and lock", () => {
  it("keeps answers in the store (Keyv's get/set/delete contract) and serves another instance from it", async () => {
    const taken = { now: false };
    const shared = sharedInMemory(taken);
    const first = testGateway(() => json(TOKEN), { shared });
    await first.get(SFT);
    expect(shared.map.size).toBe(1);
    const second = testGateway(() => json(TOKEN), { shared });
    expect((await second.get(SFT)).status).toBe(200);
    expect(second.requests).toHaveLength(0);
  });

  it("asks upstream itself when the lock's holder gave it back with nothing kept (a 500): no wait to the lock's end", async () => {
    // The fake clock never moves: waiting out the lock's time would never end.
    const shared = sharedInMemory({ now: true });
    const { get, requests } = testGateway(() => json({ message: "down" }, 500), {
      shared,
      upstream: { maxRetries: 0 },
    });
    expect((await get(SFT)).status).toBe(500);
    expect(requests).toHaveLength(1);
  });

  it("serves from upstream when the store fails, and says so once, then once more when it is back", async () => {
    let failing = true;
    let clock = 1_000_000;
    const logs: string[] = [];
    const log = (message: string) => logs.push(message);
    const store = {
      get: () => (failing ? Promise.reject(new Error("connection refused")) : undefined),
      set: () => (failing ? Promise.reject(new Error("connection refused")) : undefined),
      delete: () => undefined,
    };
    const { get } = testGateway(() => json(TOKEN), {
      shared: { store },
      fresh: 0,
      now: () => clock,
      upstream: { logger: { debug: log, info: log, warn: log, error: log } },
    });
    for (let i = 0; i < 3; i++) expect((await get(SFT)).status).toBe(200);
    expect(logs.filter((line) => line.includes("shared store failed"))).toHaveLength(1);
    failing = false;
    // Back only once it has gone storeCalmMs without a failure: a store failing every other command
    // (a cluster with a master down) is not back, and is not said to be, again and again.
    clock += GATEWAY_DEFAULTS.storeCalmMs - 1;
    await get(SFT);
    expect(logs.filter((line) => line.includes("answers again"))).toHaveLength(0);
    clock += 1;
    await get(SFT);
    expect(logs.filter((line) => line.includes("answers again"))).toHaveLength(1);
  });
});
