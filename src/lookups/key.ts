/**
 * The keys of a prepared call (prepare.ts): its canonical parameters and its query key, one form for
 * `hiro-lookup/query`'s keys and the gateway's cache (the query key hashed). One request is one key
 * whatever way its ids were written (`35n`, `"35"` and `35`; a tx id with `0x` or in upper case), and a
 * default left out equals the default written. Functions of the call, so a client that never keys a call
 * carries none of this.
 */
import { parameterRules } from "../generated/parameters.js";
import { operations } from "../spec/services.js";
import type { CallFacts, PreparedCall } from "./prepare.js";

/** A call's parameters in canonical form: the checked wire values, the spec's defaults filled in. */
export type CanonicalParams = Readonly<Record<string, string | number | readonly string[]>>;

/**
 * A query key: `["hiro-lookup", client, operationId, parameters]`, JSON only. `client` is the client's
 * base URLs as canonical text (and, in `hiro-lookup/query`, its namespace or object id when it has its
 * own headers, fetch or middleware).
 */
export type LookupQueryKey = readonly ["hiro-lookup", string, string, CanonicalParams];

/** Each parameter's default in the spec, by name (none for most). */
const SPEC_RULES: Readonly<Record<string, { type?: string; default?: string | number | boolean }>> =
  parameterRules;

/** The canonical parameters of a prepared call: its checked values, each default filled in. */
export function canonicalOf({ operationId, request }: PreparedCall): CanonicalParams {
  const canonical: Record<string, string | number | readonly string[]> = { ...request.path };
  for (const name of operations[operationId].queryParams) {
    const value = request.query[name] ?? SPEC_RULES[name]?.default;
    if (value !== undefined) canonical[name] = typeof value === "boolean" ? String(value) : value;
  }
  return canonical;
}

/** The query key of a call prepared with `facts`: `["hiro-lookup", deployment, operationId, canonical]`. */
export const queryKeyOf = (call: PreparedCall, facts: CallFacts): LookupQueryKey => [
  "hiro-lookup",
  facts.deployment,
  call.operationId,
  canonicalOf(call),
];

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
