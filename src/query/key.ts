/**
 * The query keys of `hiro-lookup/query`: a prepared call's query key (src/lookups/key.ts: plain JSON,
 * canonical, one request one key however its ids were written), with the client part told apart: two
 * clients that may answer differently never share a key: aimed at different deployments, or one of them
 * with its own headers, fetch or middleware (a tenant's header).
 */
import { HiroValidationError } from "../index.js";
import { clientFactsOf, hashLookupKey, type LookupQueryKey } from "../internal.js";

export { hashLookupKey, type LookupQueryKey };

/** An id per client object, for clients that may answer differently from another on the same base URLs. */
const ids = new WeakMap<object, number>();
let lastId = 0;

/**
 * The client part of a key: its base URLs; with a `namespace`, that too; else, for a client with its own
 * headers, fetch or middleware, an id of the client object (read per key: `raw.use` may add middleware).
 * Throws {@link HiroValidationError} on a namespace that is not a non-empty string of at most 200 characters.
 */
export function clientIdentity(client: object, namespace: unknown): string {
  const facts = clientFactsOf(client);
  const bases = facts?.deployment ?? "";
  const own = facts?.ownAnswers() ?? false;
  if (namespace !== undefined) {
    if (typeof namespace !== "string" || namespace.length === 0 || namespace.length > 200)
      throw new HiroValidationError("namespace", "must be a non-empty string of at most 200 characters");
    return `${bases} namespace:${JSON.stringify(namespace)}`;
  }
  if (!own) return bases;
  let id = ids.get(client);
  if (id === undefined) {
    id = ++lastId;
    ids.set(client, id);
  }
  return `${bases} client:${id}`;
}
