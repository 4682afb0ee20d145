/**
 * One error family for every failure of a lookup. All are `instanceof HiroError` and carry a `name`.
 * None of them holds the request's headers, so an API key can never leak through an error.
 */
import type {
  InvalidSatoshiOrdinalErrorBody,
  LocaleNotFoundErrorBody,
  MetadataFetchInProgressErrorBody,
  OperationId,
  SftNotFoundErrorBody,
  TokenErrorBody,
  ValidationErrorBody,
} from "./types.js";

/** Root of every error this client throws. */
export class HiroError extends Error {
  override name = "HiroError";
}

/**
 * Raised before any request is sent, when a parameter or option is invalid.
 * `parameter` names it; the message says what is wrong and what is allowed.
 */
export class HiroValidationError extends HiroError {
  override name = "HiroValidationError";
  constructor(
    readonly parameter: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`${parameter}: ${message}`, options);
  }
}

/** Raised when the transport failed (DNS, refused or reset connection, body cut off). The cause is kept. */
export class HiroNetworkError extends HiroError {
  override name = "HiroNetworkError";
}

/**
 * Raised when one attempt took longer than `timeoutMs` (the caller's own abort is not this), or when
 * `waitForMetadata` reached its deadline.
 */
export class HiroTimeoutError extends HiroError {
  override name = "HiroTimeoutError";
  constructor(
    readonly timeoutMs: number,
    options?: ErrorOptions,
  ) {
    super(`no answer within ${timeoutMs} ms`, options);
  }
}

/** The typed body that goes with each {@link HiroApiError} kind. */
export interface ApiErrorBodies {
  /** 404 of getSftMetadata: unknown contract or token. */
  not_found: SftNotFoundErrorBody;
  /** 422 "Token metadata fetch in progress": transient, ask again later. */
  metadata_pending: MetadataFetchInProgressErrorBody;
  /** 422 "Locale not found". */
  locale_not_found: LocaleNotFoundErrorBody;
  /** 422 "Token error": the metadata could not be processed; `message` says why. */
  token_error: TokenErrorBody;
  /** 400: the service rejected a parameter (the body as the service sent it). */
  invalid_request: ValidationErrorBody | InvalidSatoshiOrdinalErrorBody | unknown;
  /** 429: rate limited (the gateway's body, opaque). */
  rate_limited: unknown;
  /** 5xx. */
  server_error: unknown;
  /** 304: the `If-None-Match` tag still matches; no body. */
  not_modified: undefined;
  /** Any other status, or a documented status whose body is not the documented one. */
  unexpected_status: unknown;
  /** A 2xx whose body is empty, not JSON, or cut short: the raw text (at most 1 kB). */
  invalid_response: string;
}
export type HiroApiErrorKind = keyof ApiErrorBodies;

export interface HiroApiErrorInit<K extends HiroApiErrorKind> {
  kind: K;
  status: number;
  body: ApiErrorBodies[K];
  headers: Headers;
  operationId: OperationId;
  url: string;
  retryAfterMs?: number | undefined;
  message: string;
}

/**
 * Raised when the service answered, but not with the data asked for: a non-2xx status, or a 2xx
 * whose body is not valid JSON. `kind` tells which; `is(kind)` narrows `body` to that kind's type.
 */
export class HiroApiError<K extends HiroApiErrorKind = HiroApiErrorKind> extends HiroError {
  override name = "HiroApiError";
  readonly kind: K;
  readonly status: number;
  readonly body: ApiErrorBodies[K];
  readonly headers: Headers;
  readonly operationId: OperationId;
  /** The request URL. It never holds the API key (that travels in a header). */
  readonly url: string;
  /** How long the service asked us to wait (`Retry-After`), when it said so within 60 s. */
  readonly retryAfterMs: number | undefined;

  constructor(init: HiroApiErrorInit<K>) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.body = init.body;
    this.headers = init.headers;
    this.operationId = init.operationId;
    this.url = init.url;
    this.retryAfterMs = init.retryAfterMs;
  }

  /** Narrows the error (and its `body`) to one kind. */
  is<T extends HiroApiErrorKind>(kind: T): this is HiroApiError<T> {
    return (this.kind as HiroApiErrorKind) === kind;
  }
}
