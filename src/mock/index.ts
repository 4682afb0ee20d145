/**
 * The mock's rules: what the services answer to any request, from the named examples of openapi.yaml.
 * Pure (no Node API): Prism's front (`hiro-lookup mock`, `--mock`, `npm start`) and the test kit use it.
 */

export { badUrlBody } from "../spec/service-rules.js";
// The spec's one path matcher, shared with the routing and the cache.
export { type MatchedOperation as MockRoute, matchOperation as routeOf } from "../spec/services.js";
export { type AnswerFor, answerFor, createAnswerFor, type MockOperationId } from "./answer-for.js";
export { preferenceOf, preferredExample } from "./prefer.js";
export {
  createRateLimiter,
  MOCK_BUDGET,
  type RateLimitBudget,
} from "./rate-limit.js";
export { MOCK_PNG, tokenHostEntries, tokenHostFetch } from "./token-host.js";
export type { MockAnswer, MockExample, MockExampleTable, MockHeaderTable, MockRequest } from "./types.js";
