/**
 * The gateway in front of an upstream that answers in shapes it should not: HTML labels, a key echoed
 * in a header, an ETag that does not follow the body, a huge Retry-After, many slow answers at once.
 * What reaches a caller is what the gateway would write itself.
 */
import { describe, expect, it } from "vitest";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture("tma-sft-200-valid-metadata");
const SFT = `/metadata/v1/sft/${PRINCIPAL}/35`;

describe("content types (item 5)", () => {
  it("serves a kept 200 labelled text/html as JSON, with nosniff", async () => {
    const { get } = testGateway(
      () => new Response(JSON.stringify(TOKEN), { headers: { "content-type": "text/html" } }),
    );
    for (let i = 0; i < 2; i++) {
      const answer = await get(SFT);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("keeps no 404 that is not JSON, and passes it on as plain text", async () => {
    const { get, requests } = testGateway(
      () =>
        new Response("<script>alert(1)</script>", { status: 404, headers: { "content-type": "text/html" } }),
    );
    for (let i = 0; i < 2; i++) {
      const answer = await get(SFT);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect(requests).toHaveLength(2);
  });

  it("puts nosniff on its own refusals too", async () => {
    const { get } = testGateway(() => json(TOKEN));
    const refused = await get("/nowhere");
    expect(refused.status).toBe(404);
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
