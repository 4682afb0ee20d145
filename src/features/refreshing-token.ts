/**
 * `isRefreshingToken`: the signal for a token the service is refreshing. Minting more of an existing SFT
 * id (routine), or a metadata refresh, makes upstream re-run the token's job; until it has run, the token
 * answers `200` with its `metadata` but **without** `token_uri`, `decimals` and `total_supply` (seen on
 * TMA 2.3.0). That is transient, not a token without them: a caller should keep the values it holds.
 */

/** The fields a token answer may carry (SFT, NFT or FT metadata). */
interface TokenAnswer {
  token_uri?: string | undefined;
  metadata?: unknown;
}

/**
 * Whether `token` is a refresh in progress: it has `metadata` but no `token_uri` (which the metadata came
 * from). Its `token_uri`, `decimals` and `total_supply` come back once the service's job has run again:
 * ask later, or `waitForMetadata(client, params, { complete: true })`. A failed job's `{}` is not one.
 */
export function isRefreshingToken(token: TokenAnswer): boolean {
  return token.metadata !== undefined && token.token_uri === undefined;
}
