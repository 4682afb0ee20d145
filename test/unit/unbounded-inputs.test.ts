/**
 * Three hostile inputs of issue 29's last item: a base URL of 40,000 slashes (a backtracking regex spent
 * ~4 s stripping it), a `raw` call whose ETag store never answers (it never settled: raw calls have no
 * deadline of their own), and a broken %-escape sent to the msw kit (answered 500 with a stack trace).
 */
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient, type EtagStore, etagCache, HiroValidationError } from "../../src/index.js";
import { createHandlers } from "../../src/msw/index.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

describe("a base URL of 40,000 slashes", () => {
  it("is stripped of its trailing slashes, or refused, at once", () => {
    const trailing = `http://127.0.0.1:3999/x${"/".repeat(40_000)}`;
    const client = createLookupClient({ baseUrl: trailing });
    expect(client).toBeDefined();
    // A run of slashes followed by something else is a path of its own: kept (and sent as given).
    const inside = `http://127.0.0.1:3999${"/".repeat(40_000)}a`;
    expect(() => createLookupClient({ baseUrl: inside })).not.toThrow(HiroValidationError);
  });
});

describe("a raw call whose ETag store never answers", () => {
  it("settles: the store is given a bounded time, then the call goes on without it", async () => {
    const stuck: EtagStore = { get: () => new Promise(() => {}), set: () => new Promise(() => {}) };
    const { client, requests } = createTestClient(() => json({ token_uri: "x" }, 200, { etag: '"1"' }), {
      middleware: [etagCache(stuck, { storeTimeoutMs: 50 })],
    });
    const { data, response } = await client.raw.GET("/metadata/v1/sft/{principal}/{token_id}", {
      params: { path: { principal: PRINCIPAL, token_id: 1 } },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ token_uri: "x" });
    expect(requests).toHaveLength(1);
  });
});

describe("the msw kit and a broken %-escape", () => {
  const server = setupServer(...createHandlers({ baseUrl: "http://kit.test" }));
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());

  it("answers the service's 400, not a 500 with a stack trace", async () => {
    const response = await fetch("http://kit.test/metadata/v1/sft/%/1");
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ statusCode: 400, code: "FST_ERR_BAD_URL" });
    expect(body).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});
