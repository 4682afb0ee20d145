/**
 * The API key is in no error of any kind, through the public client over an injected fetch: not in
 * `message`, `url`, `JSON.stringify` or a deep `util.inspect`, whatever the failure and whatever the
 * key (the one key-leak property of the unit tier). That a key with CR/LF is refused without being
 * repeated is an input check, in validate-input.test.ts.
 */
import { inspect } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HiroApiError, HiroNetworkError, HiroTimeoutError } from "../../src/index.js";
import { type Handler, json, never } from "../helpers/fake-fetch.js";
import { anyValue, token } from "../helpers/input-model.js";
import { CALLS, OPERATION_NAMES, settle, setup } from "../helpers/lookup-calls.js";

const FAILURES: Record<
  string,
  {
    handler: Handler;
    expected: typeof HiroApiError | typeof HiroNetworkError | typeof HiroTimeoutError;
    kind?: string;
  }
> = {
  "400": {
    handler: () =>
      json({ error: "Bad Request", message: "querystring/limit must be <= 60", statusCode: 400 }, 400),
    expected: HiroApiError,
    kind: "invalid_request",
  },
  "404": {
    handler: () => json({ error: "Not Found", message: "Not Found", statusCode: 404 }, 404),
    expected: HiroApiError,
  },
  "422": { handler: () => json({ error: "Token metadata fetch in progress" }, 422), expected: HiroApiError },
  "429": {
    handler: () => json({ error: "Too Many Requests" }, 429, { "retry-after": "1" }),
    expected: HiroApiError,
    kind: "rate_limited",
  },
  "500": {
    handler: () => json({ error: "Internal Server Error" }, 500),
    expected: HiroApiError,
    kind: "server_error",
  },
  "invalid JSON 200": {
    handler: () =>
      new Response("{not json", { status: 200, headers: { "content-type": "application/json" } }),
    expected: HiroApiError,
    kind: "invalid_response",
  },
  "not JSON, 200, no content type": {
    handler: () => new Response("nope", { status: 200 }),
    expected: HiroApiError,
    kind: "invalid_response",
  },
  "network error": {
    handler: () => {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
      });
    },
    expected: HiroNetworkError,
  },
  timeout: { handler: (request) => never(request), expected: HiroTimeoutError },
};

/** Everything an error carries, as text. */
const errorText = (error: unknown) =>
  [
    (error as Error).message,
    String((error as { url?: unknown }).url ?? ""),
    JSON.stringify(error),
    inspect(error, { showHidden: true, depth: 10 }),
  ].join("\n");

describe("the API key never appears in an error", () => {
  for (const [failure, { handler, expected, kind }] of Object.entries(FAILURES)) {
    it(`${failure}: not in message, url, JSON.stringify or util.inspect`, async () => {
      // The same failure without a key: a key that happens to be a substring of it is no leak.
      const { client: keyless } = setup(handler, { timeoutMs: 20 });
      const baseline = await settle(() => CALLS.getSftMetadata(keyless, {}));
      const baselineText = baseline.ok ? "" : errorText(baseline.error);

      await fc.assert(
        fc.asyncProperty(token, fc.constantFrom(...OPERATION_NAMES), async (apiKey, operation) => {
          fc.pre(!baselineText.includes(apiKey));
          const { client, requests } = setup(handler, { apiKey, timeoutMs: 20 });
          const settled = await settle(() => CALLS[operation](client, {}));
          expect(settled.ok).toBe(false);
          const error = settled.ok ? undefined : settled.error;
          expect(error).toBeInstanceOf(expected);
          if (kind !== undefined) expect((error as HiroApiError).kind).toBe(kind);
          // The key was sent (so it was there to leak), in its header only.
          expect(requests[0]?.headers.get("x-api-key")).toBe(apiKey);
          expect(requests[0]?.url).not.toContain(apiKey);
          const text = errorText(error);
          expect(text).not.toContain(apiKey);
          expect(text).not.toContain(encodeURIComponent(apiKey));
        }),
        { numRuns: failure === "timeout" ? 30 : 100 },
      );
    });
  }

  it("nor in a validation error raised by a client that holds it", async () => {
    await fc.assert(
      fc.asyncProperty(token, anyValue, async (apiKey, principal) => {
        const { client } = setup(() => json({}), { apiKey });
        const settled = await settle(() => CALLS.getSftMetadata(client, { principal }));
        fc.pre(!settled.ok && !(typeof principal === "string" && principal.includes(apiKey)));
        const text = errorText(settled.ok ? undefined : settled.error);
        expect(text).not.toContain(apiKey);
      }),
    );
  });
});
