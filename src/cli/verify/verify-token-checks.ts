/**
 * The checks of `hiro-lookup verify` for the Token Metadata API's other read routes: the status (whose
 * chain tip `verify` reports, so a self-hoster sees how far behind the indexer is), the FT list's
 * documented 400s and first page, one fungible token (the list's first) and one non-fungible token (the
 * `--principal`/`--token-id` sample: the service does not check the token standard, so the SFT sample
 * answers on the NFT route too).
 */
import type { LookupClient } from "../../index.js";
import { parameterRules } from "../../spec/index.js";
import { printable } from "../text.js";
import { fail, judgeBadRequest, judgeValid, type Outcome, pass, resultsOf } from "./verify-judge.js";
import { type Check, check, type ServiceState } from "./verify-state.js";

/** The status, the FT list, one FT and one NFT. */
export function tokenChecks(
  client: LookupClient,
  sample: { principal: string; tokenId: string },
  state: ServiceState,
): Check[] {
  const list = (query: Record<string, unknown>) => () =>
    client.raw.GET("/metadata/v1/ft", { params: { query: query as never }, parseAs: "text" });
  /** The first token of the list, once the list check ran: the FT sample; else why there is none. */
  let fungible: string | undefined;
  let noFungible = "the FT list was not asked";
  return [
    check("API status", "200 ApiStatusResponse, chain tip", false, async () => {
      const answer = await state.send(() => client.raw.GET("/metadata/v1/", { parseAs: "text" }));
      const valid = judgeValid(answer, "getApiStatus");
      if (!valid.ok) return valid;
      const { server_version: version, chain_tip: tip } = answer.body as {
        server_version: string;
        chain_tip: { block_height: number; index_block_hash: string } | null;
      };
      state.chainTip = tip ?? null;
      const at = tip ? `chain tip ${tip.block_height}` : "no chain tip yet";
      return pass(`200 ${printable(version, 60)}, ${at}`);
    }),
    check("FT list, limit above the maximum", '400 "querystring/limit …"', true, async () =>
      judgeBadRequest(
        await state.send(list({ limit: parameterRules.limit.maximum + 1 })),
        "getFungibleTokens",
        "querystring/limit",
      ),
    ),
    check("FT list, order_by neither name nor symbol", '400 "querystring/order_by …"', true, async () =>
      judgeBadRequest(
        await state.send(list({ order_by: "supply" })),
        "getFungibleTokens",
        "querystring/order_by",
      ),
    ),
    check("FT list, first page", "200 PaginatedFtBasicMetadata", false, async () => {
      const answer = await state.send(list({ limit: 5 }));
      const valid = judgeValid(answer, "getFungibleTokens");
      noFungible = `${valid.got} (the FT list gave no token to ask for)`;
      if (!valid.ok) return valid;
      const first = resultsOf(answer.body)?.[0] as { contract_principal?: string } | undefined;
      fungible = first?.contract_principal;
      if (fungible === undefined) noFungible = "the FT list is empty: no token to ask for";
      return pass(`valid, total ${printable(String((answer.body as { total: unknown }).total), 20)}`);
    }),
    check("sample FT (the list's first)", "200 FtMetadataResponse of the contract asked", false, async () => {
      if (fungible === undefined) return fail(noFungible);
      const principal = fungible;
      const answer = await state.send(() =>
        client.raw.GET("/metadata/v1/ft/{principal}", { params: { path: { principal } }, parseAs: "text" }),
      );
      const valid = judgeValid(answer, "getFtMetadata");
      if (!valid.ok) return valid;
      return sameContract(answer.body, principal);
    }),
    // The mock answers each route from its own examples only: the service answers any token on any route.
    check("sample token on the NFT route", "200 NftMetadataResponse", true, async () => {
      const path = { principal: sample.principal, token_id: sample.tokenId as unknown as number };
      const answer = await state.send(() =>
        client.raw.GET("/metadata/v1/nft/{principal}/{token_id}", { params: { path }, parseAs: "text" }),
      );
      return judgeValid(answer, "getNftMetadata");
    }),
  ];
}

/** An FT answer names the contract asked (`asset_identifier` is `<principal>::<name>`). */
function sameContract(body: unknown, principal: string): Outcome {
  const asset = (body as { asset_identifier?: unknown }).asset_identifier;
  return typeof asset === "string" && asset.startsWith(`${principal}::`)
    ? pass(`valid, ${printable(asset, 80)}`)
    : fail(`asset_identifier ${printable(String(asset), 80)} is not of ${principal}`);
}
