/**
 * The query keys of `hiro-lookup/query`: plain JSON, canonical. One request is one key whatever way its
 * ids were written (`35n`, `"35"` and `35`; a tx id with `0x` or in upper case), a default left out
 * equals the default written, and two clients that may answer differently never share a key: aimed at
 * different deployments, or one of them with its own headers, fetch or middleware (a tenant's header).
 */
import { HiroValidationError } from "../errors/errors.js";
import { parameterRules } from "../generated/parameters.js";
import { clientFactsOf, type ParameterCheck } from "../lookups/client-facts.js";
import { requestOf } from "../lookups/requests.js";
import { operations } from "../spec/services.js";
import type { OperationId } from "../spec/types.js";

/**
 * A query key of `hiro-lookup/query`: `["hiro-lookup", client, operationId, parameters]`, JSON only; `client`
 * is the client's base URLs, and its namespace or object id when it has its own headers, fetch or middleware.
 */
export type LookupQueryKey = readonly [
  "hiro-lookup",
  string,
  string,
  Readonly<Record<string, string | number | readonly string[]>>,
];

/** The request a lookup sends for `params`, canonical (checked by the client's own rules), defaults filled in. */
export function canonicalParams(
  operationId: OperationId,
  params: unknown,
  check: ParameterCheck = requestOf,
): Record<string, string | number | readonly string[]> {
  const request = check(operationId, params as Record<string, unknown> | undefined);
  const canonical: Record<string, string | number | readonly string[]> = { ...request.path };
  for (const name of operations[operationId].queryParams) {
    const given = request.query[name];
    const rule = (parameterRules as Record<string, { default?: unknown }>)[name];
    const value = given ?? (rule?.default === undefined ? undefined : rule.default);
    if (value !== undefined)
      canonical[name] = typeof value === "boolean" ? String(value) : (value as string | number);
  }
  return canonical;
}

/**
 * The query key hash: JSON with object keys sorted (as TanStack's own), and a bigint written as its
 * decimal string, so a key holding one never throws. Set it client-wide when your own keys hold bigints:
 * `new QueryClient({ defaultOptions: { queries: { queryKeyHashFn: hashLookupKey } } })`.
 */
export function hashLookupKey(queryKey: readonly unknown[]): string {
  return JSON.stringify(queryKey, (_, value: unknown) => {
    if (typeof value === "bigint") return value.toString();
    if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, (value as Record<string, unknown>)[key]]),
    );
  });
}

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
