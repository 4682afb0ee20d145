/**
 * The misbehaving server itself, seen from a raw node:http client: the faults are staged on the wire
 * exactly as the fault matrix claims (framing, partial bodies, resets, timing), the script is consumed
 * in order with the last behaviour repeating, and `close()` leaves nothing open.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { describe, it } from "vitest";
import {
  BAD_GATEWAY_HTML,
  type Behaviour,
  behave,
  type MisbehavingServer,
  startMisbehavingServer,
} from "../helpers/misbehaving-server.js";

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** How the body ended: completely, or with the connection cut. */
  end: "complete" | "aborted";
  /** ms from sending the request to the end of the body. */
  elapsedMs: number;
}

/** One GET over a fresh connection, read to the end however it ends. */
function get(url: string, path = "/x", headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(`${url}${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let settled = false;
      const finish = (end: RawAnswer["end"]) => {
        if (settled) return;
        settled = true;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          end,
          elapsedMs: performance.now() - started,
        });
      };
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => finish(res.complete ? "complete" : "aborted"));
      res.on("aborted", () => finish("aborted"));
      res.on("error", () => finish("aborted"));
      res.on("close", () => finish(res.complete ? "complete" : "aborted"));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A server closed when the test ends (the tests run concurrently, so no shared afterEach). */
async function start(
  script: Behaviour[],
  onTestFinished: (fn: () => Promise<void>) => void,
): Promise<MisbehavingServer> {
  const server = await startMisbehavingServer(script);
  onTestFinished(() => server.close());
  return server;
}

const BODY = { limit: 20, offset: 0, total: 1, results: [{ id: "é€😀" }] };
const TEXT = JSON.stringify(BODY);

describe.concurrent("misbehaving server", () => {
  it("consumes the script in order, the last behaviour repeating, and records every request", async ({
    expect,
    onTestFinished,
  }) => {
    const server = await start(
      [behave.serviceUnavailable(), behave.json(200, BODY, { etag: '"v1"' })],
      onTestFinished,
    );
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await get(server.url, `/p?i=${i}`, { "x-api-key": `k${i}` }));
    expect(answers.map((a) => a.status)).toEqual([503, 200, 200]);
    expect(answers[1]?.headers.etag).toBe('"v1"');
    expect(JSON.parse(answers[2]?.body ?? "")).toEqual(BODY);
    expect(server.attempts).toBe(3);
    expect(server.requests.map((r) => [r.method, r.url, r.headers["x-api-key"]])).toEqual([
      ["GET", "/p?i=0", "k0"],
      ["GET", "/p?i=1", "k1"],
      ["GET", "/p?i=2", "k2"],
    ]);
  });

  it("429: Retry-After in seconds, as an HTTP date, or absent", async ({ expect, onTestFinished }) => {
    const server = await start(
      [behave.rateLimitedSeconds(1), behave.rateLimitedHttpDate(2000), behave.rateLimitedNoRetryAfter()],
      onTestFinished,
    );
    const seconds = await get(server.url);
    // The date is the server's clock + 2000 ms, its milliseconds dropped (an HTTP date has whole seconds):
    // more than 1000 ms after the request was sent, at most 2000 ms after its answer came, however long
    // the round trip took (on a busy machine, 130 ms once took the bound measured from after it below 900).
    const sent = Date.now();
    const date = await get(server.url);
    const answered = Date.now();
    const none = await get(server.url);
    expect([seconds.status, date.status, none.status]).toEqual([429, 429, 429]);
    expect(seconds.headers["retry-after"]).toBe("1");
    expect(String(date.headers["retry-after"])).toMatch(
      /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} [\d:]{8} GMT$/,
    );
    const at = Date.parse(String(date.headers["retry-after"]));
    expect(at - sent).toBeGreaterThan(1000);
    expect(at - answered).toBeLessThanOrEqual(2000);
    expect(none.headers["retry-after"]).toBeUndefined();
  });

  it("5xx: JSON 500/503/504 and a 502 HTML page", async ({ expect, onTestFinished }) => {
    const server = await start(
      [
        behave.internalServerError(),
        behave.badGatewayHtml(),
        behave.serviceUnavailable(),
        behave.gatewayTimeout(),
      ],
      onTestFinished,
    );
    const answers = [
      await get(server.url),
      await get(server.url),
      await get(server.url),
      await get(server.url),
    ];
    expect(answers.map((a) => a.status)).toEqual([500, 502, 503, 504]);
    expect(answers[1]?.headers["content-type"]).toContain("text/html");
    expect(answers[1]?.body).toBe(BAD_GATEWAY_HTML);
  });

  it("reset mid-body: full content-length announced, half the body, then the connection is cut", async ({
    expect,
    onTestFinished,
  }) => {
    const server = await start([behave.resetMidBody(BODY)], onTestFinished);
    const answer = await get(server.url);
    expect(answer.status).toBe(200);
    expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(TEXT));
    expect(answer.end).toBe("aborted");
    expect(Buffer.byteLength(answer.body)).toBe(Math.floor(Buffer.byteLength(TEXT) / 2));
  });

  it("truncated JSON: a complete chunked message carrying half the JSON", async ({
    expect,
    onTestFinished,
  }) => {
    const server = await start([behave.truncatedJson(BODY)], onTestFinished);
    const answer = await get(server.url);
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(answer.end).toBe("complete");
    expect(answer.body).toBe(
      Buffer.from(TEXT)
        .subarray(0, Math.floor(Buffer.byteLength(TEXT) / 2))
        .toString(),
    );
    expect(() => JSON.parse(answer.body)).toThrow(SyntaxError);
  });

  it("empty 200: content-length 0, or chunked with no data", async ({ expect, onTestFinished }) => {
    const server = await start([behave.empty("content-length"), behave.empty("chunked")], onTestFinished);
    const withLength = await get(server.url);
    const chunked = await get(server.url);
    expect(withLength.headers["content-length"]).toBe("0");
    expect(chunked.headers["transfer-encoding"]).toBe("chunked");
    for (const answer of [withLength, chunked]) {
      expect(answer).toMatchObject({ status: 200, body: "", end: "complete" });
    }
  });

  it("invalid JSON, an HTML page and JSON labelled text/html, all 200", async ({
    expect,
    onTestFinished,
  }) => {
    const server = await start(
      [behave.invalidJson(), behave.htmlPage200(), behave.jsonAsHtml(BODY)],
      onTestFinished,
    );
    const invalid = await get(server.url);
    const html = await get(server.url);
    const labelled = await get(server.url);
    expect(() => JSON.parse(invalid.body)).toThrow(SyntaxError);
    expect(html.headers["content-type"]).toContain("text/html");
    expect(html.body).toMatch(/^<!doctype html>/);
    expect(labelled.headers["content-type"]).toContain("text/html");
    expect(JSON.parse(labelled.body)).toEqual(BODY);
  });

  it("trickle: the body arrives byte by byte at the given pace", async ({ expect, onTestFinished }) => {
    const server = await start([behave.trickle(BODY, 8, 20)], onTestFinished);
    const answer = await get(server.url);
    const ticks = Math.ceil(Buffer.byteLength(TEXT) / 8);
    expect(answer.end).toBe("complete");
    expect(answer.body).toBe(TEXT);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(ticks * 20 - 20);
  });

  it("close() ends a request that is never answered, and a trickle in progress", async ({ expect }) => {
    const server = await startMisbehavingServer([behave.neverAnswer(), behave.trickle(BODY, 1, 1000)]);
    const hanging = get(server.url);
    const trickling = get(server.url);
    while (server.attempts < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await server.close();
    await expect(hanging).rejects.toThrow(/socket hang up|ECONNRESET/);
    await expect(trickling).resolves.toMatchObject({ status: 200, end: "aborted" });
    await server.close(); // twice is fine
  });
});
