/**
 * The gateway's refusals of parameters are upstream's, to the byte: each expected text below is what Fastify 5.8.2 with
 * TypeBox 0.34.48 (the versions the Token Metadata API 2.x pins) answered for the FT list's and the SFT
 * route's query schemas, run with `fastify.inject` (statusCode, code, error, message, in that order). An
 * enum is TypeBox's `Type.Enum`, an `anyOf` of `const`s: Ajv reports each branch, then the `anyOf`.
 */
import { describe, expect, it } from "vitest";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";

const PAGE = { limit: 20, offset: 0, total: 0, results: [] };
const upstream = (request: Request) =>
  new URL(request.url).pathname.includes("/sft/")
    ? json({ token_uri: "ipfs://t", decimals: 6, total_supply: "1" })
    : json(PAGE);

const refusal = (message: string) =>
  JSON.stringify({ statusCode: 400, code: "FST_ERR_VALIDATION", error: "Bad Request", message });
const notOneOf = (where: string) =>
  `${where} must be equal to constant, ${where} must be equal to constant, ${where} must match a schema in anyOf`;
const repeatedEnum = (where: string) =>
  `${where} must be string, ${where} must be equal to constant, ${where} must be string, ${where} must be equal to constant, ${where} must match a schema in anyOf`;
const ADDRESS_PATTERN = 'querystring/address must match pattern "^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}"';

describe("refusals, as upstream words them", () => {
  it.each([
    ["order_by=supply", notOneOf("querystring/order_by")],
    ["order_by=NAME", notOneOf("querystring/order_by")],
    ["order=up", notOneOf("querystring/order")],
    ["valid_metadata_only=1", "querystring/valid_metadata_only must be boolean"],
    ["valid_metadata_only=TRUE", "querystring/valid_metadata_only must be boolean"],
    // An empty value is a value to Fastify: only a plain string takes it.
    ["limit=", "querystring/limit must be integer"],
    ["offset=", "querystring/offset must be integer"],
    ["limit", "querystring/limit must be integer"],
    ["valid_metadata_only=", "querystring/valid_metadata_only must be boolean"],
    ["order_by=", notOneOf("querystring/order_by")],
    ["order_by", notOneOf("querystring/order_by")],
    ["address=", ADDRESS_PATTERN],
    // A repeated key is an array to Fastify (coerceTypes: "array"), which no single value's type takes.
    ["limit=1&limit=2", "querystring/limit must be integer"],
    ["limit=&limit=5", "querystring/limit must be integer"],
    ["valid_metadata_only=true&valid_metadata_only=false", "querystring/valid_metadata_only must be boolean"],
    ["order=asc&order=asc", repeatedEnum("querystring/order")],
    ["name=a&name=b", "querystring/name must be string"],
    // The first failing parameter in the schema's order.
    ["order_by=x&limit=61", "querystring/limit must be <= 60"],
  ])("FT list ?%s", async (query, message) => {
    const { get, requests } = testGateway(upstream);
    const response = await get(`/metadata/v1/ft?${query}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(refusal(message));
    expect(requests).toHaveLength(0);
  });

  it("a repeated locale on a token route: must be string", async () => {
    const { get, requests } = testGateway(upstream);
    const response = await get(`/metadata/v1/sft/${PRINCIPAL}/35?locale=a&locale=b`);
    expect(await response.text()).toBe(refusal("querystring/locale must be string"));
    expect(requests).toHaveLength(0);
  });

  it("takes what upstream takes: an empty plain string (name, locale) is no filter, asked without it", async () => {
    const { get, requests } = testGateway(upstream);
    expect((await get("/metadata/v1/ft?name=&symbol=&order_by=symbol")).status).toBe(200);
    expect((await get(`/metadata/v1/sft/${PRINCIPAL}/35?locale=`)).status).toBe(200);
    const sent = requests.map((request) => new URL(request.url).search);
    expect(sent).toEqual(["?order_by=symbol", ""]);
  });
});

describe("stricter than upstream where upstream would fail", () => {
  it.each([
    ["/metadata/v1/ft?name=a%00b", "querystring/name"],
    ["/metadata/v1/ft?address=SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM%00", "querystring/address"],
    [`/metadata/v1/sft/${PRINCIPAL}/35?locale=es%00`, "querystring/locale"],
  ])(
    "%s: a NUL is a 400 (upstream's PostgreSQL fails the query: a 500, asked twice)",
    async (target, where) => {
      const { get, requests } = testGateway(upstream);
      const response = await get(target);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; code: string };
      expect(body.code).toBe("FST_ERR_VALIDATION");
      expect(body.message).toMatch(new RegExp(`^${where} must not contain U\\+0000`));
      expect(requests).toHaveLength(0);
    },
  );
});
