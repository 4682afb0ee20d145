/**
 * The answer checks of the fungible-token lookups: an answer must be about the question. The list's
 * filters are applied by the service in SQL (`name` a case-insensitive LIKE substring, matched here by
 * like-pattern.ts, `symbol` a
 * case-insensitive match, `address` a principal prefix: stx-labs/token-metadata-api `pg-store.ts`,
 * `getFungibleTokens`), so an item that does not satisfy them means the filter was ignored; one token's
 * answer must name the contract asked (the service does not check the token standard, so an answer for
 * another contract is a broken proxy or cache, never data).
 */
import { printable } from "../errors/safe-text.js";
import { nameFilterMatcher } from "./like-pattern.js";
import type { LookupRequest } from "./requests.js";

/** What is wrong with a page of `getFungibleTokens` given its filters (the envelope is checked before), or undefined. */
export function fungibleListProblem(body: unknown, query: LookupRequest["query"]): string | undefined {
  const { name, symbol, address } = query;
  const results = (body as { results: unknown[] }).results;
  const named = typeof name === "string" ? nameFilterMatcher(name) : undefined;
  for (let i = 0; i < results.length; i++) {
    const item = (results[i] ?? {}) as Record<string, unknown>;
    const ignored = (filter: string, value: unknown) =>
      `result ${i} has ${filter} ${printable(JSON.stringify(value ?? null), 80)}, which the filter excludes: the service ignored the filter`;
    if (typeof item.contract_principal !== "string" || typeof item.asset_identifier !== "string")
      return `result ${i} without a contract_principal and an asset_identifier`;
    if (!item.asset_identifier.startsWith(`${item.contract_principal}::`))
      return `result ${i}'s asset_identifier ${printable(item.asset_identifier, 120)} is not of its contract ${printable(item.contract_principal, 80)}`;
    if (typeof address === "string" && !item.contract_principal.startsWith(address))
      return ignored(`contract_principal`, item.contract_principal);
    if (named && !(typeof item.name === "string" && named(item.name))) return ignored("name", item.name);
    if (
      typeof symbol === "string" &&
      !(typeof item.symbol === "string" && item.symbol.toLowerCase() === symbol.toLowerCase())
    )
      return ignored("symbol", item.symbol);
  }
  return undefined;
}

/** What is wrong with `getFtMetadata`'s answer for `principal` (the body is a JSON object), or undefined. */
export function fungibleTokenProblem(body: unknown, principal: string): string | undefined {
  const { asset_identifier: asset } = body as Record<string, unknown>;
  // `{}` has no identity to check; upstream always sends asset_identifier, so only a present one is compared.
  if (asset !== undefined && !(typeof asset === "string" && asset.startsWith(`${principal}::`)))
    return `an answer about ${printable(String(asset), 120)}, not the contract asked (${principal})`;
  return undefined;
}
