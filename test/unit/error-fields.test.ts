/**
 * Errors carry their parts as fields: a validation error its `parameter` and `reason`, a lookup's API,
 * network and timeout errors their `operationId` and `summary`. The message is built from them in one
 * place, so a caller (the CLI among them) retells an error from its fields and never cuts its message.
 */
import { describe, expect, it } from "vitest";
import {
  HiroApiError,
  HiroNetworkError,
  HiroTimeoutError,
  HiroValidationError,
  HiroWaitTimeoutError,
} from "../../src/index.js";
import { createTestClient } from "../helpers/test-client.js";

const P = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";

/** What `promise` rejected with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("it resolved"),
    (error: unknown) => error,
  );
}

describe("a validation error's fields", () => {
  it("keeps the reason apart from the parameter; the message is `parameter: reason`", async () => {
    const { client, requests } = createTestClient(() => new Response("{}"));
    const error = await rejection(client.getSftMetadata({ principal: P, token_id: "abc" }));
    expect(error).toBeInstanceOf(HiroValidationError);
    const { parameter, reason, message } = error as HiroValidationError;
    expect(parameter).toBe("token_id");
    expect(reason).toMatch(/^must be an integer from 0 up to 2\^53-1.*; got "abc"$/);
    expect(reason).not.toContain("token_id");
    expect(message).toBe(`token_id: ${reason}`);
    expect(requests).toEqual([]);
  });

  it("made by hand: reason as given", () => {
    const error = new HiroValidationError("limit", "must be at most 60");
    expect([error.parameter, error.reason, error.message]).toEqual([
      "limit",
      "must be at most 60",
      "limit: must be at most 60",
    ]);
  });
});

describe("a lookup's error names its operation in a field", () => {
  it("an API error: operationId and summary, the message `operationId: summary`", async () => {
    const { client } = createTestClient(() => Response.json({ error: "Token not found" }, { status: 404 }), {
      maxRetries: 0,
    });
    const error = await rejection(client.getSftMetadata({ principal: P, token_id: 1 }));
    expect(error).toBeInstanceOf(HiroApiError);
    const { operationId, summary, message } = error as HiroApiError;
    expect(operationId).toBe("getSftMetadata");
    expect(summary).toBe("HTTP 404 Token not found (not_found)");
    expect(message).toBe(`getSftMetadata: ${summary}`);
  });

  it("a network error: operationId and summary (the URL and attempts), the message `operationId: summary`", async () => {
    const { client } = createTestClient(
      () => {
        throw new TypeError("fetch failed");
      },
      { maxRetries: 0 },
    );
    const error = await rejection(client.getApiStatus());
    expect(error).toBeInstanceOf(HiroNetworkError);
    const { operationId, summary, message } = error as HiroNetworkError;
    expect(operationId).toBe("getApiStatus");
    expect(summary).toMatch(/^GET http:\/\/\S+ failed after 1 attempt: fetch failed$/);
    expect(message).toBe(`getApiStatus: ${summary}`);
  });

  it("a network error keeps what failed underneath, uncut, in detail (the summary cuts it to length)", async () => {
    const refused = Object.assign(new Error(`connect ECONNREFUSED ${"9".repeat(200)}`), {
      code: "ECONNREFUSED",
    });
    const { client } = createTestClient(
      () => {
        throw new TypeError("fetch failed", { cause: refused });
      },
      { maxRetries: 0 },
    );
    const error = (await rejection(client.getApiStatus())) as HiroNetworkError;
    expect(error.detail).toBe(`fetch failed: ${refused.message}`);
    expect(error.summary).not.toContain(refused.message);
  });

  it("a timeout: operationId and summary, the message `operationId: summary`", async () => {
    const { client } = createTestClient(
      (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener("abort", () => reject(request.signal.reason)),
        ),
      { maxRetries: 0, timeoutMs: 20 },
    );
    const error = await rejection(client.getApiStatus());
    expect(error).toBeInstanceOf(HiroTimeoutError);
    const { operationId, summary, message } = error as HiroTimeoutError;
    expect(operationId).toBe("getApiStatus");
    expect(summary).toMatch(/^GET \S+: no answer within 20 ms \(1 attempt timed out\)$/);
    expect(message).toBe(`getApiStatus: ${summary}`);
  });

  it("made by hand without an operation: the summary is the message, as before", () => {
    const network = new HiroNetworkError("reset");
    expect([network.operationId, network.summary, network.message]).toEqual([undefined, "reset", "reset"]);
    const timeout = new HiroTimeoutError(50);
    expect([timeout.operationId, timeout.summary, timeout.message]).toEqual([
      undefined,
      "no answer within 50 ms",
      "no answer within 50 ms",
    ]);
  });

  it("a wait's deadline: the last answer's operation and a summary", () => {
    const pending = new HiroApiError({
      kind: "metadata_pending",
      status: 422,
      body: { error: "Token metadata fetch in progress" },
      headers: new Headers(),
      operationId: "getSftMetadata",
      url: "http://indexer.test/",
      summary: "HTTP 422 Token metadata fetch in progress (metadata_pending)",
    });
    if (!pending.is("metadata_pending")) expect.fail("not narrowed");
    const error = new HiroWaitTimeoutError(100, pending);
    expect(error.operationId).toBe("getSftMetadata");
    expect(error.message).toBe(`getSftMetadata: ${error.summary}`);
    expect(error.summary).toBe(
      "the token's metadata was still being fetched after 100 ms (waitForMetadata deadlineMs)",
    );
  });
});

describe("a service without a URL", () => {
  it("is refused naming baseUrl.<service>, with Hiro's retirement of its hosted API (one text, spec/service-hosts.ts)", async () => {
    const { client, requests } = createTestClient(() => new Response("{}"), {
      baseUrl: { metadata: "http://127.0.0.1:9" },
    });
    const error = await rejection(client.getSatoshiInscriptions({ ordinal: 1 }));
    expect(error).toBeInstanceOf(HiroValidationError);
    expect((error as HiroValidationError).message).toBe(
      "baseUrl.ordinals: is not set (Hiro's hosted Ordinals and Runes APIs were retired on 2026-03-09: point it at your bitcoin-indexer)",
    );
    expect(requests).toEqual([]);
  });
});

describe("a search id's token number, refused in getSftMetadata's words about that entry", () => {
  const id = (n: string) => `${P}:${n}`;
  it.each([
    [
      "9007199254740993",
      "is above 2^53-1 and a JS number does not write it back exactly: the service reads ids as JS numbers and would ask for token 9007199254740992, another token",
    ],
    [
      "9223372036854775808",
      "is above 2^63-1, the largest token number the service stores (a PostgreSQL bigint): no token has it",
    ],
    [
      "9".repeat(400),
      "must be an integer from 0 up to 2^53-1, and above that only ids a JS number holds exactly (2^53, 2^53+2…), at most 2^63-1",
    ],
    [
      `4${"0".repeat(38)}`,
      "must be an integer from 0 up to 2^53-1, and above that only ids a JS number holds exactly (2^53, 2^53+2…), at most 2^63-1",
    ],
  ])("%s", async (digits, why) => {
    const { client, requests } = createTestClient(() => new Response("{}"));
    const error = await rejection(client.searchTokens({ contract: [P, id(digits)] }));
    expect(error).toBeInstanceOf(HiroValidationError);
    const { parameter, reason } = error as HiroValidationError;
    expect(parameter).toBe("contract[1]");
    expect(reason.startsWith(`the token number ${why}; got "`)).toBe(true);
    expect(requests).toEqual([]);
  });
});
