/**
 * The remedies for a diagnosis, each true for the findings it answers and with where it is documented.
 * Upstream facts read at stx-labs/token-metadata-api 527227a (v2.3.0); see docs/upstream-facts.md.
 */
import type { TokenTarget } from "./ask-service.js";
import type { Finding, FindingCode, Fix } from "./findings.js";

const TMA = "https://github.com/stx-labs/token-metadata-api/blob/527227a46cc08d5692738111583106290ae193b4";
/** Where each remedy is documented. */
export const SOURCES = {
  sip016: "https://github.com/stacksgov/sips/blob/main/sips/sip-016/sip-016-token-metadata.md",
  sip019:
    "https://github.com/stacksgov/sips/blob/main/sips/sip-019/sip-019-token-metadata-update-notifications.md",
  notificationClasses: `${TMA}/src/token-processor/util/sip-validation.ts`,
  notificationEffect: `${TMA}/src/pg/stacks-core-pg-store.ts`,
  metadataReading: `${TMA}/src/token-processor/util/metadata-helpers.ts`,
  adminRpc: `${TMA}/src/admin-rpc/init.ts`,
  ipfsRateLimit: "https://github.com/stx-labs/token-metadata-api/issues/223",
  botProtection: "https://github.com/stx-labs/token-metadata-api/issues/281",
  notSip016: "https://github.com/stx-labs/token-metadata-api/issues/139",
  serverFails: "https://github.com/stx-labs/token-metadata-api/issues/267",
} as const;

/** Findings the host of the URI or image must fix, then have the token refreshed. */
const HOST_CODES: readonly FindingCode[] = [
  "uri_unsupported",
  "uri_unreachable",
  "uri_rate_limited",
  "uri_bot_challenge",
  "uri_too_large",
  "not_json",
  "not_sip016",
  "image_missing",
  "image_unreachable",
  "image_not_image",
  "image_too_large",
];

/** What the host must do for one finding. */
function hostText(code: FindingCode): { text: string; sources: string[] } | undefined {
  switch (code) {
    case "uri_rate_limited":
      return {
        text: "Pin the metadata (and image) to a gateway or host that does not rate-limit the indexer, or serve them over https from your own host: a public IPFS gateway answers the indexer 429.",
        sources: [SOURCES.ipfsRateLimit],
      };
    case "uri_bot_challenge":
      return {
        text: "Lift the bot protection for the metadata and image paths (e.g. a WAF skip rule for them): the indexer cannot solve a challenge page.",
        sources: [SOURCES.botProtection],
      };
    case "not_json":
    case "uri_too_large":
      return {
        text: "Serve the token URI as SIP-016 JSON (application/json), under 1 MB (the service's METADATA_MAX_PAYLOAD_BYTE_SIZE default).",
        sources: [SOURCES.sip016, SOURCES.metadataReading],
      };
    case "not_sip016":
    case "image_missing":
      return {
        text: 'Fix the JSON to SIP-016: a string "name", and the image URI as a top-level "image" (not under "properties").',
        sources: [SOURCES.sip016, SOURCES.notSip016, SOURCES.metadataReading],
      };
    case "image_not_image":
    case "image_too_large":
    case "image_unreachable":
      return {
        text: "Serve the image itself at the image URI, with an image/* content type, reachable without a challenge or a rate limit, at a reasonable size.",
        sources: [SOURCES.sip016],
      };
    case "uri_unreachable":
    case "uri_unsupported":
      return {
        text: "Make the token URI answer 200 with its JSON (http(s), ipfs:// or ar://): the indexer fetched it and failed.",
        sources: [SOURCES.serverFails, SOURCES.sip016],
      };
    default:
      return undefined;
  }
}

/** The SIP-019 print a contract sends to have `target` re-read. SFT contracts send class "nft". */
function notification(target: TokenTarget): string {
  const contract = `'${target.principal}`;
  if (target.kind === "ft")
    return `(print { notification: "token-metadata-update", payload: { token-class: "ft", contract-id: ${contract} } })`;
  return `(print { notification: "token-metadata-update", payload: { token-class: "nft", token-ids: (list u${String(target.token_id)}), contract-id: ${contract} } })`;
}

/** The refresh remedies, once the cause is fixed (or when the service holds stale data). */
function refreshFixes(target: TokenTarget, codes: FindingCode[]): Fix[] {
  const sft =
    target.kind === "sft"
      ? ' An SFT contract sends token-class "nft" with its token ids: the service acts only on "ft" and "nft", and drops a "sft" notification without a word.'
      : "";
  return [
    {
      audience: "contract_owner",
      codes,
      text: `Then have the service re-read the token: a SIP-019 token-metadata-update notification, printed by the contract or by a transaction its deployer sends: ${notification(target)}.${sft} A token whose update mode is "frozen" is not refreshed.`,
      sources: [SOURCES.sip019, SOURCES.notificationClasses, SOURCES.notificationEffect],
    },
    {
      audience: "self_hoster",
      codes,
      text: `On your own deployment: the Admin RPC's POST /refresh-token with {"contractId":"${target.principal}"${target.kind === "ft" ? "" : `,"tokenIds":[${String(target.token_id)}]`}} re-queues the token, whatever its update mode.`,
      sources: [SOURCES.adminRpc],
    },
  ];
}

/** The fixes for `findings` about `target`. */
export function fixesFor(target: TokenTarget, findings: readonly Finding[]): Fix[] {
  const fixes: Fix[] = [];
  const codes = findings.map((finding) => finding.code);
  const has = (code: FindingCode) => codes.includes(code);
  if (has("metadata_pending"))
    fixes.push({
      audience: "everyone",
      codes: ["metadata_pending"],
      text: "Wait: the service is fetching the metadata. Ask again later, or waitForMetadata() (CLI: --wait).",
      sources: [SOURCES.metadataReading],
    });
  const refreshing = findings.some(
    (finding) => finding.code === "metadata_incomplete" && finding.level === "wait",
  );
  if (refreshing)
    fixes.push({
      audience: "everyone",
      codes: ["metadata_incomplete"],
      text: "Wait: the service is re-running this token's job (after a re-mint or a refresh) and keeps its metadata meanwhile; token_uri comes back when it has run. Ask later, or waitForMetadata(client, params, { complete: true }) (CLI: --wait --complete).",
      sources: [SOURCES.metadataReading],
    });
  if (has("not_indexed"))
    fixes.push({
      audience: "everyone",
      codes: ["not_indexed"],
      text: "Check the principal, the kind and the token id (`hiro-lookup status` shows how far the indexer has read the chain). A SIP-019 notification cannot help here: the service ignores one for a contract it has not indexed.",
      sources: [SOURCES.notificationEffect],
    });
  if (has("locale_missing"))
    fixes.push({
      audience: "everyone",
      codes: ["locale_missing"],
      text: "Ask without the locale (the default), or add it to the metadata's SIP-016 localization.",
      sources: [SOURCES.sip016],
    });
  const seen = new Set<string>();
  for (const code of codes.filter((each) => HOST_CODES.includes(each))) {
    const host = hostText(code);
    if (!host || seen.has(host.text)) continue;
    seen.add(host.text);
    fixes.push({
      audience: "host",
      codes: codes.filter((each) => hostText(each)?.text === host.text),
      ...host,
    });
  }
  const refresh = codes.filter(
    (code) =>
      code === "token_error" || (code === "metadata_incomplete" && !refreshing) || HOST_CODES.includes(code),
  );
  if (refresh.length > 0) fixes.push(...refreshFixes(target, [...new Set(refresh)]));
  return fixes;
}
