/**
 * The token routes read one table of tokens. Upstream does not check a token's standard: the NFT route
 * answers an SFT, the SFT route an NFT, each in its own shape (upstream's `routes/nft.ts` gives
 * `{ token_uri, metadata }`, `routes/sft.ts` adds `decimals` and `total_supply`), and the FT route reads
 * token 1 of any known contract. So the mock answers a token route from the examples of the other token
 * routes too, cut to the route's own fields. Pure.
 */
import type { MockExample, MockExampleTable } from "./types.js";

/** The routes of one token (a contract principal and a token id), and the fields each route's 200 has. */
const TOKEN_ROUTES: Readonly<Record<string, readonly string[]>> = {
  getSftMetadata: ["token_uri", "decimals", "total_supply", "metadata"],
  getNftMetadata: ["token_uri", "metadata"],
};
/** Every route that reads the token table, the FT route (token 1 of a contract) included. */
const TABLE_ROUTES = ["getSftMetadata", "getNftMetadata", "getFtMetadata"];

/** `value` cut to `fields` (an error body, which has none of them, as it is). */
function shapedFor(fields: readonly string[], status: number, value: unknown): unknown {
  if (status !== 200 || value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));
}

/**
 * The examples that answer `operationId`'s requests: its own tied examples first (they win), then, for a
 * token route, the other token route's, as this route would answer the same token.
 */
export function tiedExamples(table: MockExampleTable, operationId: string): MockExample[] {
  const own = (table[operationId] ?? []).filter((e) => e.request !== undefined);
  const fields = TOKEN_ROUTES[operationId];
  if (fields === undefined) return own;
  const borrowed = Object.keys(TOKEN_ROUTES)
    .filter((other) => other !== operationId)
    .flatMap((other) => (table[other] ?? []).filter((e) => e.request !== undefined))
    .map((e) => ({ ...e, value: shapedFor(fields, e.status, e.value) }));
  return [...own, ...borrowed];
}

/** The contracts `operationId` knows: for a route of the token table, every contract any of them names. */
export function knownContracts(table: MockExampleTable, operationId: string): ReadonlySet<string> {
  const routes = TABLE_ROUTES.includes(operationId) ? TABLE_ROUTES : [operationId];
  return new Set(
    routes.flatMap((route) =>
      (table[route] ?? []).flatMap((e) => (e.request?.path.principal ? [e.request.path.principal] : [])),
    ),
  );
}
