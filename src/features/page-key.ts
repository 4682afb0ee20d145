/**
 * How paginate tells pages and items apart without trusting the server: a page by a hash of its
 * results (items without an `id`, such as rune activity, included), an inscription by its `id`.
 */

/**
 * A page's key: `text`'s length and two 32-bit multiplicative hashes of it (FNV-1a, and the same with
 * another multiplier), about 64 bits in all: a few dozen bytes kept per page walked.
 */
function hashOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${text.length}:${a >>> 0}:${b >>> 0}`;
}

/** The key of a page's results, or undefined when they cannot be serialised (nesting too deep). */
export function pageKey(results: unknown[]): string | undefined {
  try {
    return hashOf(JSON.stringify(results));
  } catch {
    return undefined;
  }
}

/** An item's `id` when it has a string one (inscriptions do; rune activity does not). */
export function idOf(item: unknown): string | undefined {
  const id = typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : undefined;
}
