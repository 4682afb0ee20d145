/**
 * `diagnoseToken`: why a token's metadata or image is missing or stale, and what to do. It asks the
 * metadata service first, and whether the token is the kind asked; then, when a token URI is known,
 * fetches the URI and the image itself, read-only, as the indexer would, at public addresses only unless
 * allowed (address-policy.ts). Each step is a module of its own (ask-service, check-kind, check-uri,
 * judge-sip016, check-image, fixes); this one runs them in order and stops where the evidence ends.
 */
import { HiroValidationError } from "../index.js";
import { isWholeNumber } from "../internal.js";
import { DOCTOR_DEFAULTS } from "../shared/defaults.js";
import {
  askService,
  checkTarget,
  type MetadataService,
  serviceTokenNumber,
  type TokenTarget,
} from "./ask-service.js";
import { checkImage } from "./check-image.js";
import { checkKind, type KindSearch } from "./check-kind.js";
import { checkUri } from "./check-uri.js";
import { type Diagnosis, leveled, type Observation, verdictOf } from "./findings.js";
import { fixesFor } from "./fixes.js";
import type { HostFetchSettings } from "./host-fetch.js";
import { judgeSip016 } from "./judge-sip016.js";
import { type Gateways, resolveUri, substituteId } from "./resolve-uri.js";

/** Options of {@link diagnoseToken}. */
export interface DiagnoseOptions {
  /** Locale to ask the service for (e.g. `es-MX`). Default: the token's default. */
  locale?: string | undefined;
  /** A token URI to check when the service gives none (a token not indexed, pending, or in error). `{id}` is substituted. */
  tokenUri?: string | undefined;
  /** Gateways for `ipfs://` (default `https://ipfs.io`) and `ar://` (default `https://arweave.net`). */
  gateways?: Gateways | undefined;
  /**
   * The `fetch` for the token's host (not the service's: the client has its own). Default: on Node, Node's
   * own http(s) with the address check on the connection; elsewhere the global `fetch`. With your own, the
   * doctor checks the URL's host only (see `allowPrivateNetwork`).
   */
  fetch?: typeof fetch | undefined;
  /**
   * Deadline of each fetch to the token's host (redirects and body included), in ms, at most 2^31−1.
   * Default 30 000: the indexer's own wait (`METADATA_FETCH_TIMEOUT_MS`).
   */
  timeoutMs?: number | undefined;
  /** Redirects followed at most per fetch to the token's host, up to 20. Default 5 (upstream's `METADATA_FETCH_MAX_REDIRECTIONS`). */
  maxRedirects?: number | undefined;
  /**
   * Fetch token URIs and images at loopback, private, link-local, unique-local and other non-public
   * addresses. Default false: the doctor refuses them (`uri_private_address`), since whoever deploys a
   * token chooses its URIs. Turn it on for your own deployment whose token hosts are on your network.
   * On Node the address connected to is checked (each redirect too); with your own `fetch`, in a
   * browser or a Worker, only the URL's host is (an address literal or `localhost`).
   */
  allowPrivateNetwork?: boolean | undefined;
  /** Largest metadata JSON read, in bytes. Default 1 000 000 (upstream's `METADATA_MAX_PAYLOAD_BYTE_SIZE`). */
  maxMetadataBytes?: number | undefined;
  /** Largest image accepted, in bytes; a larger one is `image_too_large`. Default 10 MiB. */
  maxImageBytes?: number | undefined;
  /** Stops the diagnosis (the service's lookup and the host's fetches). */
  signal?: AbortSignal | undefined;
}

/** The largest value of each: a timer's limit (2^31−1 ms), a bound on hops, a body a process can hold. */
const MAXIMA: Record<keyof typeof DOCTOR_DEFAULTS, number> = {
  timeoutMs: 2_147_483_647,
  maxRedirects: 20,
  maxMetadataBytes: 1_073_741_824,
  maxImageBytes: 1_073_741_824,
};

/** `value` as a whole number from `min` to its maximum, or the default; anything else is refused by name. */
function whole(name: keyof typeof DOCTOR_DEFAULTS, value: number | undefined, min: number): number {
  if (value === undefined) return DOCTOR_DEFAULTS[name];
  const max = MAXIMA[name];
  if (!isWholeNumber(value, min, max))
    throw new HiroValidationError(
      name,
      `must be a whole number from ${min} to ${max} (got ${String(value)})`,
    );
  return value;
}

/** Refuses a gateway that is not an http(s) URL. */
function checkGateways(gateways: Gateways | undefined): void {
  for (const [name, url] of Object.entries(gateways ?? {})) {
    if (url === undefined) continue;
    const resolved = typeof url === "string" ? resolveUri(url) : undefined;
    if (!resolved?.ok || resolved.gateway !== null || !/^https?:$/.test(resolved.url.protocol))
      throw new HiroValidationError(`gateways.${name}`, "must be an http(s) URL");
  }
}

/**
 * Diagnoses one token: `{ verdict, findings, fixes }`. Rejects only when it cannot ask the service (a
 * refused input, the network, a 5xx), as the client's lookups do; every answer about the token is a finding.
 *
 * @example
 * const { verdict, findings, fixes } = await diagnoseToken(client, { kind: "nft", principal, token_id: 1 });
 */
export async function diagnoseToken(
  service: MetadataService & KindSearch,
  target: TokenTarget,
  options: DiagnoseOptions = {},
): Promise<Diagnosis> {
  checkTarget(target);
  if (options.tokenUri !== undefined && typeof options.tokenUri !== "string")
    throw new HiroValidationError("tokenUri", "must be a string");
  checkGateways(options.gateways);
  const allow = options.allowPrivateNetwork;
  if (allow !== undefined && typeof allow !== "boolean")
    throw new HiroValidationError("allowPrivateNetwork", "must be true or false");
  const settings: HostFetchSettings = {
    fetch: options.fetch,
    allowPrivateNetwork: allow ?? false,
    timeoutMs: whole("timeoutMs", options.timeoutMs, 1),
    maxRedirects: whole("maxRedirects", options.maxRedirects, 0),
    signal: options.signal,
  };
  const maxMetadataBytes = whole("maxMetadataBytes", options.maxMetadataBytes, 1);
  const maxImageBytes = whole("maxImageBytes", options.maxImageBytes, 1);
  const gateways = options.gateways ?? {};

  const reading = await askService(service, target, options.locale, options.signal);
  const observations: Observation[] = [...reading.findings];
  const kind = reading.answered
    ? await checkKind(service, target, reading.assetIdentifier, options.signal)
    : undefined;
  if (kind) observations.push(kind);
  const known = reading.tokenUri ?? options.tokenUri;
  // A token of another kind: its URI and image are not the ones asked about.
  if (known !== undefined && kind === undefined) {
    // An FT is token number 1 to the service, which substitutes `{id}` with it as with any token.
    const tokenId = serviceTokenNumber(target);
    const uri = await checkUri(substituteId(known, tokenId), gateways, maxMetadataBytes, settings);
    observations.push(...uri.findings);
    if (uri.json !== undefined) {
      const judged = judgeSip016(uri.json);
      observations.push(...judged.findings);
      if (judged.image !== undefined)
        observations.push(await checkImage(judged.image, gateways, maxImageBytes, settings));
    }
  }
  const findings = observations.map(leveled);
  return { verdict: verdictOf(findings), findings, fixes: fixesFor(target, findings) };
}
