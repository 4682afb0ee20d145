/**
 * Issue 12's pacer against a real server that enforces the limit it announces (10 requests per 1 s
 * window; 429 with Retry-After past it): paging at concurrency 8 and a burst of concurrent lookups must
 * finish with zero 429s. The server counts what it answered; the assertions are about those counts. The
 * only timing assertion is a lower bound: the limit was really in force.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type RateLimitedServer, startRateLimitedServer } from "../../scripts/lib/rate-limited-server.js";
import { paginate } from "../../src/index.js";
import { ORDINAL, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const LIMIT = 10;
const WINDOW_MS = 1_000;
/** Timers may fire a hair early relative to performance.now(). */
const EARLY_MS = 50;

let server: RateLimitedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the pacer against a server enforcing an announced limit", () => {
  it("the server really refuses a burst (so zero 429s below means the pacer held back)", async () => {
    server = await startRateLimitedServer({ limit: LIMIT, windowMs: WINDOW_MS, reset: "delta" });
    const url = `${server.url}/metadata/v1/sft/${PRINCIPAL}/1`;
    const statuses = await Promise.all(Array.from({ length: 15 }, async () => (await fetch(url)).status));
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(server.counts).toEqual({ served: 10, refused: 5 });
  });

  it("paginate at concurrency 8 over 30 pages: every item, zero 429s (reset in delta seconds)", async () => {
    const s = await startRateLimitedServer({ limit: LIMIT, windowMs: WINDOW_MS, reset: "delta" });
    server = s;
    const { client } = createTestClient(s);
    const started = performance.now();
    let items = 0;
    for await (const item of paginate(
      client.getSatoshiInscriptions,
      { ordinal: ORDINAL },
      { concurrency: 8 },
    )) {
      expect(item.number).toBe(items);
      items++;
    }
    expect(items).toBe(1800);
    expect(s.counts).toEqual({ served: 30, refused: 0 });
    // 30 requests at 10 per window need at least two full windows after the first one opened.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * WINDOW_MS - EARLY_MS);
  }, 60_000);

  it("40 concurrent getSftMetadata calls: all answered, zero 429s (reset as a Unix time)", async () => {
    const s = await startRateLimitedServer({ limit: LIMIT, windowMs: WINDOW_MS, reset: "epoch" });
    server = s;
    const { client } = createTestClient(s);
    const started = performance.now();
    const tokens = await Promise.all(
      Array.from({ length: 40 }, (_, i) => client.getSftMetadata({ principal: PRINCIPAL, token_id: i + 1 })),
    );
    expect(tokens.every((token) => typeof token.token_uri === "string")).toBe(true);
    expect(s.counts).toEqual({ served: 40, refused: 0 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * WINDOW_MS - EARLY_MS);
  }, 60_000);
});
