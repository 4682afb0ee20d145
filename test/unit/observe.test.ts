/**
 * Issue 28: seeing what the client does. The debug log (records per attempt, answer, retry, pacer hold,
 * revalidation and refused answer; nothing when off; no key, no URL password), `.withResponse()` on the
 * single-request lookups, `attempts` on the errors, and runtime refusals that are not retried.
 */

import { formatWithOptions } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  collect,
  createLookupClient,
  HiroApiError,
  HiroNetworkError,
  HiroValidationError,
  type Logger,
  paginate,
} from "../../src/index.js";
import { logOf, shownUrl } from "../../src/observe/log.js";
import { observeLookup } from "../../src/observe/lookup-outcome.js";
import { runAttempts } from "../../src/transport/attempts.js";
import { emptyPageFor, json, LOCAL, ORDINAL, PRINCIPAL } from "../helpers/fake-fetch.js";
import { serveWith } from "../helpers/serve-with.js";
import { createTestClient } from "../helpers/test-client.js";

const STATUS = { server_version: "token-metadata-api v2.3.0", status: "ready", chain_tip: null };

/** A logger that keeps every record, by level. */
function recorder() {
  const records: { level: string; message: string; record: Record<string, unknown> }[] = [];
  const at =
    (level: string) =>
    (message: string, record: unknown): void => {
      records.push({ level, message, record: record as Record<string, unknown> });
    };
  const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { logger, records, messages: () => records.map((r) => r.message) };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the log", () => {
  it("at debug: one record per attempt, answer and retry, each a message and an object", async () => {
    const { logger, records, messages } = recorder();
    const { client } = createTestClient((_request, call) => (call === 1 ? json({}, 503) : json(STATUS)), {
      logLevel: "debug",
      logger,
    });
    await client.getApiStatus();
    expect(messages()).toEqual([
      "hiro-lookup: attempt",
      "hiro-lookup: answer",
      "hiro-lookup: retry",
      "hiro-lookup: attempt",
      "hiro-lookup: answer",
      "hiro-lookup: lookup",
    ]);
    expect(records[0]?.record).toMatchObject({
      operationId: "getApiStatus",
      method: "GET",
      url: `${LOCAL}/metadata/v1/`,
      attempt: 1,
      of: 3,
    });
    expect(records[1]?.record).toMatchObject({ status: 503, bytes: 2 });
    expect(records[2]?.record).toMatchObject({ retry: 1, reason: "server error 503", status: 503 });
    expect(typeof records[4]?.record.ms).toBe("number");
  });

  it("at debug: an answer's record carries the rate limit it announces (what --verbose shows on the mock)", async () => {
    const { logger, records } = recorder();
    const headers = { "ratelimit-limit": "50", "ratelimit-remaining": "48", "ratelimit-reset": "60" };
    const { client } = createTestClient(() => json(STATUS, 200, headers), { logLevel: "debug", logger });
    await client.getApiStatus();
    const answer = records.find((r) => r.message === "hiro-lookup: answer");
    expect(answer?.record).toMatchObject({ status: 200, rateLimit: { limit: 50, remaining: 48 } });
    // An answer that announces none has no such field.
    const { logger: quiet, records: plain } = recorder();
    await createTestClient(() => json(STATUS), { logLevel: "debug", logger: quiet }).client.getApiStatus();
    expect(plain.find((r) => r.message === "hiro-lookup: answer")?.record).not.toHaveProperty("rateLimit");
  });

  it("is silent when off (the default) and when the level is above debug", async () => {
    const { logger, records } = recorder();
    for (const logLevel of [undefined, "off", "warn"] as const) {
      const { client } = createTestClient(() => json(STATUS), { logLevel, logger });
      await client.getApiStatus();
    }
    expect(records).toEqual([]);
  });

  it("HIRO_LOG sets the level when the option is not given; the option wins", async () => {
    vi.stubEnv("HIRO_LOG", "debug");
    const { logger, records } = recorder();
    await createTestClient(() => json(STATUS), { logger }).client.getApiStatus();
    expect(records.length).toBe(3);
    await createTestClient(() => json(STATUS), { logger, logLevel: "off" }).client.getApiStatus();
    expect(records.length).toBe(3);
  });

  it("refuses an unknown level or a logger without its methods, naming the option", () => {
    expect(() => createLookupClient({ logLevel: "loud" as never })).toThrow(HiroValidationError);
    expect(() => createLookupClient({ logLevel: "loud" as never })).toThrow(/^logLevel: must be one of/);
    vi.stubEnv("HIRO_LOG", "verbose");
    expect(() => createLookupClient()).toThrow(/^HIRO_LOG: must be one of/);
    expect(() => createLookupClient({ logLevel: "debug", logger: {} as Logger })).toThrow(/^logger:/);
  });

  it("never holds the API key", async () => {
    const { logger, records } = recorder();
    const { client } = createTestClient(
      (_request, call) => (call === 1 ? json({}, 429, { "retry-after": "0" }) : json(STATUS)),
      { apiKey: "sekret-key-123", logLevel: "debug", logger },
    );
    await client.getApiStatus();
    expect(records.length).toBeGreaterThan(3);
    expect(JSON.stringify(records)).not.toContain("sekret-key-123");
  });

  it("shows a URL without its user or password", () => {
    expect(shownUrl(new URL("http://user:hunter2@127.0.0.1:3999/metadata/v1/?a=1"))).toBe(
      "http://127.0.0.1:3999/metadata/v1/?a=1",
    );
  });

  it("records a refused answer (an answer about another token) as a failed lookup, and a revalidation", async () => {
    const { logger, messages, records } = recorder();
    const { client } = createTestClient(
      (request) =>
        request.headers.has("if-none-match") ? new Response(null, { status: 304 }) : json({ oops: 1 }),
      {
        logLevel: "debug",
        logger,
        maxRetries: 0,
        middleware: [
          {
            onRequest: ({ request }) => {
              request.headers.set("if-none-match", '"v1"');
              return request;
            },
          },
        ],
      },
    );
    await expect(client.getApiStatus()).rejects.toThrow(HiroApiError);
    expect(messages()).toContain("hiro-lookup: cache revalidation");
    expect(messages()).toContain("hiro-lookup: lookup failed");
    expect(records.find((r) => r.message === "hiro-lookup: cache revalidation")?.record).toMatchObject({
      notModified: true,
    });
  });

  it("records a pacer hold with how long and why", async () => {
    const { logger, records } = recorder();
    const { client } = createTestClient(() => json(STATUS), {
      logLevel: "debug",
      logger,
      maxRequestsPerSecond: 50,
    });
    await Promise.all([client.getApiStatus(), client.getApiStatus(), client.getApiStatus()]);
    const holds = records.filter((r) => r.message === "hiro-lookup: pacer hold");
    expect(holds.length).toBeGreaterThan(0);
    expect(holds[0]?.record).toMatchObject({ origin: LOCAL });
    expect(typeof holds[0]?.record.heldMs).toBe("number");
    // What held each last: the start-slow round, or after it (no rate-limit headers) the client's own ceiling.
    for (const hold of holds) {
      expect(hold.record.why).toMatch(/^(first answer|maxRequestsPerSecond)(, then maxRequestsPerSecond)?$/);
    }
  });

  it("a hold's why is what held the request, in order: the first answer, then the budget spread", async () => {
    const { logger, records } = recorder();
    // 59 left of 60 in a minute: after the first answer, requests go about a second apart.
    const limited = () =>
      json(STATUS, 200, { "ratelimit-limit": "60", "ratelimit-remaining": "59", "ratelimit-reset": "60" });
    const { client } = createTestClient(limited, { logLevel: "debug", logger });
    await Promise.all([client.getApiStatus(), client.getApiStatus(), client.getApiStatus()]);
    const holds = records.filter((r) => r.message === "hiro-lookup: pacer hold");
    expect(holds.map((h) => h.record.why)).toEqual(["first answer", "first answer, then budget spread"]);
  });
});

describe("the log's levels", () => {
  const FAILING = () => json({ error: "busy" }, 503, { "retry-after": "0" });
  const levelsOf = (records: { level: string; message: string }[]) =>
    records.map((r) => `${r.level} ${r.message}`);

  it("error: a lookup that failed after its attempts, one record with what was tried", async () => {
    const { logger, records } = recorder();
    const { client } = createTestClient(FAILING, { logLevel: "error", logger });
    await expect(client.getApiStatus()).rejects.toThrow(HiroApiError);
    expect(levelsOf(records)).toEqual(["error hiro-lookup: lookup failed"]);
    expect(records[0]?.record).toMatchObject({
      operationId: "getApiStatus",
      service: "metadata",
      outcome: "server_error",
      status: 503,
      attempts: 3,
    });
    expect(typeof records[0]?.record.ms).toBe("number");
  });

  it("error: a network failure too; a lookup that succeeds logs nothing at error", async () => {
    const { logger, records } = recorder();
    const failing = createTestClient(
      () => {
        throw new TypeError("fetch failed", { cause: new Error("bad port") });
      },
      { logLevel: "error", logger },
    );
    await expect(failing.client.getApiStatus()).rejects.toThrow(HiroNetworkError);
    await createTestClient(() => json(STATUS), { logLevel: "error", logger }).client.getApiStatus();
    expect(levelsOf(records)).toEqual(["error hiro-lookup: lookup failed"]);
    expect(records[0]?.record).toMatchObject({ outcome: "HiroNetworkError", attempts: 1 });
  });

  it("warn: each retry, and the failure; no attempt records", async () => {
    const { logger, records } = recorder();
    const { client } = createTestClient(FAILING, { logLevel: "warn", logger });
    await expect(client.getApiStatus()).rejects.toThrow(HiroApiError);
    expect(levelsOf(records)).toEqual([
      "warn hiro-lookup: retry",
      "warn hiro-lookup: retry",
      "error hiro-lookup: lookup failed",
    ]);
    expect(records[0]?.record).toMatchObject({ retry: 1, reason: "server error 503", status: 503 });
  });

  it("info: one line per lookup outcome; an answer that says no (404) is an outcome, not a failure", async () => {
    const { logger, records } = recorder();
    const { client } = createTestClient(
      (request) => (request.url.includes("/sft/") ? json({ error: "Token not found" }, 404) : json(STATUS)),
      { logLevel: "info", logger },
    );
    await client.getApiStatus();
    await expect(client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 })).rejects.toThrow(HiroApiError);
    expect(levelsOf(records)).toEqual(["info hiro-lookup: lookup", "info hiro-lookup: lookup"]);
    expect(records[0]?.record).toMatchObject({
      operationId: "getApiStatus",
      service: "metadata",
      outcome: "ok",
      status: 200,
      attempts: 1,
    });
    expect(records[1]?.record).toMatchObject({
      operationId: "getSftMetadata",
      outcome: "not_found",
      status: 404,
    });
  });

  it("info: a lookup rejected with no error object (an abort whose reason is undefined or null) is not ok", async () => {
    const { logger, records } = recorder();
    const log = logOf("info", logger);
    for (const reason of [undefined, null])
      await observeLookup(
        { operationId: "getApiStatus", service: "metadata" },
        () => Promise.reject(reason),
        log,
        Date.now,
      ).catch(() => undefined);
    expect(records.map((r) => r.record.outcome)).toEqual(["rejected", "rejected"]);
    expect(records.map((r) => r.message)).toEqual(["hiro-lookup: lookup", "hiro-lookup: lookup"]);
  });

  it("debug: every attempt and answer besides", async () => {
    const { logger, records } = recorder();
    const { client } = createTestClient(() => json(STATUS), { logLevel: "debug", logger });
    await client.getApiStatus();
    expect(levelsOf(records)).toEqual([
      "debug hiro-lookup: attempt",
      "debug hiro-lookup: answer",
      "info hiro-lookup: lookup",
    ]);
  });

  it("warn: a pacer hold longer than a second; a shorter one is debug", async () => {
    for (const [heldMs, level] of [
      [1500, "warn"],
      [200, "debug"],
    ] as const) {
      const { logger, records } = recorder();
      let clock = 0;
      const settings = {
        maxResponseBytes: 1024,
        now: () => clock,
        random: () => 0,
        log: logOf("debug", logger),
        pacer: {
          wait: async () => {
            await null;
            clock += heldMs;
            return { settle: () => undefined, heldFor: "ratelimit-remaining 0" };
          },
        },
      };
      await runAttempts(settings, {
        operationId: "getApiStatus",
        url: new URL(`${LOCAL}/metadata/v1/`),
        limits: { timeoutMs: 1000, maxRetries: 0 },
        signal: undefined,
        sharedSignal: false,
        nativeFetch: false,
        send: async () => json(STATUS),
        read: (answer) => answer.text(),
        request: () => new Request(`${LOCAL}/metadata/v1/`),
      });
      const hold = records.find((r) => r.message === "hiro-lookup: pacer hold");
      expect(hold?.level).toBe(level);
      expect(hold?.record).toMatchObject({ heldMs, why: "ratelimit-remaining 0" });
    }
  });
});

describe("the default console", () => {
  it("prints each record on one line (HIRO_LOG=debug without a logger)", async () => {
    vi.stubEnv("HIRO_LOG", "debug");
    const lines: string[] = [];
    const spy = vi.spyOn(console, "debug").mockImplementation((...args: unknown[]) => {
      lines.push(formatWithOptions({ colors: false }, ...args));
    });
    const info = vi.spyOn(console, "info").mockImplementation((...args: unknown[]) => {
      lines.push(formatWithOptions({ colors: false }, ...args));
    });
    try {
      await createTestClient(() => json(STATUS)).client.getApiStatus();
    } finally {
      spy.mockRestore();
      info.mockRestore();
    }
    expect(lines.length).toBe(3);
    for (const line of lines) {
      expect(line).not.toContain("\n");
      expect(line.split("\n")).toHaveLength(1);
    }
    expect(lines[0]).toMatch(/^hiro-lookup: attempt \{"operationId":"getApiStatus",/);
  });
});

describe(".withResponse()", () => {
  it("gives the data, the final Response and the announced rate limit; awaiting gives the data", async () => {
    const headers = { "ratelimit-limit": "50", "ratelimit-remaining": "49", "ratelimit-reset": "30" };
    const { client } = createTestClient(() => json(STATUS, 200, headers));
    expect(await client.getApiStatus()).toEqual(STATUS);
    const { data, response, rateLimit } = await client.getApiStatus().withResponse();
    expect(data).toEqual(STATUS);
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-remaining")).toBe("49");
    expect(rateLimit).toEqual({ limit: 50, remaining: 49, resetMs: 30_000 });
  });

  it("clamps what a hostile header announces to sane bounds, as the pacer reads it", async () => {
    const huge = "9999999999999999";
    const headers = { "ratelimit-limit": huge, "ratelimit-remaining": huge, "ratelimit-reset": huge };
    const { client } = createTestClient(() => json(STATUS, 200, headers));
    const { rateLimit } = await client.getApiStatus().withResponse();
    // At most a billion requests a window, and a reset at most a day off (as Retry-After is read).
    expect(rateLimit).toEqual({ limit: 1_000_000_000, remaining: 1_000_000_000, resetMs: 86_400_000 });
  });

  it("is on the direct path too; rateLimit is undefined without the headers", async () => {
    const server = await serveWith(() => json(STATUS));
    try {
      const { client } = createTestClient(server);
      const { data, response, rateLimit } = await client.getApiStatus().withResponse();
      expect(data).toEqual(STATUS);
      expect(response.headers.get("content-type")).toMatch(/json/);
      expect(rateLimit).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it("rejects as the lookup does, and the lookups stay functions paginate accepts", async () => {
    const { client } = createTestClient((request) => json(emptyPageFor(request)));
    await expect(client.getSftMetadata({ principal: "nope", token_id: 1 }).withResponse()).rejects.toThrow(
      HiroValidationError,
    );
    const pages = await collect(paginate(client.getSatoshiInscriptions, { ordinal: ORDINAL }), {
      max: 10,
    });
    expect(pages).toEqual([]);
    expect(typeof client.getFungibleTokens({}).withResponse).toBe("function");
  });
});

describe("errors say what was tried", () => {
  it("a HiroApiError carries attempts and says 'after 3 attempts'", async () => {
    const { client } = createTestClient(() => json({ error: "busy" }, 503, { "retry-after": "0" }));
    const error = await client.getApiStatus().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect((error as HiroApiError).attempts).toBe(3);
    expect((error as HiroApiError).message).toMatch(/\(server_error\) after 3 attempts$/);
  });

  it("one attempt says nothing of attempts", async () => {
    const { client } = createTestClient(() =>
      json({ error: "Bad Request", message: "x", statusCode: 400 }, 400),
    );
    const error = (await client.getApiStatus().catch((e: unknown) => e)) as HiroApiError;
    expect(error.attempts).toBe(1);
    expect(error.message).not.toMatch(/attempts/);
  });

  it("undici's 'bad port' is not retried: one attempt", async () => {
    let calls = 0;
    const { client } = createTestClient(() => {
      calls++;
      throw new TypeError("fetch failed", { cause: new Error("bad port") });
    });
    const error = (await client.getApiStatus().catch((e: unknown) => e)) as HiroNetworkError;
    expect(error).toBeInstanceOf(HiroNetworkError);
    expect(calls).toBe(1);
    expect(error.attempts).toBe(1);
  });

  it("the runtime's own fetch on a blocked port (6000) gives up after one attempt", async () => {
    const { client } = createTestClient("http://127.0.0.1:6000");
    const error = (await client.getApiStatus().catch((e: unknown) => e)) as HiroNetworkError;
    expect(error).toBeInstanceOf(HiroNetworkError);
    expect(error.attempts).toBe(1);
    expect(error.message).toMatch(/bad port/);
  });
});

describe("HIRO_LOG where the environment cannot be read", () => {
  it("a runtime that forbids reading it (Deno without --allow-env) still gets a client, its log off", () => {
    const env = Object.getOwnPropertyDescriptor(process, "env") as PropertyDescriptor;
    Object.defineProperty(process, "env", {
      configurable: true,
      get() {
        throw new Error('Requires env access to "HIRO_LOG", run again with the --allow-env flag');
      },
    });
    try {
      expect(() => createLookupClient()).not.toThrow();
    } finally {
      Object.defineProperty(process, "env", env);
    }
  });
});
