/**
 * The checks of `hiro-lookup verify` for the Token Metadata API's other read routes: the status (whose
 * chain tip `verify` reports, so a self-hoster sees how far behind the indexer is), the FT list's
 * documented 400s and first page, one fungible token (`--ft`, else the first listed token the service
 * answers with data) and one non-fungible token (the `--principal`/`--token-id` sample: the service does
 * not check the token standard, so the SFT sample answers on the NFT route too). Every 200 is held to the
 * client's own answer checks as well as the schema.
 */
import { checkParameter, parameterRules } from "../../spec-entry.js";
import { printable } from "../text.js";
import { describe, type Exchange, type Send } from "./verify-http.js";
import { fail, judgeBadRequest, judgeValid, type Outcome, pass, resultsOf } from "./verify-judge.js";
import { type Check, check, type ServiceState } from "./verify-state.js";

/** The FT list's query, as verify sends it (unchecked: its bad requests are deliberate). */
type FtListQuery = Record<string, string | number>;

/** An `order_by` the spec does not have (its values are `name` and `symbol`): the service's 400 is checked. */
const NOT_AN_ORDER = "supply";

/** Listed tokens tried as the FT sample, at most: the first page asked holds this many. */
const FT_LIST_LIMIT = 5;

/**
 * The FT sample candidates of a list page, in order: tokens with a name first (the service has processed
 * them), then the others; each a well-formed principal (server text is not sent back as a path unchecked).
 */
function candidatesOf(results: unknown[]): string[] {
  const tokens = results.map((item) => (item ?? {}) as { contract_principal?: unknown; name?: unknown });
  const named = tokens.filter((t) => typeof t.name === "string" && t.name !== "");
  const nameless = tokens.filter((t) => !named.includes(t));
  return [...named, ...nameless]
    .map((t) => t.contract_principal)
    .filter((p): p is string => typeof p === "string" && wellFormed(p));
}

function wellFormed(principal: string): boolean {
  try {
    checkParameter("principal", principal);
    return true;
  } catch {
    return false;
  }
}

/** The status, the FT list, one FT and one NFT. */
export function tokenChecks(
  send: Send,
  sample: { principal: string; tokenId: string; ft?: string | undefined },
  state: ServiceState,
): Check[] {
  const list = (query: FtListQuery) => send("getFungibleTokens", { query });
  const askFt = (principal: string) => state.send(send("getFtMetadata", { path: { principal } }));
  /** One FT's answer judged: the schema, the client's answer checks, the contract asked. */
  const judgeFt = (answer: Exchange, principal: string): Outcome => {
    const valid = judgeValid(answer, "getFtMetadata", { params: { principal } });
    return valid.ok ? sameContract(answer.body, principal) : valid;
  };
  /** The listed tokens to try as the FT sample, once the list check ran; else why there are none. */
  let candidates: string[] = [];
  let noFungible = "the FT list was not asked";
  return [
    check("API status", "200 ApiStatusResponse, chain tip", async () => {
      const answer = await state.send(send("getApiStatus", {}));
      const valid = judgeValid(answer, "getApiStatus", { params: {} });
      if (!valid.ok) return valid;
      const { server_version: version, chain_tip: tip } = answer.body as {
        server_version: string;
        chain_tip: { block_height: number; index_block_hash: string } | null;
      };
      state.chainTip = tip ?? null;
      const at = tip ? `chain tip ${tip.block_height}` : "no chain tip yet";
      return pass(`200 ${printable(version, 60)}, ${at}`);
    }),
    check("FT list, limit above the maximum", '400 "querystring/limit …"', async () =>
      judgeBadRequest(
        await state.send(list({ limit: parameterRules.limit.maximum + 1 })),
        "getFungibleTokens",
        "querystring/limit",
      ),
    ),
    check("FT list, order_by neither name nor symbol", '400 "querystring/order_by …"', async () =>
      judgeBadRequest(
        await state.send(list({ order_by: NOT_AN_ORDER })),
        "getFungibleTokens",
        "querystring/order_by",
      ),
    ),
    check("FT list, first page", "200 PaginatedFtBasicMetadata the client takes", async () => {
      const answer = await state.send(list({ limit: FT_LIST_LIMIT }));
      const valid = judgeValid(answer, "getFungibleTokens", { params: { limit: FT_LIST_LIMIT } });
      noFungible = `${valid.got} (the FT list gave no token to ask for)`;
      if (!valid.ok) return valid;
      candidates = candidatesOf(resultsOf(answer.body) ?? []);
      if (candidates.length === 0) noFungible = "the FT list is empty: no token to ask for";
      return pass(`valid, total ${printable(String((answer.body as { total: unknown }).total), 20)}`);
    }),
    check("sample FT", "200 FtMetadataResponse of the contract asked", async () => {
      if (sample.ft !== undefined) {
        const outcome = judgeFt(await askFt(sample.ft), sample.ft);
        return outcome.ok ? pass(`${outcome.got} (--ft)`) : outcome;
      }
      if (candidates.length === 0) return fail(noFungible);
      // A listed token need not have metadata (a refresh that ended `invalid` answers 422 "Token error"):
      // the service's own 422 passes it over for the next; any other failure is the deployment's.
      const passedOver: string[] = [];
      for (const principal of candidates) {
        const answer = await askFt(principal);
        const outcome = judgeFt(answer, principal);
        const over = passedOver.length === 0 ? "" : `; passed over ${passedOver.join("; ")}`;
        if (outcome.ok) return pass(`${outcome.got} (from the FT list${over}; --ft names another)`);
        if (answer.status !== 422) return fail(`${outcome.got} (${principal}, from the FT list${over})`);
        passedOver.push(`${principal}: ${describe(answer, 50)}`);
      }
      return fail(`no listed token answered with data: ${passedOver.join("; ")}; name one with --ft`);
    }),
    // The service answers any token on any token route (it does not check the standard), and so does the mock.
    check("sample token on the NFT route", "200 NftMetadataResponse", async () => {
      const path = { principal: sample.principal, token_id: sample.tokenId };
      const answer = await state.send(send("getNftMetadata", { path }));
      return judgeValid(answer, "getNftMetadata", { params: { ...path } });
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
