/**
 * SQL `LIKE`, as PostgreSQL matches it, without a RegExp: `%` is any text, `_` one character (a code
 * point), `\` makes the next character literal; case is ignored (both sides lowered, one code point at a
 * time). The Token Metadata API filters names with `LOWER(name) LIKE '%' || LOWER(filter) || '%'`
 * (stx-labs/token-metadata-api `pg-store.ts`), so a filter that ends in `\` escapes the closing `%`.
 *
 * A RegExp built from a pattern backtracks: `"%_"` × 28 took seconds per name, × 30 never ended. This
 * matcher backtracks only to the last `%` (the "glob matching can be simple and fast" method), so it
 * compares at most (name + 2) × (pattern + 2) characters, whatever the pattern: linear in the name for a
 * given pattern, the bound RE2 gives.
 */

/** A pattern token: a lowered code point, or one of the two wildcards. */
const ANY = -1;
const ONE = -2;

/** The code point `c` lowered, when lowering keeps it one code point (`İ` lowers to two: kept as is). */
function fold(c: number): number {
  const lowered = String.fromCodePoint(c).toLowerCase();
  const first = lowered.codePointAt(0);
  return first !== undefined && lowered.length === String.fromCodePoint(first).length ? first : c;
}

const foldedCodePoints = (text: string): number[] =>
  Array.from(text, (char) => fold(char.codePointAt(0) ?? 0));

/** A compiled LIKE pattern: its tokens. */
export type LikePattern = readonly number[];

/** `pattern` (the whole pattern, wildcards included) compiled once, to match many names. */
export function compileLike(pattern: string): LikePattern {
  const chars = Array.from(pattern);
  const tokens: number[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    if (char === "\\" && i + 1 < chars.length) tokens.push(fold((chars[++i] as string).codePointAt(0) ?? 0));
    else if (char === "%") tokens.push(ANY);
    else if (char === "_") tokens.push(ONE);
    else tokens.push(fold(char.codePointAt(0) ?? 0));
  }
  return tokens;
}

/** Whether `text` matches `pattern` as a whole, and how many steps it took (for the tests of the bound). */
export function matchLike(pattern: LikePattern, text: string): { matched: boolean; steps: number } {
  const name = foldedCodePoints(text);
  let p = 0;
  let n = 0;
  // Where to resume after a mismatch: just past the last `%`, with it taking one more character.
  let retryP = -1;
  let retryN = -1;
  let steps = 0;
  while (p < pattern.length || n < name.length) {
    steps++;
    const token = pattern[p];
    if (token === ANY) {
      retryP = p;
      retryN = n + 1;
      p++;
      continue;
    }
    if (token !== undefined && n < name.length && (token === ONE || token === name[n])) {
      p++;
      n++;
      continue;
    }
    if (retryP >= 0 && retryN <= name.length) {
      p = retryP;
      n = retryN;
      continue;
    }
    return { matched: false, steps };
  }
  return { matched: true, steps };
}

/** Whether the Token Metadata API's `name` filter selects a token named `name` (a substring LIKE). */
export function nameFilterMatcher(filter: string): (name: string) => boolean {
  const pattern = compileLike(`%${filter}%`);
  return (name) => matchLike(pattern, name).matched;
}
