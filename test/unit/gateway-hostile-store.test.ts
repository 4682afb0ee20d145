/**
 * Entries of a shared store written by someone else (anyone who can reach the store can): each one is
 * checked, a bad one is dropped and asked again upstream, said once, and nothing in it crashes the
 * handler or is served in a shape the gateway would not have written.
 */
import { describe, expect, it } from "vitest";
import type { GatewayShared } from "../../src/server/index.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture("tma-sft-200-valid-metadata");
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;

function sharedMap(): GatewayShared & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    store: {
      get: (key) => map.get(key),
      set: (key, value) => map.set(key, value),
      delete: (key) => map.delete(key),
    },
  };
}

/** What one instance wrote for SFT (a real entry), and the store holding it. */
async function writtenEntry() {
  const shared = sharedMap();
  const first = testGateway(() => json(TOKEN, 200, { etag: '"1"' }), { shared });
  expect((await first.get(SFT)).status).toBe(200);
  const [key, text] = [...shared.map][0] ?? ["", ""];
  return { shared, key, entry: JSON.parse(text) as Record<string, unknown>, storedAt: first.clock.now };
}

const poisoned: Array<[string, (entry: Record<string, unknown>, now: number) => Record<string, unknown>]> = [
  ["a status that is not a number", (entry) => ({ ...entry, status: "abc" })],
  ["a status out of range", (entry) => ({ ...entry, status: 1234 })],
  ["a content type with CRLF", (entry) => ({ ...entry, contentType: "application/json\r\nx-evil: 1" })],
  ["an ETag with U+2028", (entry) => ({ ...entry, etag: '"1\u2028"' })],
  [
    "HTML with a script",
    (entry) => ({ ...entry, contentType: "text/html", body: "<script>alert(1)</script>" }),
  ],
  ["a 404 of HTML", (entry) => ({ ...entry, status: 404, body: "<script>alert(1)</script>" })],
  ["a time in the future", (entry, now) => ({ ...entry, storedAt: now + 3_600_000 })],
  ["a 200 body that is not JSON", (entry) => ({ ...entry, body: "not JSON" })],
  ["no body", (entry) => ({ ...entry, body: undefined })],
];

describe("entries of a shared store, read as untrusted input", () => {
  it.each(poisoned)(
    "%s: dropped, asked upstream, served as the gateway writes it, said once",
    async (_, poison) => {
      const { shared, key, entry, storedAt } = await writtenEntry();
      shared.map.set(key, JSON.stringify(poison(entry, storedAt)));
      const logs: string[] = [];
      const log = (message: string) => logs.push(message);
      const second = testGateway(() => json(TOKEN, 200, { etag: '"2"' }), {
        shared,
        upstream: { logger: { debug: log, info: log, warn: log, error: log } },
      });
      second.clock.now = storedAt + 1_000;
      const answers = [await second.get(SFT), await second.get(SFT)];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(await answer.text()).toBe(JSON.stringify(TOKEN));
      }
      expect(second.requests).toHaveLength(1);
      expect(JSON.parse(shared.map.get(key) ?? "{}")).toMatchObject({ status: 200, etag: '"2"' });
      expect(logs.filter((line) => line.includes("failed its check"))).toHaveLength(1);
    },
  );

  it("a max-age of 999999999988 s is served as fresh as this gateway keeps answers, no longer", async () => {
    const { shared, key, entry, storedAt } = await writtenEntry();
    shared.map.set(key, JSON.stringify({ ...entry, freshMs: 999_999_999_988_000 }));
    const second = testGateway(() => json(TOKEN), { shared, fresh: 10_000 });
    second.clock.now = storedAt + 1_000;
    const answer = await second.get(SFT);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=9");
    second.clock.advance(10_000);
    await second.get(SFT);
    expect(second.requests).toHaveLength(1);
  });
});
