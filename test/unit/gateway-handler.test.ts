/** The gateway's web handler against an injected upstream: routes, checks, headers, key, coalescing. */
import { describe, expect, it } from "vitest";
import { operations } from "../../src/generated/operations.js";
import { HiroValidationError } from "../../src/index.js";
import { createLookupHandler } from "../../src/server/index.js";
import { json, ORDINAL, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture("tma-sft-200-valid-metadata");
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;

/** An upstream that answers every spec route with a body its lookup accepts. */
function upstream(request: Request): Response {
  const url = new URL(request.url);
  const query = url.searchParams;
  const page = (results: unknown[] = []) => ({
    limit: Number(query.get("limit") ?? 20),
    offset: Number(query.get("offset") ?? 0),
    total: results.length,
    results,
  });
  if (url.pathname.includes("/sft/") || url.pathname.includes("/nft/"))
    return json(TOKEN, 200, { etag: '"1713571767.123"', "set-cookie": "session=upstream" });
  if (url.pathname.endsWith("/search")) return json([]);
  if (url.pathname === "/metadata/v1/")
    return json({ server_version: "x", status: "ready", chain_tip: null });
  if (url.pathname.startsWith("/metadata/v1/ft/"))
    return json({ tx_id: "0x00", sender_address: "SP000", asset_identifier: `${url.pathname.slice(16)}::t` });
  return json(page());
}

/** A concrete path for each operation of the table, with its path parameters filled in. */
const SAMPLES: Record<string, string> = {
  principal: PRINCIPAL,
  token_id: "35",
  ordinal: String(ORDINAL),
  tx_id: TX_ID,
};
const pathOf = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLES[name] ?? "");

describe("routes: exactly the spec's GET routes", () => {
  it("serves every operation of the table on its own path, asking upstream on that path", async () => {
    const { get, requests } = testGateway(upstream);
    for (const operation of Object.values(operations)) {
      const query = operation.path.endsWith("/search") ? `?contract=${PRINCIPAL}` : "";
      const response = await get(pathOf(operation.path) + query);
      expect(response.status, operation.path).toBe(200);
      expect(new URL(requests.at(-1)?.url ?? "").pathname).toBe(pathOf(operation.path));
    }
    expect(requests).toHaveLength(Object.keys(operations).length);
  });

  it("answers 404 for a path outside the spec, and 405 (Allow: GET, HEAD) for another method on a spec route, asking nothing", async () => {
    const { get, requests } = testGateway(upstream);
    for (const target of [
      "/",
      "/metadata/v1/other",
      "/metadata/v2/ft",
      "/extended/v1/tx",
      "/metadata/v1/sft/x",
    ]) {
      const response = await get(target);
      expect(response.status, target).toBe(404);
      expect(await response.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
    }
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const response = await get(SFT, {}, method);
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
    }
    expect(requests).toHaveLength(0);
  });

  it("routes by path alone: the Host of the request changes nothing, and an upstream of the caller's choosing is never asked", async () => {
    const { gateway, requests } = testGateway(upstream);
    const response = await gateway.fetch(new Request(`http://evil.example${SFT}`));
    expect(response.status).toBe(200);
    expect(new URL(requests[0]?.url ?? "").origin).toBe("http://127.0.0.1:3999");
    const absolute = await gateway.answer({ method: "GET", target: `http://evil.example${SFT}` });
    expect(absolute.status).toBe(400);
    const protocolRelative = await gateway.answer({ method: "GET", target: `//evil.example${SFT}` });
    expect(protocolRelative.status).toBe(400);
    expect(requests).toHaveLength(1);
  });
});

describe("mounted under a path (a Next.js route at app/api/hiro/[...path])", () => {
  it("serves the spec's routes under basePath, and nothing outside it", async () => {
    const { get, requests } = testGateway(upstream, { basePath: "/api/hiro/" });
    expect((await get(`/api/hiro${SFT}`)).status).toBe(200);
    expect(new URL(requests[0]?.url ?? "").pathname).toBe(SFT);
    expect((await get(SFT)).status).toBe(404);
    expect(requests).toHaveLength(1);
  });
});

describe("parameters: the client's own checks, before anything is sent", () => {
  it("refuses a bad parameter with the service's 400 body (Fastify's shape; the Ordinals constant)", async () => {
    const { get, requests } = testGateway(upstream);
    const badId = await get(`/metadata/v1/sft/${PRINCIPAL}/abc`);
    expect(badId.status).toBe(400);
    const body = (await badId.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ statusCode: 400, error: "Bad Request", code: "FST_ERR_VALIDATION" });
    expect(body.message).toMatch(/^params\/token_id /);
    const badLimit = await get(`/runes/v1/transactions/${TX_ID}/activity?limit=61`);
    expect(badLimit.status).toBe(400);
    expect(((await badLimit.json()) as { message: string }).message).toMatch(/^querystring\/limit /);
    const badSat = await get("/ordinals/v1/sats/-1/inscriptions");
    expect(badSat.status).toBe(400);
    expect(await badSat.json()).toEqual({ error: "Invalid satoshi ordinal number" });
    const many = Array.from({ length: 51 }, (_, i) => `contract=${PRINCIPAL}:${i + 1}`).join("&");
    const tooMany = await get(`/metadata/v1/search?${many}`);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { message: string }).message).toMatch(/^querystring\/contract /);
    const twice = await get(`/runes/v1/transactions/${TX_ID}/activity?limit=5&limit=6`);
    expect(twice.status).toBe(400);
    expect(requests).toHaveLength(0);
  });

  it("sends upstream the canonical request: defaults, ids written another way, unknown keys dropped", async () => {
    const { get, requests } = testGateway(upstream);
    await get(`/runes/v1/transactions/${TX_ID.toUpperCase()}/activity?limit=20&utm=x`);
    const sent = new URL(requests[0]?.url ?? "");
    expect(sent.pathname).toBe(`/runes/v1/transactions/${TX_ID}/activity`);
    expect(sent.searchParams.has("utm")).toBe(false);
  });

  it("takes the deployment's own page maximum (the client's maxLimit) instead of the spec's 60", async () => {
    const { get, requests } = testGateway(upstream, { upstream: { maxLimit: { runes: 100 } } });
    expect((await get(`/runes/v1/transactions/${TX_ID}/activity?limit=80`)).status).toBe(200);
    expect(new URL(requests[0]?.url ?? "").searchParams.get("limit")).toBe("80");
    expect((await get(`/runes/v1/transactions/${TX_ID}/activity?limit=101`)).status).toBe(400);
    expect((await get(`/ordinals/v1/sats/${ORDINAL}/inscriptions?limit=61`)).status).toBe(400);
    expect(requests).toHaveLength(1);
  });

  it("refuses what the service refuses, even where the client would mend it (a tx id with 0x)", async () => {
    const { get, requests } = testGateway(upstream);
    const response = await get(`/runes/v1/transactions/0x${TX_ID}/activity`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^params\/tx_id must match pattern/,
    );
    expect(requests).toHaveLength(0);
  });
});

describe("headers: what a caller needs, never the key, never a cookie", () => {
  it("passes status, body, content-type and ETag with its own Cache-Control; the key goes upstream only", async () => {
    const { get, requests } = testGateway(upstream, {
      upstream: { apiKey: "secret-key-123456" },
      fresh: 10_000,
    });
    const response = await get(SFT);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(TOKEN);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("etag")).toBe('"1713571767.123"');
    expect(response.headers.get("cache-control")).toBe("public, max-age=10");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect([...response.headers.values()].join(" ")).not.toContain("secret-key-123456");
    expect(requests[0]?.headers.get("x-api-key")).toBe("secret-key-123456");
  });

  it("blanks the key out of a body that echoes it", async () => {
    const { get } = testGateway(() => json({ error: "bad key secret-key-123456" }, 401), {
      upstream: { apiKey: "secret-key-123456" },
    });
    const response = await get(SFT);
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain("secret-key-123456");
  });

  it("answers a caller's matching If-None-Match with 304", async () => {
    const { get } = testGateway(upstream);
    await get(SFT);
    const again = await get(SFT, { "if-none-match": '"1713571767.123"' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("adds CORS headers for an allowed origin only, and answers its preflight", async () => {
    const { get } = testGateway(upstream, { corsOrigins: ["https://app.example"] });
    const allowed = await get(SFT, { origin: "https://app.example" });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example");
    const other = await get(SFT, { origin: "https://evil.example" });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await get(SFT, { origin: "https://app.example" }, "OPTIONS");
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD");
    const none = await testGateway(upstream).get(SFT, { origin: "https://app.example" });
    expect(none.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("one upstream request for many callers", () => {
  it("coalesces identical requests in flight, whatever way their ids are written", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { get, requests } = testGateway(async (request) => {
      await gate;
      return upstream(request);
    });
    const targets = [SFT, `/metadata/v1/sft/${PRINCIPAL}/035`, `${SFT}?locale=`];
    const answers = Array.from({ length: 30 }, (_, i) => get(targets[i % targets.length] ?? SFT));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    const responses = await Promise.all(answers);
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it("asks again for the next caller after a failed request (no key wedges)", async () => {
    let calls = 0;
    const { get, requests } = testGateway(
      (request) => (++calls === 1 ? json({ message: "boom" }, 500) : upstream(request)),
      { upstream: { maxRetries: 0 } },
    );
    expect((await get(SFT)).status).toBe(500);
    expect((await get(SFT)).status).toBe(200);
    expect(requests).toHaveLength(2);
  });
});

describe("the gateway's options", () => {
  it("refuses a bad number by name, its value shown without control characters", () => {
    const hostile = "\u001b[2J\u0007" as unknown;
    const refusal = (() => {
      try {
        createLookupHandler({ fresh: hostile as number });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(HiroValidationError);
    expect((refusal as HiroValidationError).parameter).toBe("fresh");
    const message = (refusal as Error).message;
    expect([...message].filter((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)).toEqual([]);
  });

  // Issue 47: `createLookupHandler({ baseUrl })` (the client's option, at the top level) was silently
  // ignored, so every lookup went to the default host. Plain JavaScript has no type check to catch it.
  it("refuses an unknown option by name, a client option at the top level pointed to upstream", () => {
    const refusal = (options: unknown) => {
      try {
        createLookupHandler(options as Parameters<typeof createLookupHandler>[0]);
      } catch (error) {
        return error;
      }
    };
    const baseUrl = refusal({ baseUrl: "http://127.0.0.1:3999" });
    expect(baseUrl).toBeInstanceOf(HiroValidationError);
    expect(baseUrl).toMatchObject({ parameter: "baseUrl" });
    expect((baseUrl as Error).message).toMatch(/^baseUrl: is not an option of createLookupHandler/);
    expect((baseUrl as Error).message).toContain(
      "the lookup client's options (baseUrl, apiKey, timeoutMs, …) go under upstream",
    );
    expect(refusal({ fresh: 5, corsOrigin: ["*"] })).toMatchObject({ parameter: "corsOrigin" });
    // The options it knows, each accepted.
    expect(refusal({ upstream: { baseUrl: "http://127.0.0.1:3999" }, fresh: 0, basePath: "/api" })).toBe(
      undefined,
    );
  });
});
