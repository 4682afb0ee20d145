/**
 * The token's metadata URI, fetched as the indexer would: reachable, not rate-limited, not behind a bot
 * challenge, within upstream's 1 MB (`METADATA_MAX_PAYLOAD_BYTE_SIZE`), and JSON as the indexer parses it:
 * JSON5 (comments, trailing commas, single quotes, unquoted keys), as stx-labs/token-metadata-api
 * `src/token-processor/util/metadata-helpers.ts` does. Yields the parsed value. Strict JSON is JSON5, so
 * `JSON.parse` goes first and the JSON5 parser (with its Unicode tables, most of the doctor's bytes) is
 * loaded only for a document that is not strict JSON: an app's bundler puts it in a chunk of its own.
 */
import { shown } from "./evidence.js";
import type { Observation } from "./findings.js";
import { type HostFetchSettings, hostGet } from "./host-fetch.js";
import { troubleOf } from "./host-trouble.js";
import { noAnswerFinding } from "./no-answer.js";
import { type Gateways, resolveUri } from "./resolve-uri.js";

/** The URI's findings, and its JSON when it is JSON. */
export interface UriReading {
  findings: Observation[];
  json?: unknown;
}

/** Fetches `uri` (through `gateways`) and reads it as metadata JSON of at most `maxBytes`. */
export async function checkUri(
  uri: string,
  gateways: Gateways,
  maxBytes: number,
  settings: HostFetchSettings,
): Promise<UriReading> {
  const resolved = resolveUri(uri, gateways);
  if (!resolved.ok) {
    const message = `the token URI cannot be fetched: ${shown(resolved.reason)}`;
    return { findings: [{ code: "uri_unsupported", message, evidence: { uri: shown(uri) } }] };
  }
  const gateway = resolved.gateway;
  const answer = await hostGet(resolved.url, "application/json", maxBytes, settings);
  const where = { uri: shown(uri), url: shown(answer.url), gateway };
  if (!answer.ok) return { findings: [noAnswerFinding("uri", answer, where, settings)] };
  const trouble = troubleOf(answer);
  if (trouble?.kind === "rate_limited") {
    const by = gateway ? `the ${gateway} gateway the doctor used` : "its host";
    const message = `the token URI is rate-limited by ${by} (429): the indexer, asking the same host, is refused too and tries again later`;
    const evidence = { ...where, status: 429, retry_after: shown(trouble.retryAfter) };
    return { findings: [{ code: "uri_rate_limited", message, evidence }] };
  }
  if (trouble?.kind === "challenge") {
    const message = `the token URI answers a bot challenge (${trouble.marker}) instead of JSON: the indexer cannot pass it`;
    const evidence = { ...where, status: answer.status, marker: shown(trouble.marker) };
    return { findings: [{ code: "uri_bot_challenge", message, evidence }] };
  }
  const contentType = shown(answer.headers.get("content-type"));
  if (answer.status < 200 || answer.status > 299) {
    const message = `the token URI answered ${answer.status}, not the metadata`;
    return {
      findings: [{ code: "uri_unreachable", message, evidence: { ...where, status: answer.status } }],
    };
  }
  if (answer.tooLarge) {
    const message = `the token URI's body is larger than ${maxBytes} bytes (the service reads at most 1,000,000)`;
    return { findings: [{ code: "uri_too_large", message, evidence: { ...where, max_bytes: maxBytes } }] };
  }
  const text = new TextDecoder().decode(answer.body ?? new Uint8Array());
  let json: unknown;
  try {
    json = await parseAsTheService(text);
  } catch {
    const message = `the token URI answered ${contentType ?? "no content type"}, not JSON (not even JSON5, which the indexer also reads)`;
    const evidence = {
      ...where,
      status: answer.status,
      content_type: contentType,
      starts_with: shown(text, 80),
    };
    return { findings: [{ code: "not_json", message, evidence }] };
  }
  const ok: Observation = {
    code: "uri_ok",
    message: "the token URI answers JSON",
    evidence: { ...where, status: answer.status, content_type: contentType },
  };
  return { findings: [ok], json };
}

/** `text` parsed as the indexer parses it (JSON5); strict JSON without loading the JSON5 parser. */
async function parseAsTheService(text: string): Promise<unknown> {
  try {
    return JSON.parse(text);
  } catch {
    const { default: JSON5 } = await import("json5");
    return JSON5.parse(text);
  }
}
