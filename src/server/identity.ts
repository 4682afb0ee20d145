/**
 * Who the gateway is upstream: its key and its own headers (a tenant's `X-Tenant`, an `Authorization`).
 * Two gateways that differ in either may get different answers and have different budgets, so this
 * identity is part of every cache key and every pace key: as a hash, never the key itself. A gateway
 * with neither has the empty identity (its keys are as they always were).
 */

/** The upstream identity of a gateway with `apiKey` and `headers`: 32 hex digits of SHA-256, or "". */
export async function upstreamIdentity(
  apiKey: string | undefined,
  headers: HeadersInit | undefined,
): Promise<string> {
  // Headers iterate with lower-case names, sorted: one identity whatever way they were written.
  const pairs = headers === undefined ? [] : [...new Headers(headers)];
  if (!apiKey && pairs.length === 0) return "";
  const text = JSON.stringify(["hiro-lookup upstream identity", apiKey ?? "", pairs]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
