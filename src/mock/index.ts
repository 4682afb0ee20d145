/**
 * The mock's rules: what the services answer to any request, from the named examples of openapi.yaml.
 * Pure (no Node API): Prism's front (`hiro-lookup mock`, `--mock`, `npm start`) and the test kit use it.
 */
export { type AnswerFor, answerFor, createAnswerFor, type MockOperationId } from "./answer-for.js";
export { type MockRoute, routeOf } from "./route.js";
export type { MockAnswer, MockExample, MockExampleTable, MockRequest } from "./types.js";
