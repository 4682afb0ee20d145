/**
 * The guide's `node:http` bridge to `createLookupHandler` ("Mounting the handler"), run as written in
 * front of a local upstream: a lookup, its 304 for the caller's `If-None-Match`, the 413 of a GET that
 * sends a body, and a caller's odd `Host` that neither crashes the process nor changes the route.
 */
import { once } from "node:events";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRINCIPAL } from "../helpers/fake-fetch.js";
import { ROOT } from "../helpers/spec.js";
import { upstreamFixtureText } from "../helpers/upstream-fixtures.js";

const guide = readFileSync(join(ROOT, "docs/guide.md"), "utf8");
const bridge = /bridge `node:http` to `Request` and back[\s\S]*?```js\n([\s\S]*?)```/.exec(guide)?.[1] ?? "";
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;
const ETAG = '"1713571767.123"';

let upstream: Server;
let gateway: Server;
let upstreamRequests = 0;

/** One raw request to the bridge (any Host, any body), its status, headers and body. */
function ask(path: string, headers: Record<string, string> = {}, body?: string) {
  const { port } = gateway.address() as AddressInfo;
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET", headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on("error", reject);
      req.end(body);
    },
  );
}

beforeAll(async () => {
  expect(bridge).toContain("server.listen(3999");
  upstream = createServer((req, res) => {
    upstreamRequests++;
    if (req.headers["if-none-match"] === ETAG) return void res.writeHead(304, { etag: ETAG }).end();
    res.writeHead(200, { "content-type": "application/json", etag: ETAG });
    res.end(upstreamFixtureText("tma-sft-200-valid-metadata"));
  });
  upstream.listen(0, "127.0.0.1");
  await once(upstream, "listening");
  process.env.HIRO_BASE_URL = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const dir = join(ROOT, ".tmp/guide-node-bridge");
  mkdirSync(dir, { recursive: true });
  // As written, on a free port instead of 3999, and with the package's entry from the source.
  const file = join(dir, "bridge.mjs");
  writeFileSync(
    file,
    `${bridge
      .replace('"hiro-lookup/server"', JSON.stringify(join(ROOT, "src/server/index.ts")))
      .replace("server.listen(3999,", "server.listen(0,")}\nexport { server };\n`,
  );
  gateway = ((await import(file)) as { server: Server }).server;
  if (!gateway.listening) await once(gateway, "listening");
});

afterAll(() => {
  gateway?.close();
  upstream?.close();
});

describe("the guide's node:http bridge", () => {
  it("answers a lookup, then a 304 for the caller's If-None-Match", async () => {
    const first = await ask(SFT);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ metadata: expect.any(Object) });
    expect(first.headers.etag).toBe(ETAG);
    const again = await ask(SFT, { "if-none-match": ETAG });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
  });

  it("refuses a GET that sends a body with 413, unread and not asked upstream", async () => {
    const before = upstreamRequests;
    const refused = await ask(
      `/metadata/v1/sft/${PRINCIPAL}/36`,
      { "content-type": "text/plain", "content-length": "1" },
      "x",
    );
    expect(refused.status, refused.body).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({ message: "requests have no body" });
    expect(upstreamRequests).toBe(before);
  });

  it("routes by path whatever Host the caller sends, and stays up", async () => {
    const odd = await ask(SFT, { host: "a b" });
    expect(odd.status).toBe(200);
    expect((await ask(SFT)).status).toBe(200);
  });
});
