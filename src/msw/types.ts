/**
 * The types of `hiro-lookup/msw`, all derived from the generated `operations` of openapi.yaml: an
 * override's `status` is one the spec documents for its lookup, and its `body` is that status's schema,
 * so a misspelt field or an undocumented status does not compile.
 */
import type { operations } from "../generated/api.js";
import type { OperationId } from "../spec/types.js";
import type { BaseUrlOption } from "../transport/routes.js";

type Responses<Op extends OperationId> = operations[Op]["responses"];

/** The statuses openapi.yaml documents for a lookup (e.g. 200, 400, 404, 422, 429, 500 for a token). */
export type DocumentedStatus<Op extends OperationId> = Extract<keyof Responses<Op>, number>;

/** The JSON body the spec documents for `status`; `never` for a status without a body (304). */
export type DocumentedBody<
  Op extends OperationId,
  S extends DocumentedStatus<Op>,
> = Responses<Op>[S] extends {
  content: { "application/json": infer Body };
}
  ? Body
  : never;

/**
 * One answer of a lookup: a status the spec documents, with the body the spec documents for it (none
 * for a 304), and any headers (e.g. `{ "Retry-After": "2" }` on a 429).
 */
export type LookupAnswer<Op extends OperationId> = {
  [S in DocumentedStatus<Op>]: [DocumentedBody<Op, S>] extends [never]
    ? { status: S; headers?: Readonly<Record<string, string>> }
    : { status: S; body: DocumentedBody<Op, S>; headers?: Readonly<Record<string, string>> };
}[DocumentedStatus<Op>];

/** A request to a lookup, as an override function sees it: path values as sent, the query, the request. */
export interface LookupRequest<Op extends OperationId> {
  operationId: Op;
  /** The path parameters, as the URL carries them (strings). */
  path: { readonly [Name in keyof operations[Op]["parameters"]["path"]]: string };
  query: URLSearchParams;
  request: Request;
}

/**
 * How one lookup answers instead of the mock: always the same answer, or a function of the request
 * that returns an answer, or `undefined` to leave that request to the mock's rules.
 */
export type LookupOverride<Op extends OperationId> =
  | LookupAnswer<Op>
  | ((request: LookupRequest<Op>) => LookupAnswer<Op> | undefined | Promise<LookupAnswer<Op> | undefined>);

/** Overrides by operation id: `getSftMetadata`, `getSatoshiInscriptions`, `getTransactionActivity`. */
export type LookupOverrides = { readonly [Op in OperationId]?: LookupOverride<Op> };

/** Options of {@link createHandlers}. */
export interface CreateHandlersOptions {
  /**
   * Where the client under test sends its requests, exactly as `createLookupClient` takes it: one URL for
   * the three services, or `{ metadata, ordinals, runes }`. Default: Hiro's hosted API, for the token
   * lookup only (as the client's default).
   */
  baseUrl?: BaseUrlOption | undefined;
  /** Answers that replace the mock's for these lookups (typically in one test, with `server.use`). */
  overrides?: LookupOverrides | undefined;
}
