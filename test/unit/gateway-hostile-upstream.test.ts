/**
 * The gateway in front of an upstream that answers in shapes it should not: HTML labels, a key echoed
 * in a header, an ETag that does not follow the body, a huge Retry-After, many slow answers at once.
 * What reaches a caller is what the gateway would write itself.
 */
import { describe, expect, it } from "vitest";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture<{ metadata: Record<string, unknown> }>("tma-sft-200-valid-metadata");
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;

describe("content types (item 5)", () => {
  it("serves a kept 200 labelled text/html as JSON, with nosniff", async () => {
    const { get } = testGateway(
      () => new Response(JSON.stringify(TOKEN), { headers: { "content-type": "text/html" } }),
    );
    for (let i = 0; i < 2; i++) {
      const answer = await get(SFT);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("keeps no 404 that is not JSON, and passes it on as plain text", async () => {
    const { get, requests } = testGateway(
      () =>
        new Response("<script>alert(1)</script>", { status: 404, headers: { "content-type": "text/html" } }),
    );
    for (let i = 0; i < 2; i++) {
      const answer = await get(SFT);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect(requests).toHaveLength(2);
  });

  it("puts nosniff on its own refusals too", async () => {
    const { get } = testGateway(() => json(TOKEN));
    const refused = await get("/nowhere");
    expect(refused.status).toBe(404);
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("an upstream 429 (items 3 and 11)", () => {
  const refusing = (retryAfter: string) => () =>
    json({ error: "Too Many Requests" }, 429, { "retry-after": retryAfter });

  it("holds no caller for a Retry-After past maxPaceWaitMs: the gateway's 429 at once, upstream asked once", async () => {
    // The real clock: a caller held for the 56 s would run past the test's time limit.
    const { get, requests } = testGateway(refusing("56"), { now: Date.now, maxPaceWaitMs: 200 });
    const answer = await get(SFT);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("56");
    expect(requests).toHaveLength(1);
  });

  it("waits for a Retry-After that fits in maxPaceWaitMs, through its pace, and asks again", async () => {
    let refused = false;
    const { get, requests } = testGateway(
      () => {
        if (refused) return json(TOKEN);
        refused = true;
        return json({ error: "Too Many Requests" }, 429, { "retry-after": "1" });
      },
      { now: Date.now, maxPaceWaitMs: 3_000 },
    );
    expect((await get(SFT)).status).toBe(200);
    expect(requests).toHaveLength(2);
  });

  it("shuts the origin for 10 minutes at most after a day's Retry-After, then probes", async () => {
    let refusing429 = true;
    const { get, requests, clock } = testGateway(() =>
      refusing429 ? json({ error: "Too Many Requests" }, 429, { "retry-after": "86400" }) : json(TOKEN),
    );
    const first = await get(SFT);
    expect(first.status).toBe(429);
    expect(Number(first.headers.get("retry-after"))).toBeLessThanOrEqual(600);
    refusing429 = false;
    clock.advance(590_000); // 10 s left of the 10 min: more than maxPaceWaitMs
    expect((await get(SFT)).status).toBe(429);
    expect(requests).toHaveLength(1);
    clock.advance(10_001);
    expect((await get(SFT)).status).toBe(200);
    expect(requests).toHaveLength(2);
  });
});

describe("upstream requests in flight (item 12)", () => {
  it("asks at most 16 at once per origin of an upstream that announces no rate limit", async () => {
    let inFlight = 0;
    let most = 0;
    const { get, requests } = testGateway(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return json(TOKEN);
    });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => get(`/metadata/v1/sft/${PRINCIPAL}/${i + 1}`)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(requests).toHaveLength(100);
    expect(most).toBeLessThanOrEqual(16);
    expect(most).toBeGreaterThan(1);
  });
});

describe("ETags (items 4 and 6)", () => {
  it("never passes on an ETag that holds the key: the gateway's own tag instead", async () => {
    const key = "team-key-0123456789abcdef";
    const { get } = testGateway(() => json(TOKEN, 200, { etag: `W/"${key}"` }), {
      upstream: { apiKey: key, baseUrl: "https://api.hiro.so" },
    });
    const answer = await get(SFT);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("etag")).not.toContain(key);
    expect(answer.headers.get("etag")).toMatch(/^W\/"hl-[0-9a-z]+"$/);
  });

  it("gives a locale answer its own tag, which follows the body: no 304 after the body changed", async () => {
    let name = "first";
    const { get, clock } = testGateway(
      () =>
        json({ ...TOKEN, metadata: { ...TOKEN.metadata, name } }, 200, {
          etag: '"same"',
        }),
      { fresh: 1_000 },
    );
    const target = `${SFT}?locale=es`;
    const first = await get(target);
    const tag = first.headers.get("etag") ?? "";
    expect(tag).not.toBe('"same"');
    name = "changed";
    clock.advance(1_001);
    const again = await get(target, { "if-none-match": tag });
    expect(again.status).toBe(200);
    expect(again.headers.get("etag")).not.toBe(tag);
    expect((await get(target, { "if-none-match": again.headers.get("etag") ?? "" })).status).toBe(304);
  });
});

describe("the headers caches speak: Cache-Status (RFC 9211) and Age (RFC 9111)", () => {
  it("says miss, then hit with its ttl, revalidated as fwd=stale with upstream's 304, and an Age", async () => {
    const { get, clock } = testGateway(
      (request) =>
        request.headers.get("if-none-match") === '"1"'
          ? new Response(null, { status: 304, headers: { etag: '"1"' } })
          : json(TOKEN, 200, { etag: '"1"' }),
      { fresh: 10_000 },
    );
    const miss = await get(SFT);
    expect(miss.headers.get("cache-status")).toBe("hiro-lookup; fwd=miss; fwd-status=200; stored; ttl=10");
    expect(miss.headers.get("age")).toBe("0");
    clock.advance(3_000);
    const hit = await get(SFT);
    expect(hit.headers.get("cache-status")).toBe("hiro-lookup; hit; ttl=7");
    expect(hit.headers.get("age")).toBe("3");
    clock.advance(8_000);
    const revalidated = await get(SFT);
    expect(revalidated.headers.get("cache-status")).toBe(
      "hiro-lookup; fwd=stale; fwd-status=304; stored; ttl=10",
    );
  });

  it("says stale with upstream's status while upstream fails, collapsed for a caller that waited, and marks its own answers", async () => {
    let failing = false;
    const { get, clock } = testGateway(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return failing ? json({ message: "down" }, 503) : json(TOKEN);
      },
      { fresh: 1_000, upstream: { maxRetries: 0 } },
    );
    const [first, second] = await Promise.all([get(SFT), get(SFT)]);
    expect(first?.headers.get("cache-status")).not.toContain("collapsed");
    expect(second?.headers.get("cache-status")).toContain("; collapsed");
    failing = true;
    clock.advance(1_001);
    const stale = await get(SFT);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("cache-status")).toMatch(
      /^hiro-lookup; fwd=stale; fwd-status=503; ttl=-?\d+; detail=/,
    );
    expect((await get("/nowhere")).headers.get("cache-status")).toMatch(/^hiro-lookup; detail=/);
  });
});

describe("what load balancers, browsers and Next.js send (items 13, 14, 15)", () => {
  it("answers HEAD as GET without a body; Allow says GET, HEAD", async () => {
    const { get } = testGateway(() => json(TOKEN));
    const head = await get(SFT, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = await get(SFT, {}, "POST");
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("says Vary: Origin whenever CORS is on, an Origin sent or not", async () => {
    const { get } = testGateway(() => json(TOKEN), { corsOrigins: ["https://app.example"] });
    expect((await get(SFT)).headers.get("vary")).toBe("origin");
    expect((await get(SFT, { origin: "https://other.example" })).headers.get("vary")).toBe("origin");
  });

  it("lets a preflight send the trace headers by default, and the headers it is given", async () => {
    const { get } = testGateway(() => json(TOKEN), {
      corsOrigins: ["https://app.example"],
      corsAllowHeaders: ["X-App-Version"],
    });
    const preflight = await get(SFT, { origin: "https://app.example" }, "OPTIONS");
    expect(preflight.status).toBe(204);
    const allowed = preflight.headers.get("access-control-allow-headers") ?? "";
    for (const name of ["if-none-match", "traceparent", "tracestate", "baggage", "x-app-version"])
      expect(allowed).toContain(name);
  });

  it("takes the status route without its slash, as upstream does, with a basePath or without", async () => {
    const status = { server_version: "token-metadata-api v2.2.0", status: "ready" };
    for (const basePath of ["", "/api/hiro"]) {
      const { get, requests } = testGateway(() => json(status), { basePath });
      expect((await get(`${basePath}/metadata/v1`)).status).toBe(200);
      expect(new URL(requests[0]?.url ?? "http://x").pathname).toBe("/metadata/v1/");
    }
  });
});
