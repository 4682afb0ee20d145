/**
 * The client's type, derived from the generated operation table and the spec's types: each lookup's
 * parameters (big ids widened, `WidenedParameters`), its `200` body, and `raw` on the same widened paths.
 * {@link LookupClient} restates it with the TSDoc: `createLookupClient` builds a {@link DerivedLookupClient}
 * and returns it as a `LookupClient`, and `LookupClient` extends `DerivedLookupClient`, so the compiler
 * checks both directions (and the types tier checks they are equal): a lookup the spec loses or changes
 * fails the build until the interface says so; one it gains is a method at once (built from the table,
 * lookup-methods.ts, and typed here), its TSDoc added to the interface.
 */
import type { Client } from "openapi-fetch";
import type {
  ApiStatusResponse,
  FtMetadataParams,
  FtMetadataResponse,
  FungibleTokensParams,
  LookupData,
  LookupParams,
  NftMetadataParams,
  NftMetadataResponse,
  OperationId,
  PaginatedFtBasicMetadata,
  PaginatedInscriptions,
  PaginatedRuneActivity,
  RawPaths,
  SatoshiInscriptionsParams,
  SftMetadataParams,
  SftMetadataResponse,
  TransactionActivityParams,
} from "../spec/types.js";
import type { RequestOptions } from "./call-options.js";
import type { LookupPromise } from "./lookup-promise.js";
import type { SearchTokensOptions, SearchTokensParams, SearchTokensResult } from "./search-tokens.js";

/** The lookups of one request each: every operation of the table but `searchTokens`, which batches. */
export type SingleLookupId = Exclude<OperationId, "searchTokens">;

/** A lookup of one request: its parameters optional when none is required. */
export type LookupMethod<Op extends SingleLookupId> =
  Record<never, never> extends LookupParams<Op>
    ? (params?: LookupParams<Op>, options?: RequestOptions) => LookupPromise<LookupData<Op>>
    : (params: LookupParams<Op>, options?: RequestOptions) => LookupPromise<LookupData<Op>>;

/** The single-request lookups of a client, by operation (what `paginateLookup` walks with). */
export type ClientLookups = { [Op in SingleLookupId]: LookupMethod<Op> };

/** The client's type as the table and the spec make it. */
export type DerivedLookupClient = ClientLookups & {
  searchTokens: (params: SearchTokensParams, options?: SearchTokensOptions) => Promise<SearchTokensResult>;
  readonly raw: Client<RawPaths>;
};

/**
 * The lookups: each method is a standalone function, so it can be passed to `paginate` as is. Every
 * single-request lookup of the operation table returns a {@link LookupPromise} (`.withResponse()`);
 * `searchTokens` sends many requests, so it has no one response.
 */
export interface LookupClient extends DerivedLookupClient {
  /** Metadata of one SIP-013 semi-fungible token (`GET /metadata/v1/sft/{principal}/{token_id}`). */
  getSftMetadata: (params: SftMetadataParams, options?: RequestOptions) => LookupPromise<SftMetadataResponse>;
  /** One page of the inscriptions on a satoshi (`GET /ordinals/v1/sats/{ordinal}/inscriptions`). */
  getSatoshiInscriptions: (
    params: SatoshiInscriptionsParams,
    options?: RequestOptions,
  ) => LookupPromise<PaginatedInscriptions>;
  /** One page of the rune activity of a transaction (`GET /runes/v1/transactions/{tx_id}/activity`). */
  getTransactionActivity: (
    params: TransactionActivityParams,
    options?: RequestOptions,
  ) => LookupPromise<PaginatedRuneActivity>;
  /**
   * Metadata of one SIP-010 fungible token (`GET /metadata/v1/ft/{principal}`): name, symbol, decimals,
   * supply, images, `asset_identifier` and the SIP-016 metadata. An answer about another contract is
   * `invalid_response`.
   */
  getFtMetadata: (params: FtMetadataParams, options?: RequestOptions) => LookupPromise<FtMetadataResponse>;
  /** Metadata of one SIP-009 non-fungible token (`GET /metadata/v1/nft/{principal}/{token_id}`). */
  getNftMetadata: (params: NftMetadataParams, options?: RequestOptions) => LookupPromise<NftMetadataResponse>;
  /**
   * One page of the fungible tokens the service has indexed (`GET /metadata/v1/ft`), filtered by
   * `name` (substring), `symbol` (whole) or `address` (principal prefix), all case-insensitive. A page
   * with an item the filters exclude is `invalid_response`. Walk them all with `paginate`.
   */
  getFungibleTokens: (
    params?: FungibleTokensParams,
    options?: RequestOptions,
  ) => LookupPromise<PaginatedFtBasicMetadata>;
  /**
   * The Token Metadata API's version and its indexer's chain tip (`GET /metadata/v1/`): how far the
   * deployment has read the Stacks chain (`chain_tip` is `null` before its first block).
   */
  getApiStatus: (
    params?: Record<string, never>,
    options?: RequestOptions,
  ) => LookupPromise<ApiStatusResponse>;
  /**
   * A summary of many tokens at once (`GET /metadata/v1/search`, the bulk form of `getSftMetadata`):
   * any number of ids (`PRINCIPAL` or `PRINCIPAL:TOKEN_NUMBER`), checked before anything is sent, asked
   * once each in requests of 50 (`concurrency` at a time) through the same pipeline as every lookup.
   * `results` are in the order asked, `missing` names the ids not found, as written; a failed request
   * rejects the call. Items are `SearchResultItem` summaries, not `getSftMetadata`'s full record.
   */
  searchTokens: (params: SearchTokensParams, options?: SearchTokensOptions) => Promise<SearchTokensResult>;
  /**
   * The openapi-fetch client under the lookups, typed with the spec's `paths`, the ids `token_id` and
   * `ordinal` widened as the lookups take them (a safe integer, a bigint or a decimal string): same base
   * URLs, headers, middleware and attempt loop (retries, per-attempt timeout, pacer, size cap, no
   * redirects, key policy). `raw.use(middleware)` adds middleware for the lookups too (they then go
   * through openapi-fetch, so it sees them; with none, they take a direct path to the same loop). A raw
   * call must be on a path of the spec under its service's base URL, each path value a string, a number
   * or a bigint: else it rejects with a {@link HiroValidationError} and sends nothing (the values go as
   * given, so a service's 400 can be seen). It has no whole-call deadline unless you pass a `signal`; raw
   * answers are not checked against the question.
   */
  readonly raw: Client<RawPaths>;
}
