/**
 * Type behaviour of the public API. Nothing here runs: the types tier's tsc (test/types/typecheck.test.ts; and `tsc -p .`) checks
 * that the right calls compile, each `@ts-expect-error` line does not, and the inferred types are exact.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { operations } from "../../src/generated/operations.js";
import {
  type ApiStatusResponse,
  collect,
  createLookupClient,
  type FtBasicMetadata,
  type FtMetadataParams,
  type FtMetadataResponse,
  type FungibleTokensParams,
  HiroApiError,
  type Inscription,
  type LookupClient,
  type LookupPromise,
  type NftMetadataParams,
  type NftMetadataResponse,
  type PaginatedFtBasicMetadata,
  type PaginatedInscriptions,
  type PaginatedRuneActivity,
  type PaginateIterator,
  paginate,
  paginateLookup,
  type RequestOptions,
  type RuneActivity,
  type SatoshiInscriptionsParams,
  type SearchTokensOptions,
  type SearchTokensParams,
  type SearchTokensResult,
  type SftMetadataParams,
  type SftMetadataResponse,
  type TransactionActivityParams,
} from "../../src/index.js";
import type { ClientLookups, DerivedLookupClient } from "../../src/lookups/client-type.js";
import { lookupMethods } from "../../src/lookups/lookup-methods.js";
import type { LookupData, LookupParams } from "../../src/spec/types.js";

const client = createLookupClient();
const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const TX_ID = "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e";

describe("lookup parameters", () => {
  it("accepts the spec's names, with numeric ids as number, bigint or decimal string", () => {
    expectTypeOf(
      client.getSftMetadata({ principal: PRINCIPAL, token_id: 35 }),
    ).resolves.toEqualTypeOf<SftMetadataResponse>();
    expectTypeOf(
      client.getSftMetadata({ principal: PRINCIPAL, token_id: 35n, locale: "es-MX" }),
    ).toBeObject();
    expectTypeOf(client.getSatoshiInscriptions({ ordinal: "1", offset: 0, limit: 60 })).toBeObject();
    expectTypeOf(client.getTransactionActivity({ tx_id: TX_ID, limit: 20 })).toBeObject();
  });

  it("rejects wrong parameter names", () => {
    // @ts-expect-error `tokenId` is not a parameter; the spec's name is `token_id`.
    void client.getSftMetadata({ principal: PRINCIPAL, tokenId: 35 });
    // @ts-expect-error an extra `tokenId` next to `token_id` is an excess property.
    void client.getSftMetadata({ principal: PRINCIPAL, token_id: 35, tokenId: 35 });
    // @ts-expect-error `txId` is not a parameter; the spec's name is `tx_id`.
    void client.getTransactionActivity({ txId: TX_ID });
    // @ts-expect-error an extra `txId` next to `tx_id` is an excess property.
    void client.getTransactionActivity({ tx_id: TX_ID, txId: TX_ID });
  });

  it("rejects wrong parameter types", () => {
    // @ts-expect-error `limit` is a number, not a string.
    void client.getSatoshiInscriptions({ ordinal: 1, limit: "20" });
    // @ts-expect-error `ordinal` is a number, bigint or decimal string, not an object.
    void client.getSatoshiInscriptions({ ordinal: {} });
    // @ts-expect-error `tx_id` is a string.
    void client.getTransactionActivity({ tx_id: 123 });
    // @ts-expect-error `timeoutMs` is a number of milliseconds.
    void client.getTransactionActivity({ tx_id: TX_ID }, { timeoutMs: "50" });
  });
});

describe("results", () => {
  it("getSatoshiInscriptions resolves to a page of Inscription", () => {
    type Page = Awaited<ReturnType<typeof client.getSatoshiInscriptions>>;

    expectTypeOf<Page>().toEqualTypeOf<PaginatedInscriptions>();
    expectTypeOf<Page["results"][number]>().toEqualTypeOf<Inscription>();
    expectTypeOf<Page["total"]>().toEqualTypeOf<number>();
  });

  it("getTransactionActivity resolves to a page of RuneActivity", () => {
    type Page = Awaited<ReturnType<typeof client.getTransactionActivity>>;

    expectTypeOf<Page>().toEqualTypeOf<PaginatedRuneActivity>();
    expectTypeOf<Page["results"][number]>().toEqualTypeOf<RuneActivity>();
  });

  it("keeps the spec's field types on Inscription", () => {
    expectTypeOf<Inscription["timestamp"]>().toEqualTypeOf<number>();
    expectTypeOf<Inscription["address"]>().toEqualTypeOf<string | null>();
  });
});

describe("paginate and collect", () => {
  it("paginate yields the item type of the method's page", () => {
    expectTypeOf(paginate(client.getSatoshiInscriptions, { ordinal: 1 })).toEqualTypeOf<
      PaginateIterator<Inscription>
    >();
    expectTypeOf(paginate(client.getTransactionActivity, { tx_id: TX_ID })).toEqualTypeOf<
      PaginateIterator<RuneActivity>
    >();
  });

  it("paginate checks the method's other parameters and takes no limit", () => {
    // @ts-expect-error getSatoshiInscriptions needs an `ordinal`, not a `tx_id`.
    void paginate(client.getSatoshiInscriptions, { tx_id: TX_ID });
    // @ts-expect-error `limit` is set by paginate (use the `pageSize` option).
    void paginate(client.getTransactionActivity, { tx_id: TX_ID, limit: 10 });
  });

  it("collect resolves to an array of the items and requires max", () => {
    const items = paginate(client.getSatoshiInscriptions, { ordinal: 1 });

    expectTypeOf(collect(items, { max: 100 })).resolves.toEqualTypeOf<Inscription[]>();
    // @ts-expect-error `max` is required: collect never loads an unbounded list.
    void collect(items, {});
    // @ts-expect-error the options object itself is required.
    void collect(items);
  });
});

describe("errors", () => {
  it("is(kind) narrows the body to that kind's documented type", () => {
    const err = new HiroApiError({
      kind: "token_error",
      status: 422,
      body: { error: "Token error", message: "Metadata could not be parsed" },
      headers: new Headers(),
      operationId: "getSftMetadata",
      url: "https://api.hiro.so/metadata/v1/sft/x/1",
      summary: "token error",
    }) as HiroApiError;

    expectTypeOf(err.body).toEqualTypeOf<unknown>();
    if (err.is("token_error")) {
      expectTypeOf(err.body).toEqualTypeOf<{ error: "Token error"; message: string }>();
      expectTypeOf(err.kind).toEqualTypeOf<"token_error">();
    }
    if (err.is("not_modified")) {
      expectTypeOf(err.body).toEqualTypeOf<undefined>();
    }
  });

  it("does not accept an unknown kind", () => {
    const err = {} as HiroApiError;

    // @ts-expect-error "teapot" is not a HiroApiErrorKind.
    void err.is("teapot");
  });
});

describe("raw client", () => {
  it("is typed with the spec's paths", () => {
    expectTypeOf(
      client.raw.GET("/ordinals/v1/sats/{ordinal}/inscriptions", { params: { path: { ordinal: 1 } } }),
    ).toBeObject();
    // @ts-expect-error "/nope" is not a path of the spec.
    void client.raw.GET("/nope");
  });
});

describe("the Token Metadata routes", () => {
  const FT = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex";
  it("type each lookup's answer from the spec", () => {
    expectTypeOf(client.getFtMetadata({ principal: FT })).resolves.toEqualTypeOf<FtMetadataResponse>();
    expectTypeOf(
      client.getNftMetadata({ principal: FT, token_id: 1n }),
    ).resolves.toEqualTypeOf<NftMetadataResponse>();
    expectTypeOf(client.getApiStatus()).resolves.toEqualTypeOf<ApiStatusResponse>();
    expectTypeOf(client.getFungibleTokens()).resolves.toEqualTypeOf<PaginatedFtBasicMetadata>();
  });

  it("take the filters by the spec's names and values", () => {
    void client.getFungibleTokens({
      name: "alex",
      order_by: "symbol",
      order: "desc",
      valid_metadata_only: true,
    });
    // @ts-expect-error `order_by` is "name" or "symbol".
    void client.getFungibleTokens({ order_by: "supply" });
    // @ts-expect-error `getFtMetadata` has no token id: an FT is its contract's token 1.
    void client.getFtMetadata({ principal: FT, token_id: 1 });
  });

  it("paginate walks the FT list with its filters, its items typed", () => {
    const items = paginate(client.getFungibleTokens, { name: "alex" });
    expectTypeOf(items).toEqualTypeOf<PaginateIterator<FtBasicMetadata>>();
  });
});

// `.branded`: the same structure, however it is spelled (an intersection or a mapped type).
describe("the client's type, derived from the table", () => {
  it("the documented interface is the derived type", () => {
    expectTypeOf<LookupClient>().branded.toEqualTypeOf<DerivedLookupClient>();
  });

  it("has a method per operation of the table but searchTokens, built from the table", () => {
    expectTypeOf<keyof ClientLookups>().toEqualTypeOf<Exclude<keyof typeof operations, "searchTokens">>();
    expectTypeOf(lookupMethods).returns.toEqualTypeOf<ClientLookups>();
  });

  it("derives each lookup's parameters and answer as they were written by hand", () => {
    expectTypeOf<LookupParams<"getSftMetadata">>().branded.toEqualTypeOf<SftMetadataParams>();
    expectTypeOf<LookupParams<"getSatoshiInscriptions">>().branded.toEqualTypeOf<SatoshiInscriptionsParams>();
    expectTypeOf<LookupParams<"getTransactionActivity">>().branded.toEqualTypeOf<TransactionActivityParams>();
    expectTypeOf<LookupParams<"getFtMetadata">>().branded.toEqualTypeOf<FtMetadataParams>();
    expectTypeOf<LookupParams<"getNftMetadata">>().branded.toEqualTypeOf<NftMetadataParams>();
    expectTypeOf<LookupParams<"getFungibleTokens">>().branded.toEqualTypeOf<FungibleTokensParams>();
    expectTypeOf<LookupParams<"getApiStatus">>().branded.toEqualTypeOf<Record<string, never>>();
    expectTypeOf<LookupData<"getSatoshiInscriptions">>().branded.toEqualTypeOf<PaginatedInscriptions>();
  });

  it("keeps every method's signature as it was written by hand, in the interface and derived", () => {
    type Lookup<P, R> = (params: P, options?: RequestOptions) => LookupPromise<R>;
    type OptionalLookup<P, R> = (params?: P, options?: RequestOptions) => LookupPromise<R>;
    type Derived = DerivedLookupClient;
    expectTypeOf(client.getSftMetadata).toEqualTypeOf<Lookup<SftMetadataParams, SftMetadataResponse>>();
    expectTypeOf<Derived["getSftMetadata"]>().branded.toEqualTypeOf<
      Lookup<SftMetadataParams, SftMetadataResponse>
    >();
    expectTypeOf<Derived["getSatoshiInscriptions"]>().branded.toEqualTypeOf<
      Lookup<SatoshiInscriptionsParams, PaginatedInscriptions>
    >();
    expectTypeOf<Derived["getTransactionActivity"]>().branded.toEqualTypeOf<
      Lookup<TransactionActivityParams, PaginatedRuneActivity>
    >();
    expectTypeOf<Derived["getFtMetadata"]>().branded.toEqualTypeOf<
      Lookup<FtMetadataParams, FtMetadataResponse>
    >();
    expectTypeOf<Derived["getNftMetadata"]>().branded.toEqualTypeOf<
      Lookup<NftMetadataParams, NftMetadataResponse>
    >();
    expectTypeOf<Derived["getFungibleTokens"]>().branded.toEqualTypeOf<
      OptionalLookup<FungibleTokensParams, PaginatedFtBasicMetadata>
    >();
    expectTypeOf<Derived["getApiStatus"]>().branded.toEqualTypeOf<
      OptionalLookup<Record<string, never>, ApiStatusResponse>
    >();
    expectTypeOf(client.searchTokens).toEqualTypeOf<
      (params: SearchTokensParams, options?: SearchTokensOptions) => Promise<SearchTokensResult>
    >();
  });
});

describe("paginateLookup", () => {
  it("yields the items of the paged lookup named, its parameters checked", () => {
    expectTypeOf(paginateLookup(client, "getSatoshiInscriptions", { ordinal: 1n })).toEqualTypeOf<
      PaginateIterator<Inscription>
    >();
    expectTypeOf(
      paginateLookup(client, "getTransactionActivity", { tx_id: TX_ID }, { pageSize: 20 }),
    ).toEqualTypeOf<PaginateIterator<RuneActivity>>();
    expectTypeOf(paginateLookup(client, "getFungibleTokens", { name: "alex" })).toEqualTypeOf<
      PaginateIterator<FtBasicMetadata>
    >();
  });

  it("refuses a lookup that is not paged, another lookup's parameters and a limit", () => {
    // @ts-expect-error getSftMetadata is not paged.
    void paginateLookup(client, "getSftMetadata", { principal: PRINCIPAL, token_id: 1 });
    // @ts-expect-error getSatoshiInscriptions needs an `ordinal`, not a `tx_id`.
    void paginateLookup(client, "getSatoshiInscriptions", { tx_id: TX_ID });
    // @ts-expect-error `limit` is the walk's `pageSize`.
    void paginateLookup(client, "getTransactionActivity", { tx_id: TX_ID, limit: 10 });
  });
});

describe("raw, with the lookups' widened ids", () => {
  it("takes token_id and ordinal as a number, a bigint or a decimal string", () => {
    void client.raw.GET("/metadata/v1/sft/{principal}/{token_id}", {
      params: { path: { principal: PRINCIPAL, token_id: 35 } },
    });
    void client.raw.GET("/metadata/v1/nft/{principal}/{token_id}", {
      params: { path: { principal: PRINCIPAL, token_id: 2n ** 60n } },
    });
    void client.raw.GET("/ordinals/v1/sats/{ordinal}/inscriptions", {
      params: { path: { ordinal: "1252201400444387" }, query: { limit: 20 } },
    });
  });

  it("keeps every other parameter and answer as the spec types them", async () => {
    const { data } = await client.raw.GET("/metadata/v1/sft/{principal}/{token_id}", {
      params: { path: { principal: PRINCIPAL, token_id: "35" } },
    });
    expectTypeOf(data).toEqualTypeOf<SftMetadataResponse | undefined>();
    void client.raw.GET("/runes/v1/transactions/{tx_id}/activity", {
      // @ts-expect-error `tx_id` is a string.
      params: { path: { tx_id: 1n } },
    });
    void client.raw.GET("/ordinals/v1/sats/{ordinal}/inscriptions", {
      // @ts-expect-error `limit` is a number.
      params: { path: { ordinal: 1 }, query: { limit: "20" } },
    });
    void client.raw.GET("/metadata/v1/sft/{principal}/{token_id}", {
      // @ts-expect-error `token_id` is required.
      params: { path: { principal: PRINCIPAL } },
    });
  });
});
