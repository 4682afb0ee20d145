/**
 * One lookup: the one unit of work, prepare → exchange → judge (prepare.ts, exchange.ts, judge.ts). The
 * client's methods, `searchTokens`' chunks, the gateway's misses and `hiro-lookup/query`'s keys are built
 * on the same three steps.
 */
import { observeLookup } from "../observe/lookup-outcome.js";
import type { LookupData, OperationId } from "../spec/types.js";
import type { RateLimitInfo } from "../transport/pacer/rate-limit-headers.js";
import type { CallAnswer } from "../transport/pipeline.js";
import { type Exchange, type ExchangeOptions, exchange, type LookupSettings } from "./exchange.js";
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

/**
 * Sends the prepared `call` as one traced lookup, unjudged: the `hiro-lookup:lookup` event of its
 * operation and service around its exchange (by its end the status and attempts; the channel's `result`
 * is undefined, as there is no data), so the spans of its attempts are its children, and it is the child
 * of whatever span is active (the gateway's request). For a face that judges the answer itself (the
 * gateway's miss keeps or passes on any status). Not logged: the face says what it did.
 */
export async function tracedExchange(
  settings: LookupSettings,
  call: PreparedCall,
  options: ExchangeOptions | undefined,
): Promise<Exchange> {
  const { answer } = await observeLookup(
    { operationId: call.operationId, service: call.service },
    async () => {
      const answer = await exchange(settings, call, options);
      return { data: undefined, response: answer.response, attempts: answer.attempts, answer };
    },
    undefined,
    settings.now,
  );
  return answer;
}
