/**
 * The mock's front before Prism (src/mock-server), in process, before the run's shared Prism (the global
 * setup's; `startMock`, which starts a front and a Prism together, is what the global setup, `npm start`
 * and `npm run mock` run): a ruled answer is served through Prism (its headers kept) with the envelope
 * echoing the request; a request with its own Prefer reaches Prism as it is; one the rules refuse gets the
 * service's 400 with Prism's `sl-violations`; the rules can be swapped while it runs.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type AnswerFor, answerFor, createAnswerFor } from "../../src/mock/index.js";
import { type MockFront, startFront } from "../../src/mock-server/front.js";

const TOKEN = "/metadata/v1/sft/SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const SATS = "/ordinals/v1/sats";
let mock: MockFront & { setRules(next: AnswerFor): void };

beforeAll(async () => {
  const prismPort = Number(new URL(inject("prismUrl")).port);
  let rules = answerFor;
  const front = await startFront({ port: 0, backend: () => prismPort, rules: () => rules });
  const setRules = (next: AnswerFor) => {
    rules = next;
  };
  mock = Object.assign(front, { setRules });
});
afterAll(() => mock?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${mock.url}${path}`, { headers: { origin: "http://app.test", ...headers } });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
};

describe("the mock's front", () => {
  it("answers an unknown sat with an empty page echoing offset and limit, with Prism's headers", async () => {
    const { status, headers, body } = await get(`${SATS}/5000000000/inscriptions?offset=20&limit=7`);
    expect(status).toBe(200);
    expect(body).toEqual({ limit: 7, offset: 20, total: 0, results: [] });
    expect(headers.get("access-control-allow-origin")).toBe("*"); // any page may read it, without credentials
    expect(headers.get("access-control-allow-credentials")).toBeNull();
    expect(headers.get("content-length")).toBe(String(JSON.stringify(body).length));
  });

  it("lets any page read it without credentials: no Origin reflected with Allow-Credentials, a preflight too", async () => {
    const evil = { origin: "https://evil.example" };
    for (const answer of [
      await get(`${TOKEN}/35`, evil),
      await get(`${TOKEN}/99`, { ...evil, prefer: "code=200, example=withoutMetadata" }),
    ]) {
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
      expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
    }
    const preflight = await fetch(`${mock.url}${TOKEN}/35`, {
      method: "OPTIONS",
      headers: { ...evil, "access-control-request-method": "GET" },
    });
    await preflight.arrayBuffer();
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("serves an example page through Prism with the limit asked, and a page no example is by the rules", async () => {
    const last = await get(`${SATS}/257418248345364/inscriptions?offset=2&limit=5`);
    expect(last.body).toMatchObject({ limit: 5, offset: 2, total: 3, results: [{ number: -183206 }] });
    const middle = await get(`${SATS}/257418248345364/inscriptions?offset=1&limit=1`);
    expect(middle.body).toMatchObject({ limit: 1, offset: 1, total: 3, results: [{ number: 4512877 }] });
  });

  it("answers tokens as the service does: an example, 422 in a locale it lacks, 404 unknown", async () => {
    expect((await get(`${TOKEN}/35?locale=es-MX`)).body).toMatchObject({
      metadata: { name: "key-alex-autoalex-v1 n.º 35" },
    });
    expect(await get(`${TOKEN}/35?locale=fr`)).toMatchObject({
      status: 422,
      body: { error: "Locale not found" },
    });
    expect(await get(`${TOKEN}/99`)).toMatchObject({ status: 404, body: { error: "Token not found" } });
  });

  it("leaves a request with its own Prefer to Prism, adding the status of an example named without one", async () => {
    expect((await get(`${TOKEN}/99`, { prefer: "code=200, example=withoutMetadata" })).body).toEqual({
      token_uri: "https://example.com/tokens/3.json",
      decimals: 6,
      total_supply: "1",
    });
    // Prism alone looks for a name without a code among the 200's examples: a 404 of its own.
    expect(await get(`${TOKEN}/99`, { prefer: "example=metadataFetchInProgress" })).toMatchObject({
      status: 422,
      body: { error: "Token metadata fetch in progress" },
    });
    expect(await get(`${SATS}/1/inscriptions`, { prefer: "example=invalidSatoshiOrdinal" })).toMatchObject({
      status: 400,
    });
    expect((await get(`${TOKEN}/99`, { prefer: "example=noSuchExample" })).status).toBe(404);
  });

  it("answers a request the spec refuses with the service's 400, naming the parameter, and Prism's sl-violations", async () => {
    // Prism alone answers an invalid token request with the operation's 422 ("fetch in progress").
    const principal = await get(`${TOKEN.toLowerCase()}/35`);
    expect(principal).toMatchObject({
      status: 400,
      body: { error: "Bad Request", message: expect.stringMatching(/^params\/principal must match pattern/) },
    });
    expect(principal.headers.get("sl-violations")).toContain("principal");
    expect(await get(`${TOKEN}/abc`)).toMatchObject({
      status: 400,
      body: { message: "params/token_id must be integer" },
    });
    const limit = await get(`/runes/v1/transactions/${"ab".repeat(32)}/activity?limit=61`);
    expect(limit).toMatchObject({ status: 400, body: { message: "querystring/limit must be <= 60" } });
    expect(limit.headers.get("content-length")).toBe(String(JSON.stringify(limit.body).length));
    const refused = await get(`${SATS}/1/inscriptions?limit=61`);
    expect(refused).toMatchObject({ status: 400, body: { error: "Invalid satoshi ordinal number" } });
    expect(refused.headers.get("sl-violations")).toContain("limit");
  });

  it("answers by the rules it is given, swapped while it runs", async () => {
    mock.setRules(createAnswerFor({}));
    try {
      // No examples at all: the token's contract is unknown, its answer written from the rules.
      expect(await get(`${TOKEN}/35`)).toMatchObject({ status: 404, body: { error: "Contract not found" } });
    } finally {
      mock.setRules(answerFor);
    }
    expect((await get(`${TOKEN}/35`)).status).toBe(200);
  });
});
