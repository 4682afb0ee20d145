/**
 * A Redis that takes commands and never answers (hung): the gateway backs off after the first timeout,
 * as a circuit breaker does, instead of waiting out a timeout for every command of every miss; /healthz
 * (sharedHealthy) says it is down meanwhile.
 */
import { describe, expect, it } from "vitest";
import { createRedisShared } from "../../src/server/index.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture("tma-sft-200-valid-metadata");

describe("a hung Redis", () => {
  it("costs one timeout, then the commands fail at once until the back-off ends", async () => {
    let sent = 0;
    const hung = {
      sendCommand: () => {
        sent++;
        return new Promise<never>(() => undefined);
      },
    };
    const { gateway, get } = testGateway(() => json(TOKEN), {
      shared: createRedisShared(hung, { commandTimeoutMs: 50 }),
      now: Date.now,
    });
    expect((await get(`/metadata/v1/sft/${PRINCIPAL}/1`)).status).toBe(200);
    const afterFirst = sent;
    expect(afterFirst).toBeGreaterThanOrEqual(1);
    expect((await get(`/metadata/v1/sft/${PRINCIPAL}/2`)).status).toBe(200);
    expect((await get(`/metadata/v1/sft/${PRINCIPAL}/3`)).status).toBe(200);
    expect(sent - afterFirst).toBe(0);
    expect(await gateway.sharedHealthy()).toBe(false);
  });
});
