/**
 * An answer is checked against the question before it is believed. Found by running upstream's real
 * code: for sat 0 the indexer drops the filter (a falsy-zero bug) and answers every sat's inscriptions;
 * a server that ignores `offset` answers the same page forever. Each check returns what is wrong, or
 * undefined; the lookup turns a problem into `invalid_response`, never into silent data.
 */

/** What a paged lookup asked for. */
export interface PageAsked {
  offset: number;
  limit: number;
}

/**
 * The envelope: `results` an array no longer than `limit`, `offset` the one asked, `total` a count that
 * covers the results (upstream counts every row before the offset; only a page past the end says 0).
 */
export function pageProblem(body: unknown, asked: PageAsked): string | undefined {
  const page = body as { offset?: unknown; total?: unknown; results?: unknown };
  if (typeof body !== "object" || body === null || !Array.isArray(page.results))
    return "a page without a results array";
  if (page.results.length > asked.limit)
    return `a page of ${page.results.length} results, more than the limit of ${asked.limit} asked`;
  if (page.offset !== asked.offset)
    return `a page at offset ${String(page.offset)} for offset ${asked.offset} (the service ignored offset)`;
  if (!Number.isSafeInteger(page.total) || (page.total as number) < 0)
    return `a page whose total is not a count (${String(page.total)})`;
  const upTo = asked.offset + page.results.length;
  if (page.results.length > 0 && (page.total as number) < upTo)
    return `a page whose total ${String(page.total)} is less than the ${upTo} results up to this page`;
  return undefined;
}

/**
 * A token's metadata: a JSON object (every field optional; `{}` for a token whose job failed), never
 * `null`, a number, an array, or an error body (`{ "error": … }`) sent with a 200.
 */
export function tokenProblem(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return `a body that is not a token's metadata (${Array.isArray(body) ? "an array" : String(body).slice(0, 40)})`;
  if (Object.hasOwn(body, "error"))
    return "a body that is not a token's metadata but an error body ({ error: … }) with a 200";
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
