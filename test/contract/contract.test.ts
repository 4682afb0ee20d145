/**
 * Contract tests: the client against a Prism mock of openapi.yaml. Every (operation, status) pair of the
 * spec goes through the real client and must come out as the right typed result or typed error; every
 * 200 body must validate against the spec's schema. The pairs come from openapi.yaml itself, so a status
 * added to the spec without a row in EXPECTED fails the coverage test below.
 */
import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { operations } from "../../src/generated/operations.js";
import { parameterRules } from "../../src/generated/parameters.js";
import {
  collect,
  HiroApiError,
  type HiroApiErrorKind,
  type LookupClient,
  type OperationId,
  paginate,
} from "../../src/index.js";
import { liveOperationProblem, liveOperations, liveServices } from "../helpers/live-run.js";
import { recordingClient } from "../helpers/prism-violations.js";
import { loadSpec, operationStatuses, refName, specAjv, validatorFor } from "../helpers/spec.js";
import { createTestClient } from "../helpers/test-client.js";

const baseUrl = inject("prismUrl");
const liveTarget = inject("liveTarget");
const spec = loadSpec();
const ajv = specAjv(spec);
// searchTokens answers { results, missing }, not the example body: its cases are in search-tokens.test.ts.
const pairs = operationStatuses(spec).filter((pair) => pair.operationId !== "searchTokens");

const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const TX_ID = "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e";
const TOKEN_ID = 35;
const ORDINAL = 1252201400444387;

/** The outcome each documented (operation, status, example) must produce through the client. */
const EXPECTED: Record<string, HiroApiErrorKind | "ok"> = {
  "getSftMetadata 200": "ok",
  "getSftMetadata 304": "not_modified",
  "getSftMetadata 400": "invalid_request",
  "getSftMetadata 404": "not_found",
  "getSftMetadata 422 metadataFetchInProgress": "metadata_pending",
  "getSftMetadata 422 localeNotFound": "locale_not_found",
  "getSftMetadata 422 tokenError": "token_error",
  "getSftMetadata 429": "rate_limited",
  "getSftMetadata 500": "server_error",
  "getSatoshiInscriptions 200": "ok",
  "getSatoshiInscriptions 400": "invalid_request",
  "getSatoshiInscriptions 410": "service_retired",
  "getSatoshiInscriptions 429": "rate_limited",
  "getSatoshiInscriptions 500": "server_error",
  "getTransactionActivity 200": "ok",
  "getTransactionActivity 304": "not_modified",
  "getTransactionActivity 400": "invalid_request",
  "getTransactionActivity 410": "service_retired",
  "getTransactionActivity 429": "rate_limited",
  "getTransactionActivity 500": "server_error",
  "getApiStatus 200": "ok",
  "getApiStatus 304": "not_modified",
  "getApiStatus 429": "rate_limited",
  "getApiStatus 500": "server_error",
  "getFungibleTokens 200": "ok",
  "getFungibleTokens 304": "not_modified",
  "getFungibleTokens 400": "invalid_request",
  "getFungibleTokens 429": "rate_limited",
  "getFungibleTokens 500": "server_error",
  "getFtMetadata 200": "ok",
  "getFtMetadata 304": "not_modified",
  "getFtMetadata 400": "invalid_request",
  "getFtMetadata 404": "not_found",
  "getFtMetadata 422 metadataFetchInProgress": "metadata_pending",
  "getFtMetadata 422 localeNotFound": "locale_not_found",
  "getFtMetadata 422 tokenError": "token_error",
  "getFtMetadata 429": "rate_limited",
  "getFtMetadata 500": "server_error",
  "getNftMetadata 200": "ok",
  "getNftMetadata 304": "not_modified",
  "getNftMetadata 400": "invalid_request",
  "getNftMetadata 404": "not_found",
  "getNftMetadata 422 metadataFetchInProgress": "metadata_pending",
  "getNftMetadata 422 localeNotFound": "locale_not_found",
  "getNftMetadata 422 tokenError": "token_error",
  "getNftMetadata 429": "rate_limited",
  "getNftMetadata 500": "server_error",
};

/** Valid parameters of each operation when its example names no request: its first example's subject. */
const SAMPLE: Record<string, { path: Record<string, string | number>; query: Record<string, unknown> }> = {
  getSftMetadata: { path: { principal: PRINCIPAL, token_id: TOKEN_ID }, query: {} },
  getSatoshiInscriptions: { path: { ordinal: ORDINAL }, query: { limit: 20 } },
  getTransactionActivity: { path: { tx_id: TX_ID }, query: { limit: 20 } },
  getApiStatus: { path: {}, query: {} },
  getFungibleTokens: { path: {}, query: {} },
  getFtMetadata: { path: { principal: "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex" }, query: {} },
  getNftMetadata: {
    path: { principal: "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys", token_id: 1234 },
    query: {},
  },
};

/** A query value of an example's request in the type the client takes, by the parameter's rule. */
function typed(name: string, value: string): unknown {
  const type = (parameterRules as Record<string, { type?: string }>)[name]?.type;
  return type === "integer" ? Number(value) : type === "boolean" ? value === "true" : value;
}

/** The request a named example answers (its `x-request`), if it names one. */
interface ExampleRequest {
  path?: Record<string, string>;
  query?: Record<string, string>;
}

/** Calls one operation through the client with valid parameters: the example's own request, if it names one. */
function call(
  client: LookupClient,
  operationId: OperationId,
  headers: Record<string, string>,
  request: ExampleRequest = {},
): Promise<unknown> {
  const sample = SAMPLE[operationId];
  if (sample === undefined) throw new Error(`${operationId}: no sample in this table`);
  const query = Object.entries(request.query ?? {}).map(([name, value]) => [name, typed(name, value)]);
  const params = { ...sample.path, ...request.path, ...sample.query, ...Object.fromEntries(query) };
  const lookup = client[operationId as Exclude<OperationId, "searchTokens">] as (
    params: object,
    options: object,
  ) => Promise<unknown>;
  return lookup(params, { headers, maxRetries: 0 });
}

/** A rejection of a lookup over the static mock must be the client refusing the answer, nothing else. */
function expectInvalidResponse(error: unknown): void {
  expect(error).toMatchObject({ name: "HiroApiError", kind: "invalid_response" });
}

/** The same call through `client.raw`: the body as the server sent it, unchecked. */
function rawCall(client: LookupClient, operationId: OperationId, headers: Record<string, string>) {
  const sample = SAMPLE[operationId];
  if (sample === undefined) throw new Error(`${operationId}: no sample in this table`);
  const get = client.raw.GET as unknown as (path: string, init: object) => Promise<{ data?: unknown }>;
  return get(operations[operationId].path, { params: { path: sample.path, query: sample.query }, headers });
}

interface ContractCase {
  operationId: OperationId;
  status: number;
  example: string | undefined;
  value: unknown;
  request: ExampleRequest | undefined;
  schema: string | undefined;
}

/** Every (operation, status, named example) of the spec: one contract case each. */
const cases: ContractCase[] = pairs.flatMap(({ operationId: id, status, response }): ContractCase[] => {
  const operationId = id as OperationId;
  const media = response.content?.["application/json"];
  const examples = Object.entries(media?.examples ?? {});
  const schema = media ? refName(media.schema.$ref) : undefined;
  if (examples.length === 0)
    return [{ operationId, status, example: undefined, value: undefined, request: undefined, schema }];
  return examples.map(([example, ref]) => ({
    operationId,
    status,
    example,
    value: spec.components.examples[refName(ref.$ref)]?.value,
    request: (spec.components.examples[refName(ref.$ref)] as { "x-request"?: ExampleRequest } | undefined)?.[
      "x-request"
    ],
    schema,
  }));
});
const keyOf = (c: { operationId: string; status: number; example: string | undefined }) =>
  EXPECTED[`${c.operationId} ${c.status} ${c.example}`] !== undefined
    ? `${c.operationId} ${c.status} ${c.example}`
    : `${c.operationId} ${c.status}`;

if (liveTarget) {
  // Opt-in live run (HIRO_LIVE_BASE_URL or HIRO_LIVE_*_URL, optional HIRO_API_KEY): real answers must
  // fit the spec too. Only the services given a URL are called: never a default host.
  describe(`live contract run against ${JSON.stringify(liveTarget)}`, () => {
    const { client } = createTestClient(
      liveTarget,
      process.env.HIRO_API_KEY ? { apiKey: process.env.HIRO_API_KEY } : {},
    );
    // Every operation of the table, for each service given a URL, must answer its sample with data that
    // fits the spec: a documented error (404 from a server that serves nothing, 500, a URL pointing at
    // another service) fails the run, as does no answer. The list comes from the operation table.
    it.each(liveServices(liveTarget).flatMap(liveOperations))(
      "%s answers its sample with data that fits the spec",
      async (operationId) => {
        expect(await liveOperationProblem(client, operationId)).toBeUndefined();
      },
    );
  });
} else {
  describe("coverage", () => {
    it("has an expected outcome for every (operation, status, example) in openapi.yaml", () => {
      const missing = cases.filter((c) => EXPECTED[keyOf(c)] === undefined).map(keyOf);
      expect(missing).toEqual([]);
      // …and no stale rows for statuses the spec no longer documents.
      const documented = new Set(cases.map(keyOf));
      expect(Object.keys(EXPECTED).filter((k) => !documented.has(k))).toEqual([]);
    });
  });

  describe("every documented response comes out typed (static examples)", () => {
    it.each(cases.map((c) => ({ ...c, label: `${c.operationId} ${c.status} ${c.example ?? "(no body)"}` })))(
      "$label",
      async ({ operationId, status, example, value, request, schema }) => {
        const prefer = example === undefined ? `code=${status}` : `code=${status}, example=${example}`;
        const { client, violations } = recordingClient(baseUrl);
        const outcome = await call(client, operationId, { Prefer: prefer }, request).catch((e: unknown) => e);
        const expected = EXPECTED[keyOf({ operationId, status, example })];
        expect(violations).toEqual([null]); // the client's request was valid for the spec
        if (expected === "ok") {
          expect(outcome).toEqual(value);
          const validate = validatorFor(ajv, schema ?? "");
          expect(validate(outcome), JSON.stringify(validate.errors)).toBe(true);
          return;
        }
        expect(outcome).toBeInstanceOf(HiroApiError);
        expect(outcome).toMatchObject({ kind: expected, status, operationId, body: value });
      },
    );
  });

  describe("generated data stays inside the schemas (Prefer: dynamic=true)", () => {
    const operations = [...new Set(pairs.map((p) => p.operationId as OperationId))];
    it.each(operations)("%s: 20 dynamic 200 bodies validate", async (operationId) => {
      const pair = pairs.find((p) => p.operationId === operationId && p.status === 200);
      const validate = validatorFor(
        ajv,
        refName(pair?.response.content?.["application/json"]?.schema.$ref ?? ""),
      );
      const { client, violations } = recordingClient(baseUrl);
      for (let i = 0; i < 20; i++) {
        // raw: the bodies as Prism made them. The lookups check answers against the question, and
        // invented data is about another sat or transaction (see the next test).
        const { data } = await rawCall(client, operationId, { Prefer: "dynamic=true" });
        expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
      }
      expect(violations.every((v) => v === null)).toBe(true);
    });

    it("a checking client refuses invented pages that are not about what was asked", async () => {
      const { client } = recordingClient(baseUrl);
      const error = await client
        .getTransactionActivity({ tx_id: TX_ID }, { headers: { Prefer: "dynamic=true" }, maxRetries: 0 })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      // Prism invents tx ids and offsets; only a page with no results and offset 0 could pass.
      if (error !== undefined) expect(error).toMatchObject({ kind: "invalid_response", status: 200 });
    });
  });

  describe("request validation", () => {
    it("Prism rejects a request that breaks the spec (limit=61 through client.raw)", async () => {
      const { client } = recordingClient(baseUrl);
      const { error, response } = await client.raw.GET("/ordinals/v1/sats/{ordinal}/inscriptions", {
        params: { path: { ordinal: 1 }, query: { limit: 61 } },
      });
      expect(response.status).toBe(400);
      expect(error).toEqual({ error: "Invalid satoshi ordinal number" });
      expect(response.headers.get("sl-violations")).toContain("limit");
    });

    it("every request the client builds passes Prism's validation (property-based)", async () => {
      const { client, violations } = recordingClient(baseUrl);
      const principal = fc.stringMatching(
        /^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$/,
      );
      const ordinal = fc.oneof(
        fc.constantFrom(0, 2099999997689999, "2099999997689999", 2099999997689999n),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }).map((n) => n % 2099999997690000),
        fc.bigInt({ min: 0n, max: 2099999997689999n }).map(String),
      );
      const txId = fc
        .tuple(fc.stringMatching(/^[0-9a-fA-F]{64}$/), fc.constantFrom("", "0x", "0X"))
        .map(([hex, prefix]) => prefix + hex);
      // Ids above 2^53-1 are refused before sending (the service cannot address them exactly).
      const tokenId = fc.oneof(fc.nat(), fc.bigInt({ min: 0n, max: 2n ** 53n - 1n }));
      const limit = fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined });
      const offset = fc.option(fc.nat(), { nil: undefined });
      const paging = (o: number | undefined, l: number | undefined) => ({
        ...(o === undefined ? {} : { offset: o }),
        ...(l === undefined ? {} : { limit: l }),
      });
      await fc.assert(
        fc.asyncProperty(principal, tokenId, ordinal, txId, offset, limit, async (p, id, ord, tx, o, l) => {
          await client.getSftMetadata({ principal: p, token_id: id });
          // The mock answers its one example whatever was asked: the client refuses a page about
          // another sat, transaction or offset. Only the requests matter here.
          await client.getSatoshiInscriptions({ ordinal: ord, ...paging(o, l) }).catch(expectInvalidResponse);
          await client.getTransactionActivity({ tx_id: tx, ...paging(o, l) }).catch(expectInvalidResponse);
        }),
        { numRuns: 40 },
      );
      expect(violations.length).toBe(120);
      expect(violations.filter((v) => v !== null)).toEqual([]);
    });
  });

  describe("pagination end to end", () => {
    it("stops after the only page of the static example (total 1)", async () => {
      const { client, violations } = recordingClient(baseUrl);
      const items = await collect(paginate(client.getSatoshiInscriptions, { ordinal: ORDINAL }), {
        max: 100,
      });
      expect(items.map((i) => i.number)).toEqual([0]);
      expect(violations).toHaveLength(1);
    });

    it("terminates over dynamic mock data: invented pages are refused, never looped over", async () => {
      const { client, violations } = recordingClient(baseUrl);
      const outcome = await collect(
        paginate(
          client.getTransactionActivity,
          { tx_id: TX_ID },
          { headers: { Prefer: "dynamic=true" }, concurrency: 4, maxItems: 300 },
        ),
        { max: 1000 },
      ).then(
        (items) => ({ items }),
        (error: unknown) => ({ error }),
      );
      if ("error" in outcome) expect(outcome.error).toMatchObject({ kind: "invalid_response" });
      else expect(outcome.items.length).toBeLessThanOrEqual(300);
      expect(violations.length).toBeLessThanOrEqual(300 / 60 + 4);
      expect(violations.every((v) => v === null)).toBe(true);
    });
  });
}
