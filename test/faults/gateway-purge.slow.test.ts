/**
 * The SIP-019 purge across two gateway instances on one real Redis (Debian's redis-server, started
 * here): a Chainhooks delivery to one instance marks the token stale in the other, through the shared
 * store's feed, with `fresh` at ten minutes. Prints the time from the notice to the other instance's new
 * answer: when upstream has the new answer already, and when the indexer refreshes 2 s after the notice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedisServer } from "../../scripts/lib/redis-server.js";
import { GATEWAY_DEFAULTS } from "../../src/server/index.js";
import { block, delivery, printOperation, sip019Repr } from "../helpers/chainhooks-payload.js";
import { PRINCIPAL } from "../helpers/fake-fetch.js";
import { type GatewayInstance, gatewayInstance } from "../helpers/gateway-redis.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture<Record<string, unknown>>("tma-sft-200-valid-metadata");
const SECRET = "whsec-0123456789abcdef";
let redis: RedisServer;
let upstream: SmallServer;
let version = 1;

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await serveWith(
    () =>
      new Response(JSON.stringify({ ...TOKEN, name: `v${version}` }), {
        headers: { "content-type": "application/json", etag: `"${version}"` },
      }),
  );
}, 60_000);

afterAll(async () => {
  await redis?.stop();
  await upstream?.close();
});

const sft = (id: number) => `/metadata/v1/sft/${PRINCIPAL}/${id}`;
const nameOf = async (instance: GatewayInstance, id: number) =>
  (JSON.parse((await instance.gateway.answer({ method: "GET", target: sft(id) })).body) as { name: string })
    .name;
const deliver = (instance: GatewayInstance, ids: number[]) =>
  instance.gateway.answer({
    method: "POST",
    target: "/hooks/chainhooks",
    authorization: `Bearer ${SECRET}`,
    body: JSON.stringify(
      delivery([block(180_000, [printOperation(PRINCIPAL, sip019Repr(PRINCIPAL, "sft", ids))])]),
    ),
  });

/** Ms until `instance` answers `name` for token `id` (asked every 20 ms), or Infinity after `withinMs`. */
async function untilName(
  instance: GatewayInstance,
  id: number,
  name: string,
  withinMs: number,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if ((await nameOf(instance, id)) === name) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
}

describe("the purge on two instances sharing Redis", () => {
  it("a notice to one instance gives the new answer in the other, within the poll and refresh intervals", async () => {
    const options = { fresh: 600_000, chainhooksSecret: SECRET };
    const [a, b] = [
      await gatewayInstance(upstream.url, redis.url, options),
      await gatewayInstance(upstream.url, redis.url, options),
    ];
    try {
      expect([await nameOf(a, 1), await nameOf(b, 1), await nameOf(b, 2)]).toEqual(["v1", "v1", "v1"]);
      // The indexer has refreshed already: b learns of the notice at its next poll.
      version = 2;
      expect((await deliver(a, [1])).status).toBe(200);
      const atOnce = await untilName(b, 1, "v2", 10_000);
      expect(atOnce).toBeLessThan(GATEWAY_DEFAULTS.purgePollMs + 2_000);
      expect(await nameOf(b, 2)).toBe("v1"); // not named: kept
      // The indexer refreshes 2 s after the notice: b asks again every 5 s meanwhile.
      expect((await deliver(a, [2])).status).toBe(200);
      setTimeout(() => {
        version = 3;
      }, 2_000);
      const later = await untilName(b, 2, "v3", 15_000);
      expect(later).toBeLessThan(2_000 + GATEWAY_DEFAULTS.purgeRefreshMs + 2_000);
      console.log(
        `purge across two instances: notice → new answer ${atOnce} ms (upstream refreshed already); ${later} ms (upstream refreshed 2 s after the notice; refresh every ${GATEWAY_DEFAULTS.purgeRefreshMs} ms)`,
      );
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
