/**
 * `searchTokens`: the bulk form of the token metadata lookup, for any number of tokens. The ids are
 * checked and collapsed (`contract-ids.ts`), sent in chunks of at most 50 (the spec's `maxItems`), each
 * chunk one lookup through the one pipeline (pacer, retries, size cap, key policy, middleware); the
 * call's deadline and signal cover every chunk, and a chunk that fails rejects the call. Each answer is
 * checked against its chunk's question; the results come back in the order asked, the missing named.
 */
import { HiroTimeoutError, HiroValidationError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import { contractRule } from "../generated/parameters.js";
import { keyOf } from "../input/contract-ids.js";
import { isWholeNumber } from "../input/whole-number.js";
import type { SearchResultItem } from "../spec/types.js";
import { totalTimeout } from "../transport/attempts.js";
import { callOptionsOf, type RequestOptions } from "./call-options.js";
import { type LookupSettings, runLookup } from "./lookup.js";
import { preparedCall } from "./prepare.js";
import { requestOf } from "./requests.js";
import { itemKey, searchAnswerProblem } from "./search-answer-check.js";

/** Parameters of {@link LookupClient.searchTokens}. */
export interface SearchTokensParams {
  /**
   * The tokens, any number, each `PRINCIPAL` (token number 1, what a fungible token has) or
   * `PRINCIPAL:TOKEN_NUMBER`, the token number one a JS number holds exactly (as `getSftMetadata`'s
   * `token_id`: all up to 2^53-1, and 2^53, 2^53+2…; 2^53+1 is refused). Duplicates are asked once.
   */
  contract: readonly string[];
  /** Metadata localization of `description` and the images (e.g. `"es"`); empty or omitted: the default. */
  locale?: string | undefined;
}

/** Options of {@link LookupClient.searchTokens}: the request options cover the whole call, every chunk. */
export interface SearchTokensOptions extends RequestOptions {
  /** Chunks of 50 ids in flight at once, 1 to 16. Default 1. */
  concurrency?: number | undefined;
  /** Called after each request of 50 ids is answered: the distinct ids asked so far, and of how many. */
  onProgress?: ((done: number, total: number) => void) | undefined;
}

/** What {@link LookupClient.searchTokens} resolves with. */
export interface SearchTokensResult {
  /** One item per token found, in the order first asked (a token asked twice comes once). */
  results: SearchResultItem[];
  /**
   * The ids the service did not return, as the caller wrote them, in the order asked: each distinct
   * spelling once (`P` and `P:1` are both listed when that token is missing).
   */
  missing: string[];
}

const OPERATION = "searchTokens";
/** Ids per request: the spec's `maxItems` of `contract` (50). */
const CHUNK_SIZE: number = contractRule.maxItems;
const MAX_CONCURRENCY = 16;

function checkConcurrency(value: unknown): number {
  if (value === undefined) return 1;
  if (!isWholeNumber(value, 1, MAX_CONCURRENCY)) {
    throw new HiroValidationError(
      "concurrency",
      `must be an integer from 1 to ${MAX_CONCURRENCY}; got ${printable(String(value), 40)}`,
    );
  }
  return value;
}

/** Runs `searchTokens` on the client's settings (see {@link LookupClient.searchTokens}). */
export async function searchTokens(
  settings: LookupSettings,
  params: SearchTokensParams,
  options: SearchTokensOptions = {},
): Promise<SearchTokensResult> {
  // Everything is checked before the first request: ids and locale (by the operation table, as every
  // lookup's parameters), concurrency and the call's options.
  const { query: checked } = requestOf(OPERATION, params);
  const keys = checked.contract as readonly string[]; // distinct and canonical, in the order first asked
  const { locale } = checked;
  const concurrency = checkConcurrency(options.concurrency);
  const requestOptions: RequestOptions = { ...options };
  delete (requestOptions as SearchTokensOptions).concurrency;
  delete (requestOptions as SearchTokensOptions).onProgress;
  const { onProgress } = options;
  let done = 0;
  const total = callOptionsOf(settings, requestOptions).totalTimeoutMs;
  if (options.signal?.aborted) throw options.signal.reason;
  const chunks: (readonly string[])[] = [];
  for (let i = 0; i < keys.length; i += CHUNK_SIZE) chunks.push(keys.slice(i, i + CHUNK_SIZE));

  // One deadline and one signal for the whole call: the caller's, the deadline's, or a failed chunk's.
  const deadlineAt = settings.now() + total;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(totalTimeout(OPERATION, total)), total);
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const found = new Map<string, SearchResultItem>();

  const ask = async (chunk: readonly string[]): Promise<void> => {
    const left = deadlineAt - settings.now();
    if (left <= 0) throw totalTimeout(OPERATION, total);
    const asked = new Set(chunk);
    const query = { contract: chunk, ...(locale === undefined ? {} : { locale }) };
    try {
      // The chunk's ids were checked with the others, above: prepared as they are, with the chunk's own check.
      const call = preparedCall(OPERATION, { path: {}, query }, (body) => searchAnswerProblem(body, asked));
      const { data: items } = await runLookup(settings, call, {
        ...requestOptions,
        signal,
        totalTimeoutMs: left,
      });
      for (const item of items) {
        const key = itemKey(item) as string;
        if (!found.has(key)) found.set(key, item);
      }
      done += chunk.length;
      onProgress?.(done, keys.length);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      // This chunk's share of the deadline ran out: that is the whole call's totalTimeoutMs.
      if (error instanceof HiroTimeoutError && (error.timeoutMs === left || settings.now() >= deadlineAt)) {
        throw totalTimeout(OPERATION, total);
      }
      throw error;
    }
  };

  let next = 0;
  const worker = async (): Promise<void> => {
    for (let chunk = chunks[next++]; chunk !== undefined && !signal.aborted; chunk = chunks[next++]) {
      await ask(chunk);
    }
  };
  try {
    const workers = Array.from({ length: Math.min(concurrency, chunks.length) }, () =>
      worker().catch((error: unknown) => {
        stop.abort(error); // the other chunks stop: a partial answer is never passed off as complete
        throw error;
      }),
    );
    await Promise.all(workers);
  } finally {
    clearTimeout(timer);
  }
  if (signal.aborted) throw signal.reason;
  const results: SearchResultItem[] = [];
  for (const key of keys) {
    const item = found.get(key);
    if (item) results.push(item);
  }
  // As the caller wrote them, in the order asked: the checked input, filtered (each spelling once).
  const missing = [...new Set(params.contract)].filter((id) => !found.has(keyOf(id)));
  return { results, missing };
}
