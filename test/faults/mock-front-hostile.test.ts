/**
 * The mock's front against hostile requests (any page on another origin can send them with one
 * `fetch(…, { mode: "no-cors" })`): a request-target it cannot parse, a client hanging up mid-body, a
 * broken %-escape in a path parameter (which killed Prism behind it), a huge body. Each gets a 400 (or
 * 413) from the front itself, never reaches the backend, and the front keeps serving. The backend here is
 * a plain server counting what reaches it, standing in for Prism.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerFor } from "../../src/mock/index.js";
import { type MockFront, startFront } from "../../src/mock-server/front.js";

let backend: Server;
let reached: string[] = [];
let front: MockFront;

beforeAll(async () => {
  backend = createServer((req, res) => {
    reached.push(req.url ?? "");
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
  const port = (backend.address() as AddressInfo).port;
  front = await startFront({ port: 0, backend: () => port, rules: () => answerFor });
});
afterAll(async () => {
  await front?.close();
  await new Promise((resolve) => backend.close(resolve));
});

/** Sends raw bytes on a new connection; resolves with what came back before the connection closed. */
function raw(bytes: string, { hangUp = false } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(front.port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("close", () => resolve(answer));
    socket.on("error", () => resolve(answer));
    socket.write(bytes);
    if (hangUp) setTimeout(() => socket.destroy(), 50);
    else setTimeout(() => socket.end(), 300);
  });
}

/** The front still answers a good request. */
async function stillServing() {
  const response = await fetch(`${front.url}/ordinals/v1/sats/5000000000/inscriptions`);
  expect(response.status).toBe(200);
}

describe("the mock's front against hostile requests", () => {
  it.each(["//", "//[", "http://[::1/", "*"])(
    "answers 400 to the request-target %s and keeps serving",
    async (target) => {
      reached = [];
      const answer = await raw(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(reached).toEqual([]);
      await stillServing();
    },
  );

  it("survives a client that hangs up while sending a body", async () => {
    await raw("POST /metadata/v1/ HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\npartial", {
      hangUp: true,
    });
    await stillServing();
  });

  it.each([
    "/metadata/v1/sft/%/1",
    "/ordinals/v1/sats/%ZZ/inscriptions",
    "/metadata/v1/sft/SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.k%C0%80/1",
  ])(
    "answers a broken percent-escape in %s with the service's 400 itself, never forwarding it",
    async (path) => {
      reached = [];
      const response = await fetch(`${front.url}${path}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        code: "FST_ERR_BAD_URL",
      });
      expect(reached).toEqual([]);
      await stillServing();
    },
  );

  it("refuses a body over its cap with 413, without holding it", async () => {
    reached = [];
    const response = await fetch(`${front.url}/metadata/v1/`, {
      method: "POST",
      body: new Uint8Array(2 * 1024 * 1024),
    }).catch((error: unknown) => error);
    if (response instanceof Response) expect(response.status).toBe(413);
    expect(reached).toEqual([]);
    await stillServing();
  });
});
