/**
 * What a body may cost to parse. The byte cap (`maxResponseBytes`) bounds the text, not what
 * `JSON.parse` builds from it: 16 MiB of `[{},{},…]` is 8M objects, and ran the process out of heap at
 * 300 MB. No real answer comes near {@link MAX_JSON_CONTAINERS} objects and arrays (a full page of 60
 * inscriptions holds about 400; a token's metadata, with its attributes, a few hundred), so a body over
 * it is refused before it is parsed.
 */

/** The most objects and arrays a body may hold. */
export const MAX_JSON_CONTAINERS = 100_000;

/**
 * Whether `text` may hold more than {@link MAX_JSON_CONTAINERS} objects and arrays: its `{` and `[`
 * counted (an upper bound: brackets inside strings count too), stopping at the budget. Linear, no copy.
 */
export function overJsonBudget(text: string): boolean {
  if (text.length <= MAX_JSON_CONTAINERS) return false; // each container is at least one character
  let containers = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code === 123 || code === 91) && ++containers > MAX_JSON_CONTAINERS) return true;
  }
  return false;
}
