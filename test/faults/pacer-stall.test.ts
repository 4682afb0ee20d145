/**
 * Issue 21 (medium 1) against a real node:http server on 127.0.0.1: a service that announces its reset
 * as a Unix time in ms (read as seconds: centuries away) used to hold every later call in the pacer's
 * gate until `totalTimeoutMs`, with Node printing a TimeoutOverflowWarning for each timer past 2^31-1 ms.
 * Now the gate's wait is held to its 60 s ceiling and a call whose deadline comes first is refused at
 * once as `rate_limited`, nothing sent.
 */
import { afterEach, describe, expect, it } from "vitest";
import { HiroApiError } from "../../src/index.js";
import { PRINCIPAL } from "../helpers/fake-fetch.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { createTestClient } from "../helpers/test-client.js";

let server: SmallServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TOKEN = JSON.stringify({ token_uri: "ipfs://t" });

describe("a reset far in the future never stalls the origin", () => {
  it("reset as a Unix time in ms: a call that cannot wait is rate_limited at once, and no timer overflows", async () => {
    const s = await serveWith(
      () =>
        new Response(TOKEN, {
          headers: {
            "content-type": "application/json",
            "ratelimit-remaining": "3",
            "ratelimit-reset": String(Date.now() + 3_600_000),
          },
        }),
    );
    server = s;
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const { client } = createTestClient(s, { totalTimeoutMs: 2_000 });
      const token = (id: number) => client.getSftMetadata({ principal: PRINCIPAL, token_id: id });
      await token(1); // the probe: the gate learns a budget of 3
      await token(2); // goes at once; the next is spread out (at most 60 s / 3 later)
      const error = await token(3).then(
        () => expect.unreachable("the third call should not wait past its deadline"),
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HiroApiError);
      expect((error as HiroApiError).kind).toBe("rate_limited");
      expect((error as HiroApiError).retryAfterMs).toBeGreaterThan(2_000);
      expect((error as HiroApiError).retryAfterMs).toBeLessThanOrEqual(60_000);
      expect(s.requests).toHaveLength(2);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((w) => w.name)).not.toContain("TimeoutOverflowWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });
});
