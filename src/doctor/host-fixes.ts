/**
 * What the host of a token's URI or image must do for each finding about it, said as the service
 * would meet it: the indexer waits 30 s for a URI, reads at most 1 MB, follows 5 redirects, reads
 * JSON5 (stx-labs/token-metadata-api `src/env.ts`, `metadata-helpers.ts`).
 */

import type { Finding, FindingCode } from "./findings.js";
import { SOURCES } from "./fix-sources.js";

/** Findings the host of the URI or image must fix, then have the token refreshed. */
export const HOST_CODES: readonly FindingCode[] = [
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

/** What the host must do for `finding`; undefined when it is not the host's. */
export function hostText(finding: Finding): { text: string; sources: string[] } | undefined {
  switch (finding.code) {
    case "uri_rate_limited":
      return finding.evidence.gateway === "ipfs"
        ? {
            text: "Pin the metadata (and image) to a gateway or host that does not rate-limit the indexer, or serve them over https from your own host: a public IPFS gateway answers the indexer 429 when it asks for many tokens.",
            sources: [SOURCES.ipfsRateLimit],
          }
        : {
            text: "Let the indexer through the host's rate limit (it asks once per token, and again on each refresh), or serve the metadata from a host without one: the indexer retries a 429 later, but a host that always refuses it keeps the metadata out.",
            sources: [SOURCES.ipfsRateLimit, SOURCES.metadataReading],
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
        text: "Make the token URI answer 200 with its JSON (http(s), ipfs://, ar:// or data:) within 30 s, in at most 5 redirects: past those the indexer gives up (METADATA_FETCH_TIMEOUT_MS, METADATA_FETCH_MAX_REDIRECTIONS).",
        sources: [SOURCES.serverFails, SOURCES.sip016, SOURCES.settings],
      };
    default:
      return undefined;
  }
}
