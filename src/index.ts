/**
 * hiro-lookup: a typed client for three read-only lookups of Hiro's APIs, generated from openapi.yaml.
 * @packageDocumentation
 */

export type { Middleware } from "openapi-fetch";
export {
  createLookupClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  type LookupClient,
  type LookupClientOptions,
} from "./client.js";
export {
  type ApiErrorBodies,
  HiroApiError,
  type HiroApiErrorKind,
  type HiroApiErrorOf,
  HiroError,
  HiroNetworkError,
  HiroTimeoutError,
  HiroValidationError,
} from "./errors.js";
export { createMemoryEtagStore, type EtagEntry, type EtagStore, etagCache } from "./etag-cache.js";
export type { RequestOptions } from "./lookup.js";
export {
  collect,
  type PageMethod,
  type PaginateIterator,
  type PaginateOptions,
  paginate,
} from "./paginate.js";
export type { Pacer, RetryEvent } from "./pipeline.js";
export {
  type ResponseValidator,
  type ResponseValidators,
  type ValidateResponsesOptions,
  validateResponses,
} from "./response-validation.js";
export { type AttemptOutcome, parseRetryAfter, RETRY_DEFAULTS, retryDelayMs, shouldRetry } from "./retry.js";
export { type BaseUrlOption, DEFAULT_BASE_URL } from "./routes.js";
export type { ServiceName } from "./services.js";
export type {
  ActivityLocation,
  BigIntegerInput,
  Inscription,
  InvalidSatoshiOrdinalErrorBody,
  LocaleNotFoundErrorBody,
  Metadata,
  MetadataAttribute,
  MetadataFetchInProgressErrorBody,
  MetadataLocalization,
  OperationId,
  Page,
  PaginatedInscriptions,
  PaginatedRuneActivity,
  paths,
  RateLimitErrorBody,
  RuneActivity,
  RuneRef,
  SatoshiInscriptionsParams,
  ServerErrorBody,
  SftMetadataParams,
  SftMetadataResponse,
  SftNotFoundErrorBody,
  TokenErrorBody,
  TransactionActivityParams,
  ValidationErrorBody,
} from "./types.js";
export { formatUnits, parseUnits, toBigInt } from "./units.js";
export { HiroWaitTimeoutError } from "./wait-errors.js";
export { type WaitForMetadataOptions, waitForMetadata } from "./wait-for-metadata.js";
