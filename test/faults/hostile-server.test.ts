/**
 * What a hostile or broken server must never achieve (issue 11): each case was reproduced against the
 * 0.1 client and is named after what it guards. Real node:http servers on 127.0.0.1; two ports are
 * two origins. Point 6's "Retry-After beyond 60 s" and point 4's redirect loop are rows of
 * fault-matrix.test.ts, run there against each of the three lookups; point 6's "Retry-After: 0 waits
 * the first backoff delay" is timed on a fake clock in test/unit/retries-in-client.test.ts.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  createLookupClient,
  etagCache,
  HiroApiError,
  HiroNetworkError,
  HiroTimeoutError,
  HiroValidationError,
  paginate,
} from "../../src/index.js";
import { ORDINAL, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

type Handle = (req: IncomingMessage, res: ServerResponse) => void;
interface Origin {
  url: string;
  hits: IncomingMessage[];
}
const servers: Array<{ close(): void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function origin(handle: Handle): Promise<Origin> {
  const hits: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    hits.push(req);
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

const KEY = "secret-key-123";
const TOKEN = { token_uri: "ipfs://t", decimals: 0 };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("expected a rejection"),
    (error: unknown) => error,
  );
}

describe("1. a redirect never carries the key anywhere, and is never followed", () => {
  for (const status of [301, 302, 303, 307, 308]) {
    it(`${status} to another origin: unexpected_status, zero requests there, not retried (lookups and raw)`, async () => {
      const elsewhere = await origin((_, res) => res.end(JSON.stringify(TOKEN)));
      const api = await origin((req, res) => {
        res.writeHead(status, { location: `${elsewhere.url}${req.url}` });
        res.end();
      });
      const { client } = createTestClient(api, { apiKey: KEY, maxRetries: 2 });

      const error = await rejection(client.getSftMetadata({ principal: PRINCIPAL, token_id: 35 }));
      const raw = await client.raw.GET("/metadata/v1/sft/{principal}/{token_id}", {
        params: { path: { principal: PRINCIPAL, token_id: 35 } },
        redirect: "follow",
      });

      expect(error).toBeInstanceOf(HiroApiError);
      expect(error).toMatchObject({ kind: "unexpected_status", status });
      expect((error as Error).message).toMatch(/redirect/i);
      expect(raw.response.status).toBe(status);
      expect(elsewhere.hits).toHaveLength(0);
      expect(api.hits).toHaveLength(2);
    });
  }

  it("a middleware that rebuilds the request with redirect: follow does not turn following back on", async () => {
    const elsewhere = await origin((_, res) => res.end(JSON.stringify(TOKEN)));
    const api = await origin((req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}${req.url}` });
      res.end();
    });
    const { client } = createTestClient(api, {
      apiKey: KEY,
      middleware: [{ onRequest: ({ request }) => new Request(request, { redirect: "follow" }) }],
    });

    await expect(client.getSftMetadata({ principal: PRINCIPAL, token_id: 35 })).rejects.toMatchObject({
      kind: "unexpected_status",
    });
    expect(elsewhere.hits).toHaveLength(0);
  });

  it("the key goes to the configured origin only; middleware never sees it", async () => {
    const api = await origin((_, res) => res.end(JSON.stringify(TOKEN)));
    const seen: string[] = [];
    const { client } = createTestClient(api, {
      apiKey: KEY,
      middleware: [
        {
          onRequest: ({ request }) => void seen.push(request.headers.get("x-api-key") ?? "none"),
          onResponse: ({ request }) => void seen.push(request.headers.get("x-api-key") ?? "none"),
        },
      ],
    });

    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 35 });

    expect(api.hits[0]?.headers["x-api-key"]).toBe(KEY);
    expect(seen).toEqual(["none", "none"]);
  });
});

describe("2–3. bodies are capped while they are read", () => {
  it("a 670-byte brotli 503 that expands to 420 MB: invalid_response, not retried, the process survives", async () => {
    // brotliCompressSync(Buffer.alloc(420 * 1024 * 1024, 0x20), quality 5), kept as a file: making it
    // takes 5 s of CPU and 420 MB of memory, and over 30 s on a busy machine.
    const bomb = readFileSync(new URL("../fixtures/spaces-420mib.br", import.meta.url));
    // It expands past the client's 16 MiB cap (read no further than that here).
    expect(() => brotliDecompressSync(bomb, { maxOutputLength: 17 * 1024 * 1024 })).toThrow(RangeError);
    const api = await origin((_, res) => {
      res.writeHead(503, { "content-encoding": "br", "content-type": "text/plain" });
      res.end(bomb);
    });
    const { client } = createTestClient(api, { maxRetries: 2 });

    const error = await rejection(client.getSatoshiInscriptions({ ordinal: ORDINAL }));

    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(error).toMatchObject({ name: "HiroApiError", kind: "invalid_response", status: 503 });
    expect((error as Error).message).toMatch(/16777216 bytes/);
    expect((error as Error).message.length).toBeLessThanOrEqual(300);
    expect(api.hits).toHaveLength(1);
  });

  it("a gzip bomb on a 200 is cut at maxResponseBytes of decoded bytes", async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const api = await origin((_, res) => {
      res.writeHead(200, { "content-encoding": "gzip", "content-type": "application/json" });
      res.end(bomb);
    });
    const { client } = createTestClient(api, { maxResponseBytes: 1_000_000 });

    await expect(client.getSftMetadata({ principal: PRINCIPAL, token_id: 35 })).rejects.toMatchObject({
      kind: "invalid_response",
      status: 200,
    });
    expect(api.hits).toHaveLength(1);
  });

  it("an endless chunked body stops at the cap (lookups and raw)", async () => {
    const api = await origin((_, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (res.write(chunk)) if (res.destroyed) return;
        res.once("drain", pump);
      };
      res.on("close", () => res.removeAllListeners("drain"));
      pump();
    });
    const { client } = createTestClient(api, { maxResponseBytes: 2_000_000, maxRetries: 1 });

    const lookup = await rejection(client.getSatoshiInscriptions({ ordinal: ORDINAL }));
    const raw = await rejection(
      client.raw.GET("/ordinals/v1/sats/{ordinal}/inscriptions", { params: { path: { ordinal: ORDINAL } } }),
    );

    expect(lookup).toMatchObject({ kind: "invalid_response" });
    expect(raw).toMatchObject({ kind: "invalid_response" });
    expect(api.hits).toHaveLength(2);
  });

  it("a Content-Length above the cap is refused before the body is read", async () => {
    const api = await origin((_, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(600 * 1024 * 1024) });
      res.write("{");
    });
    const { client } = createTestClient(api);

    await expect(client.getTransactionActivity({ tx_id: TX_ID })).rejects.toMatchObject({
      kind: "invalid_response",
    });
    expect(api.hits).toHaveLength(1);
  });

  it("maxResponseBytes is checked: a positive integer", () => {
    for (const bad of [0, -1, 1.5, Number.NaN, "1"]) {
      expect(() => createLookupClient({ maxResponseBytes: bad as number })).toThrow(/maxResponseBytes/);
    }
  });
});

describe("4. only what can succeed is retried", () => {
  it("a RangeError from fetch is not retried", async () => {
    const { client, requests } = createTestClient(() => {
      throw new RangeError("Invalid string length");
    });

    await expect(client.getTransactionActivity({ tx_id: TX_ID })).rejects.toBeInstanceOf(RangeError);
    expect(requests).toHaveLength(1);
  });

  it("a refused connection is a network error naming the operation, the URL, the code and the attempts", async () => {
    const api = await origin((_, res) => res.end());
    servers.pop()?.close();
    const { client } = createTestClient(api, { maxRetries: 1 });

    const error = await rejection(client.getSatoshiInscriptions({ ordinal: ORDINAL }));

    expect(error).toBeInstanceOf(HiroNetworkError);
    expect(error).toMatchObject({ attempts: 2 });
    const message = (error as Error).message;
    expect(message).toContain("getSatoshiInscriptions");
    expect(message).toContain(`${api.url}/ordinals/v1/sats/${ORDINAL}/inscriptions`);
    expect(message).toContain("ECONNREFUSED");
    expect(message).toMatch(/2 attempts/);
  });
});

describe("5. nothing hangs past its time limit", () => {
  it("a custom fetch that never settles and ignores the signal times out", async () => {
    const { client } = createTestClient(() => new Promise<Response>(() => {}), {
      timeoutMs: 100,
      maxRetries: 1,
    });

    const error = await rejection(client.getSatoshiInscriptions({ ordinal: ORDINAL }));

    expect(error).toBeInstanceOf(HiroTimeoutError);
    expect(error).toBeInstanceOf(HiroNetworkError);
    expect(error).toMatchObject({ timeoutMs: 100, attempts: 2 });
    expect((error as Error).message).toMatch(/2 attempts/);
  });

  it("a body stream that never ends and ignores cancel times out", async () => {
    const { client } = createTestClient(
      () =>
        new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode("{")) }), {
          headers: { "content-type": "application/json" },
        }),
      { timeoutMs: 100, maxRetries: 0 },
    );

    await expect(client.getSatoshiInscriptions({ ordinal: ORDINAL })).rejects.toBeInstanceOf(
      HiroTimeoutError,
    );
  });

  it("a cache store that never settles is bounded by the call's totalTimeoutMs", async () => {
    const api = await origin((_, res) => res.end(JSON.stringify(TOKEN)));
    const { client } = createTestClient(api, {
      totalTimeoutMs: 150,
      middleware: [etagCache({ get: () => new Promise(() => {}), set: () => {} })],
    });

    const error = await rejection(client.getSftMetadata({ principal: PRINCIPAL, token_id: 35 }));

    expect(error).toBeInstanceOf(HiroTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 150 });
    expect(api.hits).toHaveLength(0);
  });
});

describe("7. small holes", () => {
  it("a baseUrl with credentials, a query or a fragment is refused, and the password is never echoed", () => {
    for (const baseUrl of [
      "https://user:hunter2@api.example",
      "https://api.example/?a=1",
      "https://api.example/#x",
    ]) {
      const error = (() => {
        try {
          createLookupClient({ baseUrl });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(HiroValidationError);
      expect((error as Error).message).not.toContain("hunter2");
    }
  });

  it("no MaxListenersExceededWarning with 20 lookups on one signal or paginate at concurrency 16", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const api = await origin((req, res) => {
        const offset = Number(new URL(req.url ?? "", "http://x").searchParams.get("offset") ?? 0);
        res.end(JSON.stringify({ limit: 60, offset, total: 60 * 20, results: [] }));
      });
      const { client } = createTestClient(api);
      const signal = new AbortController().signal;

      await Promise.all(
        Array.from({ length: 20 }, () => client.getSatoshiInscriptions({ ordinal: ORDINAL }, { signal })),
      );
      for await (const _ of paginate(
        client.getTransactionActivity,
        { tx_id: TX_ID },
        { concurrency: 16, signal },
      )) {
        // pages are empty: nothing to yield
      }
      await new Promise((resolve) => setTimeout(resolve, 10));

      expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("paginate stops yielding as soon as the caller aborts", async () => {
    const api = await origin((req, res) => {
      const offset = Number(new URL(req.url ?? "", "http://x").searchParams.get("offset") ?? 0);
      const results = Array.from({ length: 60 }, (_, i) => ({
        id: `i${offset + i}`,
        sat_ordinal: String(ORDINAL),
      }));
      res.end(JSON.stringify({ limit: 60, offset, total: 600, results }));
    });
    const { client } = createTestClient(api);
    const controller = new AbortController();
    const seen: unknown[] = [];

    const error = await rejection(
      (async () => {
        for await (const item of paginate(
          client.getSatoshiInscriptions,
          { ordinal: ORDINAL },
          { signal: controller.signal },
        )) {
          seen.push(item);
          if (seen.length === 3) controller.abort(new Error("enough"));
        }
      })(),
    );

    expect((error as Error).message).toBe("enough");
    expect(seen).toHaveLength(3);
  });
});
