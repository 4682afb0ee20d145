/**
 * What makes a result of a page the same result, whatever the page and its order: its `id` (an
 * inscription), its `asset_identifier` (a fungible token), else all of its content (a rune activity has no
 * id). Used by the page answer checks (one result twice in a page) and by `paginate` (a page that brings
 * nothing new, in any order, stops the walk).
 */
import { HiroError } from "../errors/errors.js";
import { canonicalJson } from "../shared/canonical-json.js";

/** Two 32-bit hashes and the length of `text`: a 64-bit fingerprint, about 30 characters kept per item. */
function hashOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return `${(a >>> 0).toString(16)}:${(b >>> 0).toString(16)}:${text.length}`;
}

/** The identity of one result; a result nested too deeply to compare is a HiroError, never thrown raw. */
export function identityOf(item: unknown): string {
  const record = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
  if (typeof record.id === "string") return `id:${record.id}`;
  if (typeof record.asset_identifier === "string") return `asset:${record.asset_identifier}`;
  try {
    return `content:${hashOf(canonicalJson(item))}`;
  } catch {
    throw new HiroError("a result nested too deeply to compare");
  }
}
