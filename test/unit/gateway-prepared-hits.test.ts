/**
 * Memory hits as prepared answers (prepared-hits.ts): the body's UTF-8 encoded once, a hit's answer the
 * same (frozen) while its Age and freshness left hold, rebuilt when a second passes or the validator's
 * outcome differs; serve's Node writer sends the bytes with their length; HEAD drops them.
 */
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createGatewayServer } from "../../src/cli/serve/node-server.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

// A name past ASCII: its UTF-8 is longer than its text (the length must be the bytes').
const TOKEN = {
  ...upstreamFixture<Record<string, unknown>>("tma-sft-200-valid-metadata"),
  name: "Tōken ☃ 🚀",
};
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;
const ETAG = '"1713571767.123"';
const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("prepared memory hits", () => {
  it("gives the same frozen answer with the body's UTF-8 while its seconds hold, and a new one after", async () => {
    const { gateway, clock } = testGateway(() => json(TOKEN, 200, { etag: ETAG }), { fresh: 60_000 });
    const miss = await gateway.answer({ method: "GET", target: SFT });
    expect(miss.headers["cache-status"]).toMatch(/fwd=miss/);
    // Past the stored millisecond (there the freshness left is still whole: 60 s, then 59 s).
    clock.advance(1);
    const first = await gateway.answer({ method: "GET", target: SFT });
    clock.advance(300);
    const second = await gateway.answer({ method: "GET", target: SFT });
    expect(second).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.headers)).toBe(true);
    expect(first.bytes).toEqual(new TextEncoder().encode(first.body));
    expect(JSON.parse(first.body)).toEqual(TOKEN);
    // A second later: Age and the freshness left moved, so the answer is new (its bytes the same).
    clock.advance(1_000);
    const later = await gateway.answer({ method: "GET", target: SFT });
    expect(later).not.toBe(first);
    expect(later.headers.age).toBe("1");
    expect(later.headers["cache-control"]).not.toBe(first.headers["cache-control"]);
    expect(later.bytes).toBe(first.bytes);
    // The caller's matching tag: a 304 of its own, no body.
    const notModified = await gateway.answer({ method: "GET", target: SFT, ifNoneMatch: ETAG });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes).toBeUndefined();
    // HEAD: no body, nor bytes.
    const head = await gateway.answer({ method: "HEAD", target: SFT });
    expect(head).toMatchObject({ status: 200, body: "" });
    expect(head.bytes).toBeUndefined();
  });

  it("is written by serve's Node server as its bytes, with their length, the same on every hit", async () => {
    const { gateway } = testGateway(() => json(TOKEN, 200, { etag: ETAG }), { fresh: 60_000 });
    const server = createGatewayServer({ gateway });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SFT}`;
    const expected = Buffer.from(JSON.stringify(TOKEN));
    for (const outcome of [/fwd=miss/, /; hit/, /; hit/]) {
      const response = await fetch(url);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("cache-status")).toMatch(outcome);
      expect(JSON.parse(bytes.toString("utf8"))).toEqual(TOKEN);
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      expect(bytes.length).toBe(expected.length);
      expect(response.headers.get("etag")).toBe(ETAG);
    }
  });

  it("answers HEAD through serve's Node server with the GET's Content-Length and no body (RFC 9110 §8.6)", async () => {
    const { gateway } = testGateway(() => json(TOKEN, 200, { etag: ETAG }), { fresh: 60_000 });
    const server = createGatewayServer({ gateway });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SFT}`;
    const length = String(Buffer.byteLength(JSON.stringify(TOKEN)));
    // A miss, then a hit: each HEAD says the length a GET would send.
    for (const outcome of [/fwd=miss/, /; hit/]) {
      const head = await fetch(url, { method: "HEAD" });
      expect(head.headers.get("cache-status")).toMatch(outcome);
      expect(head.headers.get("content-length")).toBe(length);
      expect(await head.text()).toBe("");
    }
    expect((await fetch(url)).headers.get("content-length")).toBe(length);
  });
});
