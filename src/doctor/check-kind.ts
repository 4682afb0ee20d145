/**
 * Whether the token was asked as the kind it is. The service answers every kind's route from the same
 * rows (stx-labs/token-metadata-api `src/api/routes/{ft,nft,sft}.ts` all read `getTokenMetadataBundle`),
 * so an FT asked as an NFT, or an NFT asked as an FT, answers 200 as if it were. Three signs tell:
 * the bulk search's `token_type` (Token Metadata API 2.2.0 and later), the FT answer's
 * `asset_identifier` ending `::null` (a contract that defines no fungible token), and, for a token
 * asked as an NFT, an FT answer for the same contract naming a fungible token. Not for an SFT: a SIP-013
 * contract defines a fungible token of its own, so its FT answer names one.
 */

import {
  type MetadataService,
  serviceTokenNumber,
  TOKEN_KINDS,
  type TokenKind,
  type TokenTarget,
} from "./ask-service.js";
import { shown } from "./evidence.js";
import type { Observation } from "./findings.js";

/** The bulk search, when the service object has it (a `LookupClient` does). */
export interface KindSearch {
  searchTokens?: (
    params: { contract: readonly string[] },
    options?: { signal?: AbortSignal },
  ) => Promise<{ results: ReadonlyArray<{ contract_id: string; token_number: number; token_type: string }> }>;
}

const NAMES: Record<TokenKind, string> = {
  ft: "a fungible token (SIP-010)",
  nft: "a non-fungible token (SIP-009)",
  sft: "a semi-fungible token (SIP-013)",
};

/** The token's kind as the search tells it, or undefined (no search, an older service, not found). */
async function searchedKind(
  service: KindSearch,
  target: TokenTarget,
  signal: AbortSignal | undefined,
): Promise<TokenKind | undefined> {
  if (typeof service.searchTokens !== "function") return undefined;
  const number = serviceTokenNumber(target);
  try {
    const { results } = await service.searchTokens(
      { contract: [`${target.principal}:${number}`] },
      signal ? { signal } : undefined,
    );
    const type = results.find((item) => item.contract_id === target.principal)?.token_type;
    return TOKEN_KINDS.find((kind) => kind === type);
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}

/** Whether the contract defines a fungible token, by its FT answer; undefined when that cannot be told. */
async function definesFt(
  service: MetadataService,
  principal: string,
  signal: AbortSignal | undefined,
): Promise<boolean | undefined> {
  try {
    const answer = await service.getFtMetadata({ principal }, signal ? { signal } : undefined);
    const id = (answer as { asset_identifier?: unknown }).asset_identifier;
    return typeof id === "string" ? !id.endsWith("::null") : undefined;
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}

/**
 * The `wrong_kind` finding when `target` was answered 200 but is another kind; undefined when it is the
 * kind asked or nothing tells. `ftAnswer` is the FT answer already in hand (for kind `ft`).
 */
export async function checkKind(
  service: MetadataService & KindSearch,
  target: TokenTarget,
  ftAssetIdentifier: string | undefined,
  signal: AbortSignal | undefined,
): Promise<Observation | undefined> {
  const searched = await searchedKind(service, target, signal);
  if (searched === target.kind) return undefined;
  const wrong = (actual: TokenKind | undefined, sign: string): Observation => ({
    code: "wrong_kind",
    message: `${target.principal} is not ${NAMES[target.kind]}: it is ${actual ? NAMES[actual] : "a non-fungible or semi-fungible token"} (${sign}). The service answers any kind's route for any token, so the answer above is not about ${NAMES[target.kind]}`,
    evidence: { asked: target.kind, actual: actual ?? null, sign: shown(sign) },
  });
  if (searched) return wrong(searched, `the service's search gives token_type "${searched}"`);
  if (target.kind === "ft")
    return ftAssetIdentifier?.endsWith("::null")
      ? wrong(
          undefined,
          `its FT answer's asset_identifier is ${shown(ftAssetIdentifier)}: the contract defines no fungible token`,
        )
      : undefined;
  if (target.kind !== "nft") return undefined;
  return (await definesFt(service, target.principal, signal))
    ? wrong("ft", "its FT answer names a fungible token in asset_identifier")
    : undefined;
}
