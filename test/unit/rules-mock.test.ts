/**
 * The mock an app developer runs (`hiro-lookup mock`, `--mock`): the mock's rules served in-process on a
 * loopback port, no Prism. Besides the rules (proved against Prism by the contract tier): CORS, the
 * documented headers (an ETag, and 304 for it), Hiro's rate limit with its headers and a budget that runs
 * out (429 with retry-after), `Prefer` picking any documented answer, and refusals that never stop it.
 */

import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createLookupClient, HiroApiError } from "../../src/index.js";
import { MOCK_BUDGET } from "../../src/mock/index.js";
import { MockPortError, type RulesMock, startRulesMock } from "../../src/mock-server/index.js";
import { createMemoryPace } from "../../src/shared/pace-store.js";
import { readRateLimit } from "../../src/transport/pacer/rate-limit-headers.js";
import { SPEC_PATH } from "../helpers/spec.js";

const TOKEN = "/metadata/v1/sft/SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const spec = parse(readFileSync(SPEC_PATH, "utf8")) as {
  components: { headers: Record<string, { example: unknown }> };
};

let mock: RulesMock | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const start = async (options: Partial<Parameters<typeof startRulesMock>[0]> = {}) => {
  mock = await startRulesMock({ port: 0, ...options });
  return mock;
};

const get = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${mock?.url}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as unknown) : "",
  };
};

describe("the in-process mock", () => {
  it("answers by the rules: any sat an empty page echoing offset, a known token its example, others 404", async () => {
    await start();
    expect(await get("/ordinals/v1/sats/5000000000/inscriptions?offset=20")).toMatchObject({
      status: 200,
      body: { limit: 20, offset: 20, total: 0, results: [] },
    });
    expect(await get(`${TOKEN}/35`)).toMatchObject({
      status: 200,
      body: { metadata: { name: "key-alex-autoalex-v1 #35" } },
    });
    expect(await get(`${TOKEN}/99`)).toMatchObject({ status: 404, body: { error: "Token not found" } });
    expect(await get("/ordinals/v1/sats/5000000000/inscriptions?limit=61")).toMatchObject({ status: 400 });
  });

  it("sends a 200's documented ETag and answers 304 with no body when it comes back", async () => {
    await start();
    const first = await get(`${TOKEN}/35`);
    const etag = first.headers.get("etag");
    expect(etag).toBe(spec.components.headers.ETag?.example);
    const again = await get(`${TOKEN}/35`, { headers: { "if-none-match": `W/${etag}` } });
    expect(again).toMatchObject({ status: 304, body: "" });
    expect(again.headers.get("etag")).toBe(etag);
    // Errors carry none, and the Ordinals API sends none.
    expect((await get(`${TOKEN}/99`)).headers.get("etag")).toBeNull();
    expect((await get("/ordinals/v1/sats/5000000000/inscriptions")).headers.get("etag")).toBeNull();
  });

  it("answers a browser app: CORS on every answer, a preflight, HEAD without a body", async () => {
    await start();
    const answer = await get(`${TOKEN}/35`, { headers: { origin: "http://app.test" } });
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-allow-credentials")).toBeNull(); // any page, never with credentials
    expect(answer.headers.get("access-control-expose-headers")).toContain("ratelimit-remaining");
    const preflight = await fetch(`${mock?.url}${TOKEN}/35`, {
      method: "OPTIONS",
      headers: { origin: "http://app.test", "access-control-request-headers": "x-api-key" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toBe("x-api-key");
    const head = await fetch(`${mock?.url}${TOKEN}/35`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("shows the rate limit on every answer, and answers 429 with retry-after once the budget is spent", async () => {
    let now = 1_000_000;
    await start({ rateLimit: { limit: 2, windowMs: 60_000 }, now: () => now });
    const first = await get(`${TOKEN}/35`);
    expect(["limit", "remaining", "reset"].map((name) => first.headers.get(`ratelimit-${name}`))).toEqual([
      "2",
      "1",
      "60",
    ]);
    now += 15_000;
    expect((await get(`${TOKEN}/99`)).headers.get("ratelimit-remaining")).toBe("0");
    const refused = await get(`${TOKEN}/35`);
    expect(refused).toMatchObject({ status: 429, body: { message: "API rate limit exceeded" } });
    expect(refused.headers.get("retry-after")).toBe("45");
    expect(refused.headers.get("ratelimit-reset")).toBe("45");
    now += 45_000; // a new window
    const later = await get(`${TOKEN}/35`);
    expect([later.status, later.headers.get("ratelimit-remaining")]).toEqual([200, "1"]);
  });

  it("lets a client read the rate limit (.withResponse()), pace itself by it, and read a 429 as rate_limited", async () => {
    await start({ rateLimit: { limit: 1, windowMs: 60_000 } });
    const client = createLookupClient({ baseUrl: mock?.url, maxRetries: 0 });
    const { rateLimit } = await client.getSftMetadata({ principal: PRINCIPAL, token_id: 35 }).withResponse();
    expect(rateLimit).toMatchObject({ limit: 1, remaining: 0 });
    // The pacer learnt that the window is spent: it holds the next lookup (here past its deadline).
    const held = await client
      .getSftMetadata({ principal: PRINCIPAL, token_id: 35 }, { signal: AbortSignal.timeout(300) })
      .catch((e: unknown) => e);
    expect(held).toBeInstanceOf(Error);
    // A client that knows nothing yet is refused: 429, with the wait the mock asked for.
    const other = createLookupClient({ baseUrl: mock?.url, maxRetries: 0 });
    const error = await other.getSftMetadata({ principal: PRINCIPAL, token_id: 35 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect(error).toMatchObject({ kind: "rate_limited", status: 429 });
    expect((error as HiroApiError).retryAfterMs).toBeGreaterThan(50_000);
  });

  // Issue 47: Hiro's 50 a minute made the pacer space a client's calls 1.2 s apart (verify took 30 s, an
  // MCP call 1.2 s); the default shows the headers and the pacer at work without slowing anything.
  it("announces a budget by default that a client's pacer spreads 20 ms apart, not Hiro's 1.2 s", async () => {
    await start();
    const answer = await get(`${TOKEN}/35`);
    expect(answer.headers.get("ratelimit-limit")).toBe(String(MOCK_BUDGET.limit));
    // The client's pacer's figures: no maxRequestsPerSecond, the 60 s ceiling.
    const rules = { intervalMs: 0, ceilingMs: 60_000, probeHoldMs: 60_000, unsaidPauseMs: 0 };
    const gate = createMemoryPace();
    const probe = gate.take(TOKEN, 0, rules, 0);
    expect(probe.go).toBe(true);
    gate.learn(
      TOKEN,
      probe.go ? probe.ticket : -1,
      0,
      rules,
      answer.status,
      readRateLimit(answer.headers, 0),
    );
    expect(gate.take(TOKEN, 0, rules, 0).go).toBe(true);
    const next = gate.take(TOKEN, 0, rules, 0);
    expect(next).toEqual({ go: false, waitMs: expect.any(Number), hold: "wait", why: "budget spread" });
    expect(next.waitMs).toBeLessThan(21); // 60 s over the 2,999 left; 50 a minute: 1,224 ms
    expect(MOCK_BUDGET).toEqual({ limit: 3000, windowMs: 60_000 });
  });

  it("has no rate limit when told so: no headers, never a 429", async () => {
    await start({ rateLimit: { limit: 1, windowMs: 60_000 } });
    await mock?.close();
    await start({ rateLimit: false });
    for (let i = 0; i < 3; i++) {
      const answer = await get(`${TOKEN}/35`);
      expect([answer.status, answer.headers.get("ratelimit-limit")]).toEqual([200, null]);
    }
  });

  it("picks any documented answer by Prefer, whatever the id; code=429 carries the spec's retry-after", async () => {
    await start();
    expect(await get(`${TOKEN}/35`, { headers: { prefer: "example=tokenError" } })).toMatchObject({
      status: 422,
      body: { error: "Token error" },
    });
    const limited = await get(`${TOKEN}/1`, { headers: { prefer: "code=429" } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe(String(spec.components.headers.RetryAfter?.example));
    const failing = await get(`${TOKEN}/1`, { headers: { prefer: "code=500" } });
    expect(failing).toMatchObject({ status: 500, body: { error: "Internal Server Error" } });
    // Not a network drop: the spec's 500 is a server's own failure.
    expect(JSON.stringify(failing.body)).not.toMatch(/connection|terminated/i);
    const unknown = await get(`${TOKEN}/1`, { headers: { prefer: "code=418" } });
    expect(unknown).toMatchObject({
      status: 500,
      body: { message: expect.stringContaining("tokenError (422)") },
    });
  });

  it("answers what is not a lookup as Fastify does (404), and a broken %-escape with 400, serving on", async () => {
    await start();
    expect(await get("/nope")).toMatchObject({
      status: 404,
      body: { message: "Route GET:/nope not found", error: "Not Found", statusCode: 404 },
    });
    expect((await get(`${TOKEN}/35`, { method: "POST", body: "{}" })).status).toBe(404);
    expect((await get("/metadata/v1/sft/%/1")).status).toBe(400);
    expect((await get(`${TOKEN}/35`)).status).toBe(200);
  });

  it("refuses a taken port by name, never another port", async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = other.address() as AddressInfo;
      const refused = startRulesMock({ port, portVariable: "--port" });
      await expect(refused).rejects.toBeInstanceOf(MockPortError);
      await expect(refused).rejects.toThrow(`port ${port}`);
      await expect(refused).rejects.toThrow("--port=<port>");
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
