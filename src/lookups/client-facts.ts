/**
 * What tools built on a client read of it (`hiro-lookup/query`: the deployment in every query key, so two
 * clients aimed at different deployments never share a cache entry, and the client's own parameter
 * checks, its `maxLimit` included; `paginateLookup`: the client's own lookups and its `maxLimit`). Kept
 * in this module, by client, not on the client: nothing another object could set or read. The entries share this module (one copy per module system, see
 * tsup.config.ts), so a subpath reads what the main entry's `createLookupClient` recorded.
 */
import type { ServiceName } from "../spec/services.js";
import type { ClientLookups } from "./client-type.js";
import type { CallFacts } from "./prepare.js";

/**
 * What a client records about itself when it is made: what its calls are prepared with (`deployment`,
 * {@link ClientFacts.bases} as canonical text, a query key's part; its checked `maxLimit`), and more.
 */
export interface ClientFacts extends CallFacts {
  /** The base URL of each service; null where none is set. */
  bases: Readonly<Record<ServiceName, string | null>>;
  /**
   * Whether the client may answer differently from another on the same base URLs: it has its own
   * headers, fetch or middleware (read when asked: `raw.use` may add middleware later).
   */
  ownAnswers(): boolean;
  /** The client's own lookups, as made (what a spy or a wrapper put on the client does not change). */
  lookups: ClientLookups;
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
