/** The gateway's cache: keyed canonically, fresh then revalidated, 404 and pending 422, bounded in bytes. */
import { describe, expect, it } from "vitest";
import { freshMsFor, PENDING_FRESH_MS, revalidatesByEtag } from "../../src/server/cache-policy.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture("tma-sft-200-valid-metadata");
const PENDING = upstreamFixture("tma-sft-422-fetch-in-progress");
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;
const ETAG = '"1713571767.123"';

/** Upstream with ETag and If-None-Match, as the Token Metadata API answers. */
function withEtag(request: Request): Response {
  if (request.headers.get("if-none-match") === ETAG)
    return new Response(null, { status: 304, headers: { etag: ETAG } });
  return json(TOKEN, 200, { etag: ETAG });
}

describe("cache: fresh, then revalidated", () => {
  it("serves within `fresh` without asking, then revalidates with If-None-Match and keeps the body on 304", async () => {
    const { get, requests, clock } = testGateway(withEtag, { fresh: 5_000 });
    await get(SFT);
    clock.advance(4_999);
    expect((await get(SFT)).status).toBe(200);
    expect(requests).toHaveLength(1);
    clock.advance(2);
    const revalidated = await get(SFT);
    expect(await revalidated.json()).toEqual(TOKEN);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers.get("if-none-match")).toBe(ETAG);
    // Fresh again from the revalidation.
    clock.advance(4_000);
    await get(SFT);
    expect(requests).toHaveLength(2);
  });

  it("with fresh 0, asks (revalidates) every time", async () => {
    const { get, requests } = testGateway(withEtag, { fresh: 0 });
    for (let i = 0; i < 3; i++) expect((await get(SFT)).status).toBe(200);
    expect(requests).toHaveLength(3);
    expect(requests.slice(1).every((r) => r.headers.get("if-none-match") === ETAG)).toBe(true);
  });

  it("never revalidates the fungible-token list by its ETag (the chain tip), nor a request with locale", async () => {
    const page = { limit: 20, offset: 0, total: 0, results: [] };
    const { get, requests, clock } = testGateway(() => json(page, 200, { etag: '"tip"' }), { fresh: 1_000 });
    await get("/metadata/v1/ft");
    clock.advance(1_001);
    await get("/metadata/v1/ft");
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers.get("if-none-match")).toBeNull();
    expect(revalidatesByEtag("getSftMetadata", { locale: "es" })).toBe(false);
    expect(revalidatesByEtag("getSftMetadata", {})).toBe(true);
  });

  it("keys by operation and canonical parameters: 35, 035 and an explicit default are one entry", async () => {
    const { get, requests } = testGateway(withEtag);
    await get(SFT);
    await get(`/metadata/v1/sft/${PRINCIPAL}/035`);
    await get(`${SFT}?locale=`);
    expect(requests).toHaveLength(1);
    await get(`/metadata/v1/nft/${PRINCIPAL}/35`);
    expect(requests).toHaveLength(2);
  });
});

describe("cache: 404 and 422 pending", () => {
  it("keeps a 404 for `fresh`", async () => {
    const { get, requests, clock } = testGateway(() => json({ error: "Token not found" }, 404), {
      fresh: 3_000,
    });
    expect((await get(SFT)).status).toBe(404);
    clock.advance(2_000);
    expect((await get(SFT)).status).toBe(404);
    expect(requests).toHaveLength(1);
    clock.advance(1_001);
    await get(SFT);
    expect(requests).toHaveLength(2);
  });

  it("keeps a pending token's 422 for at most 2 s, so it shows soon after upstream has it", async () => {
    let processed = false;
    const { get, requests, clock } = testGateway(() => (processed ? json(TOKEN) : json(PENDING, 422)), {
      fresh: 60_000,
    });
    expect((await get(SFT)).status).toBe(422);
    expect((await get(SFT)).status).toBe(422);
    expect(requests).toHaveLength(1);
    processed = true;
    clock.advance(PENDING_FRESH_MS);
    expect((await get(SFT)).status).toBe(200);
    expect(requests).toHaveLength(2);
    expect(freshMsFor(422, 500)).toBe(500);
  });

  it("never keeps a 5xx, a 429 or an upstream 400; passes a kept answer on while upstream fails", async () => {
    expect([400, 429, 500, 502, 503].map((s) => freshMsFor(s, 10_000))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    let failing = false;
    const { get, requests, clock } = testGateway(
      (request) => (failing ? json({ message: "down" }, 503) : withEtag(request)),
      { fresh: 1_000, upstream: { maxRetries: 0 } },
    );
    await get(SFT);
    failing = true;
    clock.advance(1_001);
    const stale = await get(SFT);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("cache-control")).toBe("no-cache");
    expect(requests).toHaveLength(2);
  });

  it("passes on, unkept, a 200 its lookup would refuse (an answer about another question)", async () => {
    const { get, requests } = testGateway(() => json("not an object"));
    expect((await get(SFT)).status).toBe(200);
    expect((await get(SFT)).status).toBe(200);
    expect(requests).toHaveLength(2);
  });
});

describe("cache: bounded in bytes", () => {
  it("keeps no more than memoryBytes: the least recently used goes first", async () => {
    const { get, requests } = testGateway(withEtag, { memoryBytes: 16_000 });
    const body = JSON.stringify(TOKEN).length;
    const fits = Math.floor(16_000 / (2 * body + 600));
    for (let id = 1; id <= fits + 3; id++) await get(`/metadata/v1/sft/${PRINCIPAL}/${id}`);
    const asked = requests.length;
    await get(`/metadata/v1/sft/${PRINCIPAL}/1`);
    expect(requests.length).toBe(asked + 1);
    await get(`/metadata/v1/sft/${PRINCIPAL}/${fits + 3}`);
    expect(requests.length).toBe(asked + 1);
  });
});
