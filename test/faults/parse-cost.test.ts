/**
 * Bytes are capped (maxResponseBytes, 16 MiB), parse cost was not: a 16 MiB `[{},{},…]` body (8M empty
 * objects) ran the process out of heap at 300 MB. A body holding more objects and arrays than any real
 * answer (100,000: a full page of 60 inscriptions holds about 400) is refused before it is parsed, as
 * `invalid_response` on a 200 and kept as text on an error, on the direct path and through openapi-fetch.
 */
import { describe, expect, it } from "vitest";
import { HiroApiError, type Middleware } from "../../src/index.js";
import { TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const COUNT = 1_000_000; // 2 MB of text, 1M objects: enough to show the refusal without 16 MiB in a test
const manyObjects = `[${Array(COUNT).fill("{}").join(",")}]`;
const pageOfThem = `{"limit":20,"offset":0,"total":1,"results":${manyObjects}}`;
const passThrough: Middleware = { onRequest: () => undefined };

describe("a body of more objects and arrays than any real answer", () => {
  it.each([
    ["the direct path", []],
    ["openapi-fetch (a middleware registered)", [passThrough]],
  ])("a 200 is refused as invalid_response before it is parsed, on %s", async (_, middleware) => {
    const { client } = createTestClient(
      () => new Response(pageOfThem, { headers: { "content-type": "application/json" } }),
      { maxRetries: 0, middleware },
    );
    const error = await client.getTransactionActivity({ tx_id: TX_ID }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect(error).toMatchObject({ kind: "invalid_response" });
    expect((error as Error).message).toMatch(/more objects and arrays than any real answer/);
  });

  it.each([
    ["the direct path", []],
    ["openapi-fetch (a middleware registered)", [passThrough]],
  ])("an error's body is kept as cut text, not parsed, on %s", async (_, middleware) => {
    const { client } = createTestClient(
      () => new Response(manyObjects, { status: 500, headers: { "content-type": "application/json" } }),
      { maxRetries: 0, middleware },
    );
    const error = await client.getTransactionActivity({ tx_id: TX_ID }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "server_error", status: 500 });
    expect(typeof (error as HiroApiError).body).toBe("string");
  });
});
