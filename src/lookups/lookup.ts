/**
 * One lookup: the one unit of work, prepare → exchange → judge (prepare.ts, exchange.ts, judge.ts). The
 * client's methods, `searchTokens`' chunks, the gateway's misses and `hiro-lookup/query`'s keys are built
 * on the same three steps.
 */
import type { LookupData, OperationId } from "../spec/types.js";
import type { RateLimitInfo } from "../transport/pacer/rate-limit-headers.js";
import type { CallAnswer } from "../transport/pipeline.js";
import { type ExchangeOptions, exchange, type LookupSettings } from "./exchange.js";
import { judge } from "./judge.js";
import type { PreparedCall } from "./prepare.js";

export type { LookupSettings };

/**
 * What a lookup returns up: its data with the final answer, the attempts it took and the rate limit it
 * announced (a record per call, read by `.withResponse()`, the trace and the log; lookup-promise.ts).
 */
export interface LookupResult<T> extends CallAnswer {
  readonly data: T;
  readonly rateLimit: RateLimitInfo;
}

/** Runs the prepared `call`: its exchange, then its judgement (data, or the typed error thrown). */
export async function runLookup<Op extends OperationId>(
  settings: LookupSettings,
  call: PreparedCall<Op>,
  options: ExchangeOptions | undefined,
): Promise<LookupResult<LookupData<Op>>> {
  const answer = await exchange(settings, call, options);
  return {
    data: judge(call, answer),
    response: answer.response,
    attempts: answer.attempts,
    rateLimit: answer.rateLimit,
  };
}
