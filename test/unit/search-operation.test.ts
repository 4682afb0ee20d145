/**
 * The metadata service now has two operations (getSftMetadata and searchTokens): everything below the
 * middleware that names "the operation of a request" must tell them apart by path, not by service.
 */
import { describe, expect, it } from "vitest";
import { HiroApiError, validateResponses } from "../../src/index.js";
import { matchOperation, operationAt } from "../../src/spec/services.js";
import { responseValidators } from "../../src/validators.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const ITEM = {
  contract_id: PRINCIPAL,
  token_number: 35,
  token_type: "sft",
  tx_id: `0x${"ab".repeat(32)}`,
  sender_address: PRINCIPAL.split(".")[0],
};

describe("the operation of a request, by its path", () => {
  it("names each operation of the spec after its base path, with its path parameters; no other path", () => {
    const tx = "a".repeat(64);
    expect(matchOperation("/metadata/v1/search")).toEqual({ operationId: "searchTokens", path: {} });
    expect(matchOperation(`/proxy/metadata/v1/sft/${PRINCIPAL}/35`, "/proxy/")).toEqual({
      operationId: "getSftMetadata",
      path: { principal: PRINCIPAL, token_id: "35" },
    });
    expect(matchOperation("/ordinals/v1/sats/1/inscriptions")?.operationId).toBe("getSatoshiInscriptions");
    expect(matchOperation(`/runes/v1/transactions/${tx}/activity`)?.operationId).toBe(
      "getTransactionActivity",
    );
    expect(matchOperation("/metadata/v1/")?.operationId).toBe("getApiStatus");
    expect(matchOperation("/metadata/v1/ft")?.operationId).toBe("getFungibleTokens");
    expect(matchOperation(`/metadata/v1/ft/${PRINCIPAL}`)).toEqual({
      operationId: "getFtMetadata",
      path: { principal: PRINCIPAL },
    });
    expect(matchOperation(`/metadata/v1/nft/${PRINCIPAL}/7`)?.operationId).toBe("getNftMetadata");
    // exact: a longer or shorter path, or one under another base, is none of them
    expect(matchOperation("/metadata/v1/nft/x")).toBeUndefined();
    expect(matchOperation(`/proxy/metadata/v1/ft/${PRINCIPAL}`)).toBeUndefined();
    expect(matchOperation("/metadata/v1/ft/a/b")).toBeUndefined();
    // a broken %-escape is kept as sent, for the rules to refuse
    expect(matchOperation("/metadata/v1/sft/%ZZ/1")?.path.principal).toBe("%ZZ");
  });

  it("names the operation of an openapi-fetch schemaPath", () => {
    expect(operationAt("/metadata/v1/ft/{principal}")).toBe("getFtMetadata");
    expect(operationAt("/metadata/v1/search")).toBe("searchTokens");
    expect(operationAt("/metadata/v1/nope")).toBeUndefined();
  });

  it("a raw call that fails is named by its path: searchTokens and getSftMetadata apart", async () => {
    const { client } = createTestClient(() => json([ITEM]), { maxRetries: 0, maxResponseBytes: 10 });
    const search = await client.raw
      .GET("/metadata/v1/search", { params: { query: { contract: [`${PRINCIPAL}:35`] } } })
      .catch((e: unknown) => e);
    expect(search).toBeInstanceOf(HiroApiError);
    expect(search).toMatchObject({ kind: "invalid_response", operationId: "searchTokens" });
    const sft = await client.raw
      .GET("/metadata/v1/sft/{principal}/{token_id}", {
        params: { path: { principal: PRINCIPAL, token_id: 35 } },
      })
      .catch((e: unknown) => e);
    expect(sft).toMatchObject({ kind: "invalid_response", operationId: "getSftMetadata" });
  });

  it("validateResponses checks a search answer against the search schema", async () => {
    const { client } = createTestClient(
      (request) =>
        request.url.includes("/sft/")
          ? json({ decimals: 6 })
          : json(request.url.includes("bad") ? [{ ...ITEM, token_number: "35" }] : [ITEM]),
      { middleware: [validateResponses(responseValidators)] },
    );
    const good = await client.raw.GET("/metadata/v1/search", {
      params: { query: { contract: [`${PRINCIPAL}:35`] } },
    });
    expect(good.data).toEqual([ITEM]);
    const bad = await client.raw
      .GET("/metadata/v1/search", { params: { query: { contract: [`${PRINCIPAL}:35`], locale: "bad" } } })
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ kind: "invalid_response", operationId: "searchTokens" });
    expect((bad as Error).message).toContain("/0/token_number must be integer");
    // …and an SFT answer against the SFT schema.
    const sft = await client.raw.GET("/metadata/v1/sft/{principal}/{token_id}", {
      params: { path: { principal: PRINCIPAL, token_id: 35 } },
    });
    expect(sft.data).toEqual({ decimals: 6 });
  });
});
