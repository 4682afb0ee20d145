/**
 * The Token Metadata API's other read routes (getApiStatus, getFungibleTokens, getFtMetadata,
 * getNftMetadata): each parameter checked before anything is sent, sent in the service's form, and each
 * answer checked against its question (an FT about another contract, a list the service did not filter).
 */
import { describe, expect, it } from "vitest";
import { collect, HiroApiError, HiroValidationError, paginate } from "../../src/index.js";
import { emptyPageFor, json } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const ALEX = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex";
const MONKEYS = "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys";
const ALEX_ITEM = {
  name: "ALEX Token",
  symbol: "ALEX",
  tx_id: `0x${"ab".repeat(32)}`,
  sender_address: ALEX.split(".")[0],
  asset_identifier: `${ALEX}::alex`,
  contract_principal: ALEX,
};
const pageOf = (request: Request, results: unknown[], total = results.length) =>
  json({ ...emptyPageFor(request), total, results });

describe("getApiStatus", () => {
  it("takes no parameters and returns the status and chain tip", async () => {
    const status = {
      server_version: "token-metadata-api v2.3.0 (master:cc88688)",
      status: "ready",
      chain_tip: null,
    };
    const { client, requests } = createTestClient(() => json(status));
    expect(await client.getApiStatus()).toEqual(status);
    expect(new URL(requests[0]?.url ?? "").pathname).toBe("/metadata/v1/");
  });
});

describe("getFtMetadata", () => {
  it("sends the principal (and locale) and returns the token", async () => {
    const { client, requests } = createTestClient(() => json({ ...ALEX_ITEM, decimals: 8 }));
    expect((await client.getFtMetadata({ principal: ALEX, locale: "es" })).decimals).toBe(8);
    expect(requests[0]?.url).toBe(`http://127.0.0.1:3999/metadata/v1/ft/${ALEX}?locale=es`);
  });

  it("refuses an asset identifier as the principal, sending nothing", async () => {
    const { client, requests } = createTestClient(() => json({}));
    const error = await client.getFtMetadata({ principal: `${ALEX}::alex` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(error).toMatchObject({ parameter: "principal" });
    expect(requests).toHaveLength(0);
  });

  it("an answer about another contract is invalid_response, never data", async () => {
    const other = "SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.fari-token";
    const { client } = createTestClient(() => json({ ...ALEX_ITEM, asset_identifier: `${other}::fari` }), {
      maxRetries: 0,
    });
    const error = await client.getFtMetadata({ principal: ALEX }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect(error).toMatchObject({ kind: "invalid_response", operationId: "getFtMetadata" });
    expect((error as Error).message).toContain("not the contract asked");
  });

  it("a 404 and a pending 422 are typed as for getSftMetadata", async () => {
    const { client } = createTestClient((_, call) =>
      call === 1
        ? json({ error: "Contract not found" }, 404)
        : json({ error: "Token metadata fetch in progress" }, 422),
    );
    await expect(client.getFtMetadata({ principal: ALEX })).rejects.toMatchObject({ kind: "not_found" });
    await expect(client.getFtMetadata({ principal: ALEX })).rejects.toMatchObject({
      kind: "metadata_pending",
    });
  });
});

describe("getNftMetadata", () => {
  it("sends a bigint or decimal-string id exactly", async () => {
    const { client, requests } = createTestClient(() => json({ token_uri: "ipfs://x/1.json" }));
    await client.getNftMetadata({ principal: MONKEYS, token_id: 1234n });
    await client.getNftMetadata({ principal: MONKEYS, token_id: "0042" });
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      `/metadata/v1/nft/${MONKEYS}/1234`,
      `/metadata/v1/nft/${MONKEYS}/42`,
    ]);
  });

  it("refuses an id a JS number rounds (the service would answer for another token), sending nothing", async () => {
    const { client, requests } = createTestClient(() => json({}));
    const error = await client
      .getNftMetadata({ principal: MONKEYS, token_id: "9007199254740993" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(error).toMatchObject({ parameter: "token_id" });
    expect(requests).toHaveLength(0);
  });
});

describe("getFungibleTokens", () => {
  it("sends each filter in the service's form, defaults left to the service", async () => {
    const { client, requests } = createTestClient((request) => pageOf(request, []));
    await client.getFungibleTokens();
    await client.getFungibleTokens({
      name: "alex",
      symbol: "ALEX",
      address: "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM",
      valid_metadata_only: true,
      order_by: "symbol",
      order: "desc",
      offset: 20,
      limit: 60,
    });
    expect(requests.map((r) => new URL(r.url).search)).toEqual([
      "",
      "?name=alex&symbol=ALEX&address=SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM&valid_metadata_only=true&offset=20&limit=60&order_by=symbol&order=desc",
    ]);
  });

  it.each([
    [{ order_by: "supply" }, "order_by", '"name", "symbol"'],
    [{ order: "up" }, "order", '"asc", "desc"'],
    [{ valid_metadata_only: "yes" }, "valid_metadata_only", "true or false"],
    [{ address: "sp102v8p0f7jx67arq77wea3d3cfb5xw39redt0am" }, "address", "Stacks address"],
    [{ name: 5 }, "name", "string"],
    [{ symbol: "\ud800" }, "symbol", "well-formed"],
    // A NUL makes upstream's PostgreSQL fail the query (500): sent, it is a 500 and a retry for nothing.
    [{ name: "a\u0000b" }, "name", "U+0000"],
    [{ symbol: "\u0000" }, "symbol", "U+0000"],
    [{ address: "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM\u0000" }, "address", "U+0000"],
    [{ limit: 61 }, "limit", "1 to 60"],
    [{ offset: -1 }, "offset", ">= 0"],
  ])("refuses %j naming %s and what it allows, sending nothing", async (params, parameter, allowed) => {
    const { client, requests } = createTestClient((request) => pageOf(request, []));
    const error = await client.getFungibleTokens(params as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(error).toMatchObject({ parameter });
    expect((error as Error).message).toContain(allowed);
    expect(requests).toHaveLength(0);
  });

  it("a page holding a token its filter excludes is invalid_response: the service ignored the filter", async () => {
    const fari = {
      ...ALEX_ITEM,
      name: "Fari Token",
      symbol: "FARI",
      contract_principal: "SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.fari-token",
      asset_identifier: "SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.fari-token::fari",
    };
    const { client } = createTestClient((request) => pageOf(request, [ALEX_ITEM, fari]), { maxRetries: 0 });
    for (const params of [
      { symbol: "alex" },
      { name: "ale" },
      { address: "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM" },
    ]) {
      const error = await client.getFungibleTokens(params).catch((e: unknown) => e);
      expect(error, JSON.stringify(params)).toMatchObject({ kind: "invalid_response" });
      expect((error as Error).message).toContain("ignored the filter");
    }
  });

  it("matches names as the service does: a case-insensitive substring, % and _ as LIKE wildcards", async () => {
    const { client } = createTestClient((request) => pageOf(request, [ALEX_ITEM]));
    for (const name of ["alex", "LEX TOK", "a_ex", "al%en", "ALEX Token"])
      expect((await client.getFungibleTokens({ name })).results, name).toHaveLength(1);
  });

  it("an item whose asset_identifier is of another contract is invalid_response", async () => {
    const { client } = createTestClient(
      (request) => pageOf(request, [{ ...ALEX_ITEM, asset_identifier: "SP000.other::x" }]),
      { maxRetries: 0 },
    );
    await expect(client.getFungibleTokens()).rejects.toMatchObject({ kind: "invalid_response" });
  });

  it("walks with paginate, its filters kept on every page", async () => {
    const tokens = Array.from({ length: 3 }, (_, i) => ({
      ...ALEX_ITEM,
      name: `ALEX ${i}`,
      contract_principal: `${ALEX}-${i}`,
      asset_identifier: `${ALEX}-${i}::alex`,
    }));
    const { client, requests } = createTestClient((request) => {
      const { offset, limit } = emptyPageFor(request);
      return pageOf(request, tokens.slice(offset, offset + limit), tokens.length);
    });
    const all = await collect(paginate(client.getFungibleTokens, { name: "alex" }, { pageSize: 2 }), {
      max: 10,
    });
    expect(all.map((t) => t.name)).toEqual(["ALEX 0", "ALEX 1", "ALEX 2"]);
    expect(requests.every((r) => new URL(r.url).searchParams.get("name") === "alex")).toBe(true);
  });
});
