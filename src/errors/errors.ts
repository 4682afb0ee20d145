/**
 * One error family for every failure of a lookup. All are `instanceof HiroError` and carry a `name`.
 * None of them holds the request's headers, so an API key can never leak through an error.
 */
import type {
  InvalidSatoshiOrdinalErrorBody,
  LocaleNotFoundErrorBody,
  MetadataFetchInProgressErrorBody,
  OperationId,
  ServiceRetiredErrorBody,
  SftNotFoundErrorBody,
  TokenErrorBody,
  ValidationErrorBody,
} from "../spec/types.js";

/** Root of every error this client throws. */
export class HiroError extends Error {
  override name = "HiroError";
}

/** How every validation error's message reads, `parameter: reason`: the one place it is built. */
const validationMessage = (parameter: string, reason: string) => `${parameter}: ${reason}`;

/**
 * How every error of a lookup (API, network, timeout) reads, `operationId: summary`: the one place it
 * is built. Without an operation (an error made by hand), the summary alone.
 */
export const operationMessage = (operationId: string | undefined, summary: string) =>
  operationId === undefined ? summary : `${operationId}: ${summary}`;

/**
 * An integer parameter's rule, as a refusal of it is made: so that a tool taking text (the command line)
 * can say it in its own words, from these fields, rather than by rewriting the reason.
 */
export interface IntegerRule {
  /** What is allowed, in words, without the forms a value may take: `an integer from 1 to 60`. */
  allowed: string;
  /** Whether a JS caller is told the forms it may pass (a safe integer, a bigint or a decimal string). */
  jsForms: boolean;
  /** The client option that set the maximum, when it is not the spec's: `maxLimit.runes`. */
  maximumFrom?: string | undefined;
  /** The value given, as the reason shows it. */
  given: string;
}

/** What a {@link HiroValidationError} is made of besides its parameter and reason. */
export interface HiroValidationErrorOptions extends ErrorOptions {
  /** The integer rule the value broke, when it broke one (see {@link IntegerRule}). */
  rule?: IntegerRule | undefined;
}

/**
 * Raised before any request is sent, when a parameter or option is invalid.
 * `parameter` names it; `reason` says what is wrong and what is allowed; the message is both.
 */
export class HiroValidationError extends HiroError {
  override name = "HiroValidationError";
  /** The parameter or option that was refused. */
  declare readonly parameter: string;
  /** What is wrong with it and what is allowed, without its name (the message is `parameter: reason`). */
  declare readonly reason: string;
  /** The integer rule the value broke, as fields, when it broke one; undefined otherwise. */
  declare readonly rule: IntegerRule | undefined;
  constructor(parameter: string, reason: string, options?: HiroValidationErrorOptions) {
    super(validationMessage(parameter, reason), options);
    this.parameter = parameter;
    this.reason = reason;
    this.rule = options?.rule;
  }
}

/** What a {@link HiroNetworkError} is made of besides its summary. */
export interface HiroNetworkErrorOptions extends ErrorOptions {
  /** Attempts made (default 1). */
  attempts?: number | undefined;
  /** The lookup that failed; the message then opens with it. */
  operationId?: OperationId | undefined;
  /** What failed underneath, as the runtime said it (`fetch failed: connect ECONNREFUSED … (ECONNREFUSED)`). */
  detail?: string | undefined;
}

/**
 * Raised when no answer came back: DNS, a refused or reset connection, a body cut off, or (in a
 * browser) a CORS refusal, which looks the same. The message names the operation, the URL and the
 * attempts made; `cause` is the last failure.
 */
export class HiroNetworkError extends HiroError {
  override name = "HiroNetworkError";
  constructor(summary: string, options?: HiroNetworkErrorOptions) {
    super(operationMessage(options?.operationId, summary), options);
    this.attempts = options?.attempts ?? 1;
    this.operationId = options?.operationId;
    this.summary = summary;
    this.detail = options?.detail;
  }
  /** Attempts made before giving up. */
  declare readonly attempts: number;
  /**
   * What failed underneath, as the runtime said it, uncut (the summary cuts it to length); undefined for
   * a timeout and an error made without one.
   */
  declare readonly detail: string | undefined;
  /** The lookup that failed (undefined for an error made without one). */
  declare readonly operationId: OperationId | undefined;
  /** What happened, without the operation (the message is `operationId: summary`). */
  declare readonly summary: string;
}

/**
 * Raised when an attempt took longer than `timeoutMs` and no retry was left, or the whole call
 * passed its `totalTimeoutMs`. A network error: catching {@link HiroNetworkError} catches it too.
 * The caller's own abort is never this: it rejects with the signal's reason.
 */
export class HiroTimeoutError extends HiroNetworkError {
  override name = "HiroTimeoutError";
  /** The limit that was reached, in ms. */
  declare readonly timeoutMs: number;
  constructor(timeoutMs: number, options?: HiroNetworkErrorOptions & { summary?: string | undefined }) {
    super(options?.summary ?? `no answer within ${timeoutMs} ms`, options);
    this.timeoutMs = timeoutMs;
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
  /**
   * 400: the service rejected a parameter. The documented body (Fastify's validation body, or the sat
   * routes' `{ error }`) as an object; any other body (a proxy's, say) as its text, at most 1 kB.
   */
  invalid_request: ValidationErrorBody | InvalidSatoshiOrdinalErrorBody | string;
  /**
   * 410 Gone: the host retired the service (as Hiro's hosted Ordinals and Runes APIs were). Never
   * retried; the message carries `documentation_url`. A JSON object body as sent, any other as its text.
   */
  service_retired: ServiceRetiredErrorBody | string;
  /** 429: rate limited (the gateway's body, opaque). */
  rate_limited: unknown;
  /** 5xx. */
  server_error: unknown;
  /** 304: the `If-None-Match` tag still matches; no body. */
  not_modified: undefined;
  /** Any other status (a redirect among them: the client never follows one), or a documented status whose body is not the documented one. */
  unexpected_status: unknown;
  /** A 2xx whose body is empty, not JSON, too large, or does not fit the spec: the raw text (at most 1 kB). */
  invalid_response: string;
}
/** What went wrong, one word: the keys of {@link ApiErrorBodies}. */
export type HiroApiErrorKind = keyof ApiErrorBodies;

/** A {@link HiroApiError} narrowed to one kind, as `error.is(kind)` gives it. */
export type HiroApiErrorOf<K extends HiroApiErrorKind> = HiroApiError & {
  readonly kind: K;
  readonly body: ApiErrorBodies[K];
};

/** What a {@link HiroApiError} is made of. */
export interface HiroApiErrorInit {
  kind: HiroApiErrorKind;
  status: number;
  body: unknown;
  headers: Headers;
  operationId: OperationId;
  url: string;
  retryAfterMs?: number | undefined;
  /** Attempts made (default 1). */
  attempts?: number | undefined;
  /** What happened, without the operation: the message is `operationId: summary`. */
  summary: string;
}

/**
 * Raised when the service answered, but not with the data asked for: a non-2xx status, or a 2xx
 * whose body is not usable. `kind` tells which; `is(kind)` narrows `body` to that kind's type.
 * The class is not generic on purpose: `instanceof HiroApiError` then narrows to useful types.
 */
export class HiroApiError extends HiroError {
  override name = "HiroApiError";
  // `declare`: set once in the constructor, so no field definition is emitted before it (bundle size).
  /** What went wrong; `switch (error.kind)` covers {@link HiroApiErrorKind}. */
  declare readonly kind: HiroApiErrorKind;
  declare readonly status: number;
  /** The parsed body (JSON), or its text when it is not JSON; narrow it with {@link HiroApiError.is}. */
  declare readonly body: unknown;
  declare readonly headers: Headers;
  declare readonly operationId: OperationId;
  /** What happened, without the operation (the message is `operationId: summary`). */
  declare readonly summary: string;
  /** The request URL. It never holds the API key (that travels in a header). */
  declare readonly url: string;
  /** How long the service asked us to wait (`Retry-After` or a rate-limit reset), in ms, when it said so. */
  declare readonly retryAfterMs: number | undefined;
  /** Attempts made before this answer was final (1 when it was the first); the message says when more. */
  declare readonly attempts: number;

  constructor(init: HiroApiErrorInit) {
    super(operationMessage(init.operationId, init.summary));
    this.summary = init.summary;
    this.kind = init.kind;
    this.status = init.status;
    this.body = init.body;
    this.headers = init.headers;
    this.operationId = init.operationId;
    this.url = init.url;
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts ?? 1;
  }

  /** Narrows the error (and its `body`) to one kind. */
  is<K extends HiroApiErrorKind>(kind: K): this is HiroApiErrorOf<K> {
    return this.kind === kind;
  }
}
