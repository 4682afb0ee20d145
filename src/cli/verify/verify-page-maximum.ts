/**
 * The largest `limit` a deployment's paged route accepts. The spec says 60, but bitcoin-indexer's
 * `API_RESULTS_MAX_LIMIT` sets it for the runes route (any value ≥ 1), so `verify` finds it instead of
 * assuming it: a 400 for `limit` 61 that says "must be <= N" gives N at once; otherwise (the sat route's
 * 400 body is a constant) it searches by status: a few requests near 60, at most about thirty up to its ceiling (1 000 000).
 */

import { parameterRules } from "../../spec-entry.js";
import { describe, type Exchange } from "./verify-http.js";

/** The page maximum found, or why none could be. */
export type PageMaximum = { max: number } | { failure: string };

/** Past this, a route is taken to have no maximum (the spec promises one). */
const CEILING = 1_000_000;

/** The N of Fastify's "querystring/limit must be <= N", if the 400 says so. */
function statedMaximum(answer: Exchange): number | undefined {
  // The server's own 400 body (data, not one of the client's errors): its text alone states the maximum.
  const serverText = (answer.body as { message?: unknown } | undefined)?.message;
  const stated =
    typeof serverText === "string" ? /limit must be <= (\d{1,7})\b/.exec(serverText)?.[1] : undefined;
  return stated === undefined ? undefined : Number(stated);
}

/** Finds the largest limit `probe` gets a 200 for (a 400 above it). */
export async function findPageMaximum(probe: (limit: number) => Promise<Exchange>): Promise<PageMaximum> {
  /** 200 → true, 400 → false, anything else ends the search with its cause. */
  const accepts = async (limit: number): Promise<boolean | Exchange> => {
    const answer = await probe(limit);
    return answer.status === 200 ? true : answer.status === 400 ? false : answer;
  };
  const above = parameterRules.limit.maximum + 1;
  const first = await probe(above);
  if (first.status !== 200 && first.status !== 400) return { failure: describe(first, 60) };
  const stated = first.status === 400 ? statedMaximum(first) : undefined;
  if (stated !== undefined && stated >= 1) return { max: stated };
  if (first.status === 400) {
    // The common case: the spec's own maximum.
    const atSpec = await accepts(parameterRules.limit.maximum);
    if (typeof atSpec !== "boolean") return { failure: describe(atSpec, 60) };
    if (atSpec) return { max: parameterRules.limit.maximum };
  }
  // Search by status: `low` is accepted (0: none yet), `high` refused.
  let low = 0;
  let high = first.status === 400 ? parameterRules.limit.maximum : above;
  if (first.status === 200) {
    low = above;
    for (;;) {
      if (low >= CEILING) return { failure: `200 for limit ${CEILING}: no maximum up to it` };
      high = Math.min(low * 2, CEILING);
      const ok = await accepts(high);
      if (typeof ok !== "boolean") return { failure: describe(ok, 60) };
      if (!ok) break;
      low = high;
    }
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    const ok = await accepts(middle);
    if (typeof ok !== "boolean") return { failure: describe(ok, 60) };
    if (ok) low = middle;
    else high = middle;
  }
  return low >= 1 ? { max: low } : { failure: "400 for every limit, even 1" };
}
