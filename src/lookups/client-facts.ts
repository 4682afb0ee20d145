/**
 * What tools built on a client read of it (`hiro-lookup/query`: the deployment in every query key, so two
 * clients aimed at different deployments never share a cache entry, and the client's own parameter
 * checks, its `maxLimit` included; `paginateLookup`: the client's own lookups and its `maxLimit`). Kept
 * in this module, by client, not on the client: nothing another object could set or read. The entries share this module (one copy per module system, see
 * tsup.config.ts), so a subpath reads what the main entry's `createLookupClient` recorded.
 */
import type { MaxLimitOption } from "../input/option-checks.js";
import type { ServiceName } from "../spec/services.js";
import type { OperationId } from "../spec/types.js";
import type { ClientLookups } from "./client-type.js";
import type { LookupRequest } from "./lookup.js";

/** A client's checked request for a lookup's parameters: a bad one throws its `HiroValidationError`. */
export type ParameterCheck = (operationId: OperationId, params: object | undefined) => LookupRequest;

/** What a client records about itself when it is made. */
export interface ClientFacts {
  /** The base URL of each service; null where none is set. */
  bases: Readonly<Record<ServiceName, string | null>>;
  /** {@link ClientFacts.bases} as canonical text (a query key's part). */
  deployment: string;
  /**
   * Whether the client may answer differently from another on the same base URLs: it has its own
   * headers, fetch or middleware (read when asked: `raw.use` may add middleware later).
   */
  ownAnswers(): boolean;
  checkParameters: ParameterCheck;
  /** The client's own lookups, as made (what a spy or a wrapper put on the client does not change). */
  lookups: ClientLookups;
  /** The client's checked `maxLimit` (its own copy): a paged lookup pages by its service's, else the spec's 60. */
  maxLimit: MaxLimitOption;
}

const facts = new WeakMap<object, ClientFacts>();

/** Records `client`'s facts: `createLookupClient` calls it once, for the client it returns. */
export function recordClientFacts(client: object, clientFacts: ClientFacts): void {
  facts.set(client, clientFacts);
}

/** The facts `createLookupClient` recorded for `client`; undefined for an object it did not make. */
export function clientFactsOf(client: object): ClientFacts | undefined {
  return facts.get(client);
}
