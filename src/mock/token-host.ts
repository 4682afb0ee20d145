/**
 * The token hosts of the mock's examples: the metadata documents and images their `token_uri` and
 * `metadata.image` name, served as those hosts would, so the doctor (`explain --mock`) runs end to end
 * offline. Derived from the examples of the three token lookups alone, never a hand list:
 * - a token example with `metadata`: its `token_uri` serves that metadata as the SIP-016 document (less
 *   the service's own image-cache fields), and its `metadata.image` a small PNG;
 * - a token example with a `token_uri` but no `metadata` (its metadata job failed): the URI answers 404,
 *   the cause the mock tells for that failure.
 * An `ipfs://` or `ar://` URI is matched through any gateway (by its path under the gateway). Any other
 * URL is not served: the fetch fails as an unreachable host would (`ENOTFOUND`), since `--mock` is offline.
 * Pure: no Node API.
 */
import { mockExamples } from "../generated/mock-examples.js";
import type { MockExampleTable } from "./types.js";

/** What one token URI of the examples answers. */
export interface TokenHostEntry {
  status: number;
  contentType: string;
  body: string | Uint8Array<ArrayBuffer>;
}

/** A 1×1 transparent PNG: what the mock serves for every image its examples name. */
export const MOCK_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (char) => char.charCodeAt(0),
);

const TOKEN_LOOKUPS = ["getSftMetadata", "getNftMetadata", "getFtMetadata"] as const;
/** Fields the service adds to the metadata it holds; the host's document does not have them. */
const SERVICE_FIELDS = new Set(["cached_image", "cached_thumbnail_image"]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every URI the examples name, with its answer (the first example naming a URI decides). */
export function tokenHostEntries(examples: MockExampleTable = mockExamples): Map<string, TokenHostEntry> {
  const entries = new Map<string, TokenHostEntry>();
  const add = (uri: string, entry: TokenHostEntry) => {
    if (uri !== "" && !entries.has(uri)) entries.set(uri, entry);
  };
  for (const operationId of TOKEN_LOOKUPS) {
    for (const example of examples[operationId] ?? []) {
      // A localized answer is the same token's: its default document is the one the URI serves.
      if (example.status !== 200 || example.request?.query.locale !== undefined) continue;
      const value = example.value;
      if (!isObject(value) || typeof value.token_uri !== "string") continue;
      const metadata = value.metadata;
      if (!isObject(metadata)) {
        add(value.token_uri, { status: 404, contentType: "text/plain", body: "Not Found" });
        continue;
      }
      const document = Object.fromEntries(
        Object.entries(metadata).filter(([key]) => !SERVICE_FIELDS.has(key)),
      );
      add(value.token_uri, { status: 200, contentType: "application/json", body: JSON.stringify(document) });
      if (typeof metadata.image === "string")
        add(metadata.image, { status: 200, contentType: "image/png", body: MOCK_PNG });
    }
  }
  return entries;
}

/** How a fetched URL is matched to a URI of the examples: exactly, or by its path under any gateway. */
function matcher(uri: string): (url: URL) => boolean {
  const parsed = URL.canParse(uri) ? new URL(uri) : undefined;
  if (parsed?.protocol === "ipfs:" || parsed?.protocol === "ipns:") {
    const tail = `/${parsed.protocol.slice(0, -1)}/${parsed.host}${parsed.pathname}`;
    return (url) => url.pathname.endsWith(tail);
  }
  if (parsed?.protocol === "ar:") {
    const tail = `/${parsed.host}${parsed.pathname}`;
    return (url) => url.pathname.endsWith(tail);
  }
  return (url) => url.href === parsed?.href;
}

/**
 * A `fetch` answering the URIs of `examples` (see the module's comment); for the doctor's `fetch`
 * option, which it uses for the token's hosts only.
 */
export function tokenHostFetch(examples: MockExampleTable = mockExamples): typeof fetch {
  const table = [...tokenHostEntries(examples)].map(([uri, entry]) => ({ matches: matcher(uri), entry }));
  return async (input, init) => {
    init?.signal?.throwIfAborted();
    const url = new URL(input instanceof Request ? input.url : String(input));
    const found = table.find(({ matches }) => matches(url))?.entry;
    if (!found)
      throw new TypeError(`the mock serves only the token URIs its examples name, not ${url.host}`, {
        cause: Object.assign(new Error(`getaddrinfo ENOTFOUND ${url.hostname}`), { code: "ENOTFOUND" }),
      });
    return new Response(found.body, { status: found.status, headers: { "content-type": found.contentType } });
  };
}
