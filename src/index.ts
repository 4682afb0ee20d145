/**
 * hiro-lookup: a typed client for the read-only lookups of Hiro's APIs (the Token Metadata API, and the
 * Ordinals and Runes APIs of a self-hosted bitcoin-indexer), generated from openapi.yaml.
 * @packageDocumentation
 */

export type { Middleware } from "openapi-fetch";
export {
  type ApiErrorBodies,
  HiroApiError,
  type HiroApiErrorKind,
  type HiroApiErrorOf,
  HiroError,
  HiroNetworkError,
  HiroTimeoutError,
  HiroValidationError,
  type HiroValidationErrorOptions,
  type IntegerRule,
} from "./errors/errors.js";
export { HiroIncompleteListError } from "./errors/incomplete-list-error.js";
export { HiroWaitTimeoutError } from "./errors/wait-errors.js";
export { collect } from "./features/collect.js";
export {
  createMemoryEtagStore,
  type EtagCacheOptions,
  type EtagEntry,
  type EtagStore,
  etagCache,
  type MemoryEtagStoreOptions,
} from "./features/etag-cache.js";
export { type PageMethod, paginate } from "./features/paginate.js";
export { paginateLookup, type WalkParams } from "./features/paginate-lookup.js";
export type { PaginateIterator, PaginateOptions } from "./features/paginate-options.js";
export { isRefreshingToken } from "./features/refreshing-token.js";
export {
  type ResponseValidator,
  type ResponseValidators,
  type SchemaMismatch,
  type ValidateResponsesOptions,
  validateResponses,
} from "./features/response-validation.js";
export { formatUnits, parseUnits, toBigInt } from "./features/units.js";
export { type WaitForMetadataOptions, waitForMetadata } from "./features/wait-for-metadata.js";
export type { MaxLimitOption } from "./input/option-checks.js";
export { type BaseUrlOption, DEFAULT_BASE_URL } from "./input/service-routes.js";
export type { RequestOptions } from "./lookups/call-options.js";
export { createLookupClient, type LookupClient, type LookupClientOptions } from "./lookups/client.js";
export type { ClientLookups, LookupMethod } from "./lookups/client-type.js";
export type { LookupPromise, RateLimit, WithResponse } from "./lookups/lookup-promise.js";
export type { SearchTokensOptions, SearchTokensParams, SearchTokensResult } from "./lookups/search-tokens.js";
export type { Logger, LogLevel } from "./observe/log.js";
export type { LookupTraceMessage } from "./observe/lookup-outcome.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./shared/defaults.js";
export type { ServiceName } from "./spec/services.js";
export type {
  ActivityLocation,
  ApiStatusResponse,
  BigIntegerInput,
  ChainTip,
  FtBasicMetadata,
  FtMetadataParams,
  FtMetadataResponse,
  FungibleTokensParams,
  Inscription,
  InvalidSatoshiOrdinalErrorBody,
  LocaleNotFoundErrorBody,
  LookupData,
  LookupParams,
  Metadata,
  MetadataAttribute,
  MetadataFetchInProgressErrorBody,
  MetadataLocalization,
  NftMetadataParams,
  NftMetadataResponse,
  OperationId,
  Page,
  PagedOperationId,
  PageItemOf,
  PaginatedFtBasicMetadata,
  PaginatedInscriptions,
  PaginatedRuneActivity,
  paths,
  RateLimitErrorBody,
  RawPaths,
  RuneActivity,
  RuneRef,
  SatoshiInscriptionsParams,
  SearchResultItem,
  ServerErrorBody,
  ServiceRetiredErrorBody,
  SftMetadataParams,
  SftMetadataResponse,
  SftNotFoundErrorBody,
  TokenErrorBody,
  TransactionActivityParams,
  ValidationErrorBody,
  WidenedParameters,
} from "./spec/types.js";
export type { RetryEvent } from "./transport/settings.js";
