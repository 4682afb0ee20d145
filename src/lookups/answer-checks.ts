/**
 * An answer is checked against the question before it is believed. Found by running upstream's real
 * code: for sat 0 the indexer drops the filter (a falsy-zero bug) and answers every sat's inscriptions;
 * a server that ignores `offset` answers the same page forever. Each check returns what is wrong, or
 * undefined; the lookup turns a problem into `invalid_response`, never into silent data.
 */
import { isWholeNumber } from "../input/whole-number.js";
import { identityOf } from "./item-identity.js";

/** What a paged lookup asked for. */
export interface PageAsked {
  offset: number;
  limit: number;
}

/** The envelope: `results` an array no longer than `limit`, `offset` the one asked, `total` a count. */
export function pageProblem(body: unknown, asked: PageAsked): string | undefined {
  const page = body as { offset?: unknown; total?: unknown; results?: unknown };
  if (typeof body !== "object" || body === null || !Array.isArray(page.results))
    return "a page without a results array";
  if (page.results.length > asked.limit)
    return `a page of ${page.results.length} results, more than the limit of ${asked.limit} asked`;
  const echoed = (body as { limit?: unknown }).limit;
  if (typeof echoed === "number" && page.results.length > echoed)
    return `a page of ${page.results.length} results whose limit says ${echoed}`;
  if (page.offset !== asked.offset)
    return `a page at offset ${String(page.offset)} for offset ${asked.offset} (the service ignored offset)`;
  if (!isWholeNumber(page.total, 0)) return `a page whose total is not a count (${String(page.total)})`;
  // Upstream counts in the page's own query: exact while the page has results, 0 only past the end.
  const end = asked.offset + page.results.length;
  if (page.results.length > 0 && page.total < end)
    return `a page of total ${String(page.total)} with ${page.results.length} results at offset ${asked.offset} (total counts fewer than it holds)`;
  return repeatProblem(page.results);
}

/** A result that comes twice in one page (the same inscription id, the same rune activity), if any. */
function repeatProblem(results: readonly unknown[]): string | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < results.length; i++) {
    let identity: string;
    try {
      identity = identityOf(results[i]);
    } catch {
      return `result ${i} is nested too deeply to compare`;
    }
    const first = seen.get(identity);
    if (first !== undefined) return `a page holding the same result twice (results ${first} and ${i})`;
    seen.set(identity, i);
  }
  return undefined;
}

/**
 * A single resource (not a page): a JSON object, not `null`, a number, an array or an error envelope
 * (`{"error": …}`) sent with a 200. `{}` passes: upstream answers it for a token whose metadata job failed.
 */
export function objectProblem(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    const what = body === null ? "null" : Array.isArray(body) ? "an array" : typeof body;
    return `a body that is not a JSON object (${what})`;
  }
  if ("error" in body) return 'an error envelope ({"error": …}) sent with a success status';
  return undefined;
}

/** Every result carries `field` (read by `get`) equal to `expected`; else names the first that does not. */
export function resultsProblem(
  body: unknown,
  expected: string,
  get: (item: Record<string, unknown>) => unknown,
  what: string,
): string | undefined {
  const results = (body as { results: unknown[] }).results;
  for (let i = 0; i < results.length; i++) {
    const value = get((results[i] ?? {}) as Record<string, unknown>);
    if (value !== expected) {
      return `result ${i} is about ${what} ${String(value).slice(0, 80)}, not the one asked (${expected}): the service ignored the filter`;
    }
  }
  return undefined;
}
