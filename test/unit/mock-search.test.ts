/**
 * The mock's rule for searchTokens (src/mock/search-answer.ts): the tokens of the spec's search examples
 * among those asked, in the examples' order (not the order asked), the others absent, as upstream does.
 */
import { setupServer } from "msw/node";
import { describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/index.js";
import { answerFor } from "../../src/mock/index.js";
import { createHandlers } from "../../src/msw/index.js";

const SFT = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const FT = "SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.fari-token";
type Item = { contract_id: string; token_number: number; description?: string; image_uri?: string };

const search = (contract: string[], locale?: string) => {
  const query = new URLSearchParams(contract.map((id) => ["contract", id]));
  if (locale !== undefined) query.set("locale", locale);
  return answerFor("searchTokens", { path: {}, query });
};
const keys = (body: unknown) => (body as Item[]).map((i) => `${i.contract_id}:${i.token_number}`);

describe("answerFor: searchTokens", () => {
  it("answers the named example when asked exactly its tokens", () => {
    expect(search([`${SFT}:35`, FT])).toMatchObject({ status: 200, example: "mixed" });
    expect(search([FT, `${SFT}:35`])).toMatchObject({ status: 200, example: "mixed" });
    expect(search([`${SFT}:35`], "es")).toMatchObject({ status: 200, example: "withLocale" });
  });

  it("any other list: the known tokens asked, in the examples' order; the unknown absent", () => {
    const a = search([`${SFT}:99`, `${FT}:1`, `${SFT}:0035`]);
    expect(a?.status).toBe(200);
    expect(keys(a?.body)).toEqual([`${FT}:1`, `${SFT}:35`]);
    expect(a?.headers?.etag).toMatch(/^".+"$/);
    expect(search([`${SFT}:99`])).toMatchObject({ status: 200, body: [], example: "noneFound" });
  });

  it("the token still being fetched (36) comes back, without metadata, as upstream's search answers it", () => {
    const pending = search([`${SFT}:36`]);
    expect(pending).toMatchObject({ status: 200, example: "pending" });
    expect(pending?.body).toEqual([expect.not.objectContaining({ token_uri: expect.anything() })]);
    expect(keys(pending?.body)).toEqual([`${SFT}:36`]);
  });

  it("a token asked twice (P and P:1) comes back twice, as upstream's", () => {
    expect(keys(search([FT, `${FT}:1`])?.body)).toEqual([`${FT}:1`, `${FT}:1`]);
  });

  it("a locale no example has: the tokens still come, without their metadata fields", () => {
    const [item] = search([`${SFT}:35`], "xx").body as Item[];
    expect(item).toMatchObject({ contract_id: SFT, token_number: 35 });
    expect(item?.description).toBeUndefined();
    expect(item?.image_uri).toBeUndefined();
  });

  it("what the spec refuses gets upstream's 400, in Fastify's words", () => {
    expect(search([])).toMatchObject({ status: 400, example: "missingContract" });
    expect(search([FT, `${SFT.toLowerCase()}:1`])).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^querystring\/contract\/1 must match pattern "/) },
    });
    expect(search(Array.from({ length: 51 }, (_, i) => `${SFT}:${i}`))).toMatchObject({
      status: 400,
      example: "tooManyContracts",
    });
  });
});

describe("hiro-lookup/msw: searchTokens by the same rule", () => {
  it("client.searchTokens gets the known tokens in the order asked and the unknown as missing", async () => {
    const server = setupServer(...createHandlers());
    server.listen({ onUnhandledRequest: "error" });
    try {
      const client = createLookupClient({ maxRetries: 0 });
      const asked = [`${SFT}:99`, `${SFT}:35`, FT];
      const { results, missing } = await client.searchTokens({ contract: asked });
      expect(results.map((i) => `${i.contract_id}:${i.token_number}`)).toEqual([`${SFT}:35`, `${FT}:1`]);
      expect(missing).toEqual([`${SFT}:99`]);
      const { response } = await client.raw.GET("/metadata/v1/search", {
        params: { query: { contract: asked } },
      });
      expect(response.headers.get("etag")).toMatch(/^"/);
    } finally {
      server.close();
    }
  });
});
