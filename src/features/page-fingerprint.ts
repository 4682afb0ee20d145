/**
 * A page's fingerprint, for paginate: how a page served again is spotted when its items have no id
 * (runes activity), so a server that echoes `offset` but repeats a page cannot be walked forever.
 */
import { HiroError } from "../errors/errors.js";

/** Page fingerprints a walk remembers (oldest forgotten first): about 50 bytes each. */
export const MAX_FINGERPRINTS = 4096;

/**
 * A 64-bit fingerprint of a page's results (two 32-bit hashes of their JSON), to spot a page served
 * again when items have no id. Deep nesting that JSON cannot write is reported, not thrown raw.
 */
export function fingerprint(results: readonly unknown[], offset: number): string {
  let text: string;
  try {
    text = JSON.stringify(results);
  } catch {
    throw new HiroError(
      `paginate: the page at offset ${offset} cannot be compared (nested too deep); stopped`,
    );
  }
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return `${(a >>> 0).toString(16)}:${(b >>> 0).toString(16)}:${results.length}`;
}
