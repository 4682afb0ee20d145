/**
 * Friendly names for the generated types. Every record is an alias of a schema in openapi.yaml;
 * nothing here restates a field. Only the numeric ids are widened on input, so u128 token ids and
 * ordinals stay exact (`bigint` or a decimal string).
 */
import type { components, operations, paths } from "../generated/api.js";
import type { operations as operationTable } from "../generated/operations.js";

type Schemas = components["schemas"];

export type { paths };
/** Metadata of one SIP-013 token (every field optional, omitted when unknown). */
export type SftMetadataResponse = Schemas["SftMetadataResponse"];
/** SIP-016 metadata of a token. */
export type Metadata = Schemas["Metadata"];
export type MetadataAttribute = Schemas["MetadataAttribute"];
export type MetadataLocalization = Schemas["MetadataLocalization"];
/** One inscription on a satoshi. Timestamps in milliseconds; sat numbers and values are decimal strings. */
export type Inscription = Schemas["Inscription"];
/** One rune operation in a transaction. `location.timestamp` is in seconds. */
export type RuneActivity = Schemas["RuneActivity"];
export type RuneRef = Schemas["RuneRef"];
export type ActivityLocation = Schemas["ActivityLocation"];
/**
 * One token as `searchTokens` returns it: a **summary**, not the full record (`getSftMetadata` has that:
 * attributes, properties, the whole SIP-016 metadata). Its image fields are renamed against
 * `getSftMetadata`'s: `image_uri` is `metadata.cached_image` (Hiro's cached copy), `image_thumbnail_uri`
 * is `metadata.cached_thumbnail_image`, `image_canonical_uri` is `metadata.image` (the original).
 * `name`, `symbol`, `decimals` and `total_supply` come from the token's row (an SFT's often has no name).
 */
export type SearchResultItem = Schemas["SearchResultItem"];
export type PaginatedInscriptions = Schemas["PaginatedInscriptions"];
/** Metadata of one SIP-010 fungible token (`getFtMetadata`); optional fields omitted when unknown. */
export type FtMetadataResponse = Schemas["FtMetadataResponse"];
/** One fungible token as `getFungibleTokens` lists it: a summary, without `metadata`. */
export type FtBasicMetadata = Schemas["FtBasicMetadata"];
/** A page of `getFungibleTokens`. */
export type PaginatedFtBasicMetadata = Schemas["PaginatedFtBasicMetadata"];
/** Metadata of one SIP-009 non-fungible token (`getNftMetadata`): `{ token_uri, metadata }`, each optional. */
export type NftMetadataResponse = Schemas["NftMetadataResponse"];
/** The Token Metadata API's version and its indexer's chain tip (`getApiStatus`). */
export type ApiStatusResponse = Schemas["ApiStatusResponse"];
/** A Stacks block the metadata indexer has processed. */
export type ChainTip = Schemas["ChainTip"];
export type PaginatedRuneActivity = Schemas["PaginatedRuneActivity"];

/** A page of a paginated lookup: `{ limit, offset, total, results }`, as the service sends it. */
export type Page<T> = Omit<PaginatedInscriptions, "results"> & { results: T[] };

/** Error bodies, as documented in openapi.yaml. */
export type ValidationErrorBody = Schemas["ValidationError"];
export type InvalidSatoshiOrdinalErrorBody = Schemas["InvalidSatoshiOrdinalError"];
export type SftNotFoundErrorBody = Schemas["SftNotFoundError"];
export type MetadataFetchInProgressErrorBody = Schemas["MetadataFetchInProgressError"];
export type LocaleNotFoundErrorBody = Schemas["LocaleNotFoundError"];
export type TokenErrorBody = Schemas["TokenError"];
export type RateLimitErrorBody = Schemas["RateLimitError"];
export type ServerErrorBody = Schemas["ServerError"];
/** The body of a `410 Gone` from a retired host (its `documentation_url` says where to go). */
export type ServiceRetiredErrorBody = Schemas["ServiceRetiredError"];

/** The operation ids of openapi.yaml. */
export type OperationId = keyof operations;

/** An integer that may exceed 2^53: a `number` (safe integer), a `bigint` or a decimal string. */
export type BigIntegerInput = number | bigint | string;

/**
 * The one map that widens parameters on input: the spec's integer path parameters that may exceed 2^53
 * (the spec types them `number`), taken as {@link BigIntegerInput} by the lookups and `raw` alike.
 */
export interface WidenedParameters {
  token_id: BigIntegerInput;
  ordinal: BigIntegerInput;
}

/** `T` with the parameters of {@link WidenedParameters} widened (its optional marks kept). */
export type WithWidenedIds<T> = {
  [K in keyof T]: K extends keyof WidenedParameters ? WidenedParameters[K] : T[K];
};

/** A part of an operation's parameters (`path`, `query`), or `unknown` (no constraint) when it has none. */
type PartOf<T> = [NonNullable<T>] extends [never] ? unknown : NonNullable<T>;

/**
 * The parameters of the lookup of `Op`, derived from the spec: its path parameters (big ids widened)
 * and its query parameters; `Record<string, never>` for an operation that takes none.
 */
export type LookupParams<Op extends OperationId> = ParamsOf<
  PartOf<operations[Op]["parameters"]["path"]> & PartOf<operations[Op]["parameters"]["query"]>
>;

/** Parameters with their big ids widened, or `Record<string, never>` when there are none. */
type ParamsOf<P> = keyof P extends never ? Record<string, never> : WithWidenedIds<P>;

/** What the lookup of `Op` resolves to: the spec's `200` JSON body. */
export type LookupData<Op extends OperationId> =
  operations[Op]["responses"][200]["content"]["application/json"];

/** The operations the table marks as paged (`offset` and `limit`). */
export type PagedOperationId = {
  [Op in OperationId]: (typeof operationTable)[Op]["paged"] extends true ? Op : never;
}[OperationId];

/** The item of a page of the paged lookup `Op`. */
export type PageItemOf<Op extends PagedOperationId> = LookupData<Op>["results"][number];

/** An operation of `paths` with its path parameters widened ({@link WidenedParameters}). */
type WithWidenedPath<Operation> = {
  [K in keyof Operation]: K extends "parameters"
    ? { [L in keyof Operation[K]]: L extends "path" ? WithWidenedIds<Operation[K][L]> : Operation[K][L] }
    : Operation[K];
};

/**
 * The spec's `paths` as `raw` takes them: the same routes, with `token_id` and `ordinal` path values
 * widened as the lookups take them ({@link WidenedParameters}).
 */
export type RawPaths = {
  [Path in keyof paths]: {
    [Method in keyof paths[Path]]: Method extends "get"
      ? WithWidenedPath<paths[Path][Method]>
      : paths[Path][Method];
  };
};

type PathOf<Op extends OperationId> = operations[Op]["parameters"]["path"];
type QueryOf<Op extends OperationId> = NonNullable<operations[Op]["parameters"]["query"]>;

/** Parameters of {@link LookupClient.getSftMetadata}. */
export type SftMetadataParams = Omit<PathOf<"getSftMetadata">, "token_id"> & {
  /** Token id, a SIP-013 u128: safe integer, bigint or decimal string. */
  token_id: BigIntegerInput;
} & QueryOf<"getSftMetadata">;

/** Parameters of {@link LookupClient.getSatoshiInscriptions}. */
export type SatoshiInscriptionsParams = Omit<PathOf<"getSatoshiInscriptions">, "ordinal"> & {
  /** Ordinal number of the sat, 0..2099999997689999: safe integer, bigint or decimal string. */
  ordinal: BigIntegerInput;
} & QueryOf<"getSatoshiInscriptions">;

/** Parameters of {@link LookupClient.getFtMetadata}. */
export type FtMetadataParams = PathOf<"getFtMetadata"> & QueryOf<"getFtMetadata">;

/** Parameters of {@link LookupClient.getNftMetadata}. */
export type NftMetadataParams = Omit<PathOf<"getNftMetadata">, "token_id"> & {
  /** Token id, a SIP-009 uint: safe integer, bigint or decimal string (the ids sent: see `token_id` in the spec). */
  token_id: BigIntegerInput;
} & QueryOf<"getNftMetadata">;

/** Parameters of {@link LookupClient.getFungibleTokens}: filters, ordering and the page, all optional. */
export type FungibleTokensParams = QueryOf<"getFungibleTokens">;

/** Parameters of {@link LookupClient.getTransactionActivity}. */
export type TransactionActivityParams = PathOf<"getTransactionActivity"> & QueryOf<"getTransactionActivity">;
