/**
 * One openapi-fetch instance per lookup client: `raw` is it, and the lookups go through that very instance
 * when middleware or a custom fetch could see them. So a middleware added with `raw.use` sees the lookups
 * as it sees raw calls (the same route template, the same parameters), and `raw.eject` takes it off both.
 */
import type { Middleware, MiddlewareCallbackParams } from "openapi-fetch";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, LOCAL, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

afterEach(() => {
  vi.restoreAllMocks();
});

const TOKEN = { token_uri: "ipfs://x", metadata: { sip: 16, name: "x" } };
const SFT_PATH = "/metadata/v1/sft/{principal}/{token_id}";

describe("one openapi-fetch instance per lookup client", () => {
  it("a lookup that middleware could see calls raw's own GET: raw is the instance the lookups use", async () => {
    const { client, requests } = createTestClient(() => json(TOKEN));
    const get = vi.spyOn(client.raw, "GET");
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 35 });
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]?.[0]).toBe(SFT_PATH);
    expect(requests.map((request) => request.url)).toEqual([`${LOCAL}/metadata/v1/sft/${PRINCIPAL}/35`]);
  });

  it("a middleware added with raw.use sees a lookup as it sees the same raw call; raw.eject takes it off", async () => {
    const { client } = createTestClient(() => json(TOKEN));
    const seen: Array<Pick<MiddlewareCallbackParams, "schemaPath" | "params"> & { url: string }> = [];
    const spy: Middleware = {
      onRequest: ({ request, schemaPath, params }) =>
        void seen.push({ url: request.url, schemaPath, params }),
    };
    client.raw.use(spy);

    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 35n });
    await client.raw.GET(SFT_PATH, { params: { path: { principal: PRINCIPAL, token_id: "35" } } });
    const asked = {
      url: `${LOCAL}/metadata/v1/sft/${PRINCIPAL}/35`,
      schemaPath: SFT_PATH,
      params: { path: { principal: PRINCIPAL, token_id: "35" } },
    };
    expect(seen).toMatchObject([asked, asked]);

    client.raw.eject(spy);
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 35 });
    expect(seen).toHaveLength(2);
  });
});
