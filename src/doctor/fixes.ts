/**
 * The remedies for a diagnosis, each true for the findings it answers and with where it is documented:
 * what to wait for, what the host must fix (host-fixes.ts), what the contract's owner or a self-hoster
 * can do, and what to change where the doctor could not check (a private address, no route from here).
 */
import type { TokenTarget } from "./ask-service.js";
import type { Finding, FindingCode, Fix } from "./findings.js";
import { SOURCES } from "./fix-sources.js";
import { HOST_CODES, hostText } from "./host-fixes.js";

/** The SIP-019 print a contract sends to have `target` re-read. SFT contracts send class "nft". */
function notification(target: TokenTarget): string {
  const contract = `'${target.principal}`;
  if (target.kind === "ft")
    return `(print { notification: "token-metadata-update", payload: { token-class: "ft", contract-id: ${contract} } })`;
  return `(print { notification: "token-metadata-update", payload: { token-class: "nft", token-ids: (list u${String(target.token_id)}), contract-id: ${contract} } })`;
}

/** The refresh remedies, once the cause is fixed (`after`: a fix comes first) or when the data is stale. */
function refreshFixes(target: TokenTarget, codes: FindingCode[], after: boolean): Fix[] {
  const sft =
    target.kind === "sft"
      ? ' An SFT contract sends token-class "nft" with its token ids: the service acts only on "ft" and "nft", and drops a "sft" notification without a word.'
      : "";
  const opening = after ? "Then have the service re-read the token" : "Have the service re-read the token";
  return [
    {
      audience: "contract_owner",
      codes,
      text: `${opening}: a SIP-019 token-metadata-update notification, printed by the contract or by a transaction its deployer sends: ${notification(target)}.${sft} A token whose update mode is "frozen" is not refreshed.`,
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

/** The fixes that come before any host's: waits, the kind, what the service itself holds. */
function serviceFixes(target: TokenTarget, findings: readonly Finding[]): Fix[] {
  const fixes: Fix[] = [];
  const find = (code: FindingCode) => findings.find((finding) => finding.code === code);
  if (find("metadata_pending"))
    fixes.push({
      audience: "everyone",
      codes: ["metadata_pending"],
      text: "Wait: the service is fetching the metadata. Ask again later, or waitForMetadata() (CLI: --wait).",
      sources: [SOURCES.metadataReading],
    });
  const incomplete = find("metadata_incomplete");
  if (incomplete?.level === "wait")
    fixes.push({
      audience: "everyone",
      codes: ["metadata_incomplete"],
      text: "Wait: the service is re-running this token's job (after a re-mint or a refresh) and keeps its metadata meanwhile; token_uri comes back when it has run. Ask later, or waitForMetadata(client, params, { complete: true }) (CLI: --wait --complete).",
      sources: [SOURCES.metadataReading],
    });
  else if (incomplete && !incomplete.evidence.token_uri)
    fixes.push({
      audience: "contract_owner",
      codes: ["metadata_incomplete"],
      text: `Check the contract's get-token-uri (a read-only call, e.g. in the explorer's sandbox): for ${target.kind === "ft" ? "the token" : `token ${String(target.token_id)}`} it must return (ok (some "<URI>")) with the metadata's URI. An empty string or none leaves the service nothing to fetch; a contract cannot change it after deployment unless it reads the URI from a data var.`,
      sources: [target.kind === "ft" ? SOURCES.sip010 : SOURCES.sip009, SOURCES.sip016],
    });
  const wrongKind = find("wrong_kind");
  if (wrongKind) {
    const actual = wrongKind.evidence.actual;
    const how =
      actual === "ft"
        ? `hiro-lookup explain ft ${target.principal}`
        : typeof actual === "string"
          ? `hiro-lookup explain ${actual} ${target.principal} <token_id>`
          : `hiro-lookup explain nft (or sft) ${target.principal} <token_id>`;
    fixes.push({
      audience: "everyone",
      codes: ["wrong_kind"],
      text: `Ask about it as the kind it is: ${how} (diagnoseToken with kind "${typeof actual === "string" ? actual : "nft"}").`,
      sources: [SOURCES.routes],
    });
  }
  if (find("not_indexed"))
    fixes.push({
      audience: "everyone",
      codes: ["not_indexed"],
      text: `Check the principal, the kind and the token id (\`hiro-lookup status\` shows how far the indexer has read the chain). A SIP-019 notification cannot help here: the service ignores one for a contract it has not indexed.${target.kind === "nft" ? " An NFT contract whose get-last-token-id is above 50,000 has none of its tokens indexed: the service answers 404 for each (METADATA_MAX_NFT_CONTRACT_TOKEN_COUNT, 50,000 by default; a self-hoster can raise it)." : ""}`,
      sources: [SOURCES.notificationEffect, ...(target.kind === "nft" ? [SOURCES.settings] : [])],
    });
  if (find("locale_missing"))
    fixes.push({
      audience: "everyone",
      codes: ["locale_missing"],
      text: "Ask without the locale (the default), or add it to the metadata's SIP-016 localization.",
      sources: [SOURCES.sip016],
    });
  return fixes;
}

/** What to change where the doctor could not check: a private address, a host not reached from here. */
function uncheckedFixes(findings: readonly Finding[]): Fix[] {
  const fixes: Fix[] = [];
  const codes = (...wanted: FindingCode[]) =>
    findings.map((finding) => finding.code).filter((code) => wanted.includes(code));
  const private_ = codes("uri_private_address", "image_private_address");
  if (private_.length > 0)
    fixes.push({
      audience: "self_hoster",
      codes: private_,
      text: "If the token's host is on your own network (your own deployment), let the doctor fetch it: diagnoseToken(client, token, { allowPrivateNetwork: true }), CLI --allow-private-network. Hiro's hosted indexer cannot reach a private address, so a public token needs a public URI.",
      sources: [SOURCES.metadataReading],
    });
  const unreached = codes("uri_not_reached", "image_not_reached");
  if (unreached.length > 0)
    fixes.push({
      audience: "everyone",
      codes: unreached,
      text: "Check this machine's network and DNS (a proxy, a firewall, being offline), or run the doctor where the host resolves: nothing here is about the token yet. Under --mock only the URIs the mock's examples name are served.",
      sources: [SOURCES.metadataReading],
    });
  return fixes;
}

/** The self-hoster's IPFS gateway, when an ipfs:// URI is part of the trouble. */
function gatewayFix(findings: readonly Finding[]): Fix[] {
  const viaIpfs = findings.filter((finding) => finding.level !== "ok" && finding.evidence.gateway === "ipfs");
  if (viaIpfs.length === 0) return [];
  return [
    {
      audience: "self_hoster",
      codes: [...new Set(viaIpfs.map((finding) => finding.code))],
      text: "On your own deployment, set PUBLIC_GATEWAY_IPFS to a gateway that works for you: its default, https://cloudflare-ipfs.com, has not resolved since 2024-08-14, so a Token Metadata API left at its defaults cannot fetch any ipfs:// URI. (The doctor used its own gateway: --ipfs-gateway, gateways.ipfs.)",
      sources: [SOURCES.settings],
    },
  ];
}

/** The fixes for `findings` about `target`. */
export function fixesFor(target: TokenTarget, findings: readonly Finding[]): Fix[] {
  const fixes = serviceFixes(target, findings);
  const seen = new Set<string>();
  for (const finding of findings.filter((each) => HOST_CODES.includes(each.code))) {
    const host = hostText(finding);
    if (!host || seen.has(host.text)) continue;
    seen.add(host.text);
    const codes = findings.filter((each) => hostText(each)?.text === host.text).map((each) => each.code);
    fixes.push({ audience: "host", codes, ...host });
  }
  fixes.push(...uncheckedFixes(findings), ...gatewayFix(findings));
  const refreshing = findings.some((each) => each.code === "metadata_incomplete" && each.level === "wait");
  const refresh = findings
    .map((each) => each.code)
    .filter(
      (code) =>
        code === "token_error" ||
        (code === "metadata_incomplete" && !refreshing) ||
        HOST_CODES.includes(code),
    );
  // "Then …" only after a step that comes first: the host's fix, or the contract's URI to check.
  const after = fixes.some((fix) => fix.audience === "host" || fix.audience === "contract_owner");
  if (refresh.length > 0) fixes.push(...refreshFixes(target, [...new Set(refresh)], after));
  return fixes;
}
