/**
 * A token's URI as a URL the doctor can GET: SIP-016's `{id}` substituted (as upstream does, with the
 * decimal token number: `getTokenSpecificUri` in stx-labs/token-metadata-api
 * `src/token-processor/util/metadata-helpers.ts`), `ipfs://`, `ipns://` and `ar://` through gateways, and
 * `http(s)` and `data:` as they are. Any other scheme is not fetched.
 */
import { DOCTOR_GATEWAY_DEFAULTS } from "../shared/defaults.js";

/** Gateways for the schemes a browser cannot fetch. */
export interface Gateways {
  /** Base URL for `ipfs://` and `ipns://`. Default `https://ipfs.io` (upstream's is `PUBLIC_GATEWAY_IPFS`, default `https://cloudflare-ipfs.com`). */
  ipfs?: string | undefined;
  /** Base URL for `ar://`. Default `https://arweave.net` (upstream's default). */
  arweave?: string | undefined;
}

/** The gateways used when none is given (src/shared/defaults.ts). */
export const DEFAULT_GATEWAYS = DOCTOR_GATEWAY_DEFAULTS;

/** A URI resolved: the URL to GET, and the gateway it goes through (none for http(s)). */
export type Resolved =
  | { ok: true; url: URL; gateway: "ipfs" | "arweave" | null }
  | { ok: false; reason: string };

/** The refused host of `parsed`, as a message shows it. */
function refusedName(parsed: URL): string {
  return parsed.host === "" ? "none" : `"${parsed.host.slice(0, 40)}"`;
}

/** `uri` with `{id}` (any case) replaced by `tokenId`, when there is one. */
export function substituteId(uri: string, tokenId: string | undefined): string {
  return tokenId === undefined ? uri : uri.replaceAll(/\{id\}/gi, tokenId);
}

/**
 * A CID, an IPNS name or an Arweave transaction id as the URI's host: letters, digits, `-`, `_` and
 * inner dots. `..`, `.` or a %-escape would take the URL out of the gateway's path.
 */
const CONTENT_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/i;

/** `url` when it is still under `gateway`'s path; a refusal otherwise. */
function underGateway(url: URL, gateway: string, kind: "ipfs" | "arweave"): Resolved {
  return url.href.startsWith(`${new URL(gateway).href.replace(/\/+$/, "")}/`)
    ? { ok: true, url, gateway: kind }
    : { ok: false, reason: `the URI leaves the ${kind} gateway's path` };
}

/** `uri` as a fetchable URL. */
export function resolveUri(uri: string, gateways: Gateways = {}): Resolved {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  const base = (url: string) => url.replace(/\/+$/, "");
  const path = parsed.pathname.replace(/^\/+/, "");
  switch (parsed.protocol) {
    case "http:":
    case "https:":
    // On-chain JSON (`data:application/json,…`): the runtime's fetch reads it without a request.
    case "data:":
      return { ok: true, url: parsed, gateway: null };
    case "ipfs:":
    case "ipns:": {
      const gateway = base(gateways.ipfs ?? DEFAULT_GATEWAYS.ipfs);
      const kind = parsed.protocol === "ipfs:" ? "ipfs" : "ipns";
      if (!CONTENT_NAME.test(parsed.host))
        return { ok: false, reason: `not a ${kind} name (${refusedName(parsed)})` };
      // `ipfs://ipfs/<cid>` (a common mistake) and `ipfs://<cid>` both name the CID.
      const host = parsed.host === kind ? "" : `${parsed.host}/`;
      return underGateway(new URL(`${gateway}/${kind}/${host}${path}${parsed.search}`), gateway, "ipfs");
    }
    case "ar:": {
      const gateway = base(gateways.arweave ?? DEFAULT_GATEWAYS.arweave);
      if (!CONTENT_NAME.test(parsed.host))
        return { ok: false, reason: `not an Arweave transaction id (${refusedName(parsed)})` };
      return underGateway(new URL(`${gateway}/${parsed.host}${path ? `/${path}` : ""}`), gateway, "arweave");
    }
    default:
      return { ok: false, reason: `the ${parsed.protocol.slice(0, 20)} scheme is not fetched by the doctor` };
  }
}
