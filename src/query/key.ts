/**
 * The query keys of `hiro-lookup/query`: plain JSON, canonical. One request is one key whatever way its
 * ids were written (`35n`, `"35"` and `35`; a tx id with `0x` or in upper case), a default left out
 * equals the default written, and two clients aimed at different deployments never share a key.
 */
import { parameterRules } from "../generated/parameters.js";
import type { ParameterCheck } from "../lookups/client-facts.js";
import { requestOf } from "../lookups/requests.js";
import { operations } from "../spec/services.js";
import type { OperationId } from "../spec/types.js";

/** A query key of `hiro-lookup/query`: `["hiro-lookup", deployment, operationId, parameters]`, JSON only. */
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
